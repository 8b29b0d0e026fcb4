import { STATUS_CODES } from 'node:http'

import type { ServerBuild } from 'react-router'

/**
 * React Router turns a thrown `data(message, { status })` into an error response whose status text is
 * "Internal Server Error" unless the throw names one, so a refused form's data answer said "Internal
 * Server Error" beside its 400 or 413 and its message. Every route's loader and action is wrapped once
 * here, so such a throw carries the text of its own status ("Bad Request", "Payload Too Large", "Not
 * Found"); a text the route chose itself is kept. Nothing else about the build changes.
 */
export function withStatusTexts(build: ServerBuild): ServerBuild {
	let named = wrapped.get(build)
	if (named) return named
	const routes: ServerBuild['routes'] = {}
	for (const [id, route] of Object.entries(build.routes)) {
		if (!route) continue
		const { loader, action } = route.module
		routes[id] = {
			...route,
			module: {
				...route.module,
				loader: loader && withStatusText(loader),
				action: action && withStatusText(action),
			},
		}
	}
	named = { ...build, routes }
	wrapped.set(build, named)
	return named
}

// In development the build is asked for on each request: one wrapped copy per build Vite gives.
const wrapped = new WeakMap<ServerBuild, ServerBuild>()

function withStatusText<Args extends unknown[], Result>(handler: (...args: Args) => Result) {
	return async (...args: Args) => {
		try {
			return await handler(...args)
		} catch (error) {
			throw namedStatus(error)
		}
	}
}

type ThrownData = { type: 'DataWithResponseInit'; data: unknown; init: ResponseInit | null }

function namedStatus(error: unknown) {
	if (typeof error !== 'object' || error === null || (error as Partial<ThrownData>).type !== 'DataWithResponseInit') return error
	const thrown = error as ThrownData
	const status = thrown.init?.status
	if (status !== undefined && !thrown.init?.statusText && STATUS_CODES[status]) {
		thrown.init = { ...thrown.init, statusText: STATUS_CODES[status] }
	}
	return thrown
}
