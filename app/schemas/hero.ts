import { z } from 'zod'

import { text, translated } from './fields'

// Hero settings form. The video file itself is streamed and checked on the server
// (app/services/videos.server.ts); this schema covers the text fields and the switch.

export const HERO_MESSAGES = {
	titleRequired: 'Please enter a main title.',
	updated: 'Hero settings updated successfully.',
	updateFailed: 'Failed to update hero settings',
	videoRemoved: 'Video removed successfully.',
} as const

export const heroSchema = z.discriminatedUnion('intent', [
	z.object({
		intent: z.literal('save'),
		videoEnabled: z.boolean().optional(),
		title: text(120, 'Keep the title under 120 characters.', { required: HERO_MESSAGES.titleRequired }),
		...translated('title', (language) => text(120, `Keep the title in ${language} under 120 characters.`).optional()),
		subtitle: text(200, 'Keep the subtitle under 200 characters.').optional(),
		...translated('subtitle', (language) => text(200, `Keep the subtitle in ${language} under 200 characters.`).optional()),
	}),
	z.object({ intent: z.literal('remove-video') }),
])

/** What the seller is told when a video is refused (shared by the hero and story screens). */
export const VIDEO_MESSAGES = {
	notVideo: 'Please select only video files',
	tooLarge: 'Video file size must be less than 50MB',
	avi: 'AVI videos cannot be played in web browsers. Please upload an MP4, WebM, OGG or MOV video.',
	oneAtATime: 'Please upload one video at a time.',
	unreadable: 'This video could not be read. Please try another file.',
} as const

/** What the file picker offers; the server decides by the file's bytes. */
export const VIDEO_ACCEPT = 'video/mp4,video/webm,video/ogg,video/quicktime,.mp4,.m4v,.webm,.ogg,.ogv,.mov'
