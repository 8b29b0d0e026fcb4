import type { Kysely } from 'kysely'

import { type DB, getDb, nowIso } from '~/db.server'
import { DEFAULT_MESSAGES, type MessageStatus } from '~/utils/order-messages'

// Settings → Orders and payments (one row, private to the admin): the UPI ID and the follow-up texts.

export type OrderSettings = {
	/** Empty when the seller has not given one: no payment link or QR code is shown. */
	upiId: string
	/** The text for each status: hers when she edited it, else the default. */
	messages: Record<MessageStatus, string>
}

export async function getOrderSettings(db: Kysely<DB> = getDb()): Promise<OrderSettings> {
	const row = await db
		.selectFrom('order_settings')
		.select(['upi_id', 'confirmed_message', 'shipped_message', 'delivered_message', 'cancelled_message'])
		.where('id', '=', 1)
		.executeTakeFirstOrThrow()
	return {
		upiId: row.upi_id,
		messages: {
			confirmed: row.confirmed_message ?? DEFAULT_MESSAGES.confirmed,
			shipped: row.shipped_message ?? DEFAULT_MESSAGES.shipped,
			delivered: row.delivered_message ?? DEFAULT_MESSAGES.delivered,
			cancelled: row.cancelled_message ?? DEFAULT_MESSAGES.cancelled,
		},
	}
}

/** A text left empty or equal to the default is stored as NULL, so it follows future defaults. */
export async function updateOrderSettings(
	input: { upiId: string; messages: Record<MessageStatus, string | undefined> },
	db: Kysely<DB> = getDb(),
) {
	const own = (status: MessageStatus) => {
		const text = input.messages[status]?.replace(/\r\n?/g, '\n').trim()
		return text && text !== DEFAULT_MESSAGES[status] ? text : null
	}
	await db
		.updateTable('order_settings')
		.set({
			upi_id: input.upiId,
			confirmed_message: own('confirmed'),
			shipped_message: own('shipped'),
			delivered_message: own('delivered'),
			cancelled_message: own('cancelled'),
			updated_at: nowIso(),
		})
		.where('id', '=', 1)
		.execute()
}
