import type { Kysely } from 'kysely'

import { type DB, getDb } from '~/db.server'

// WhatsApp order clicks, one row per product per UTC day.
//
// A click counts at most once per visitor per product per day, the visitor being the client address
// (an IPv6 client by its /64): a loop of requests, with or without cookies, adds one. Counts wait in
// memory and are written in one transaction every few seconds and when the server stops, so a burst
// of clicks costs no disk sync each. What is lost to a crash is at most those few seconds of clicks.

/** The UTC day of `now` as YYYY-MM-DD. */
export function enquiryDay(now: Date = new Date()) {
	return now.toISOString().slice(0, 10)
}

export type EnquiryCount = { productId: number; day: string; count: number }

/** Adds counts in one transaction; a product deleted meanwhile is skipped. */
export async function addProductEnquiries(counts: EnquiryCount[], db: Kysely<DB> = getDb()) {
	if (!counts.length) return
	await db.transaction().execute(async (trx) => {
		for (const { productId, day, count } of counts) {
			await trx
				.insertInto('product_enquiries')
				.columns(['product_id', 'day', 'count'])
				.expression((eb) =>
					eb
						.selectFrom('products')
						.select((s) => [s.ref('id').as('product_id'), s.val(day).as('day'), s.val(count).as('count')])
						.where('id', '=', productId),
				)
				.onConflict((oc) =>
					oc.columns(['product_id', 'day']).doUpdateSet((eb) => ({ count: eb('product_enquiries.count', '+', eb.ref('excluded.count')) })),
				)
				.execute()
		}
	})
}

/** Enquiries for one product, over all days or since a day (inclusive). */
export async function countProductEnquiries(productId: number, options: { sinceDay?: string } = {}, db: Kysely<DB> = getDb()) {
	let query = db
		.selectFrom('product_enquiries')
		.select((eb) => eb.fn.coalesce(eb.fn.sum<number>('count'), eb.lit(0)).as('total'))
		.where('product_id', '=', productId)
	if (options.sinceDay) query = query.where('day', '>=', options.sinceDay)
	const row = await query.executeTakeFirstOrThrow()
	return Number(row.total)
}

export type EnquiryCounterOptions = {
	/** How often waiting counts are written. */
	flushMs?: number
	/** Visitors remembered per day; past this, further clicks that day are not counted (memory stays bounded). */
	maxVisitorsPerDay?: number
	write?: (counts: EnquiryCount[]) => Promise<void>
	now?: () => Date
}

export function createEnquiryCounter(options: EnquiryCounterOptions = {}) {
	const flushMs = options.flushMs ?? 5_000
	const maxVisitors = options.maxVisitorsPerDay ?? 100_000
	const write = options.write ?? ((counts) => addProductEnquiries(counts))
	const now = options.now ?? (() => new Date())
	let day = ''
	let seen = new Set<string>()
	let full = false
	let waiting = new Map<string, EnquiryCount>()
	let timer: NodeJS.Timeout | undefined
	let flushing: Promise<void> = Promise.resolve()

	/** Counts a click unless this visitor already asked about this product today; true when counted. */
	function count(productId: number, visitor: string) {
		const today = enquiryDay(now())
		if (today !== day) {
			day = today
			seen = new Set()
			full = false
		}
		const key = `${productId} ${visitor}`
		if (seen.has(key)) return false
		if (seen.size >= maxVisitors) {
			if (!full) console.warn(`Enquiry counting paused until tomorrow: ${maxVisitors} visitors counted today`)
			full = true
			return false
		}
		seen.add(key)
		const slot = `${productId} ${today}`
		const entry = waiting.get(slot) ?? { productId, day: today, count: 0 }
		entry.count++
		waiting.set(slot, entry)
		timer ??= setInterval(() => void flush(), flushMs).unref()
		return true
	}

	/** Writes what is waiting; on failure the counts wait for the next flush. */
	function flush() {
		flushing = flushing.then(async () => {
			if (!waiting.size) return
			const batch = waiting
			waiting = new Map()
			try {
				await write([...batch.values()])
			} catch (error) {
				console.error('Writing enquiry counts failed; retrying on the next flush:', error instanceof Error ? error.message : error)
				for (const [slot, entry] of batch) {
					const later = waiting.get(slot)
					waiting.set(slot, later ? { ...entry, count: entry.count + later.count } : entry)
				}
			}
		})
		return flushing
	}

	/** Writes what is waiting and stops the timer (the server calls this when it stops). */
	async function stop() {
		if (timer) clearInterval(timer)
		timer = undefined
		await flush()
	}

	return { count, flush, stop }
}

const counter = createEnquiryCounter()

/** Counts an "Order on WhatsApp" click (see the top of this file). */
export const countProductEnquiry = counter.count
/** Writes waiting counts now and stops the periodic writes; called when the server stops. */
export const flushProductEnquiries = counter.stop
