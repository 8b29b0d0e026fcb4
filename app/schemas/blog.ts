import { z } from 'zod'

import { BLOG_STATUSES, type BlogStatus, LIMITS } from '~/constants'
import { markdownToText } from '~/utils/markdown'

import { text, translated } from './fields'

// The Add/Edit Blog form, validated the same way in the browser (Conform) and on the server.

export const BLOG_MESSAGES = {
	requiredOnAdd: 'Please fill in title and content fields.',
	requiredOnEdit: 'Title and content are required.',
	published: 'Blog published successfully!',
	draft: 'Blog saved as draft successfully!',
	updated: 'Blog updated successfully!',
	saveFailed: 'Failed to save blog. Please try again.',
	updateFailed: 'Failed to update blog. Please try again.',
	deleted: 'Blog deleted successfully!',
	deleteFailed: 'Failed to delete blog. Please try again.',
	tooLong: 'The post is too long (over 100,000 characters).',
	translationTooLong: (language: string) => `The post in ${language} is too long (over 100,000 characters).`,
} as const

/**
 * The longest post, in characters (about 15 000 words). Rendering is linear in it (markdown-it 14.1.1
 * and later); the bound keeps one post's render, done at every uncached view, to a fraction of a second.
 */
export const BLOG_CONTENT_MAX_LENGTH = 100_000

// `save` is the form's hidden default button (Enter in a field): it keeps the Status select's choice.
export const BLOG_INTENTS = ['publish', 'draft', 'save'] as const
export type BlogIntent = (typeof BLOG_INTENTS)[number]

const lf = (value: string) => value.replace(/\r\n?/g, '\n')

export function blogFormSchema(mode: 'add' | 'edit') {
	const required = mode === 'add' ? BLOG_MESSAGES.requiredOnAdd : BLOG_MESSAGES.requiredOnEdit
	return z.object({
		intent: z.enum(BLOG_INTENTS).optional(),
		title: text(200, 'Keep the title under 200 characters.', { required }),
		...translated('title', (language) => text(200, `Keep the title in ${language} under 200 characters.`).optional()),
		content: text(BLOG_CONTENT_MAX_LENGTH, BLOG_MESSAGES.tooLong, { required, trim: false })
			.refine((v) => v.trim().length > 0, required)
			// Browsers send textarea line breaks as CRLF; the Markdown is stored with plain LF.
			.transform(lf),
		// A translation may be left empty: that language then shows the English post.
		...translated('content', (language) =>
			text(BLOG_CONTENT_MAX_LENGTH, BLOG_MESSAGES.translationTooLong(language), { trim: false }).transform(lf).optional(),
		),
		excerpt: text(500, 'Keep the excerpt under 500 characters.').transform(lf).optional(),
		...translated('excerpt', (language) => text(500, `Keep the excerpt in ${language} under 500 characters.`).transform(lf).optional()),
		authorName: text(100, 'Keep the author name under 100 characters.').optional(),
		status: z.enum(BLOG_STATUSES).optional(),
		tags: text(500, 'Keep the tags under 500 characters.', { trim: false }).optional(),
		removeCover: text(10, required, { trim: false }).optional(),
	})
}

export type BlogFormValue = z.output<ReturnType<typeof blogFormSchema>>

/** An empty excerpt becomes the first 150 characters of the post's text followed by "...". */
export function defaultExcerpt(content: string, length: number = LIMITS.blogExcerptLength) {
	const text = markdownToText(content)
	return `${Array.from(text).slice(0, length).join('')}...`
}

export function resolveBlogStatus(intent: BlogIntent | undefined, selected: BlogStatus | undefined): BlogStatus {
	if (intent === 'publish') return 'published'
	if (intent === 'draft') return 'draft'
	return selected ?? 'draft'
}
