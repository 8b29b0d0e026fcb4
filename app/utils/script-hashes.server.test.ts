import crypto from 'node:crypto'

import { describe, expect, test } from 'vitest'

import { inlineScriptHashes } from './script-hashes.server'

const sha = (text: string) => `'sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}'`

describe('inlineScriptHashes', () => {
	test('names every inline script once, the inert boot module included, and no data block or external script', () => {
		const html = [
			'<html><head><script>document.documentElement.dataset.a="₹"</script>',
			'<script type="application/ld+json">{"@type":"Product"}</script>',
			'<script src="/assets/x.js"></script></head><body>',
			'<script type="text/plain" data-hydrate-later="">import("/assets/entry.js")</script>',
			'<script>document.documentElement.dataset.a="₹"</script>',
			'<script type="module" async="">\nimport "/y.js";\n</script></body></html>',
		].join('')
		expect(inlineScriptHashes(html)).toEqual([
			sha('document.documentElement.dataset.a="₹"'),
			sha('import("/assets/entry.js")'),
			sha('\nimport "/y.js";\n'),
		])
	})

	test('a document without inline scripts names none', () => {
		expect(inlineScriptHashes('<html><body><p>script</p></body></html>')).toEqual([])
	})
})
