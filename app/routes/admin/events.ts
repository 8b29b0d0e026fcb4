import { isSessionLive, sha256 } from '~/models/sessions.server'
import { requireAdmin } from '~/services/session.server'
import { eventStreamResponse } from '~/utils/event-stream.server'
import { requestFacts } from '~/utils/request-context.server'

import type { Route } from './+types/events'

// Server-sent events for the live dashboard: one `change` event per committed write to products,
// blogs, orders or settings, and a comment every 25 s so proxies and phones keep the connection open.
// A resource route (no component): the browser's EventSource reconnects by itself when it drops.
// The stream ends with its session (sign-out, password change, reset, expiry); see event-stream.server.ts.

export async function loader({ request, context }: Route.LoaderArgs) {
	try {
		await requireAdmin({ request, context })
	} catch (error) {
		// An EventSource cannot follow the sign-in redirect: it gets a plain 401 instead.
		if (error instanceof Response) return unauthorized()
		throw error
	}
	// Only an EventSource (which always asks for text/event-stream) gets the endless stream; anything
	// else — a `.data` request, a tab opened on the URL — would hold a connection and a listener forever.
	if (!request.headers.get('accept')?.includes('text/event-stream') || new URL(request.url).pathname.endsWith('.data')) {
		return new Response("This address is the dashboard's live event stream.", {
			status: 406,
			headers: { 'Cache-Control': 'no-store', 'Content-Type': 'text/plain' },
		})
	}
	const sessionId = await requestFacts(context).sessionId()
	if (!sessionId) return unauthorized()
	const sessionKey = sha256(sessionId)
	return eventStreamResponse(request.signal, { sessionKey, isSessionLive: () => isSessionLive(sessionKey) })
}

function unauthorized() {
	return new Response('Unauthorized', { status: 401, headers: { 'Cache-Control': 'no-store', 'Content-Type': 'text/plain' } })
}
