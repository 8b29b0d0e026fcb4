import { AdminRouteError } from './admin-page'

/** The error view of the single-order screens (view, edit, delete): a missing order, or a failure to load it. */
export function OrderRouteError({ title }: { title: string }) {
	return (
		<AdminRouteError
			title={title}
			width="form"
			notFoundText="This order does not exist. It may have been deleted."
			failedText="The order could not be loaded. Please try again."
			link={{ to: '/admin/orders', label: 'Back to orders' }}
		/>
	)
}
