import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, test } from 'vitest'

import { message } from '../../tests/helpers/i18n'
import { blogFormSchema, defaultExcerpt, resolveBlogStatus } from './blog'

function parse(mode: 'add' | 'edit', entries: Record<string, string>) {
	const data = new FormData()
	for (const [k, v] of Object.entries(entries)) data.append(k, v)
	const submission = parseWithZod(data, { schema: blogFormSchema(mode) })
	return submission.status === 'success'
		? { status: 'success' as const, value: submission.value, error: undefined }
		: { status: submission.status, value: undefined, error: inEnglish(submission.error) }
}

/** The form's messages as an English page shows them (they are refs: translate.ts messageRef). */
function inEnglish(error: Record<string, string[] | null> | null | undefined) {
	return error && Object.fromEntries(Object.entries(error).map(([name, messages]) => [name, messages?.map(message)]))
}

describe('blogFormSchema', () => {
	test('title and content are required, with the add and edit wording', () => {
		expect(parse('add', { content: '  ' }).error).toMatchObject({
			title: ['Please fill in title and content fields.'],
			content: ['Please fill in title and content fields.'],
		})
		expect(parse('edit', { title: 'x' }).error).toEqual({ content: ['Title and content are required.'] })
	})

	test('stores Markdown with plain line breaks', () => {
		const result = parse('add', { title: 'T', content: 'a\r\n\r\nb' })
		expect(result.value?.content).toBe('a\n\nb')
	})
})

test('the default excerpt is the first 150 characters of the text and "..."', () => {
	const words = 'word '.repeat(60).trim()
	expect(defaultExcerpt(`## Title\n\n**${words}**`)).toBe(`Title ${words}`.slice(0, 150) + '...')
	expect(defaultExcerpt('Short post.')).toBe('Short post....')
	expect(Array.from(defaultExcerpt('పట్టు'.repeat(100))).length).toBe(153)
})

test('the buttons decide the status', () => {
	expect(resolveBlogStatus('publish', 'draft')).toBe('published')
	expect(resolveBlogStatus('draft', 'published')).toBe('draft')
	expect(resolveBlogStatus('save', 'published')).toBe('published')
})
