import { describe, expect, it } from 'vitest'

import { captureSecurityLog, logSecurityEvent, securityLogLine } from './security-log.server'

describe('security log', () => {
	it('writes one JSON line with UTC time, event, outcome and client address', () => {
		const line = securityLogLine(
			{ event: 'sign-in', outcome: 'failure', clientAddress: '203.0.113.7', detail: 'wrong-password' },
			new Date('2026-11-23T10:00:00+05:30'),
		)
		expect(line).not.toContain('\n')
		expect(JSON.parse(line)).toEqual({
			time: '2026-11-23T04:30:00.000Z',
			type: 'security',
			event: 'sign-in',
			outcome: 'failure',
			client: '203.0.113.7',
			detail: 'wrong-password',
		})
	})

	it('can be collected by a test', () => {
		const lines: string[] = []
		const restore = captureSecurityLog((line) => lines.push(line))
		logSecurityEvent({ event: 'sign-out', outcome: 'success', clientAddress: '::1' })
		restore()
		expect(lines).toHaveLength(1)
		expect(JSON.parse(lines[0]!)).toMatchObject({ event: 'sign-out', outcome: 'success', client: '::1' })
	})
})
