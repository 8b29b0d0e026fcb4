import type { Kysely } from 'kysely'

import { type DB, getDb } from '~/db.server'
import { logSecurityEvent } from '~/utils/security-log.server'
import { SHORTLIST_MAX } from '~/utils/shortlist'

// WhatsApp order clicks, one row per product per UTC day.
//
// A click counts at most once per visitor per product per day, the visitor being the client address
// (an IPv6 client by its /64): a loop of requests, with or without cookies, adds one. Each visitor and
// each network (an IPv6 /48, or an IPv4 address) has a budget of sarees counted a day, so one
// subscriber with many /64s and forged shortlist cookies cannot fill the figures, nor the memory that
// remembers who was counted; everyone else goes on being counted. Counts wait in memory and are
// written in one transaction every few seconds and when the server stops, so a burst of clicks costs
// no disk sync each. What is lost to a crash is at most those few seconds of clicks.

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

/** Who clicked: the visitor (an IPv4 address or IPv6 /64) and the network it is in (an IPv6 /48, or the IPv4 address). */
export type EnquiryVisitor = { visitor: string; network: string }

export type EnquiryCounterOptions = {
	/** How often waiting counts are written. */
	flushMs?: number
	/** Sarees one visitor is counted for in a day (default: two full shortlists). */
	perVisitorPerDay?: number
	/** Sarees counted for all the visitors of one network together in a day. */
	perNetworkPerDay?: number
	/**
	 * (saree, visitor) pairs remembered (and as many visitors and networks with their budgets spent);
	 * past this the oldest are forgotten, so memory stays bounded and counting never stops. Only a
	 * flood from more networks than this could make a forgotten visitor count twice.
	 */
	maxRemembered?: number
	write?: (counts: EnquiryCount[]) => Promise<void>
	now?: () => Date
}

export const ENQUIRY_BUDGETS = { perVisitorPerDay: 2 * SHORTLIST_MAX, perNetworkPerDay: 500, maxRemembered: 50_000 }

export function createEnquiryCounter(options: EnquiryCounterOptions = {}) {
	const flushMs = options.flushMs ?? 5_000
	const perVisitor = options.perVisitorPerDay ?? ENQUIRY_BUDGETS.perVisitorPerDay
	const perNetwork = options.perNetworkPerDay ?? ENQUIRY_BUDGETS.perNetworkPerDay
	const maxRemembered = options.maxRemembered ?? ENQUIRY_BUDGETS.maxRemembered
	const write = options.write ?? ((counts) => addProductEnquiries(counts))
	const now = options.now ?? (() => new Date())
	let day = ''
	// Insertion order is age: the first entries are the first forgotten.
	let counted = new Set<string>()
	let spentByVisitor = new Map<string, number>()
	let spentByNetwork = new Map<string, number>()
	let waiting = new Map<string, EnquiryCount>()
	let timer: NodeJS.Timeout | undefined
	let flushing: Promise<void> = Promise.resolve()

	/** Counts a click unless this visitor already asked about this product today or a budget is spent; true when counted. */
	function count(productId: number, { visitor, network }: EnquiryVisitor) {
		const today = enquiryDay(now())
		if (today !== day) {
			day = today
			counted = new Set()
			spentByVisitor = new Map()
			spentByNetwork = new Map()
		}
		const key = `${productId} ${visitor}`
		if (counted.has(key)) return false
		if ((spentByVisitor.get(visitor) ?? 0) >= perVisitor || (spentByNetwork.get(network) ?? 0) >= perNetwork) return false
		remember(counted, key)
		if (spend(spentByVisitor, visitor) === perVisitor) budgetSpent(visitor, 'enquiries-per-visitor')
		if (spend(spentByNetwork, network) === perNetwork) budgetSpent(network, 'enquiries-per-network')
		const slot = `${productId} ${today}`
		const entry = waiting.get(slot) ?? { productId, day: today, count: 0 }
		entry.count++
		waiting.set(slot, entry)
		timer ??= setInterval(() => void flush(), flushMs).unref()
		return true
	}

	function remember(set: Set<string>, key: string) {
		set.add(key)
		if (set.size > maxRemembered) set.delete(set.values().next().value!)
	}

	/** One more for `key`; returns its new total. */
	function spend(map: Map<string, number>, key: string) {
		const spent = (map.get(key) ?? 0) + 1
		map.set(key, spent)
		if (map.size > maxRemembered) map.delete(map.keys().next().value!)
		return spent
	}

	/** Said once, when the budget runs out: further clicks from there today are answered but not counted. */
	function budgetSpent(clientAddress: string, detail: string) {
		logSecurityEvent({ event: 'throttled', outcome: 'refused', clientAddress, detail })
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
