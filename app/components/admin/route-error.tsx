import { isRouteErrorResponse, Link, useRouteError } from 'react-router'
import { buttonClass } from '~/components/ui/button'
import { PageHeader } from './page-header'

/**
 * What an admin screen shows when its loader failed: "{thing} not found" for a 404, the spec's
 * failure text otherwise, and a way back to the list.
 */
export function AdminRouteError({
	title,
	notFoundText,
	failedText,
	backTo,
	backLabel,
	width = 'max-w-4xl',
}: {
	title: string
	notFoundText: string
	failedText: string
	backTo: string
	backLabel: string
	width?: string
}) {
	const error = useRouteError()
	const notFound = isRouteErrorResponse(error) && error.status === 404
	return (
		<div className={`mx-auto ${width}`}>
			<PageHeader title={title} />
			<div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
				<p className="font-medium">{notFound ? notFoundText : failedText}</p>
				<Link to={backTo} className={buttonClass('secondary', 'mt-3')}>
					{backLabel}
				</Link>
			</div>
		</div>
	)
}
