import type { Kysely } from 'kysely'
import { getDb, type DB } from '../db.server'

// WhatsApp order clicks, one row per product per UTC day: an upsert keeps each click a single write.

/** The UTC day of `now` as YYYY-MM-DD. */
export function enquiryDay(now: Date = new Date()) {
	return now.toISOString().slice(0, 10)
}

/** Counts one enquiry for a product today. */
export async function recordProductEnquiry(productId: number, now: Date = new Date(), db: Kysely<DB> = getDb()) {
	await db
		.insertInto('product_enquiries')
		.values({ product_id: productId, day: enquiryDay(now), count: 1 })
		.onConflict((oc) => oc.columns(['product_id', 'day']).doUpdateSet((eb) => ({ count: eb('product_enquiries.count', '+', 1) })))
		.execute()
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
