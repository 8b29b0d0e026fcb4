// `npm run bench:catalogue`: the server time of the pages that grow with the catalogue, measured with
// 100 products and again with 10 000 products (photos shared between them) and 50 000 orders; then the
// sales figures of the year those orders fill and its orders CSV, read while the server's memory is
// watched (the file is written as it is sent, so memory should stay flat). Serves
// the production build (`build/`, run `npm run build` first) on a temporary database. Public pages are
// requested past the page cache (a request carrying a flash cookie is always rendered), so each time
// is a full render with its database reads; admin pages are never cached. Prints a table and writes it
// to docs/performance.md between its own markers. Then, on a shop of its own, the catalogue import
// (preview and commit) of 10 000 rows and its export, with the server's memory.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { openDatabase } from '../app/db.server'
import { adminSessionCookie } from '../tests/helpers/auth'
import { startShop } from '../tests/helpers/shop'
import { catalogueFiller, CATEGORIES, COLOURS, TAGS, WEAVES } from './bench-catalogue-seed'
import { residentMib } from './bench-memory'

const ROOT = path.resolve(import.meta.dirname, '..')
const SAMPLES = 15
const TARGETS = { publicMs: 50, adminMs: 150 }

type Target = { name: string; path: string; admin?: boolean; targetMs?: number }
/** The year the 50 000 orders are dated in (one every ten minutes from 1 January 2024). */
const YEAR_OF_ORDERS = '?from=2024-01-01&to=2024-12-31'

/** Downloads the orders CSV of the year, sampling the server's memory every 10 ms while it streams. */
async function measureCsv(url: string, cookie: string, pid: number) {
	const before = residentMib(pid)
	let peak = before
	const sampler = setInterval(() => {
		peak = Math.max(peak, residentMib(pid))
	}, 10)
	const started = process.hrtime.bigint()
	try {
		const response = await fetch(url, { headers: { cookie } })
		if (response.status !== 200 || !response.body) throw new Error(`status ${response.status}`)
		let bytes = 0
		let lines = 0
		let firstByteMs = 0
		for await (const chunk of response.body) {
			if (!bytes) firstByteMs = Number(process.hrtime.bigint() - started) / 1e6
			bytes += chunk.byteLength
			for (const byte of chunk) if (byte === 10) lines++
		}
		return {
			bytes,
			lines,
			firstByteMs,
			totalMs: Number(process.hrtime.bigint() - started) / 1e6,
			before,
			peak: Math.max(peak, residentMib(pid)),
		}
	} finally {
		clearInterval(sampler)
	}
}

async function main() {
	const shop = await startShop({ env: { BUILD_DIR: process.env.BUILD_DIR ?? 'build' }, startTimeoutMs: 120_000 })
	try {
		const { sqlite } = openDatabase(shop.dbPath)
		const { growTo, made } = await catalogueFiller(shop, sqlite)
		const session = await adminSessionCookie(shop)
		const insertOrder = sqlite.prepare(
			`INSERT INTO orders (customer_name, customer_phone, customer_key, delivery_address, order_date, status, total_paise, created_at, updated_at)
			 VALUES (?, ?, '+91' || ?, 'Door 1-2-3, Hyderabad', ?, ?, ?, ?, ?)`,
		)
		const insertItem = sqlite.prepare(
			`INSERT INTO order_items (order_id, position, product_id, product_code, product_name, unit_price_paise, quantity) VALUES (?, 0, ?, ?, ?, ?, 1)`,
		)
		const addOrders = sqlite.transaction((count: number) => {
			const statuses = ['pending', 'confirmed', 'shipped', 'delivered', 'cancelled']
			for (let n = 1; n <= count; n++) {
				const at = new Date(Date.UTC(2024, 0, 1) + n * 600_000).toISOString()
				const productId = 1 + (n % made())
				const { lastInsertRowid } = insertOrder.run(
					`Customer ${n}`,
					`9${String(n).padStart(9, '0')}`,
					`9${String(n).padStart(9, '0')}`,
					at,
					statuses[n % 5],
					25_000_00,
					at,
					at,
				)
				insertItem.run(lastInsertRowid, productId, `BX-${productId}`, `Saree ${productId}`, 25_000_00)
			}
		})

		const timings = new Map<string, number[]>()
		const failures = new Map<string, string>()
		async function measure(size: string, targets: Target[]) {
			for (const target of targets) {
				const cookie = target.admin ? `__session=${session}` : '__flash=bench'
				const times: number[] = []
				try {
					for (let i = 0; i < SAMPLES + 3; i++) {
						const started = process.hrtime.bigint()
						const response = await fetch(`${shop.url}${target.path}`, { headers: { cookie }, redirect: 'manual' })
						await response.arrayBuffer()
						if (response.status !== 200) throw new Error(`status ${response.status}`)
						if (i >= 3) times.push(Number(process.hrtime.bigint() - started) / 1e6)
					}
				} catch (error) {
					// Reported as not measured, with the reason, never as a time.
					failures.set(
						`${size} ${target.name}`,
						error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error),
					)
					console.log(`${size} products: ${target.name} failed: ${failures.get(`${size} ${target.name}`)}\n${shop.logs.slice(-5).join('')}`)
					continue
				}
				times.sort((a, b) => a - b)
				const median = times[Math.floor(times.length / 2)]!
				timings.set(`${size} ${target.name}`, [median, times.at(-1)!])
				console.log(`${size} products: ${target.name} (${target.path}) median ${median.toFixed(1)} ms`)
			}
		}
		const targets = (lastPage: number, productId: number): Target[] => [
			{ name: 'collections, page 1', path: '/collections' },
			{ name: 'collections, last page', path: `/collections?page=${lastPage}` },
			{ name: 'search ("red kanchi")', path: '/collections?q=red+kanchi' },
			// A one-letter word is not searched for (app/utils/search-words.ts): it costs no more than two letters.
			{ name: 'search, two letters ("re")', path: '/collections?q=re' },
			{ name: 'search, one letter ("r")', path: '/collections?q=r' },
			{
				name: 'filtered and sorted list',
				path: '/collections?category=Pochampally+Ikkat&min=20000&max=40000&soldout=1&sort=price-asc&page=3',
			},
			{ name: 'product page', path: `/product/${productId}` },
			{ name: 'sitemap', path: '/sitemap.xml' },
			// The first part is a full one (5 000 addresses) once the index splits the list.
			{ name: 'sitemap, first part', path: '/sitemap.xml?part=1' },
			{ name: 'dashboard', path: '/admin', admin: true },
			{ name: 'admin products list', path: '/admin/products', admin: true },
			{ name: 'admin orders list', path: '/admin/orders', admin: true },
			{ name: 'sales figures, a year of orders', path: `/admin/reports${YEAR_OF_ORDERS}`, admin: true, targetMs: 300 },
			{ name: 'customers list', path: '/admin/customers', admin: true },
		]
		const activeCount = () => sqlite.prepare(`SELECT count(*) FROM products WHERE status = 'active'`).pluck().get() as number

		growTo(100)
		addOrders(500)
		await measure('100', targets(Math.ceil(activeCount() / 20), 51))
		growTo(10_000)
		addOrders(49_500)
		sqlite.prepare('ANALYZE').run()
		// Filling took longer than the server keeps an idle connection: the first request may meet a closed one.
		await fetch(`${shop.url}/healthz`).catch(() => undefined)
		await measure('10 000', targets(Math.ceil(activeCount() / 20), 5_001))
		const downloads = [
			{
				name: `orders CSV of the year (\`/admin/reports/orders.csv${YEAR_OF_ORDERS}\`)`,
				path: `/admin/reports/orders.csv${YEAR_OF_ORDERS}`,
			},
			{ name: 'contacts CSV (`/admin/customers/contacts.csv`)', path: '/admin/customers/contacts.csv' },
		]
		const csvs: Array<Awaited<ReturnType<typeof measureCsv>>> = []
		for (const download of downloads) {
			const csv = await measureCsv(`${shop.url}${download.path}`, `__session=${session}`, shop.process.pid!)
			csvs.push(csv)
			console.log(
				`${download.name}: ${csv.lines - 1} rows, ${(csv.bytes / 1e6).toFixed(1)} MB in ${csv.totalMs.toFixed(0)} ms; server memory ${csv.before.toFixed(0)} MiB before, at most ${csv.peak.toFixed(0)} MiB while it streamed`,
			)
		}
		sqlite.close()

		const names = targets(1, 1)
		const cell = (key: string) => {
			const time = timings.get(key)
			return time ? `${time[0]!.toFixed(1)} ms` : `not measured (${failures.get(key) ?? 'no answer'})`
		}
		const rows = names.map((t) => {
			const small = timings.get(`100 ${t.name}`)?.[0]
			const [large, worst] = timings.get(`10 000 ${t.name}`) ?? []
			const target = t.targetMs ?? (t.admin ? TARGETS.adminMs : TARGETS.publicMs)
			const growth = small !== undefined && large !== undefined ? `×${(large / small).toFixed(1)}` : '–'
			const met = large === undefined ? 'not measured' : large <= target ? '✓' : '✗'
			return `| ${t.name} | \`${t.path.replace(/\?page=\d+$/, '?page=<last>').replace(/\/product\/\d+$/, '/product/<id>')}\` | ${cell(`100 ${t.name}`)} | ${cell(`10 000 ${t.name}`)} | ${worst === undefined ? '–' : `${worst.toFixed(1)} ms`} | ${growth} | ≤ ${target} ms | ${met} |`
		})
		const report = [
			`Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${os.cpus().length} cores, Node ${process.version}: median of ${SAMPLES} sequential requests after 3 uncounted ones, on loopback, public pages rendered past the page cache. 10 000 products (a tenth sold out, a twenty-fifth drafts; six photos shared by all) and 50 000 orders.`,
			'',
			'| request | address | 100 products | 10 000 products | slowest of the 15 | growth | target | met |',
			'|---|---|---|---|---|---|---|---|',
			...rows,
			'',
			'| download | rows | size | first byte | whole file | server memory before | server memory at most while streaming |',
			'|---|---|---|---|---|---|---|',
			...downloads.map(
				(download, i) =>
					`| ${download.name} | ${csvs[i]!.lines - 1} | ${(csvs[i]!.bytes / 1e6).toFixed(1)} MB | ${csvs[i]!.firstByteMs.toFixed(0)} ms | ${csvs[i]!.totalMs.toFixed(0)} ms | ${csvs[i]!.before.toFixed(0)} MiB | ${csvs[i]!.peak.toFixed(0)} MiB |`,
			),
		].join('\n')
		console.log(`\n${report}`)
		writeReport('bench-catalogue', report, (block) => [
			'## Changes and their measured effect',
			`## Large catalogue\n\n${block}\n\n## Changes and their measured effect`,
		])
	} finally {
		await shop.stop()
		fs.rmSync(shop.dir, { recursive: true, force: true })
	}
}

/**
 * Writes `report` into docs/performance.md between its `<!-- name:start -->` and `<!-- name:end -->`
 * markers; the first time, in place of the text `placed` names (and with what it gives).
 */
function writeReport(name: string, report: string, placed: (block: string) => [string, string]) {
	const file = path.join(ROOT, 'docs', 'performance.md')
	const doc = fs.readFileSync(file, 'utf8')
	const [start, end] = [`<!-- ${name}:start -->`, `<!-- ${name}:end -->`]
	const block = `${start}\n${report}\n${end}`
	fs.writeFileSync(
		file,
		doc.includes(start)
			? doc.slice(0, doc.indexOf(start)) + block + doc.slice(doc.indexOf(end) + end.length)
			: doc.replace(...placed(block)),
	)
}

/** Samples the server's resident memory every 10 ms while `work` runs; answers its time and the peak. */
async function watchMemory<T>(pid: number, work: () => Promise<T>) {
	const before = residentMib(pid)
	let peak = before
	const sampler = setInterval(() => {
		peak = Math.max(peak, residentMib(pid))
	}, 10)
	const started = process.hrtime.bigint()
	try {
		const result = await work()
		return { result, ms: Number(process.hrtime.bigint() - started) / 1e6, before, peak: Math.max(peak, residentMib(pid)) }
	} finally {
		clearInterval(sampler)
	}
}

/**
 * Catalogue import and export at 10 000 rows, on a shop of its own: a CSV of 10 000 sarees (names and
 * descriptions in three languages) checked (the preview), imported (one transaction), then exported.
 */
async function importBench() {
	const shop = await startShop({ env: { BUILD_DIR: process.env.BUILD_DIR ?? 'build' }, startTimeoutMs: 120_000 })
	try {
		const cookie = `__session=${await adminSessionCookie(shop)}`
		const header =
			'code,name,name_te,name_hi,description,description_te,description_hi,category,status,stock,original_price,sale_price,tags'
		const rows = Array.from({ length: 10_000 }, (_, i) => {
			const n = i + 1
			const colour = COLOURS[n % COLOURS.length]!
			const weave = WEAVES[n % WEAVES.length]!
			return [
				`IM-${n}`,
				`${colour} ${weave} Saree ${n}`,
				`పట్టు చీర ${n}`,
				`रेशम साड़ी ${n}`,
				`"A handwoven ${weave.toLowerCase()} silk saree in ${colour.toLowerCase()}, with a contrast pallu and zari border."`,
				'చేనేత పట్టు చీర',
				'हाथ से बुनी रेशम साड़ी',
				CATEGORIES[n % CATEGORIES.length],
				n % 10 === 0 ? 'out_of_stock' : 'active',
				'1',
				String(8_000 + ((n * 7_919) % 60_000)),
				'',
				`"${TAGS[n % TAGS.length]}, ${TAGS[(n * 3) % TAGS.length]}"`,
			].join(',')
		})
		const csv = Buffer.from([header, ...rows].join('\r\n'))
		const pid = shop.process.pid!
		const preview = await watchMemory(pid, async () => {
			const body = new FormData()
			body.set('csv', new Blob([new Uint8Array(csv)]), 'catalogue.csv')
			const res = await fetch(`${shop.url}/admin/products/import`, { method: 'POST', body, headers: { cookie, origin: shop.url } })
			const html = await res.text()
			const upload = /name="upload" value="([a-f0-9]{32})"/.exec(html)?.[1]
			if (res.status !== 200 || !upload) throw new Error(`preview: status ${res.status} ${html.slice(0, 300)}`)
			return upload
		})
		// The server closes the connection a large upload came on: the next request may meet it closed.
		await fetch(`${shop.url}/healthz`).catch(() => undefined)
		const commit = await watchMemory(pid, async () => {
			const res = await fetch(`${shop.url}/admin/products/import`, {
				method: 'POST',
				body: new URLSearchParams({ intent: 'commit', upload: preview.result }),
				headers: { cookie, origin: shop.url },
				redirect: 'manual',
			})
			if (res.status !== 302) throw new Error(`commit: status ${res.status}`)
		})
		const { sqlite } = openDatabase(shop.dbPath)
		const imported = sqlite.prepare('SELECT count(*) FROM products').pluck().get() as number
		sqlite.close()
		if (imported !== 10_000) throw new Error(`imported ${imported} of 10 000 rows`)
		const exported = await measureCsv(`${shop.url}/admin/products/export.csv`, cookie, pid)
		const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`
		const report = [
			`Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${os.cpus().length} cores, Node ${process.version}: one run each, on loopback, a CSV of 10 000 sarees (${mb(csv.byteLength)}, names and descriptions in three languages) on an empty shop. Target: the import (preview and commit) under a minute, memory flat.`,
			'',
			'| step | rows | time | server memory before | server memory at most |',
			'|---|---|---|---|---|',
			`| preview: upload and check (\`POST /admin/products/import\`) | 10000 | ${(preview.ms / 1000).toFixed(1)} s | ${preview.before.toFixed(0)} MiB | ${preview.peak.toFixed(0)} MiB |`,
			`| commit: check again and write in one transaction | 10000 | ${(commit.ms / 1000).toFixed(1)} s | ${commit.before.toFixed(0)} MiB | ${commit.peak.toFixed(0)} MiB |`,
			`| export (\`/admin/products/export.csv\`, ${mb(exported.bytes)}) | ${exported.lines - 1} | ${(exported.totalMs / 1000).toFixed(1)} s | ${exported.before.toFixed(0)} MiB | ${exported.peak.toFixed(0)} MiB |`,
		].join('\n')
		console.log(`\n${report}`)
		writeReport('bench-catalogue-import', report, (block) => [
			'<!-- bench-catalogue:end -->',
			`<!-- bench-catalogue:end -->\n\n### Catalogue import and export\n\n${block}`,
		])
	} catch (error) {
		console.error(shop.logs.join('').slice(-3000))
		throw error
	} finally {
		await shop.stop()
		fs.rmSync(shop.dir, { recursive: true, force: true })
	}
}

// `-- --import-only`: only the catalogue import and export (the pages take minutes to fill and time).
if (!process.argv.includes('--import-only')) await main()
await importBench()
