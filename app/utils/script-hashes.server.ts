import crypto from 'node:crypto'

// A shareable public page is one document for every visitor (server/page-cache.ts keeps it, a shared
// cache may keep it byte for byte), so it cannot carry a per-request nonce. Its CSP names instead the
// SHA-256 of each inline script it carries: a script injected into the page would not match any of
// them. docs/decisions/0042-script-hashes-on-shareable-pages.md

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi
/** Data blocks the browser never runs: naming them would allow nothing the page needs. */
const DATA_BLOCK = /\btype="application\/(?:ld\+)?json"/i
const EXTERNAL = /\bsrc=/i

/**
 * The CSP sources (`'sha256-…'`) of every inline script of an HTML document, in document order and
 * without repeats. The inert boot module of hydrate-later counts: the start script runs its text.
 */
export function inlineScriptHashes(html: string) {
	const hashes = new Set<string>()
	for (const [, attributes = '', text = ''] of html.matchAll(SCRIPT)) {
		if (DATA_BLOCK.test(attributes) || EXTERNAL.test(attributes)) continue
		hashes.add(`'sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}'`)
	}
	return [...hashes]
}
