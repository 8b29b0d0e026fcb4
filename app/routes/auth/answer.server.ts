import { data } from 'react-router'

import type { AuthAnswer } from './auth-shell'

/** A mode's answer that stays on /auth: its form's errors, with a status that says why. */
export function answer(payload: AuthAnswer, status: number, headers?: HeadersInit) {
	return data(payload, { status, headers })
}
