import type { OrderStatus } from '~/constants'

import { formatPaise } from './money'
import { linePaise } from './order-lines'

// The WhatsApp follow-up message for each order status. The seller edits the texts in Settings →
// Order messages; a text she never edited (or emptied) is the default below.

const MESSAGE_STATUSES = ['confirmed', 'shipped', 'delivered', 'cancelled'] as const satisfies readonly OrderStatus[]
export type MessageStatus = (typeof MESSAGE_STATUSES)[number]

export function isMessageStatus(status: OrderStatus): status is MessageStatus {
	return (MESSAGE_STATUSES as readonly string[]).includes(status)
}

export const MESSAGE_MAX_LENGTH = 1000

export const PLACEHOLDERS = {
	name: "the customer's name",
	order_number: 'the order number',
	items: 'one line per item: name, code, quantity and price',
	total: 'the total, like ₹12,500',
	payment_link: 'the UPI payment link for the total (needs your UPI ID)',
	courier: 'the courier',
	tracking_number: 'the tracking number',
	shop_name: "your shop's name",
	order_link: "the customer's own page of this order: its status, payment and parcel",
} as const
export type Placeholder = keyof typeof PLACEHOLDERS

export const DEFAULT_MESSAGES: Record<MessageStatus, string> = {
	confirmed: [
		'Hi {name}, thank you for your order #{order_number} with {shop_name}!',
		'',
		'{items}',
		'Total: {total}',
		'',
		'Please pay by UPI with this link: {payment_link}',
		'We will ship your saree as soon as the payment arrives.',
		'',
		'Your order at any time: {order_link}',
	].join('\n'),
	shipped: [
		'Hi {name}, your order #{order_number} from {shop_name} is on its way!',
		'Courier: {courier}',
		'Tracking number: {tracking_number}',
		'Follow your parcel: {order_link}',
	].join('\n'),
	delivered:
		'Hi {name}, your order #{order_number} has been delivered. Thank you for shopping with {shop_name}! We hope you love your saree, and we would be glad to hear what you think.',
	cancelled:
		'Hi {name}, your order #{order_number} with {shop_name} has been cancelled. If this is a mistake or you have any questions, just reply to this message.',
}

const PLACEHOLDER = /\{(\w+)\}/g

/** Whether `name` is one of ours (own keys only: `{constructor}` or `{toString}` are not placeholders). */
function isPlaceholder(name: string | undefined): name is Placeholder {
	return name !== undefined && Object.hasOwn(PLACEHOLDERS, name)
}

/** The placeholders a text uses that do not exist ("{nmae}"), each once. */
export function unknownPlaceholders(template: string): string[] {
	const unknown = new Set<string>()
	for (const match of template.matchAll(PLACEHOLDER)) if (match[1] && !isPlaceholder(match[1])) unknown.add(match[1])
	return [...unknown]
}

export type MessageValues = Record<Placeholder, string>

/**
 * Fills a template. A line whose placeholders are all empty (no courier yet, no UPI ID) is left out,
 * so the customer never reads "Tracking number: " with nothing after it. Blank lines that would then
 * double up are merged.
 */
export function fillMessage(template: string, values: MessageValues) {
	const lines = template.split('\n').flatMap((line) => {
		const used = [...line.matchAll(PLACEHOLDER)].flatMap((m) => (isPlaceholder(m[1]) ? [m[1]] : []))
		if (used.length && used.every((name) => !values[name].trim())) return []
		return [line.replace(PLACEHOLDER, (whole, name: string) => (isPlaceholder(name) ? values[name] : whole))]
	})
	return lines
		.join('\n')
		.replace(/\n{3,}/g, '\n\n')
		.trim()
}

export type MessageOrder = {
	id: number
	customerName: string
	items: Array<{ code: string; name: string; unitPricePaise: number; quantity: number }>
	totalPaise: number
	courier: string
	trackingNumber: string
}

/** The values of every placeholder for one order; a link the order does not have (yet) is left out with its line. */
export function messageValues(order: MessageOrder, shopName: string, paymentLink: string | null, orderLink: string | null): MessageValues {
	return {
		name: order.customerName,
		order_number: String(order.id),
		items: order.items.map((i) => `• ${i.name} (${i.code}) × ${i.quantity}: ${formatPaise(linePaise(i))}`).join('\n'),
		total: formatPaise(order.totalPaise),
		payment_link: paymentLink ?? '',
		courier: order.courier,
		tracking_number: order.trackingNumber,
		shop_name: shopName,
		order_link: orderLink ?? '',
	}
}
