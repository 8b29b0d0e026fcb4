import { LIMITS } from '~/constants'

// The admin sidebar's desktop state (full or icons only) lives in a plain cookie, written by the
// browser when toggled with JS, or by the layout loader (?sidebar=...) without JS, and read by the
// layout loader so the first render on the server is already right. On an https origin it is a
// `__Host-` cookie like every other of ours (see utils/cookies.server.ts), which needs Path=/.

const SIDEBAR_COOKIE = 'sidebar_state'
export type SidebarState = 'expanded' | 'collapsed'
const SIDEBAR_MAX_AGE = LIMITS.sidebarCookieDays * 24 * 3600

export function readSidebarState(cookieHeader: string | null, secure = false): SidebarState {
	const pattern = secure ? /(?:^|;\s*)__Host-sidebar_state=([^;]*)/ : /(?:^|;\s*)sidebar_state=([^;]*)/
	return pattern.exec(cookieHeader ?? '')?.[1] === 'collapsed' ? 'collapsed' : 'expanded'
}

/** `secure`: the shop runs on https (the server: APP_ORIGIN; the browser: the page's own protocol). */
export function sidebarCookie(state: SidebarState, secure = false) {
	if (secure) return `__Host-${SIDEBAR_COOKIE}=${state}; Path=/; Max-Age=${SIDEBAR_MAX_AGE}; SameSite=Lax; Secure`
	return `${SIDEBAR_COOKIE}=${state}; Path=/admin; Max-Age=${SIDEBAR_MAX_AGE}; SameSite=Lax`
}

export function isSidebarState(value: unknown): value is SidebarState {
	return value === 'expanded' || value === 'collapsed'
}
