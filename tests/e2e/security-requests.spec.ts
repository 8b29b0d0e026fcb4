import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

import { expect, test } from '@playwright/test'
import { sql } from 'kysely'
import { UNSAFE_decodeViaTurboStream as decodeViaTurboStream } from 'react-router'

import { adminSessionCookie } from '../helpers/auth'
import { rawRequest } from '../helpers/raw-http'
import { seedProduct } from '../helpers/seed'
import { ADMIN_EMAIL, ADMIN_PASSWORD, type Shop, startShop, useShop } from '../helpers/shop'

// Requests no browser sends, answered over a raw socket; writes without a trace of our own origin;
// data requests for what has no data; and the client address in the logs.

/** Another address the shop is opened at, by configuration (its port need not be the one it listens on). */
const LAN_ORIGIN = 'http://shop.lan:8080'

const shop = useShop({ env: { ALLOWED_ORIGINS: LAN_ORIGIN } })

/** The log lines printed since `from` (an index into `logs`). */
const logLines = (s: Shop, from: number) => s.logs.slice(from).join('').split('\n').filter(Boolean)

const securityLines = (s: Shop) =>
	s.logs
		.join('')
		.split('\n')
		.filter((line) => line.startsWith('{') && line.includes('"type":"security"'))
		.map((line) => JSON.parse(line) as Record<string, string>)

test.describe('malformed requests', () => {
	test('a missing or malformed Host, a foreign absolute-form target and unknown methods get 400 or 405, never 500', async () => {
		const { port } = shop()
		const host = `127.0.0.1:${port}`
		const cases: Array<[string, string, number[]]> = [
			['HTTP/1.0 without Host', 'GET / HTTP/1.0\r\n\r\n', [400]],
			['HTTP/1.1 without Host', 'GET / HTTP/1.1\r\nConnection: close\r\n\r\n', [400]],
			['Host with a space', 'GET / HTTP/1.1\r\nHost: shop example\r\nConnection: close\r\n\r\n', [400]],
			['Host with a path', 'GET / HTTP/1.1\r\nHost: evil.example/x\r\nConnection: close\r\n\r\n', [400]],
			['Host with a broken IPv6 literal', 'GET / HTTP/1.1\r\nHost: [::1\r\nConnection: close\r\n\r\n', [400]],
			['Host with a port out of range', 'GET / HTTP/1.1\r\nHost: 127.0.0.1:99999\r\nConnection: close\r\n\r\n', [400]],
			['Host with an at sign', 'GET / HTTP/1.1\r\nHost: user@evil.example\r\nConnection: close\r\n\r\n', [400]],
			['absolute-form with a foreign host', `GET http://evil.example/admin HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`, [400]],
			['absolute-form with another scheme', `GET ftp://${host}/ HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`, [400]],
			['TRACE', `TRACE / HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`, [405]],
			['TRACK', `TRACK / HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`, [400, 405]],
			['DELETE', `DELETE /admin/orders/1 HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`, [405]],
			['PUT', `PUT /admin/settings HTTP/1.1\r\nHost: ${host}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`, [405]],
			['PROPFIND', `PROPFIND / HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`, [405]],
			['OPTIONS', `OPTIONS * HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`, [405]],
			['CONNECT', `CONNECT evil.example:443 HTTP/1.1\r\nHost: evil.example:443\r\n\r\n`, [405]],
			['an invented method', `BREW / HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`, [400, 405]],
			['a broken escape in the path', `GET /blog/%zz HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`, [400]],
		]
		for (const [name, request, expected] of cases) {
			const answer = await rawRequest(port, request)
			expect(expected, `${name}: ${answer.raw.slice(0, 200)}`).toContain(answer.status)
			if (answer.status === 405 && name !== 'TRACK' && name !== 'an invented method')
				expect(answer.headers.allow, name).toBe('GET, HEAD, POST')
			// Nothing of the request is echoed back (TRACE's reason to exist) and no stack trace.
			expect(answer.body, name).not.toMatch(/evil\.example|\bat \S+ \(|node_modules/)
		}
		// The server is still there.
		expect((await rawRequest(port, `GET /healthz HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`)).status).toBe(200)
	})

	test('an absolute-form target naming the shop itself is served as its path', async () => {
		const host = `127.0.0.1:${shop().port}`
		const answer = await rawRequest(shop().port, `GET http://${host}/about HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`)
		expect(answer.status).toBe(200)
		expect(answer.body).toContain('About Us')
	})

	test('a server error shows no stack trace, file path or error text, in the page or its data', async () => {
		const db = shop().db()
		await sql`CREATE TRIGGER refuse_sessions_zqx BEFORE INSERT ON sessions BEGIN SELECT RAISE(ABORT, 'zqx-internal-detail'); END`.execute(
			db,
		)
		try {
			for (const target of ['/auth', '/auth.data']) {
				const response = await fetch(`${shop().url}${target}`, {
					method: 'POST',
					headers: { Origin: shop().url, 'Content-Type': 'application/x-www-form-urlencoded' },
					body: new URLSearchParams({ intent: 'sign-in', email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
					redirect: 'manual',
				})
				const body = await response.text()
				expect(response.status, target).toBeGreaterThanOrEqual(500)
				for (const leak of ['zqx-internal-detail', 'node_modules', 'SqliteError', '.server.ts', '/build/server/', '    at '])
					expect(body, `${target} shows ${leak}`).not.toContain(leak)
			}
		} finally {
			await sql`DROP TRIGGER refuse_sessions_zqx`.execute(db)
		}
		// The operator's log has it.
		expect(shop().logs.join('')).toContain('zqx-internal-detail')
	})
})

test.describe('refusals', () => {
	test('a post to an address that takes none leaves one line in the log, never a stack trace', async () => {
		const from = shop().logs.length
		const targets = ['/about', '/about.data', '/sitemap.xml', '/feeds/meta.csv']
		for (const target of targets) {
			const response = await fetch(`${shop().url}${target}`, {
				method: 'POST',
				headers: { Origin: shop().url, 'Content-Type': 'application/x-www-form-urlencoded' },
				body: 'a=1',
			})
			expect(response.status, target).toBe(405)
			const body = await response.text()
			if (!target.startsWith('/about')) {
				// A file or a feed says so in plain words, not "Unexpected Server Error".
				expect(body, target).toBe('Method not allowed')
				expect(response.headers.get('allow'), target).toBe('GET, HEAD')
			}
		}
		// A request logged after them: whatever they printed is in the log by then.
		await fetch(`${shop().url}/about?after-the-refusals`)
		await expect.poll(() => logLines(shop(), from).some((line) => / GET \/about 200 /.test(line))).toBe(true)
		expect(logLines(shop(), from)).toEqual([
			...targets.map((target) => expect.stringMatching(new RegExp(`^127\\.0\\.0\\.1 POST ${target.replace('.', '\\.')} 405 [\\d.]+ms$`))),
			expect.stringMatching(/^127\.0\.0\.1 GET \/about 200 /),
		])
	})

	test('a refused data request names its own status and says what was wrong, never "Internal Server Error"', async () => {
		const post = (target: string, body: string, type = 'application/x-www-form-urlencoded') =>
			fetch(`${shop().url}${target}`, { method: 'POST', headers: { Origin: shop().url, 'Content-Type': type }, body })
		const cases: Array<[string, Promise<Response>, number, string, string]> = [
			// Over the sign-in form's own limit, under the shop's 1 MB for every form.
			['/auth.data', post('/auth.data', `email=${'a'.repeat(30 * 1024)}`), 413, 'Payload Too Large', 'The form is too large to send.'],
			[
				'/shortlist.data',
				post('/shortlist.data', '{"intent":"clear"}', 'application/json'),
				400,
				'Bad Request',
				'The form arrived incomplete',
			],
			['/product/999999.data', fetch(`${shop().url}/product/999999.data`), 404, 'Not Found', ''],
		]
		for (const [target, answer, status, statusText, message] of cases) {
			const response = await answer
			expect(response.status, target).toBe(status)
			const text = await response.text()
			expect(text, target).not.toContain('Internal Server Error')
			// What React Router's client makes of it: the error of the route that refused.
			const { value } = await decodeViaTurboStream(new Response(text).body!, globalThis)
			const decoded = value as { error?: unknown } & Record<string, { error?: unknown }>
			const error = (decoded.error ?? decoded['routes/shop/product']?.error) as { status: number; statusText: string; data: unknown }
			expect([error.status, error.statusText], target).toEqual([status, statusText])
			expect(JSON.stringify(error.data), target).toContain(message)
		}
	})
})

test.describe('data requests for what has no data', () => {
	test('a video, a share card, a feed, the sitemap and robots.txt answer their .data spelling with 404, never a serialized copy', async () => {
		// Half a megabyte stored as a video is, and a saree with a photo for its share card.
		const video = crypto.randomBytes(512 * 1024)
		const folder = path.join(shop().uploadsDir, 'videos', 'zqx-data-spelling')
		fs.mkdirSync(folder, { recursive: true })
		fs.writeFileSync(path.join(folder, 'video.mp4'), video)
		const saree = await seedProduct(shop(), { name: 'Data Spelling Saree' })
		const files = [
			'/media/videos/zqx-data-spelling/video.mp4',
			`/share-card/${saree.id}`,
			'/feeds/google.xml',
			'/feeds/meta.csv',
			'/sitemap.xml',
			'/robots.txt',
		]
		for (const file of files) {
			const plain = await fetch(`${shop().url}${file}`)
			expect(plain.status, file).toBe(200)
			const bytes = Buffer.from(await plain.arrayBuffer())
			if (file.startsWith('/media/')) expect(bytes.equals(video), file).toBe(true)
			for (const data of [`${file}.data`, `${file}.data?_routes=root`]) {
				const response = await fetch(`${shop().url}${data}`)
				expect(response.status, data).toBe(404)
				expect(response.headers.get('content-type'), data).toMatch(/^text\/plain/)
				expect(await response.text(), data).toBe('Not found')
			}
		}
	})
})

test.describe('writes that do not come from our pages', () => {
	const settings = (shopName: string) =>
		new URLSearchParams({ shopName, whatsappNumber: '919876543210', phone: '', email: '', address: '', instagramUrl: '' })
	const shopName = async () => (await shop().db().selectFrom('shop_settings').select('shop_name').executeTakeFirstOrThrow()).shop_name

	test('a cookie-authenticated write without Origin or Sec-Fetch-Site is refused and logged; a browser-like one is accepted', async () => {
		const cookie = `__session=${await adminSessionCookie(shop())}`
		const before = await shopName()
		const logged = securityLines(shop()).length
		const post = (headers: Record<string, string>, name: string) =>
			fetch(`${shop().url}/admin/settings`, {
				method: 'POST',
				headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
				body: settings(name),
				redirect: 'manual',
			})

		const bare = await post({}, 'Forged Without Origin')
		expect(bare.status).toBe(403)
		expect(await bare.text()).toBe('Cross-origin request refused')
		const foreign = await post({ Origin: 'https://evil.example' }, 'Forged From Elsewhere')
		expect(foreign.status).toBe(403)
		const crossSite = await post({ 'Sec-Fetch-Site': 'cross-site' }, 'Forged Cross Site')
		expect(crossSite.status).toBe(403)
		const nullOrigin = await post({ Origin: 'null' }, 'Forged Null Origin')
		expect(nullOrigin.status).toBe(403)
		expect(await shopName()).toBe(before)

		await expect
			.poll(() =>
				securityLines(shop())
					.slice(logged)
					.map((l) => `${l.event} ${l.outcome} ${l.detail} ${l.client}`),
			)
			.toEqual([
				'cross-origin-refused refused no-origin-with-cookie 127.0.0.1',
				'cross-origin-refused refused foreign-origin 127.0.0.1',
				'cross-origin-refused refused cross-site-fetch 127.0.0.1',
				'cross-origin-refused refused foreign-origin 127.0.0.1',
			])
		// The log line carries no cookie or session.
		expect(JSON.stringify(securityLines(shop()).slice(logged))).not.toContain(cookie.split('=')[1]!.slice(0, 20))

		expect((await post({ Origin: shop().url }, 'Saved With Origin')).status).toBe(302)
		expect(await shopName()).toBe('Saved With Origin')
		expect((await post({ 'Sec-Fetch-Site': 'same-origin' }, 'Saved With Fetch Site')).status).toBe(302)
		expect(await shopName()).toBe('Saved With Fetch Site')
	})

	test('a post whose Origin names the host it was sent to is refused unless the shop is configured with that origin (DNS rebinding)', async () => {
		const { port } = shop()
		const logged = securityLines(shop()).length
		const body = 'intent=sign-in&email=nobody%40example.com&password=wrong-password'
		const post = (host: string, origin: string) =>
			rawRequest(
				port,
				`POST /auth HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${origin}\r\nContent-Type: application/x-www-form-urlencoded\r\n` +
					`Content-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
			)
		// A stranger's page at evil.example, whose name now leads to the shop: its Origin and Host agree.
		const rebound = await post(`evil.example:${port}`, `http://evil.example:${port}`)
		expect(rebound.status).toBe(403)
		expect(rebound.body).toBe('Cross-origin request refused')
		// The shop's own origin sent to another name is refused here too (one log line, not React Router's stack trace).
		const renamed = await post(`evil.example:${port}`, shop().url)
		expect(renamed.status).toBe(403)
		// The shop's origins, each at its own address, reach the form.
		for (const [host, origin] of [
			[`127.0.0.1:${port}`, shop().url],
			['shop.lan:8080', LAN_ORIGIN],
		] as const) {
			const answer = await post(host, origin)
			expect(answer.status, origin).not.toBe(403)
			expect(answer.body, origin).toContain('Invalid email or password.')
		}
		await expect
			.poll(() =>
				securityLines(shop())
					.slice(logged)
					.filter((l) => l.event === 'cross-origin-refused')
					.map((l) => l.detail),
			)
			.toEqual(['foreign-origin', 'origin-not-this-host'])
	})

	test('without APP_ORIGIN, forms are taken at localhost and at 127.0.0.1, and at no other name', async () => {
		const local = await startShop({ env: { APP_ORIGIN: '' } })
		try {
			const post = (host: string) =>
				rawRequest(
					local.port,
					`POST /auth HTTP/1.1\r\nHost: ${host}\r\nOrigin: http://${host}\r\nContent-Type: application/x-www-form-urlencoded\r\n` +
						`Content-Length: 3\r\nConnection: close\r\n\r\nx=1`,
				)
			for (const host of [`localhost:${local.port}`, `127.0.0.1:${local.port}`]) expect((await post(host)).status, host).not.toBe(403)
			expect((await post(`shop.lan:${local.port}`)).status).toBe(403)
		} finally {
			await local.stop()
			fs.rmSync(local.dir, { recursive: true, force: true })
		}
	})

	test('a script without cookies still reaches the form (it has no session to abuse)', async () => {
		const response = await fetch(`${shop().url}/auth`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
			body: new URLSearchParams({ intent: 'sign-in', email: 'nobody@example.com', password: 'wrong-password' }),
			redirect: 'manual',
		})
		// The form's own answer (an unknown address is refused by the sign-in itself), not the origin gate's.
		const body = await response.text()
		expect(body).not.toContain('Cross-origin request refused')
		expect(body).toContain('Invalid email or password.')
	})
})

test.describe('the client address', () => {
	test('without a trusted proxy the request log shows the socket address and ignores X-Forwarded-For', async () => {
		await fetch(`${shop().url}/about?secret-token=zqx`, { headers: { 'X-Forwarded-For': '6.6.6.6' } })
		await expect.poll(() => shop().logs.join('')).toMatch(/^127\.0\.0\.1 GET \/about 200 [\d.]+ms$/m)
		expect(shop().logs.join('')).not.toContain('6.6.6.6')
		// Query strings (reset tokens travel there) never reach the log.
		expect(shop().logs.join('')).not.toContain('secret-token')
	})

	test('behind TRUST_PROXY hops the forwarded address is logged, throttled and written to the security log', async () => {
		const proxied = await startShop({ env: { TRUST_PROXY: '1' } })
		try {
			await fetch(`${proxied.url}/about`, { headers: { 'X-Forwarded-For': '6.6.6.6, 198.51.100.2' } })
			await expect.poll(() => proxied.logs.join('')).toMatch(/^198\.51\.100\.2 GET \/about 200 /m)
			expect(proxied.logs.join('')).not.toMatch(/^6\.6\.6\.6 /m)

			// Sign-in failures count per forwarded address: one address is stopped, another is not.
			const signIn = (address: string, email: string) =>
				fetch(`${proxied.url}/auth`, {
					method: 'POST',
					headers: { Origin: proxied.url, 'X-Forwarded-For': address, 'Content-Type': 'application/x-www-form-urlencoded' },
					body: new URLSearchParams({ intent: 'sign-in', email, password: 'wrong-password-1' }),
					redirect: 'manual',
				})
			for (let i = 0; i < 5; i++) expect((await signIn('203.0.113.7', `guess${i}@example.com`)).status).not.toBe(429)
			expect((await signIn('203.0.113.7', 'another@example.com')).status).toBe(429)
			expect((await signIn('203.0.113.8', 'another@example.com')).status).not.toBe(429)

			const refused = await fetch(`${proxied.url}/admin/settings`, {
				method: 'POST',
				headers: { Cookie: 'a=b', 'X-Forwarded-For': '192.0.2.44' },
				redirect: 'manual',
			})
			expect(refused.status).toBe(403)
			await expect.poll(() => securityLines(proxied).find((l) => l.event === 'cross-origin-refused')?.client).toBe('192.0.2.44')
		} finally {
			await proxied.stop()
			fs.rmSync(proxied.dir, { recursive: true, force: true })
		}
	})
})
