// The admin's side of the bench's mixed load: sign in through the real form, then save products one after
// another through the product form's real POST (new products, some with a photo, and edits of earlier
// ones) while visitors load the public pages. Afterwards every save the server acknowledged must be in
// the database exactly as sent: a write that was answered with success and then lost is a failure.
import Database from 'better-sqlite3'
import sharp from 'sharp'

export type AdminSaves = {
	/** Saves the server acknowledged (redirected to the product list). */
	made: number
	/** Saves refused or failed (anything but the success redirect, or no answer at all). */
	failed: number
	/** The first few failures, for the log. */
	failures: string[]
	/** Acknowledged saves missing from the database, or stored differently from what was sent. */
	lost: string[]
}

type Expected = { name: string; pricePaise: number; images: number }

/** Signs in with the sign-in form and returns the Cookie header value of the admin session. */
export async function signInAsAdmin(origin: string, email: string, password: string) {
	const res = await fetch(`${origin}/auth`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin },
		body: new URLSearchParams({ intent: 'sign-in', email, password }),
		redirect: 'manual',
	})
	const session = res.headers.getSetCookie().find((c) => c.startsWith('__session='))
	if (res.status !== 302 && res.status !== 303) throw new Error(`admin sign-in failed with ${res.status}`)
	if (!session) throw new Error('admin sign-in set no session cookie')
	return session.split(';')[0]!
}

/**
 * Starts saving products in a loop (one at a time, as one seller would); `stop()` ends the loop after
 * the save in flight and reports. `dbPath` is read only to find the id of a product to edit.
 */
export async function startAdminSaves(origin: string, cookie: string, dbPath: string, runId = Date.now().toString(36)) {
	const photo = await samplePhoto()
	const db = new Database(dbPath, { readonly: true, fileMustExist: true })
	const expected = new Map<string, Expected>()
	const result: AdminSaves = { made: 0, failed: 0, failures: [], lost: [] }
	let stopped = false

	const save = async (pathname: string, fields: Record<string, string>, withPhoto: boolean) => {
		const form = new FormData()
		for (const [name, value] of Object.entries(fields)) form.append(name, value)
		if (withPhoto) form.append('images', new Blob([photo], { type: 'image/jpeg' }), 'bench-photo.jpg')
		try {
			const res = await fetch(origin + pathname, {
				method: 'POST',
				headers: { Cookie: cookie, Origin: origin },
				body: form,
				redirect: 'manual',
			})
			await res.arrayBuffer()
			const ok = (res.status === 302 || res.status === 303) && res.headers.get('location') === '/admin/products'
			if (ok) result.made++
			else fail(`${pathname}: ${res.status}`)
			return ok
		} catch (error) {
			fail(`${pathname}: ${error instanceof Error ? error.message : String(error)}`)
			return false
		}
	}
	const fail = (reason: string) => {
		result.failed++
		if (result.failures.length < 5) result.failures.push(reason)
	}

	const loop = (async () => {
		const created: string[] = []
		for (let i = 0; !stopped; i++) {
			// Every third save edits an earlier product (new name and price, its photos kept); the rest are new.
			const target = i % 3 === 2 && created.length ? created[Math.floor(created.length / 2)] : undefined
			if (target) {
				const id = (db.prepare('SELECT id FROM products WHERE code = ?').get(target) as { id: number } | undefined)?.id
				const before = expected.get(target)!
				const next = { ...before, name: `Bench Saree ${target} edit ${i}`, pricePaise: (15_000 + i) * 100 }
				if (id !== undefined && (await save(`/admin/products/${id}/edit`, productFields(next.name, target, next.pricePaise), false))) {
					expected.set(target, next)
				} else if (id === undefined) {
					fail(`${target}: acknowledged but not found to edit`)
				}
				continue
			}
			const code = `BENCH-${runId}-${i}`
			const withPhoto = i % 2 === 0
			const wanted = { name: `Bench Saree ${code}`, pricePaise: (12_000 + i) * 100, images: withPhoto ? 1 : 0 }
			if (await save('/admin/products/new', productFields(wanted.name, code, wanted.pricePaise), withPhoto)) {
				expected.set(code, wanted)
				created.push(code)
			}
		}
	})()

	return {
		stop: async (): Promise<AdminSaves> => {
			stopped = true
			await loop
			try {
				for (const [code, want] of expected) {
					const row = db
						.prepare(
							'SELECT p.name, p.original_price_paise AS price, (SELECT COUNT(*) FROM product_images i WHERE i.product_id = p.id) AS images FROM products p WHERE p.code = ?',
						)
						.get(code) as { name: string; price: number; images: number } | undefined
					if (!row) result.lost.push(`${code}: missing`)
					else if (row.name !== want.name || row.price !== want.pricePaise || row.images !== want.images) {
						result.lost.push(`${code}: stored ${JSON.stringify(row)}, acknowledged ${JSON.stringify(want)}`)
					}
				}
			} finally {
				db.close()
			}
			return result
		},
	}
}

/** The product form's fields as the browser posts them with Publish Product. */
function productFields(name: string, code: string, pricePaise: number): Record<string, string> {
	return {
		name,
		code,
		description: 'Saved by the bench while visitors browse.',
		originalPrice: String(pricePaise / 100),
		salePrice: '',
		stock: '2',
		status: 'active',
		category: 'Pochampally Ikkat',
		tags: 'bench',
		intent: 'publish',
	}
}

/** A phone-sized photo (about 1200 × 1600, some detail so it is not trivially small). */
async function samplePhoto() {
	const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1600"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#7a1f2b"/><stop offset="1" stop-color="#d9a441"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>${Array.from({ length: 40 }, (_, i) => `<circle cx="${(i * 137) % 1200}" cy="${(i * 251) % 1600}" r="${20 + (i % 7) * 9}" fill="#f5e1a0" opacity="0.6"/>`).join('')}</svg>`
	return new Uint8Array(await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer())
}
