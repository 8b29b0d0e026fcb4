import { data, type ServerBuild } from 'react-router'
import { describe, expect, test } from 'vitest'

import { withStatusTexts } from './status-texts'

/** A build of one route whose loader and action throw what they are given. */
function buildThrowing(thrown: unknown) {
	const fail = () => {
		throw thrown
	}
	return {
		routes: { page: { id: 'page', path: 'page', module: { loader: fail, action: fail, handle: { kept: true } } } },
	} as unknown as ServerBuild
}

async function thrownBy(build: ServerBuild, handler: 'loader' | 'action') {
	const module = build.routes.page!.module
	return (module[handler] as () => Promise<unknown>)().then(
		() => null,
		(error: unknown) => error,
	)
}

describe('status texts of thrown data', () => {
	test('a thrown data() carries the text of its status; a text of its own is kept', async () => {
		for (const [status, text] of [
			[400, 'Bad Request'],
			[404, 'Not Found'],
			[413, 'Payload Too Large'],
		] as const) {
			const build = withStatusTexts(buildThrowing(data('The form arrived incomplete.', { status })))
			for (const handler of ['loader', 'action'] as const) {
				const thrown = (await thrownBy(build, handler)) as { data: unknown; init: ResponseInit }
				expect([thrown.init.status, thrown.init.statusText, thrown.data]).toEqual([status, text, 'The form arrived incomplete.'])
			}
		}
		const own = (await thrownBy(withStatusTexts(buildThrowing(data('x', { status: 400, statusText: 'Unknown form' }))), 'action')) as {
			init: ResponseInit
		}
		expect(own.init.statusText).toBe('Unknown form')
	})

	test('anything else thrown is passed on as it is, and the rest of the route is untouched', async () => {
		const error = new Error('boom')
		const build = withStatusTexts(buildThrowing(error))
		expect(await thrownBy(build, 'loader')).toBe(error)
		const redirect = new Response(null, { status: 302, headers: { Location: '/auth' } })
		expect(await thrownBy(withStatusTexts(buildThrowing(redirect)), 'action')).toBe(redirect)
		expect(build.routes.page!.module.handle).toEqual({ kept: true })
		// One wrapped copy per build.
		const original = buildThrowing(error)
		expect(withStatusTexts(original)).toBe(withStatusTexts(original))
	})
})
