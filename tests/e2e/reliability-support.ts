import fs from 'node:fs'
import path from 'node:path'

import { createCookie } from 'react-router'
import sharp from 'sharp'

import { adminSessionCookie } from '../helpers/auth'
import { SESSION_SECRET, type Shop } from '../helpers/shop'

// Shared by the reliability specs: talking to the real server over HTTP exactly as the browser's
// forms do (same field names, same encodings, the admin cookie and our own Origin).

export type Fields = Array<[string, string]>
export type UploadFile = { field: string; name: string; type: string; bytes: Uint8Array<ArrayBuffer> }

export type Answer = {
	status: number
	location: string | null
	/** The one-time message the next page would show (decoded from the signed `__flash` cookie). */
	flash: { type: string; message: string } | null
	contentType: string | null
	body: string
}

export type Client = {
	shop: Shop
	/** The Cookie header value (admin session), or '' for a visitor. */
	cookie: string
	headers: (extra?: Record<string, string>) => Record<string, string>
	postForm: (pathname: string, fields: Fields, extra?: Record<string, string>) => Promise<Answer>
	postMultipart: (pathname: string, fields: Fields, files?: UploadFile[], extra?: Record<string, string>) => Promise<Answer>
	get: (pathname: string) => Promise<Answer>
}

const flashCookie = createCookie('__flash', { secrets: [SESSION_SECRET], path: '/' })

async function readFlash(setCookies: string[]) {
	for (const header of setCookies) {
		if (!header.startsWith('__flash=')) continue
		const data = (await flashCookie.parse(header.split(';')[0]!)) as Record<string, unknown> | null
		const flash = data?.__flash_flash__ as { type: string; message: string } | undefined
		if (flash) return flash
	}
	return null
}

async function answer(res: Response): Promise<Answer> {
	return {
		status: res.status,
		location: res.headers.get('location'),
		flash: await readFlash(res.headers.getSetCookie()),
		contentType: res.headers.get('content-type'),
		body: await res.text(),
	}
}

export async function adminClient(shop: Shop): Promise<Client> {
	return sessionClient(shop, `__session=${await adminSessionCookie(shop)}`)
}

export function visitorClient(shop: Shop): Client {
	return sessionClient(shop, '')
}

/** A client sending `cookie` (e.g. the same admin session again after a restart on a new port). */
export function sessionClient(shop: Shop, cookie: string): Client {
	const headers = (extra: Record<string, string> = {}) => ({
		Origin: shop.url,
		...(cookie ? { Cookie: cookie } : {}),
		...extra,
	})
	return {
		shop,
		cookie,
		headers,
		postForm: async (pathname, fields, extra) =>
			answer(
				await fetch(shop.url + pathname, {
					method: 'POST',
					headers: headers({ 'Content-Type': 'application/x-www-form-urlencoded', ...extra }),
					body: new URLSearchParams(fields).toString(),
					redirect: 'manual',
				}),
			),
		postMultipart: async (pathname, fields, files = [], extra) => {
			const form = new FormData()
			for (const [name, value] of fields) form.append(name, value)
			for (const file of files) form.append(file.field, new Blob([file.bytes], { type: file.type }), file.name)
			// A file input left empty: the browser still sends the part, with no name and no bytes.
			return answer(await fetch(shop.url + pathname, { method: 'POST', headers: headers(extra), body: form, redirect: 'manual' }))
		},
		get: async (pathname) => answer(await fetch(shop.url + pathname, { headers: headers(), redirect: 'manual' })),
	}
}

/** A write the server acknowledged: a redirect carrying a success message. */
export function acknowledged(res: Answer) {
	return (res.status === 302 || res.status === 303) && res.flash?.type === 'success'
}

/** A small real JPEG (a few KB), different for each seed. */
export async function smallJpeg(seed: number, width = 240, height = 320) {
	const hue = (seed * 47) % 360
	const colour = `hsl(${hue}, 60%, 40%)`
	const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${colour}"/><circle cx="${width / 2}" cy="${height / 2}" r="${width / 4}" fill="#f5e1a0"/></svg>`
	return new Uint8Array(await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer()) as Uint8Array<ArrayBuffer>
}

/** The product form's fields as the browser posts them (Publish Product, no new positions). */
export function productFields(values: { name: string; code: string; price?: string; intent?: string }): Fields {
	return [
		['name', values.name],
		['code', values.code],
		['description', 'Handwoven in Pochampally.'],
		['originalPrice', values.price ?? '12500'],
		['salePrice', ''],
		['stock', '1'],
		['status', 'active'],
		['category', 'Pochampally Ikkat'],
		['tags', 'silk, ikat'],
		['intent', values.intent ?? 'publish'],
	]
}

/** The order form's fields as the browser posts them (one line; the hidden line id empty on a new order). */
export function orderFields(values: { customerName: string; code: string; quantity?: string }): Fields {
	return [
		['customerName', values.customerName],
		['phone', '+91 98765 43210'],
		['email', ''],
		['deliveryAddress', '12 Temple Street, Pochampally'],
		['items[0].id', ''],
		['items[0].code', values.code],
		['items[0].quantity', values.quantity ?? '1'],
		['total', ''],
		['orderDate', new Date().toISOString().slice(0, 10)],
		['status', 'pending'],
		['notes', ''],
	]
}

/** Everything under a folder, as paths relative to it (files and folders). */
export function listTree(root: string): string[] {
	if (!fs.existsSync(root)) return []
	const out: string[] = []
	const walk = (dir: string) => {
		for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
			const full = path.join(dir, entry.name)
			out.push(path.relative(root, full))
			if (entry.isDirectory()) walk(full)
		}
	}
	walk(root)
	return out.sort()
}

/**
 * CPU time the main thread of a process (for Node, the thread that runs the event loop) has used so far,
 * in milliseconds (Linux /proc, to the nanosecond). Unlike the time an answer takes, it does not grow when
 * other programs keep the machine's cores busy.
 */
export function mainThreadCpuMs(pid: number) {
	return Number(fs.readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6
}

/** Resident and peak resident memory of a process, in bytes (Linux /proc). */
export function memoryOf(pid: number) {
	const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
	const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024
	return { rss: kb('VmRSS'), peak: kb('VmHWM') }
}

/** Media folders (`images/<id>`, `videos/<id>`) present on disk. */
export function mediaFolders(uploadsDir: string) {
	const out: string[] = []
	for (const kind of ['images', 'videos']) {
		const dir = path.join(uploadsDir, kind)
		if (fs.existsSync(dir)) for (const id of fs.readdirSync(dir)) out.push(`${kind}/${id}`)
	}
	return out.sort()
}

/** Media keys some database row holds whose files are not on disk under `uploadsRoot` (should be none). */
export async function rowsWithMissingMedia(shop: Shop, uploadsRoot = shop.uploadsDir) {
	const db = shop.db()
	const keys = [
		...(await db.selectFrom('product_images').select('image_key as key').execute()),
		...(await db.selectFrom('blogs').select('cover_image_key as key').execute()),
		...(await db.selectFrom('hero_settings').select(['video_key as key']).execute()),
		...(await db.selectFrom('hero_settings').select(['poster_key as key']).execute()),
		...(await db.selectFrom('story_steps').select(['video_key as key']).execute()),
		...(await db.selectFrom('story_steps').select(['poster_key as key']).execute()),
	]
		.map((row) => row.key)
		.filter((key): key is string => !!key)
	return keys.filter((key) => {
		const target = path.join(uploadsRoot, key)
		if (!fs.existsSync(target)) return true
		// An image key is a folder of derivatives: it must hold at least one non-empty file.
		return fs.statSync(target).isDirectory() && !fs.readdirSync(target).some((f) => fs.statSync(path.join(target, f)).size > 0)
	})
}
