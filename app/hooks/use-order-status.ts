import { useFetcher } from 'react-router'

import { ORDER_STATUSES, type OrderStatus } from '~/constants'

export function orderStatusFetcherKey(orderId: number) {
	return `order-status-${orderId}`
}

/** The status while a change is on its way (so the badge follows the select at once). */
export function useOrderStatus(orderId: number, saved: OrderStatus): OrderStatus {
	const fetcher = useFetcher({ key: orderStatusFetcherKey(orderId) })
	const pending = fetcher.formData?.get('status')
	return typeof pending === 'string' && (ORDER_STATUSES as readonly string[]).includes(pending) ? (pending as OrderStatus) : saved
}
