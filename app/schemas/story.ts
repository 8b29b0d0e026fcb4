import { z } from 'zod'

import { messageRef } from '~/i18n/message-ref'

import { text, translated } from './fields'

// Story steps: the description text and the Telugu and Hindi name and text (autosaved with JS, a Save
// button without) and one video per step. The English step names are the shop's own and fixed.

export const STORY_TEXT_MAX = 1000
export const STORY_NAME_MAX = 100

export const STORY_MESSAGES = {
	textUpdated: (step: string) => messageRef('adminStory.textUpdated', { step }),
	videoUpdated: (step: string) => messageRef('adminStory.videoUpdated', { step }),
	videoRemoved: (step: string) => messageRef('adminStory.videoRemoved', { step }),
	textFailed: messageRef('adminStory.textFailed'),
	videoFailed: messageRef('adminStory.videoFailed'),
	removeFailed: messageRef('adminStory.removeFailed'),
	stepNotFound: messageRef('adminStory.stepNotFound'),
	videoRequired: messageRef('adminStory.videoRequired'),
} as const

const stepId = z.number({ error: STORY_MESSAGES.stepNotFound }).int().positive()

export const storyTextSchema = z.object({
	intent: z.literal('text'),
	stepId,
	// Sent by the autosave fetcher, which wants data back instead of a redirect.
	autosave: z.boolean().optional(),
	text: text(STORY_TEXT_MAX, messageRef('adminStory.textTooLong', { max: STORY_TEXT_MAX })).optional(),
	...translated('name', (_, locale) =>
		text(STORY_NAME_MAX, messageRef('adminStory.nameInTooLong', { language: locale, max: STORY_NAME_MAX })).optional(),
	),
	...translated('text', (_, locale) =>
		text(STORY_TEXT_MAX, messageRef('adminStory.textInTooLong', { language: locale, max: STORY_TEXT_MAX })).optional(),
	),
})

export const storyIntentSchema = z.discriminatedUnion('intent', [
	storyTextSchema,
	z.object({ intent: z.literal('video'), stepId }),
	z.object({ intent: z.literal('remove-video'), stepId }),
])
