import { readRequestFacts } from '../../app/services/session.server'
import { type RequestArgs, routerContextOf } from '../../app/utils/request-context.server'

/** A request as a loader or action gets it: with the context the server gives it (a visitor with no session, from `clientAddress`). */
export function asPosted(request: Request, clientAddress = '203.0.113.1'): RequestArgs {
	return { request, context: routerContextOf(readRequestFacts(clientAddress, request.headers.get('Cookie'))) }
}
