import { z } from 'zod'

import { BLOG_STATUSES, type BlogStatus, LIMITS } from '~/constants'
import { messageRef } from '~/i18n/message-ref'
import { markdownToText } from '~/utils/markdown'

import { text, translated } from './fields'

// The Add/Edit Blog form, validated the same way in the browser (Conform) and on the server.

// Refs to the catalogue (adminBlogs), shown in the reader's language where they appear.
export const BLOG_MESSAGES = {
	requiredOnAdd: messageRef('adminBlogs.requiredOnAdd'),
	requiredOnEdit: messageRef('adminBlogs.requiredOnEdit'),
	saveFailed: messageRef('adminBlogs.saveFailed'),
	updateFailed: messageRef('adminBlogs.updateFailed'),
	tooLong: messageRef('adminBlogs.tooLong'),
	translationTooLong: (language: string) => messageRef('adminBlogs.translationTooLong', { language }),
} as const

/**
 * The longest post, in characters (about 15 000 words). Rendering is linear in it (markdown-it 14.1.1
 * and later); the bound keeps one post's render, done at every uncached view, to a fraction of a second.
 */
export const BLOG_CONTENT_MAX_LENGTH = 100_000

// `save` is the form's hidden default button (Enter in a field): it keeps the Status select's choice.
export const BLOG_INTENTS = ['publish', 'draft', 'save'] as const
export type BlogIntent = (typeof BLOG_INTENTS)[number]

const TITLE_MAX = 200
const EXCERPT_MAX = 500
const AUTHOR_MAX = 100
const TAGS_MAX = 500

const lf = (value: string) => value.replace(/\r\n?/g, '\n')

export function blogFormSchema(mode: 'add' | 'edit') {
	const required = mode === 'add' ? BLOG_MESSAGES.requiredOnAdd : BLOG_MESSAGES.requiredOnEdit
	return z.object({
		intent: z.enum(BLOG_INTENTS).optional(),
		title: text(TITLE_MAX, messageRef('adminBlogs.titleTooLong', { max: TITLE_MAX }), { required }),
		...translated('title', (_, language) =>
			text(TITLE_MAX, messageRef('adminBlogs.titleInTooLong', { language, max: TITLE_MAX })).optional(),
		),
		content: text(BLOG_CONTENT_MAX_LENGTH, BLOG_MESSAGES.tooLong, { required, trim: false })
			.refine((v) => v.trim().length > 0, required)
			// Browsers send textarea line breaks as CRLF; the Markdown is stored with plain LF.
			.transform(lf),
		// A translation may be left empty: that language then shows the English post.
		...translated('content', (_, language) =>
			text(BLOG_CONTENT_MAX_LENGTH, BLOG_MESSAGES.translationTooLong(language), { trim: false }).transform(lf).optional(),
		),
		excerpt: text(EXCERPT_MAX, messageRef('adminBlogs.excerptTooLong', { max: EXCERPT_MAX }))
			.transform(lf)
			.optional(),
		...translated('excerpt', (_, language) =>
			text(EXCERPT_MAX, messageRef('adminBlogs.excerptInTooLong', { language, max: EXCERPT_MAX }))
				.transform(lf)
				.optional(),
		),
		authorName: text(AUTHOR_MAX, messageRef('adminBlogs.authorTooLong', { max: AUTHOR_MAX })).optional(),
		status: z.enum(BLOG_STATUSES).optional(),
		tags: text(TAGS_MAX, messageRef('adminBlogs.tagsTooLong', { max: TAGS_MAX }), { trim: false }).optional(),
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
