import { redirect } from 'react-router'
import type { Route } from './+types/sign-out'
import { flashHeader } from '~/utils/flash.server'
import { endSession } from '~/utils/session.server'

export async function loader() {
	return redirect('/admin')
}

export async function action({ request }: Route.ActionArgs) {
	const headers = new Headers()
	headers.append('Set-Cookie', await endSession(request))
	headers.append('Set-Cookie', await flashHeader(request, { type: 'success', message: 'Signed out.' }))
	return redirect('/auth', { headers })
}
