import { describe, expect, test } from 'vitest'

import { readSidebarState, sidebarCookie } from './sidebar-state'

describe('sidebar state cookie', () => {
	test('reads the state, defaulting to expanded', () => {
		expect(readSidebarState(null)).toBe('expanded')
		expect(readSidebarState('a=1; sidebar_state=collapsed; b=2')).toBe('collapsed')
		expect(readSidebarState('sidebar_state=expanded')).toBe('expanded')
		expect(readSidebarState('sidebar_state=junk')).toBe('expanded')
		expect(readSidebarState('xsidebar_state=collapsed')).toBe('expanded')
	})

	test('is kept for 7 days', () => {
		expect(sidebarCookie('collapsed')).toBe('sidebar_state=collapsed; Path=/admin; Max-Age=604800; SameSite=Lax')
	})

	test('on https it is a __Host- cookie, and only that name is read there', () => {
		expect(sidebarCookie('collapsed', true)).toBe('__Host-sidebar_state=collapsed; Path=/; Max-Age=604800; SameSite=Lax; Secure')
		expect(readSidebarState('__Host-sidebar_state=collapsed', true)).toBe('collapsed')
		expect(readSidebarState('sidebar_state=collapsed', true)).toBe('expanded')
	})
})
