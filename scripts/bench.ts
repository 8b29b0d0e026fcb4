// `npm run bench [-- --quick] [-- --skip-catalogue] [-- --only main,load,3g,fresh,inp,memory,soak,catalogue]`: builds the app,
// serves it in production mode (`npm start`'s command) on a temporary copy of the demo data, and measures
// Lighthouse (mobile, simulated slow 4G) on the public pages, the same pages with their scripts stripped,
// and load with autocannon, last of all on the public pages while the admin saves products
// (scripts/bench-admin-saves.ts) — the "main" section; "load" runs its load test alone (browsers' headers,
// the product page uncompressed beside it) and prints its table. Then the same pages on regular 3G ("3g"),
// Lighthouse in a fresh browser per run ("fresh"), Interaction to Next Paint ("inp",
// scripts/bench-inp.ts), the server's memory at rest and under load ("memory") and over a soak on
// 10 000 sarees ("soak", scripts/bench-memory.ts), and the large-catalogue run ("catalogue",
// scripts/bench-catalogue.ts). Prints each table and writes it to docs/performance.md between its own markers.
import { execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

import autocannon from 'autocannon'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'

import { type AdminSaves, signInAsAdmin, startAdminSaves } from './bench-admin-saves'
import { type CachingCheck, checkCaching } from './bench-caching'
import { type InteractionResult, measureInteractions, storefrontInteractions } from './bench-inp'
import { measureMemory, type MemoryFigures, soak, SOAK_SAMPLE_SECONDS, type SoakFigures } from './bench-memory'
import { measureOrderWrites, type WriteRate } from './bench-writes'

const ROOT = path.resolve(import.meta.dirname, '..')
const QUICK = process.argv.includes('--quick')
/** The large-catalogue run (scripts/bench-catalogue.ts, about 5 minutes) is part of the bench unless skipped. */
const SKIP_CATALOGUE = process.argv.includes('--skip-catalogue')
const SECTIONS = ['main', 'load', '3g', 'fresh', 'inp', 'memory', 'soak', 'catalogue'] as const
type Section = (typeof SECTIONS)[number]
/** `--only 3g,inp` (or `--only 3g --only inp`) runs those sections alone; every one runs otherwise. */
const ONLY = process.argv.flatMap((arg, i, args) => (args[i - 1] === '--only' ? arg.split(',') : []))
for (const name of ONLY) if (!SECTIONS.includes(name as Section)) throw new Error(`--only ${name}: the sections are ${SECTIONS.join(', ')}`)
const wanted = (section: Section) => (ONLY.length ? ONLY.includes(section) : section !== 'catalogue' || !SKIP_CATALOGUE)
// Lighthouse's timings move from run to run on a shared machine (TBT most: it multiplies what the CPU
// did by four), so each timing is the median of five runs, taken metric by metric.
const RUNS = QUICK ? 1 : 5
/** The script-free copies only give their LCP, which moves less: three runs keep the bench under 10 minutes. */
const NO_SCRIPT_RUNS = QUICK ? 1 : 3
const LOAD_SECONDS = QUICK ? 5 : 20
const WRITE_SECONDS = QUICK ? 2 : 5
const BUILD_DIR = 'build-bench'
const CHROME_FLAGS = [
	'--headless=new',
	'--no-sandbox',
	'--disable-gpu',
	'--disable-dev-shm-usage',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
	'--no-first-run',
	'--disable-quic',
]

/** Lighthouse's "regular 3G" profile (its throttling.mobileRegular3G, simulated like the slow-4G runs). */
const REGULAR_3G = {
	rttMs: 300,
	throughputKbps: 700,
	requestLatencyMs: 300 * 3.75,
	downloadThroughputKbps: 700 * 0.9,
	uploadThroughputKbps: 700 * 0.9,
	cpuSlowdownMultiplier: 4,
}
/** Runs per page in a fresh browser (the CLI way: a new Chrome and profile each time); their median is reported. */
const FRESH_RUNS = QUICK ? 1 : 3
const INP_RUNS = QUICK ? 1 : 5
const SOAK_SECONDS = QUICK ? 60 : 600

const TARGETS = {
	performance: 95,
	otherCategories: 100,
	lcpMs: 2000,
	cls: 0.02,
	tbtMs: 100,
	lcpRatio: 1.1,
	jsBytes: 120 * 1024,
	homeBytes: 500 * 1024,
	productBytes: 400 * 1024,
	productRps: 300,
	productP99Ms: 300,
	lcp3gMs: 2500,
	inpMs: 100,
	loadRssMib: 250,
}

type PageResult = {
	name: string
	path: string
	performance: number
	/** Null when Lighthouse could not compute the category in any of its tries (printed "not measured"). */
	accessibility: number | null
	bestPractices: number | null
	seo: number | null
	lcp: number
	cls: number
	tbt: number
	fcp: number
	totalBytes: number
	/** Bytes transferred before the first video request (the whole page when it plays none). */
	firstLoadBytes: number
	/** Whether the first video request came after the largest paint (null: no video). */
	videoAfterPaint: boolean | null
	jsBytes: number
	requests: number
	lcpElement: string
	foreignHosts: string[]
	noScriptLcp?: number
}

type LoadResult = {
	name: string
	path: string
	rps: number
	p50: number
	p97_5: number
	p99: number
	errors: number
	non2xx: number
	/** Bytes per answer as sent (headers included): compressed or not. */
	bytes: number
}

/**
 * What a phone's browser sends for a page: the load test asks the way visitors do, so compression is
 * part of what it measures (issue: without these headers it measured uncompressed answers only).
 */
const BROWSER_HEADERS = {
	'Accept-Encoding': 'br, gzip',
	Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8',
	'Accept-Language': 'en-IN,en;q=0.9',
	'User-Agent': 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
}

function log(message: string) {
	console.log(`[bench] ${message}`)
}

async function freePort() {
	return new Promise<number>((resolve) => {
		const server = net.createServer().listen(0, '127.0.0.1', () => {
			const port = (server.address() as net.AddressInfo).port
			server.close(() => resolve(port))
		})
	})
}

function chromePath() {
	const found = [process.env.PLAYWRIGHT_CHROMIUM_PATH, process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
		(c) => c && fs.existsSync(c),
	)
	if (!found) throw new Error('No Chromium found: run bash scripts/ensure-test-tools.sh or set CHROME_PATH')
	return found
}

/**
 * The median of the values Lighthouse could compute (a metric it could not is NaN in that run and left
 * out: sorting with a NaN among them would put an arbitrary value in the middle); NaN when there is none.
 */
const median = (values: number[]) => {
	const sorted = values.filter(Number.isFinite).sort((a, b) => a - b)
	return sorted.length ? sorted[Math.floor(sorted.length / 2)]! : NaN
}

/** Extra runs of a page while one of its timings has not been computed in any run yet. */
const EXTRA_TIMING_RUNS = 3
const TIMINGS = ['lcp', 'cls', 'tbt', 'fcp'] as const
const missingTiming = (runs: Audit[], timings: ReadonlyArray<(typeof TIMINGS)[number]> = TIMINGS) =>
	timings.find((t) => !runs.some((r) => Number.isFinite(r[t])))

type Audit = Omit<PageResult, 'name' | 'path'>

/**
 * One Lighthouse run. `allCategories` adds accessibility, best practices and SEO, which do not depend
 * on timing: one run of them per page is enough (the other categories read 0 in a performance-only run).
 */
async function audit(url: string, port: number, allCategories = false, throttling?: typeof REGULAR_3G): Promise<Audit> {
	const result = await lighthouse(url, {
		port,
		output: 'json',
		logLevel: 'error',
		onlyCategories: allCategories ? ['performance', 'accessibility', 'best-practices', 'seo'] : ['performance'],
		...(throttling ? { throttling } : {}),
	})
	if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
	const lhr = result.lhr
	const audits = lhr.audits
	const num = (id: string) => Number(audits[id]?.numericValue ?? NaN)
	const summary =
		(audits['resource-summary']?.details as { items?: Array<{ resourceType: string; transferSize: number; requestCount: number }> })
			?.items ?? []
	const byType = (type: string) => summary.find((i) => i.resourceType === type)
	const lcpItems = (
		audits['largest-contentful-paint-element']?.details as {
			items?: Array<{ items?: Array<{ node?: { snippet?: string; nodeLabel?: string } }> }>
		}
	)?.items
	const lcpNode = lcpItems?.[0]?.items?.[0]?.node
	const requests =
		(
			audits['network-requests']?.details as {
				items?: Array<{ url: string; resourceType?: string; networkRequestTime?: number; transferSize?: number }>
			}
		)?.items ?? []
	const videoStart = Math.min(...requests.filter((r) => r.resourceType === 'Media').map((r) => r.networkRequestTime ?? Infinity))
	const firstLoadBytes = requests.filter((r) => (r.networkRequestTime ?? 0) < videoStart).reduce((sum, r) => sum + (r.transferSize ?? 0), 0)
	const observed = (audits['metrics']?.details as { items?: Array<{ observedLargestContentfulPaint?: number }> })?.items?.[0]
	const videoAfterPaint = Number.isFinite(videoStart) ? videoStart > (observed?.observedLargestContentfulPaint ?? Infinity) : null
	const origin = new URL(url).origin
	const foreignHosts = [
		...new Set(
			requests
				.map((r) => r.url)
				.filter((u) => /^https?:/.test(u) && new URL(u).origin !== origin)
				.map((u) => new URL(u).host),
		),
	]
	return {
		// NaN (not measured) when Lighthouse could not compute it; the median leaves such runs out.
		performance: typeof lhr.categories.performance?.score === 'number' ? Math.round(lhr.categories.performance.score * 100) : NaN,
		// A category Lighthouse failed to compute has a null score: never printed as 0 (see categoryRun).
		accessibility: categoryScore(lhr.categories.accessibility?.score),
		bestPractices: categoryScore(lhr.categories['best-practices']?.score),
		seo: categoryScore(lhr.categories.seo?.score),
		lcp: num('largest-contentful-paint'),
		cls: num('cumulative-layout-shift'),
		tbt: num('total-blocking-time'),
		fcp: num('first-contentful-paint'),
		totalBytes: byType('total')?.transferSize ?? 0,
		firstLoadBytes,
		videoAfterPaint,
		jsBytes: byType('script')?.transferSize ?? 0,
		requests: byType('total')?.requestCount ?? requests.length,
		lcpElement: (lcpNode?.snippet ?? lcpNode?.nodeLabel ?? 'unknown').slice(0, 90),
		foreignHosts,
	}
}

const categoryScore = (score: number | null | undefined) => (typeof score === 'number' ? Math.round(score * 100) : null)

/** Tries for the run that measures every category: one whose category failed to compute is taken again. */
const CATEGORY_TRIES = 3

/** The first run of a page, measuring every category, again while one of them could not be computed. */
async function categoryRun(url: string, port: number, throttling?: typeof REGULAR_3G): Promise<Audit> {
	let run = await audit(url, port, true, throttling)
	for (let i = 1; i < CATEGORY_TRIES && [run.accessibility, run.bestPractices, run.seo].includes(null); i++) {
		log(`${url}: a category could not be computed; measuring again`)
		run = await audit(url, port, true, throttling)
	}
	return run
}

/**
 * A page's figures over several runs: each timing (and the performance score) is its own median; bytes,
 * requests and the LCP element come from the run with the median LCP; the other categories from the
 * first run, the only one that measured them; a video or a foreign host seen in any run counts.
 */
function combineRuns(runs: Audit[]): Audit {
	const lcp = median(runs.map((r) => r.lcp))
	const chosen = runs.find((r) => r.lcp === lcp) ?? runs[0]!
	const first = runs[0]!
	return {
		...chosen,
		performance: median(runs.map((r) => r.performance)),
		accessibility: first.accessibility,
		bestPractices: first.bestPractices,
		seo: first.seo,
		lcp,
		cls: median(runs.map((r) => r.cls)),
		tbt: median(runs.map((r) => r.tbt)),
		fcp: median(runs.map((r) => r.fcp)),
		videoAfterPaint: runs.some((r) => r.videoAfterPaint === false) ? false : chosen.videoAfterPaint,
		foreignHosts: [...new Set(runs.flatMap((r) => r.foreignHosts))],
	}
}

type Page = { name: string; path: string }

/**
 * Lighthouse on each page and its script-free copy (`writeScriptFree`), in one browser: five runs (the
 * first with every category) and three of the copy, each timing its own median. Slow 4G unless `throttling`.
 */
async function lighthouseRows(origin: string, pages: Page[], chrome: string, throttling?: typeof REGULAR_3G): Promise<PageResult[]> {
	const profile = throttling ? 'regular 3G: ' : ''
	const launched = await chromeLauncher.launch({ chromePath: chrome, chromeFlags: CHROME_FLAGS })
	const results: PageResult[] = []
	try {
		// A first run in a fresh browser pays for its start-up; it is not counted.
		if (!QUICK) await audit(origin + pages[0]!.path, launched.port, false, throttling)
		for (const page of pages) {
			const runs = []
			for (let i = 0; i < RUNS; i++)
				runs.push(
					i === 0
						? await categoryRun(origin + page.path, launched.port, throttling)
						: await audit(origin + page.path, launched.port, false, throttling),
				)
			for (let extra = 0, missing = missingTiming(runs); missing && extra < EXTRA_TIMING_RUNS; extra++, missing = missingTiming(runs)) {
				log(`${page.name}: Lighthouse could not compute ${missing} in any run; measuring again`)
				runs.push(await audit(origin + page.path, launched.port, false, throttling))
			}
			const noScriptUrl = `${origin}/bench-noscript/${slug(page.name)}.html`
			const noScriptRuns = []
			for (let i = 0; i < NO_SCRIPT_RUNS; i++) noScriptRuns.push(await audit(noScriptUrl, launched.port, false, throttling))
			for (let extra = 0; missingTiming(noScriptRuns, ['lcp']) && extra < EXTRA_TIMING_RUNS; extra++) {
				log(`${page.name} (script-free): Lighthouse could not compute lcp in any run; measuring again`)
				noScriptRuns.push(await audit(noScriptUrl, launched.port, false, throttling))
			}
			const row = { name: page.name, path: page.path, ...combineRuns(runs), noScriptLcp: median(noScriptRuns.map((r) => r.lcp)) }
			results.push(row)
			log(
				`${profile}${page.name}: performance ${row.performance}, LCP ${fmtMs(row.lcp)} (script-free ${fmtMs(row.noScriptLcp)}), TBT ${fixed(row.tbt, 0)} ms, CLS ${fixed(row.cls, 3)}`,
			)
		}
	} finally {
		await launched.kill()
	}
	return results
}

/** Script-free copies of the pages (scripts and module preloads removed), served by the same server as static files. */
async function writeScriptFree(origin: string, dir: string, pages: Page[]) {
	fs.mkdirSync(dir, { recursive: true })
	for (const page of pages) {
		const html = await (await fetch(origin + page.path)).text()
		const stripped = html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '').replace(/<link\b[^>]+rel="modulepreload"[^>]*>/gi, '')
		fs.writeFileSync(path.join(dir, `${slug(page.name)}.html`), stripped)
	}
}

/** One Lighthouse run the way its CLI does it: a new Chrome with a new profile (no HTTP or code cache), mobile defaults. */
async function freshAudit(url: string, chrome: string) {
	const launched = await chromeLauncher.launch({ chromePath: chrome, chromeFlags: CHROME_FLAGS })
	try {
		return await audit(url, launched.port)
	} finally {
		await launched.kill()
	}
}

/**
 * 50 connections on `url`, or on each of `paths` in turn (every connection cycles through them), with
 * a browser's headers unless `headers` says otherwise.
 */
async function load(url: string, seconds: number, paths?: string[], headers: Record<string, string> = BROWSER_HEADERS) {
	const result = await autocannon({
		url,
		connections: 50,
		duration: seconds,
		headers,
		...(paths ? { requests: paths.map((p) => ({ path: p })) } : {}),
	})
	return {
		rps: Math.round(result.requests.average),
		p50: result.latency.p50,
		p97_5: result.latency.p97_5,
		p99: result.latency.p99,
		errors: result.errors + result.timeouts,
		non2xx: result.non2xx,
		bytes: result.requests.total ? Math.round(result.throughput.total / result.requests.total) : 0,
	}
}

async function main() {
	const started = Date.now()
	const chrome = chromePath()

	log(`building into ${BUILD_DIR}/`)
	execFileSync(process.execPath, [path.join(ROOT, 'node_modules/@react-router/dev/bin.js'), 'build'], {
		cwd: ROOT,
		env: { ...process.env, BUILD_DIR, NODE_ENV: 'production' },
		stdio: 'ignore',
	})

	const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-'))
	const port = await freePort()
	const origin = `http://127.0.0.1:${port}`
	const env = {
		...process.env,
		NODE_ENV: 'production',
		HOST: '127.0.0.1',
		PORT: String(port),
		APP_ORIGIN: origin,
		DATABASE_PATH: path.join(dataDir, 'shop.db'),
		UPLOADS_DIR: path.join(dataDir, 'uploads'),
		SESSION_SECRET: 'bench-session-secret-0123456789abcdef',
		ADMIN_EMAIL: 'admin@example.com',
		ADMIN_PASSWORD: 'bench-password-1',
		BUILD_DIR,
	}

	log('seeding a temporary copy of the demo data')
	try {
		execFileSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/demo.ts'), '--seed-only'], {
			cwd: ROOT,
			env,
			stdio: 'pipe',
		})
	} catch (error) {
		fs.rmSync(dataDir, { recursive: true, force: true })
		const output = error as { stdout?: Buffer; stderr?: Buffer }
		throw new Error(`seeding the demo data failed:\n${output.stdout ?? ''}${output.stderr ?? ''}`)
	}

	log(`starting the production server on ${origin}`)
	// `npm start`'s own command (the compiled entry, plain node), so its memory is what a shop's server holds.
	const server = spawn(process.execPath, [path.join(BUILD_DIR, 'commands', 'start.js')], {
		cwd: ROOT,
		env,
		stdio: ['ignore', 'ignore', 'pipe'],
	})
	const exited = new Promise((r) => server.once('exit', r))
	const stopServer = async () => {
		server.kill('SIGTERM')
		await exited
	}
	let stderr = ''
	server.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
	try {
		for (let i = 0; ; i++) {
			try {
				if ((await fetch(`${origin}/healthz`)).ok) break
			} catch {}
			if (i > 300) throw new Error(`server did not start:\n${stderr}`)
			await new Promise((r) => setTimeout(r, 100))
		}

		const { productId, blogSlug } = await discover(origin)
		const pages = [
			{ name: 'home', path: '/' },
			{ name: 'collections', path: '/collections' },
			{ name: 'product', path: `/product/${productId}` },
			{ name: 'blogs', path: '/blogs' },
			{ name: 'blog post', path: `/blog/${blogSlug}` },
			{ name: 'about', path: '/about' },
			// The Telugu pages carry their own script's font and texts: measured against the same targets.
			{ name: 'home (Telugu)', path: '/te' },
			{ name: 'product (Telugu)', path: `/te/product/${productId}` },
		]

		const noScriptDir = path.join(ROOT, BUILD_DIR, 'client', 'bench-noscript')
		await writeScriptFree(origin, noScriptDir, pages)
		// A static file with the product page's exact bytes, for the load comparison.
		const productHtml = await (await fetch(`${origin}/product/${productId}`)).text()
		fs.writeFileSync(path.join(noScriptDir, 'static-product-copy.html'), productHtml)

		// Memory first: "at rest" is a server that has served each page once and nothing more.
		if (wanted('memory')) {
			const memory = await measureMemory(origin, server.pid!, `/product/${productId}`, LOAD_SECONDS)
			log(
				`memory: ${memory.rest.toFixed(0)} MiB at rest, ${memory.afterProduct.toFixed(0)} MiB after the product page, ${memory.afterSearch.toFixed(0)} MiB after searches`,
			)
			writeReport(renderMemory(memory), 'bench-memory')
		}
		if (wanted('main') || wanted('load')) {
			const results = wanted('main') ? await lighthouseRows(origin, pages, chrome) : []

			const loads: LoadResult[] = []
			// Browsers' headers throughout; beside them the product page asked for without compression, and a
			// static file of its size (compressed per request by the compression middleware).
			for (const [name, p, headers] of [
				['home', '/', BROWSER_HEADERS],
				['collections', '/collections', BROWSER_HEADERS],
				['product', `/product/${productId}`, BROWSER_HEADERS],
				[PLAIN_PRODUCT, `/product/${productId}`, { ...BROWSER_HEADERS, 'Accept-Encoding': 'identity' }],
				['product (Telugu)', `/te/product/${productId}`, BROWSER_HEADERS],
				['static file (product size)', '/bench-noscript/static-product-copy.html', BROWSER_HEADERS],
			] as const) {
				const r = await load(origin + p, LOAD_SECONDS, undefined, headers)
				loads.push({ name, path: p, ...r })
				log(
					`load ${name}: ${r.rps} req/s, p50 ${r.p50} ms, p97.5 ${r.p97_5} ms, p99 ${r.p99} ms, ${r.bytes} B/answer, errors ${r.errors}, non-2xx ${r.non2xx}`,
				)
			}

			// Visitors on the public pages while the admin saves products through the real form.
			const publicPaths = ['/', '/collections', `/product/${productId}`, `/blog/${blogSlug}`]
			const saving = await startAdminSaves(origin, await signInAsAdmin(origin, env.ADMIN_EMAIL, env.ADMIN_PASSWORD), env.DATABASE_PATH)
			const mixed = await load(origin, LOAD_SECONDS, publicPaths)
			const saves = await saving.stop()
			loads.push({ name: MIXED_LOAD, path: publicPaths.join(', '), ...mixed })
			log(`load ${MIXED_LOAD}: ${mixed.rps} req/s, p99 ${mixed.p99} ms, errors ${mixed.errors}, non-2xx ${mixed.non2xx}`)
			log(`admin saves meanwhile: ${saves.made} made, ${saves.failed} failed, ${saves.lost.length} acknowledged but lost`)
			for (const problem of [...saves.failures, ...saves.lost.slice(0, 5)]) log(`  ${problem}`)
			if (!wanted('main')) console.log(`\n${loadTable(loads).join('\n')}`)
			else {
				const caching = await checkCaching(origin, `/product/${productId}`)
				for (const check of caching) log(`caching ${check.resource}: ${check.detail} ${mark(check.ok)}`)

				const writes = await measureOrderWrites(env.DATABASE_PATH, WRITE_SECONDS)
				log(`order writes: ${writes.perSecond} per second (p50 ${writes.p50Ms.toFixed(1)} ms, p99 ${writes.p99Ms.toFixed(1)} ms)`)

				const report = renderReport(results, loads, saves, caching, writes, chrome, Date.now() - started)
				console.log(`\n${report}`)
				writeReport(report)
				log(`wrote docs/performance.md in ${((Date.now() - started) / 1000).toFixed(0)} s`)
			}
		}
		if (wanted('3g')) {
			const regular3g = [
				...pages.filter((p) => !p.path.startsWith('/te')),
				{ name: 'shortlist', path: '/shortlist' },
				...pages.filter((p) => p.path.startsWith('/te')),
				{ name: 'home (Hindi)', path: '/hi' },
				{ name: 'product (Hindi)', path: `/hi/product/${productId}` },
			]
			await writeScriptFree(origin, noScriptDir, regular3g)
			const rows = await lighthouseRows(origin, regular3g, chrome, REGULAR_3G)
			writeReport(render3g(rows), 'bench-3g')
		}
		if (wanted('fresh')) {
			const rows: FreshRow[] = []
			for (const page of pages) {
				const fresh: Audit[] = []
				for (let i = 0; i < FRESH_RUNS; i++) fresh.push(await freshAudit(origin + page.path, chrome))
				const row = { name: page.name, ...combineRuns(fresh) }
				rows.push(row)
				log(`${page.name} in a fresh browser: performance ${row.performance}, TBT ${Math.round(row.tbt)} ms, LCP ${fmtMs(row.lcp)}`)
			}
			writeReport(renderFresh(rows), 'bench-fresh')
		}
		if (wanted('inp')) {
			const interactions = await measureInteractions(origin, chrome, storefrontInteractions(`/product/${productId}`), INP_RUNS, log)
			writeReport(renderInteractions(interactions), 'bench-inp')
		}
		await stopServer()
		if (wanted('soak')) {
			log(`soak: ${SOAK_SECONDS} s of mixed public traffic on 10 000 sarees`)
			writeReport(renderSoak(await soak(BUILD_DIR, SOAK_SECONDS, log)), 'bench-soak')
		}
		if (wanted('catalogue')) {
			log('large catalogue: 100 and 10 000 sarees (scripts/bench-catalogue.ts)')
			execFileSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/bench-catalogue.ts')], {
				cwd: ROOT,
				env: { ...process.env, BUILD_DIR },
				stdio: 'inherit',
			})
			log(`done in ${((Date.now() - started) / 1000).toFixed(0)} s`)
		}
	} finally {
		await stopServer()
		fs.rmSync(dataDir, { recursive: true, force: true })
		fs.rmSync(path.join(ROOT, BUILD_DIR), { recursive: true, force: true })
	}
}

async function discover(origin: string) {
	const sitemap = await (await fetch(`${origin}/sitemap.xml`)).text()
	const product = /\/product\/([^<\s]+)<\/loc>/.exec(sitemap)?.[1]
	const blog = /\/blog\/([^<\s]+)<\/loc>/.exec(sitemap)?.[1]
	if (!product || !blog) throw new Error('The sitemap lists no product or no blog post: is the demo data there?')
	return { productId: product, blogSlug: blog }
}

const MIXED_LOAD = 'public pages while the admin saves products'
const PLAIN_PRODUCT = 'product, not compressed'

function loadTable(loads: LoadResult[]) {
	const lines = [
		`Load: 50 connections, ${LOAD_SECONDS} s each, with a phone browser's headers (\`Accept-Encoding: br, gzip\`, Accept, a mobile User-Agent) unless the row says otherwise.`,
		'',
		'| load | req/s | p50 | p97.5 | p99 | bytes/answer | errors | non-2xx | vs static file |',
		'|---|---|---|---|---|---|---|---|---|',
	]
	const staticRps = loads.find((l) => l.name.startsWith('static'))?.rps ?? NaN
	for (const l of loads) {
		lines.push(
			`| ${l.name} (\`${l.path}\`) | ${l.rps} | ${l.p50} ms | ${l.p97_5} ms | ${l.p99} ms | ${kb(l.bytes)} | ${l.errors} | ${l.non2xx} | ${(l.rps / staticRps).toFixed(2)} |`,
		)
	}
	return lines
}

const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-')
/** What the report prints for a timing Lighthouse could not compute in any run. */
const NOT_MEASURED = `not measured (Lighthouse could not compute it in any run, ${EXTRA_TIMING_RUNS} extra runs included)`
const fmtMs = (ms: number) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : NOT_MEASURED)
const fixed = (value: number, digits: number) => (Number.isFinite(value) ? value.toFixed(digits) : NOT_MEASURED)
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`
const mark = (ok: boolean) => (ok ? '✓' : '✗')
const score = (value: number | null) =>
	value === null ? `not measured (Lighthouse could not compute it in ${CATEGORY_TRIES} tries)` : String(value)

function renderReport(
	results: PageResult[],
	loads: LoadResult[],
	saves: AdminSaves,
	caching: CachingCheck[],
	writes: WriteRate,
	chrome: string,
	elapsedMs: number,
) {
	const chromeVersion = (() => {
		try {
			return execFileSync(chrome, ['--version']).toString().trim()
		} catch {
			return chrome
		}
	})()
	const version = (pkg: string) => JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', pkg, 'package.json'), 'utf8')).version
	const lines: string[] = []
	lines.push(
		`Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC${QUICK ? ' (quick: one run per page)' : ` (median of ${RUNS} runs, metric by metric; script-free copies: ${NO_SCRIPT_RUNS})`} on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB; Node ${process.version}, ${chromeVersion}, Lighthouse ${version('lighthouse')} (mobile, simulated slow 4G, 4× CPU), autocannon ${version('autocannon')} (50 connections, ${LOAD_SECONDS} s). Whole run: ${(elapsedMs / 1000).toFixed(0)} s.`,
	)
	lines.push('')
	lines.push(
		'| page | perf | a11y | best pr. | SEO | LCP | script-free LCP | ratio | CLS | TBT | FCP | bytes | before video | JS | requests | LCP element |',
	)
	lines.push('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|')
	for (const r of results) {
		const ratio = r.noScriptLcp ? r.lcp / r.noScriptLcp : NaN
		lines.push(
			`| ${r.name} | ${fixed(r.performance, 0)} | ${score(r.accessibility)} | ${score(r.bestPractices)} | ${score(r.seo)} | ${fmtMs(r.lcp)} | ${fmtMs(r.noScriptLcp ?? NaN)} | ${fixed(ratio, 2)} | ${fixed(r.cls, 3)} | ${Number.isFinite(r.tbt) ? `${Math.round(r.tbt)} ms` : NOT_MEASURED} | ${fmtMs(r.fcp)} | ${kb(r.totalBytes)} | ${kb(r.firstLoadBytes)} | ${kb(r.jsBytes)} | ${r.requests} | \`${r.lcpElement.replace(/\|/g, '\\|').replace(/`/g, "'")}\` |`,
		)
	}
	lines.push('')
	lines.push(...loadTable(loads))
	lines.push('')
	lines.push('| admin saves during the last load | saves made | saves failed | every acknowledged save in the database |')
	lines.push('|---|---|---|---|')
	lines.push(
		`| products created (half with a photo) and edited through the form | ${saves.made} | ${saves.failed} | ${saves.lost.length === 0 ? 'yes' : `no: ${saves.lost.length} lost`} |`,
	)
	lines.push('')
	lines.push('| writes one machine holds | per second | p50 | p99 |')
	lines.push('|---|---|---|---|')
	lines.push(
		`| orders recorded through the model, one transaction each (WAL, synchronous = FULL), ${writes.seconds.toFixed(0)} s beside the running server | ${writes.perSecond} | ${writes.p50Ms.toFixed(1)} ms | ${writes.p99Ms.toFixed(1)} ms |`,
	)
	lines.push('')
	lines.push('| caching and compression | address | answer | met |')
	lines.push('|---|---|---|---|')
	for (const c of caching) lines.push(`| ${c.resource} | \`${c.url}\` | ${c.detail} | ${mark(c.ok)} |`)
	lines.push('')
	const product = loads.find((l) => l.name === 'product')
	const mixed = loads.find((l) => l.name === MIXED_LOAD)
	const checks: Array<[string, boolean]> = [
		[`performance ≥ ${TARGETS.performance} on every page`, results.every((r) => r.performance >= TARGETS.performance)],
		[
			'accessibility, best practices, SEO = 100 on every page',
			results.every((r) => r.accessibility === 100 && r.bestPractices === 100 && r.seo === 100),
		],
		[`LCP ≤ ${TARGETS.lcpMs / 1000} s on every page`, results.every((r) => r.lcp <= TARGETS.lcpMs)],
		[`CLS ≤ ${TARGETS.cls} on every page`, results.every((r) => r.cls <= TARGETS.cls)],
		[`TBT ≤ ${TARGETS.tbtMs} ms on every page`, results.every((r) => r.tbt <= TARGETS.tbtMs)],
		[`LCP ratio to the script-free copy ≤ ${TARGETS.lcpRatio}`, results.every((r) => r.lcp / (r.noScriptLcp ?? r.lcp) <= TARGETS.lcpRatio)],
		[`JavaScript ≤ ${kb(TARGETS.jsBytes)} compressed on every page`, results.every((r) => r.jsBytes <= TARGETS.jsBytes)],
		[
			`home ≤ ${kb(TARGETS.homeBytes)} before the hero video starts, product ≤ ${kb(TARGETS.productBytes)} transferred`,
			['home', 'home (Telugu)'].every((name) => (results.find((r) => r.name === name)?.firstLoadBytes ?? Infinity) <= TARGETS.homeBytes) &&
				['product', 'product (Telugu)'].every(
					(name) => (results.find((r) => r.name === name)?.totalBytes ?? Infinity) <= TARGETS.productBytes,
				),
		],
		['videos start loading only after the largest paint', results.every((r) => r.videoAfterPaint !== false)],
		['no request to another host', results.every((r) => r.foreignHosts.length === 0)],
		['zero errors and non-2xx under load', loads.every((l) => l.errors === 0 && l.non2xx === 0)],
		[
			`product page ≥ ${TARGETS.productRps} req/s with p99 ≤ ${TARGETS.productP99Ms} ms`,
			!!product && product.rps >= TARGETS.productRps && product.p99 <= TARGETS.productP99Ms,
		],
		[
			'50 connections on public pages while the admin saves products: zero errors, no write lost',
			!!mixed && mixed.errors === 0 && mixed.non2xx === 0 && saves.made > 0 && saves.failed === 0 && saves.lost.length === 0,
		],
		['hashed assets and /media immutable, text compressed, /media answers 304 on revalidation', caching.every((c) => c.ok)],
	]
	lines.push('| target | met |')
	lines.push('|---|---|')
	for (const [label, ok] of checks) lines.push(`| ${label} | ${mark(ok)} |`)
	// A target that depends on a figure Lighthouse could not compute is not met, and says why.
	const unmeasured = results.flatMap((r) =>
		(
			[
				['performance', r.performance],
				['LCP', r.lcp],
				['script-free LCP', r.noScriptLcp ?? NaN],
				['CLS', r.cls],
				['TBT', r.tbt],
			] as const
		)
			.filter(([, value]) => !Number.isFinite(value))
			.map(([metric]) => `${r.name} ${metric}`),
	)
	if (unmeasured.length) lines.push('', `Not measured (counted as not met): ${unmeasured.join(', ')}.`)
	return lines.join('\n')
}

/** Replaces the measured block `name` of docs/performance.md, keeping the notes written around it. */
function writeReport(report: string, name = 'bench') {
	const [start, end] = [`<!-- ${name}:start -->`, `<!-- ${name}:end -->`]
	const file = path.join(ROOT, 'docs', 'performance.md')
	const block = `${start}\n${report}\n${end}`
	const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Performance\n\n## Large catalogue\n'
	const next = current.includes(start)
		? current.slice(0, current.indexOf(start)) + block + current.slice(current.indexOf(end) + end.length)
		: current.replace('## Large catalogue', `${block}\n\n## Large catalogue`)
	fs.writeFileSync(file, next)
	log(`wrote ${name} into docs/performance.md`)
}

/** The first line of every table: when, on what, how many runs. */
function measuredOn(what: string) {
	return `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}${QUICK ? ' (quick)' : ''}: ${what}.`
}

function render3g(rows: PageResult[]) {
	const lines = [
		measuredOn(
			`Lighthouse ${RUNS === 1 ? 'once' : `median of ${RUNS}`} per page and ${NO_SCRIPT_RUNS === 1 ? 'once' : NO_SCRIPT_RUNS} per script-free copy, mobile, simulated regular 3G (300 ms round trip, 700 Kbps, 4× CPU)`,
		),
		'',
		'| page | perf | LCP | script-free LCP | ratio | CLS | TBT | FCP | bytes | JS | LCP element | met |',
		'|---|---|---|---|---|---|---|---|---|---|---|---|',
	]
	for (const r of rows) {
		const ratio = r.lcp / (r.noScriptLcp ?? NaN)
		const met = r.lcp <= TARGETS.lcp3gMs && r.cls <= TARGETS.cls && ratio <= TARGETS.lcpRatio
		lines.push(
			`| ${r.name} | ${fixed(r.performance, 0)} | ${fmtMs(r.lcp)} | ${fmtMs(r.noScriptLcp ?? NaN)} | ${fixed(ratio, 2)} | ${fixed(r.cls, 3)} | ${fixed(r.tbt, 0)} ms | ${fmtMs(r.fcp)} | ${kb(r.totalBytes)} | ${kb(r.jsBytes)} | \`${r.lcpElement.replace(/\|/g, '\\|').replace(/`/g, "'")}\` | ${mark(met)} |`,
		)
	}
	lines.push('', `Targets: LCP ≤ ${TARGETS.lcp3gMs / 1000} s, CLS ≤ ${TARGETS.cls}, LCP ≤ ${TARGETS.lcpRatio} × the script-free copy's.`)
	return lines.join('\n')
}

type FreshRow = Audit & { name: string }

function renderFresh(rows: FreshRow[]) {
	const lines = [
		measuredOn(
			`Lighthouse ${FRESH_RUNS === 1 ? 'once' : `median of ${FRESH_RUNS}`} per page, each run in a new Chrome with a new profile (as its CLI runs), mobile, simulated slow 4G`,
		),
		'',
		'| page | perf | TBT | LCP | FCP | CLS | JS | met (TBT) |',
		'|---|---|---|---|---|---|---|---|',
		...rows.map(
			(r) =>
				`| ${r.name} | ${fixed(r.performance, 0)} | ${fixed(r.tbt, 0)} ms | ${fmtMs(r.lcp)} | ${fmtMs(r.fcp)} | ${fixed(r.cls, 3)} | ${kb(r.jsBytes)} | ${mark(r.tbt <= TARGETS.tbtMs)} |`,
		),
		'',
		`Target: TBT ≤ ${TARGETS.tbtMs} ms as a first-time visitor's browser sees it.`,
	]
	return lines.join('\n')
}

function renderInteractions(rows: InteractionResult[]) {
	const lines = [
		measuredOn(
			`Interaction to Next Paint, median of ${INP_RUNS} taps each in a fresh page after hydration, 412 px DPR 1.75 touch screen, CPU slowed 4× (CDP), Event Timing entries of 16 ms and more`,
		),
		'',
		'| interaction | page | INP | every run | met |',
		'|---|---|---|---|---|',
		...rows.map((r) => {
			const inp = median(r.inpMs)
			return `| ${r.name} | \`${r.path}\` | ${inp ? `${Math.round(inp)} ms` : 'under 16 ms'} | ${r.inpMs.map((ms) => Math.round(ms)).join(', ')} | ${mark(inp <= TARGETS.inpMs)} |`
		}),
		'',
		`Target: ≤ ${TARGETS.inpMs} ms each (the "good" line is 200 ms).`,
	]
	return lines.join('\n')
}

const mib = (value: number) => `${value.toFixed(0)} MiB`

function renderMemory(m: MemoryFigures) {
	return [
		measuredOn(
			`the server's resident memory (VmRSS) as \`npm start\` runs it, on the demo data; 50 connections with a browser's headers (Accept-Encoding: br, gzip) for ${LOAD_SECONDS} s on a product page, then ${LOAD_SECONDS} s on searches of many different query strings`,
		),
		'',
		'| at rest (each public page served once) | after the product page | after the searches | requests | failed | met (≤ 250 MiB at the end of load) |',
		'|---|---|---|---|---|---|',
		`| ${mib(m.rest)} | ${mib(m.afterProduct)} | ${mib(m.afterSearch)} | ${m.requests} | ${m.errors} | ${mark(Math.max(m.afterProduct, m.afterSearch) <= TARGETS.loadRssMib && m.errors === 0)} |`,
	].join('\n')
}

function renderSoak(soaked: SoakFigures) {
	const at = (seconds: number) => soaked.samples[Math.max(0, Math.round(seconds / SOAK_SAMPLE_SECONDS) - 1)] ?? NaN
	const half = Math.floor(soaked.samples.length / 2)
	const firstHalf = Math.max(...soaked.samples.slice(0, half))
	const secondHalf = Math.max(...soaked.samples.slice(half))
	return [
		measuredOn(
			`${soaked.seconds} s of mixed public traffic (50 connections, a browser's headers: pages in three languages, product pages across the catalogue, searches, filtered and sorted lists, deep pages) on ${soaked.products.toLocaleString('en')} sarees; resident memory every ${SOAK_SAMPLE_SECONDS} s`,
		),
		'',
		'| at rest | after 1 min | highest, first half | highest, second half | at the end | requests | failed | no growth in the second half |',
		'|---|---|---|---|---|---|---|---|',
		`| ${mib(soaked.rest)} | ${mib(at(60))} | ${mib(firstHalf)} | ${mib(secondHalf)} | ${mib(soaked.samples.at(-1) ?? NaN)} | ${soaked.requests} | ${soaked.errors} | ${mark(secondHalf <= firstHalf * 1.05 && soaked.errors === 0)} |`,
	].join('\n')
}

main().catch((error) => {
	console.error(`[bench] failed: ${error instanceof Error ? error.message : String(error)}`)
	process.exit(1)
})
