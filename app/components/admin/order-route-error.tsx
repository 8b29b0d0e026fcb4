import { AdminRouteError } from './admin-page'

/** The error view of the single-order screens (view, edit, delete): a missing order, or a failure to load it. */
export function OrderRouteError({ title }: { title: string }) {
	return (
		<AdminRouteError
			title={title}
			width="form"
			notFoundText="admin.orderNotFound"
			failedText="admin.orderLoadFailed"
			link={{ to: '/admin/orders', label: 'admin.backToOrders' }}
		/>
	)
}
