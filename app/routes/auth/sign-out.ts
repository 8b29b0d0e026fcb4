import { redirect } from 'react-router'

import { AUTH_MESSAGES } from '~/schemas/auth'
import { endSession } from '~/services/session.server'
import { endEventStreamsOfEndedSessions } from '~/utils/event-stream.server'
import { flashHeader } from '~/utils/flash.server'
import { requestFacts } from '~/utils/request-context.server'
import { logSecurityEvent } from '~/utils/security-log.server'

import type { Route } from './+types/sign-out'

// Signing out is a POST (the sidebar's "Sign Out" form): a link or an image on another site cannot do it.
export async function loader() {
	return redirect('/admin', { headers: { 'Cache-Control': 'no-store' } })
}

/** Deletes this session's row (its live-dashboard streams end with it), clears the cookie, and lands on the sign-in page. */
export async function action({ request, context }: Route.ActionArgs) {
	const headers = new Headers({ 'Cache-Control': 'no-store' })
	const facts = requestFacts(context)
	const ended = await endSession(facts)
	headers.append('Set-Cookie', ended.cookie)
	headers.append('Set-Cookie', await flashHeader(request, { type: 'success', message: AUTH_MESSAGES.signedOut }))
	if (ended.hadSession) {
		endEventStreamsOfEndedSessions()
		logSecurityEvent({ event: 'sign-out', outcome: 'success', clientAddress: facts.clientAddress })
	}
	return redirect('/auth', { headers })
}
