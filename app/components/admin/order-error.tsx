import { isRouteErrorResponse, Link, useRouteError } from 'react-router'

/** Error view of the single-order screens: a missing order, or a failure to load it. */
export function OrderErrorView() {
	const error = useRouteError()
	const missing = isRouteErrorResponse(error) && error.status === 404
	return (
		<main className="mx-auto max-w-3xl px-4 py-6">
			<h1 className="font-serif text-2xl text-maroon-800">{missing ? 'Order not found' : 'Something went wrong'}</h1>
			<p role={missing ? undefined : 'alert'} className="mt-4 text-stone-700">
				{missing ? 'This order does not exist. It may have been deleted.' : 'The order could not be loaded. Please try again.'}
			</p>
			<Link to="/admin/orders" className="mt-4 inline-block text-maroon-800 underline">
				Back to orders
			</Link>
		</main>
	)
}
