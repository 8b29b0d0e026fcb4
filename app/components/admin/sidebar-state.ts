import { LIMITS } from '../../constants'

// The admin sidebar's desktop state (full or icons only) lives in a plain cookie, written by the
// browser when toggled with JS, or by the layout loader (?sidebar=...) without JS, and read by the
// layout loader so the first render on the server is already right.

export const SIDEBAR_COOKIE = 'sidebar_state'
export const SIDEBAR_STATES = ['expanded', 'collapsed'] as const
export type SidebarState = (typeof SIDEBAR_STATES)[number]
export const SIDEBAR_MAX_AGE = LIMITS.sidebarCookieDays * 24 * 3600

export function readSidebarState(cookieHeader: string | null): SidebarState {
	const match = /(?:^|;\s*)sidebar_state=([^;]*)/.exec(cookieHeader ?? '')
	return match?.[1] === 'collapsed' ? 'collapsed' : 'expanded'
}

export function sidebarCookie(state: SidebarState) {
	return `${SIDEBAR_COOKIE}=${state}; Path=/admin; Max-Age=${SIDEBAR_MAX_AGE}; SameSite=Lax`
}

export function isSidebarState(value: unknown): value is SidebarState {
	return value === 'expanded' || value === 'collapsed'
}
