import { Readable } from 'node:stream'
import { text } from 'node:stream/consumers'

import { describe, expect, test } from 'vitest'

import { hydrateLater, START_SCRIPTS } from './hydrate-later.server'

const NONCE = 'AbC+/12=='

const DOCUMENT = [
	'<!DOCTYPE html><html lang="en-IN"><head><meta charSet="utf-8"/>',
	`<link rel="modulepreload" href="/assets/entry.client-X1.js" nonce="${NONCE}"/>`,
	`<link rel="modulepreload" href="/assets/jsx-runtime-Y2.js" nonce="${NONCE}"/>`,
	`<link nonce="${NONCE}" rel="stylesheet" href="/assets/root-Z3.css"/></head><body>`,
	'<h1>Silk ₹34,900 &lt;script&gt;</h1>',
	`<script nonce="${NONCE}">window.__reactRouterContext = {};</script>`,
	`<script nonce="${NONCE}" type="module" async="">import * as route0 from "/assets/root-A.js";\nimport("/assets/entry.client-X1.js");</script>`,
	`<script nonce="${NONCE}">window.__reactRouterContext.streamController.close();</script></body></html>`,
].join('')

async function rewrite(chunks: Array<string | Buffer>) {
	return text(Readable.from(chunks).pipe(hydrateLater(NONCE)))
}

describe('hydrateLater', () => {
	test('drops the module preloads and turns the boot module into inert text started by a nonce’d script', async () => {
		const out = await rewrite([DOCUMENT])
		expect(out).not.toContain('modulepreload')
		expect(out).not.toContain('type="module"')
		expect(out).toContain(
			`<script nonce="${NONCE}">${START_SCRIPTS}</script><script nonce="${NONCE}" type="text/plain" data-hydrate-later="">import * as route0`,
		)
		// Everything else is untouched.
		expect(out.replace(`<script nonce="${NONCE}">${START_SCRIPTS}</script>`, '')).toBe(
			DOCUMENT.replace(/<link rel="modulepreload"[^>]*>/g, '').replace('type="module" async=""', 'type="text/plain" data-hydrate-later=""'),
		)
	})

	test('the same result whatever way the stream is cut, through tags and multi-byte characters', async () => {
		const expected = await rewrite([DOCUMENT])
		const bytes = Buffer.from(DOCUMENT)
		for (const size of [1, 2, 3, 7, 50, 333]) {
			const chunks: Buffer[] = []
			for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size))
			expect(await rewrite(chunks)).toBe(expected)
		}
	})

	test('a document without a nonce (a shareable page) has its boot module rewritten the same way, without one', async () => {
		const plain = DOCUMENT.replaceAll(` nonce="${NONCE}"`, '')
		const out = await text(Readable.from([plain]).pipe(hydrateLater()))
		expect(out).not.toContain('modulepreload')
		expect(out).toContain(`<script>${START_SCRIPTS}</script><script type="text/plain" data-hydrate-later="">import * as route0`)
		expect(out.replace(START_SCRIPTS, '')).not.toContain('nonce')
	})

	test('scripts with another nonce are left alone', async () => {
		const other = `<script nonce="other" type="module" async="">import "/x.js"</script>`
		expect(await rewrite([other])).toBe(other)
	})

	test('without largest-paint reports, the start script waits for the high-priority images and two frames, then starts the module once and releases the lazy images', async () => {
		// A tiny DOM stand-in: one high-priority image still loading.
		const listeners: Record<string, Array<() => void>> = {}
		const image = { complete: false, addEventListener: (type: string, fn: () => void) => (listeners[`img:${type}`] ??= []).push(fn) }
		const appended: Array<{ type: string; nonce: string; textContent: string }> = []
		const inert = { nonce: NONCE, textContent: 'import("/assets/entry.client-X1.js")' }
		const attributes = new Set(['data-media-later'])
		const document = {
			documentElement: { removeAttribute: (name: string) => attributes.delete(name) },
			readyState: 'interactive',
			querySelectorAll: () => [image],
			querySelector: () => inert,
			createElement: () => ({ type: '', nonce: '', textContent: '' }),
			body: { appendChild: (el: (typeof appended)[number]) => appended.push(el) },
			addEventListener: () => {},
		}
		const frames: Array<() => void> = []
		const run = new Function('document', 'addEventListener', 'requestAnimationFrame', 'setTimeout', 'PerformanceObserver', START_SCRIPTS)
		run(
			document,
			(type: string, fn: () => void) => (listeners[`window:${type}`] ??= []).push(fn),
			(fn: () => void) => frames.push(fn),
			(fn: () => void) => fn(),
			undefined,
		)
		expect(frames).toHaveLength(0)
		for (const fn of listeners['img:load'] ?? []) fn()
		expect(frames).toHaveLength(1)
		frames.shift()!()
		// One frame rendered is not yet a paint on screen: it waits for the next one too.
		expect(appended).toHaveLength(0)
		expect(attributes.has('data-media-later')).toBe(true)
		expect(frames).toHaveLength(1)
		frames.shift()!()
		expect(appended).toEqual([{ type: 'module', nonce: NONCE, textContent: inert.textContent }])
		// The lazy images held back until now are released with it.
		expect(attributes.has('data-media-later')).toBe(false)
		// The window's load event afterwards does not start it twice.
		for (const fn of listeners['window:load'] ?? []) fn()
		while (frames.length) frames.shift()!()
		expect(appended).toHaveLength(1)
	})

	test('with largest-paint reports, it waits for the paint of the high-priority image itself, not of a heading painted meanwhile', async () => {
		const HERO = 'http://shop.example/media/images/abc/720.webp'
		const imageListeners: Array<() => void> = []
		const image = { complete: false, currentSrc: HERO, addEventListener: (_type: string, fn: () => void) => imageListeners.push(fn) }
		const appended: unknown[] = []
		const document = {
			documentElement: { removeAttribute: () => {} },
			readyState: 'interactive',
			querySelectorAll: () => [image],
			querySelector: () => ({ nonce: NONCE, textContent: 'import("/x.js")' }),
			createElement: () => ({}),
			body: { appendChild: (el: unknown) => appended.push(el) },
			addEventListener: () => {},
		}
		let report: (entries: Array<{ startTime: number; url: string }>) => void = () => {}
		const timers: Array<() => void> = []
		class FakeObserver {
			static supportedEntryTypes = ['largest-contentful-paint']
			constructor(callback: (list: { getEntries: () => Array<{ startTime: number; url: string }> }) => void) {
				report = (entries) => callback({ getEntries: () => entries })
			}
			observe() {}
			disconnect() {}
		}
		const performance = { now: () => 100 }
		const run = new Function(
			'document',
			'addEventListener',
			'requestAnimationFrame',
			'setTimeout',
			'PerformanceObserver',
			'performance',
			START_SCRIPTS,
		)
		run(
			document,
			() => {},
			() => {},
			(fn: () => void) => timers.push(fn),
			FakeObserver,
			performance,
		)
		for (const fn of imageListeners) fn()
		report([{ startTime: 40, url: HERO }]) // before the image had loaded: an earlier candidate
		report([{ startTime: 120, url: '' }]) // the heading, painted while the image decodes
		expect(timers).toHaveLength(1) // only the half-second fallback is waiting
		report([{ startTime: 130, url: HERO }])
		expect(timers).toHaveLength(2)
		timers[1]!()
		expect(appended).toHaveLength(1)
	})
})
