import type { ReactNode } from 'react'
import { type ErrorResponse, isRouteErrorResponse, useParams, useRouteError } from 'react-router'

// The one error boundary of the app (the Epic Stack's pattern): each area (shop, admin) renders it with
// a handler per HTTP status it expects (404 for a missing record) and one for everything else. Neither
// ever shows an error's message or stack: a thrown Error is a bug or an outage, and its details stay in
// the server log.

export type StatusHandler = (info: { error: ErrorResponse; params: Record<string, string | undefined> }) => ReactNode

export function GeneralErrorBoundary({
	statusHandlers,
	defaultStatusHandler,
	unexpectedErrorHandler,
}: {
	statusHandlers?: Record<number, StatusHandler>
	/** Any other status; `unexpectedErrorHandler` when not given. */
	defaultStatusHandler?: StatusHandler
	/** A thrown Error (or anything else that is not a response). */
	unexpectedErrorHandler: (error: unknown) => ReactNode
}) {
	const error = useRouteError()
	const params = useParams()
	if (isRouteErrorResponse(error)) {
		const handler = statusHandlers?.[error.status] ?? defaultStatusHandler
		return handler ? handler({ error, params }) : unexpectedErrorHandler(error)
	}
	return unexpectedErrorHandler(error)
}
