// The server's resident memory (RSS, what a VPS plan counts): at rest, at the end of 50 connections of
// browser-like traffic, and over a soak of mixed public traffic on the 10 000-saree catalogue, whose
// search and filter addresses fill the page cache's pool of query strings.
import fs from 'node:fs'

import autocannon from 'autocannon'

import { openDatabase } from '../app/db.server'
import { startShop } from '../tests/helpers/shop'
import { catalogueFiller } from './bench-catalogue-seed'

/** The server's resident memory now (Linux), in MiB. */
export function residentMib(pid: number) {
	const line = fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m)
	return line ? Number(line[1]) / 1024 : Number.NaN
}

/** What every browser sends: the server compresses (or picks a stored compressed copy) as it would for a visitor. */
const BROWSER_HEADERS = {
	'accept-encoding': 'br, gzip',
	accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
	'user-agent':
		'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36',
}

const SEARCH_WORDS = ['red', 'kanchi', 'ikkat', 'blue', 'peacock', 'gold', 'zari', 'wedding', 'mango', 'rani', 'pink', 'maroon', 'ivory']
const CATEGORY_FILTERS = ['Pochampally+Ikkat', 'Kanchipattu+Pochampally+Ikkat', 'Dharmavaram+Pochampally+Ikkat']
const SORTS = ['newest', 'price-asc', 'price-desc']

/** A public address among the shop's pages, searches and filtered lists; `n` picks it (many distinct query strings). */
function mixedPath(n: number, products: number) {
	const pick = <T>(list: T[], k: number) => list[k % list.length]!
	const product = 1 + ((n * 7_919) % products)
	switch (n % 8) {
		case 0:
			return pick(['/', '/te', '/hi', '/about', '/blogs', '/collections'], n >> 3)
		case 1:
		case 2:
			return `${pick(['', '/te', '/hi'], n >> 3)}/product/${product}`
		case 3:
		case 4:
			return `/collections?q=${pick(SEARCH_WORDS, n >> 3)}+${pick(SEARCH_WORDS, n >> 5)}`
		case 5:
			return `/collections?category=${pick(CATEGORY_FILTERS, n >> 3)}&min=${10_000 + ((n >> 3) % 40) * 1_000}&sort=${pick(SORTS, n >> 4)}`
		case 6:
			return `/collections?page=${1 + ((n >> 3) % 400)}`
		default:
			return `/hi/collections?q=${pick(SEARCH_WORDS, n >> 3)}&page=${1 + ((n >> 4) % 5)}`
	}
}

/** The n-th of many different searches. */
const searchPath = (n: number) =>
	`/collections?q=${SEARCH_WORDS[n % SEARCH_WORDS.length]}+${SEARCH_WORDS[(n >> 4) % SEARCH_WORDS.length]}&page=${1 + (n % 3)}`

/** 50 connections with a browser's headers for `seconds`, on one address or on `paths(n)` for the n-th request. */
async function browserLoad(origin: string, seconds: number, paths: string | ((n: number) => string)) {
	let n = 0
	const result = await autocannon({
		url: origin,
		connections: 50,
		duration: seconds,
		headers: BROWSER_HEADERS,
		requests: [{ setupRequest: (request) => ({ ...request, path: typeof paths === 'string' ? paths : paths(n++) }) }],
	})
	// Drafts among the 10 000 answer 404 like any unknown address: only failed connections count here.
	return { requests: result.requests.total, errors: result.errors + result.timeouts }
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export type MemoryFigures = { rest: number; afterProduct: number; afterSearch: number; requests: number; errors: number }

/**
 * The demo server's memory at rest (every public page visited once, then idle), after 50 connections on a
 * product page and after as long again on searches and filters of many different query strings.
 */
export async function measureMemory(origin: string, pid: number, productPath: string, seconds: number): Promise<MemoryFigures> {
	for (const address of ['/', '/collections', productPath, '/blogs', '/about', '/te', `/te${productPath}`, '/hi', `/hi${productPath}`])
		await (await fetch(origin + address, { headers: BROWSER_HEADERS })).arrayBuffer()
	await settle(5_000)
	const rest = residentMib(pid)
	const product = await browserLoad(origin, seconds, productPath)
	const afterProduct = residentMib(pid)
	const search = await browserLoad(origin, seconds, searchPath)
	const afterSearch = residentMib(pid)
	return { rest, afterProduct, afterSearch, requests: product.requests + search.requests, errors: product.errors + search.errors }
}

export type SoakFigures = {
	seconds: number
	products: number
	rest: number
	/** RSS every `SAMPLE_SECONDS`, from the start of the traffic. */
	samples: number[]
	requests: number
	errors: number
}

const SAMPLE_SECONDS = 10

/** A soak of mixed public traffic on a fresh shop of 10 000 sarees (the production build in `buildDir`). */
export async function soak(buildDir: string, seconds: number, log: (message: string) => void): Promise<SoakFigures> {
	const shop = await startShop({ env: { BUILD_DIR: buildDir }, startTimeoutMs: 120_000 })
	try {
		const { sqlite } = openDatabase(shop.dbPath)
		const { growTo, made } = await catalogueFiller(shop, sqlite)
		growTo(10_000)
		sqlite.prepare('ANALYZE').run()
		sqlite.close()
		const pid = shop.process.pid!
		for (const address of ['/', '/collections', '/product/1', '/te', '/hi']) await (await fetch(shop.url + address)).arrayBuffer()
		await settle(5_000)
		const rest = residentMib(pid)
		log(`soak: ${made()} sarees, ${rest.toFixed(0)} MiB at rest; ${seconds} s of mixed traffic`)
		const samples: number[] = []
		const sampler = setInterval(() => {
			samples.push(residentMib(pid))
			log(`soak: ${samples.length * SAMPLE_SECONDS} s, ${samples.at(-1)!.toFixed(0)} MiB`)
		}, SAMPLE_SECONDS * 1000)
		try {
			const traffic = await browserLoad(shop.url, seconds, (n) => mixedPath(n, made()))
			return { seconds, products: made(), rest, samples, ...traffic }
		} finally {
			clearInterval(sampler)
		}
	} finally {
		await shop.stop()
		fs.rmSync(shop.dir, { recursive: true, force: true })
	}
}

export const SOAK_SAMPLE_SECONDS = SAMPLE_SECONDS
