import { z } from 'zod'

import { messageRef } from '~/i18n/message-ref'

import { text, translated } from './fields'

// Hero settings form. The video file itself is streamed and checked on the server
// (app/services/videos.server.ts); this schema covers the text fields and the switch.

const TITLE_MAX = 120
const SUBTITLE_MAX = 200

export const HERO_MESSAGES = {
	titleRequired: messageRef('adminHero.titleRequired'),
	updated: messageRef('adminHero.updated'),
	updateFailed: messageRef('adminHero.updateFailed'),
	videoRemoved: messageRef('adminHero.videoRemoved'),
} as const

export const heroSchema = z.discriminatedUnion('intent', [
	z.object({
		intent: z.literal('save'),
		videoEnabled: z.boolean().optional(),
		title: text(TITLE_MAX, messageRef('adminHero.titleTooLong', { max: TITLE_MAX }), { required: HERO_MESSAGES.titleRequired }),
		...translated('title', (_, locale) =>
			text(TITLE_MAX, messageRef('adminHero.titleInTooLong', { language: locale, max: TITLE_MAX })).optional(),
		),
		subtitle: text(SUBTITLE_MAX, messageRef('adminHero.subtitleTooLong', { max: SUBTITLE_MAX })).optional(),
		...translated('subtitle', (_, locale) =>
			text(SUBTITLE_MAX, messageRef('adminHero.subtitleInTooLong', { language: locale, max: SUBTITLE_MAX })).optional(),
		),
	}),
	z.object({ intent: z.literal('remove-video') }),
])

/**
 * What the seller is told when a video is refused (shared by the hero and story screens, whose loaders
 * both send the `adminHero` area).
 */
export const VIDEO_MESSAGES = {
	notVideo: messageRef('adminHero.notVideo'),
	tooLarge: messageRef('adminHero.tooLarge'),
	avi: messageRef('adminHero.avi'),
	oneAtATime: messageRef('adminHero.oneAtATime'),
	unreadable: messageRef('adminHero.unreadable'),
} as const

/** What the file picker offers; the server decides by the file's bytes. */
export const VIDEO_ACCEPT = 'video/mp4,video/webm,video/ogg,video/quicktime,.mp4,.m4v,.webm,.ogg,.ogv,.mov'
