import type { Env } from '../app/utils/env.server'
import { PAGE_TAG } from './cdn-headers'

/**
 * Empties the CDN in front of the shop of its public pages whenever the content version changes
 * (docs/decisions/0043). The version is read on a timer, as the page cache reads it on each request,
 * so a write by any route or any process is seen, and the seller's save never waits for a CDN: the
 * purge runs beside it, each target on its own, retried with back-off, and logged when it fails.
 */

/**
 * One CDN to purge: `send` asks it to drop every shareable page; `refusal` reads its successful answer
 * (Cloudflare says in the body whether it did), null when the purge is done.
 */
export type PurgeTarget = {
	name: string
	send: (signal: AbortSignal) => Promise<globalThis.Response>
	refusal?: (response: globalThis.Response) => Promise<string | null>
}

export type PurgeOptions = {
	/** The wait before the second try, doubled before each further one. */
	firstRetryMs?: number
	maxRetryMs?: number
	attempts?: number
	/** How long one request may take. */
	timeoutMs?: number
}

/** The CDNs the environment names: Cloudflare's API (zone and token) and an address taking BAN or PURGE. */
export function purgeTargets(env: Env): PurgeTarget[] {
	const targets: PurgeTarget[] = []
	const zone = env.CLOUDFLARE_ZONE_ID
	const token = env.CLOUDFLARE_API_TOKEN
	if (zone && token) {
		targets.push({
			name: 'Cloudflare',
			// Purge by tag: the pages go, the hashed scripts and the photos (kept a year) stay.
			send: (signal) =>
				fetch(`${env.CLOUDFLARE_API_BASE}/zones/${zone}/purge_cache`, {
					method: 'POST',
					headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
					body: JSON.stringify({ tags: [PAGE_TAG] }),
					signal,
				}),
			refusal: async (response) => {
				const answer = (await response.json().catch(() => null)) as { success?: unknown } | null
				return answer?.success === true ? null : 'the API did not report success'
			},
		})
	}
	const address = env.CDN_PURGE_URL
	if (address) {
		targets.push({
			name: `${env.CDN_PURGE_METHOD} ${new URL(address).host}`,
			send: (signal) => fetch(address, { method: env.CDN_PURGE_METHOD, headers: { 'Surrogate-Key': PAGE_TAG }, signal }),
		})
	}
	return targets
}

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`

/** Why an answer is not a done purge, or null when it is one. */
async function refusal(target: PurgeTarget, response: globalThis.Response) {
	if (response.ok && target.refusal) return target.refusal(response)
	await response.body?.cancel()
	return response.ok ? null : `HTTP ${response.status}`
}

/** A wait the server's shutdown need not sit through. */
function pause(ms: number) {
	return new Promise<void>((resolve) => setTimeout(resolve, ms).unref())
}

/**
 * `purge()` returns at once; each target's purge runs in the background. A purge asked for while one is
 * under way (a burst of saves) is sent once more after it, not once per save. A failed request is tried
 * again after 1, 2, 4… s (or the Retry-After the CDN asks for, within the same ceiling), and given up
 * after `attempts`, with a line in the log: the CDN's copy then lives out its s-maxage.
 */
export function cdnPurger(targets: PurgeTarget[], options: PurgeOptions = {}) {
	const firstRetryMs = options.firstRetryMs ?? 1_000
	const maxRetryMs = options.maxRetryMs ?? 60_000
	const attempts = options.attempts ?? 6
	const timeoutMs = options.timeoutMs ?? 10_000
	let stopped = false

	const runs = targets.map((target) => {
		let running: Promise<void> | null = null
		let again = false

		async function attempt() {
			for (let tried = 1; ; tried++) {
				// A change made before this request started is covered by it.
				again = false
				let problem: string
				let retryAfterMs = 0
				try {
					const response = await target.send(AbortSignal.timeout(timeoutMs))
					retryAfterMs = Number(response.headers.get('retry-after')) * 1000 || 0
					const refused = await refusal(target, response)
					if (refused === null) return
					problem = refused
				} catch (error) {
					problem = error instanceof Error ? error.message : String(error)
				}
				if (tried >= attempts || stopped) {
					console.error(`CDN purge (${target.name}) failed ${tried} times, last: ${problem}; its pages stay until their s-maxage runs out`)
					return
				}
				const waitMs = Math.min(maxRetryMs, Math.max(firstRetryMs * 2 ** (tried - 1), retryAfterMs))
				console.error(`CDN purge (${target.name}) failed: ${problem}; trying again in ${seconds(waitMs)}`)
				await pause(waitMs)
			}
		}

		async function run() {
			do await attempt()
			while (again && !stopped)
			running = null
		}

		return {
			purge() {
				if (running) again = true
				else running = run()
			},
			idle: () => running ?? Promise.resolve(),
		}
	})

	return {
		purge: () => {
			if (!stopped) for (const run of runs) run.purge()
		},
		/** Resolves when no purge is under way (tests). */
		idle: () => Promise.all(runs.map((run) => run.idle())).then(() => undefined),
		stop: () => {
			stopped = true
		},
	}
}

/**
 * Purges the CDN once at start (a new build's pages name new script files, which the pages a CDN kept
 * from the previous build do not) and then whenever `version()` changes, read every `intervalMs`.
 */
export function purgeOnContentChange(version: () => string, purger: ReturnType<typeof cdnPurger>, intervalMs = 500) {
	let seen = version()
	purger.purge()
	const timer = setInterval(() => {
		try {
			const now = version()
			if (now === seen) return
			seen = now
			purger.purge()
		} catch (error) {
			console.error('CDN purge: reading the content version failed:', error instanceof Error ? error.message : error)
		}
	}, intervalMs)
	timer.unref()
	return () => {
		clearInterval(timer)
		purger.stop()
	}
}
