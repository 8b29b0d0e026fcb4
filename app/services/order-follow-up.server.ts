import type { OrderDetail } from '~/models/orders.server'
import { customerWhatsappNumber } from '~/schemas/order'
import { getEnv } from '~/utils/env.server'
import { orderLinkPath } from '~/utils/order-link'
import { fillMessage, isMessageStatus, type MessageStatus, messageValues } from '~/utils/order-messages'
import { qrModules } from '~/utils/qr-code.server'
import { orderPaymentNote, upiPayUrl } from '~/utils/upi'
import { whatsappUrl } from '~/utils/whatsapp'

/** The UPI request for an order's exact total, with its QR code; null without a UPI ID or amount. */
export function orderUpiPayment(order: Pick<OrderDetail, 'id' | 'totalPaise'>, shop: { shopName: string; upiId: string }) {
	if (!shop.upiId || order.totalPaise <= 0) return null
	const url = upiPayUrl({ upiId: shop.upiId, payeeName: shop.shopName, amountPaise: order.totalPaise, note: orderPaymentNote(order.id) })
	return { url, qr: qrModules(url) }
}

/** The customer's own order page, as an address she can open from WhatsApp; null for an order without a link. */
export function orderLinkUrl(order: Pick<OrderDetail, 'linkToken'>) {
	return order.linkToken ? `${getEnv().APP_ORIGIN}${orderLinkPath(order.linkToken)}` : null
}

export type FollowUpMessage = { status: MessageStatus; text: string; whatsappUrl: string | null }

/**
 * The WhatsApp follow-up for the order's status (none while pending): the seller's text filled in
 * for this order, and the wa.me link that opens a chat with the customer with it typed in.
 */
export function orderFollowUpMessage(
	order: OrderDetail,
	shop: { shopName: string; messages: Record<MessageStatus, string> },
	paymentLink: string | null,
): FollowUpMessage | null {
	if (!isMessageStatus(order.status)) return null
	// An order already paid is not asked to pay again.
	const text = fillMessage(
		shop.messages[order.status],
		messageValues(order, shop.shopName, order.paidOn ? null : paymentLink, orderLinkUrl(order)),
	)
	return {
		status: order.status,
		text,
		whatsappUrl: order.phone ? whatsappUrl(customerWhatsappNumber(order.phone), text) : null,
	}
}
