import { describe, expect, test } from 'vitest'

import { DEMO_POSTS } from '~/demo/blog-posts.server'

import { markdownToText, readTimeMinutes, renderMarkdown, renderMarkdownAndText } from './markdown'

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
	test('links that leave the shop in other spellings are external too; the shop’s own stay in the tab', () => {
		for (const href of ['//evil.example/g', 'https:evil.example', 'mailto:a@b.example']) {
			expect(renderMarkdown(`[x](${href})`), href).toContain('target="_blank" rel="noopener noreferrer"')
		}
		for (const href of ['/collections', '/%2F%2Fevil.example', '#care', 'blog/x']) {
			const html = renderMarkdown(`[x](${href})`)
			expect(html, href).toContain('rel="noopener"')
			expect(html, href).not.toContain('target=')
		}
	})
	test('plain text and read time come from the words', () => {
		expect(markdownToText('# Title\n\nSome **bold** [link](https://x.y).')).toBe('Title Some bold link.')
		expect(readTimeMinutes('word '.repeat(1000))).toBe(5)
		expect(readTimeMinutes('short')).toBe(1)
	})
	test('plain text keeps words whole and leaves out images and code blocks', () => {
		expect(markdownToText('Hand-woven *silk_thread* by Ravi_K — 6.5 m ~ 5-7 days.')).toBe(
			'Hand-woven silk_thread by Ravi_K — 6.5 m ~ 5-7 days.',
		)
		expect(markdownToText('A ![loom](/media/a.jpg) B\n\n```\ncode here\n```\n\n- one\n- two &amp; three')).toBe('A B one two & three')
		expect(markdownToText('line one\nline two  \nline three')).toBe('line one line two line three')
		expect(markdownToText('| a | b |\n|---|---|\n| c | d |')).toBe('a b c d')
	})
	test('a post page renders once for its HTML and its text, exactly as before', () => {
		for (const post of DEMO_POSTS) {
			const { html, text } = renderMarkdownAndText(post.content)
			expect(html).toBe(renderMarkdown(post.content))
			expect(text).toBe(markdownToText(post.content))
		}
	})
})

// Markdown the seller saves is read on every uncached view of the post and its card. Each of these,
// at the longest a post may be, took seconds to minutes (quadratic) in the earlier regular-expression
// text reader or in markdown-it before 14.1.1; read linearly they finish well within the test's time
// limit. No timing is asserted.
describe('markdown that once took quadratic time', () => {
	const N = 100_000
	const cases: Record<string, string> = {
		'a run of [': '['.repeat(N),
		'unclosed links': '[a]('.repeat(N / 4),
		'images without end': '!['.repeat(N / 2),
		'nested brackets': '[]('.repeat(N / 3),
		'emphasis runs': '*a'.repeat(N / 2),
		'reference-like lines': '[x]: <'.repeat(N / 6),
		'a long link then stars': `http://example.com/${'*'.repeat(N)}a`,
		backticks: '`a``'.repeat(N / 4),
	}
	for (const [name, source] of Object.entries(cases)) {
		test(name, () => {
			expect(readTimeMinutes(markdownToText(source))).toBeGreaterThanOrEqual(1)
		})
	}
	test('rendering the longest run of [', () => {
		expect(renderMarkdown('['.repeat(N))).toBe(`<p>${'['.repeat(N)}</p>\n`)
	})
})
