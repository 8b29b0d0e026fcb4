import { describe, expect, test } from 'vitest'
import { markdownToText, readTimeMinutes, renderMarkdown } from './markdown'

describe('markdown', () => {
	test('escapes raw HTML and script', () => {
		const html = renderMarkdown('Hello <script>alert(1)</script> <img src=x onerror=alert(1)>')
		expect(html).not.toContain('<script>')
		expect(html).not.toContain('<img')
		expect(html).toContain('&lt;script&gt;')
	})
	test('drops javascript: links and marks external links noopener', () => {
		expect(renderMarkdown('[x](javascript:alert(1))')).not.toContain('href="javascript:')
		const html = renderMarkdown('[site](https://example.com)')
		expect(html).toContain('rel="noopener noreferrer"')
		expect(html).toContain('target="_blank"')
	})
	test('plain text and read time come from the words', () => {
		expect(markdownToText('# Title\n\nSome **bold** [link](https://x.y).')).toBe('Title Some bold link.')
		expect(readTimeMinutes('word '.repeat(1000))).toBe(5)
		expect(readTimeMinutes('short')).toBe(1)
	})
})
