import { z } from 'zod'

import { text, translated } from './fields'

// Story steps: the description text and the Telugu and Hindi name and text (autosaved with JS, a Save
// button without) and one video per step. The English step names are the shop's own and fixed.

export const STORY_TEXT_MAX = 1000
export const STORY_NAME_MAX = 100

export const STORY_MESSAGES = {
	textUpdated: (step: string) => `Text updated for ${step}`,
	videoUpdated: (step: string) => `Video updated for ${step}`,
	videoRemoved: (step: string) => `Video removed for ${step}`,
	textFailed: 'Failed to update text',
	videoFailed: 'Failed to update video',
	removeFailed: 'Failed to remove video',
	stepNotFound: 'Video step not found',
	videoRequired: 'Choose a video to upload.',
} as const

const stepId = z.number({ error: STORY_MESSAGES.stepNotFound }).int().positive()

export const storyTextSchema = z.object({
	intent: z.literal('text'),
	stepId,
	// Sent by the autosave fetcher, which wants data back instead of a redirect.
	autosave: z.boolean().optional(),
	text: text(STORY_TEXT_MAX, `Keep the description under ${STORY_TEXT_MAX} characters.`).optional(),
	...translated('name', (language) =>
		text(STORY_NAME_MAX, `Keep the step name in ${language} under ${STORY_NAME_MAX} characters.`).optional(),
	),
	...translated('text', (language) =>
		text(STORY_TEXT_MAX, `Keep the description in ${language} under ${STORY_TEXT_MAX} characters.`).optional(),
	),
})

export const storyIntentSchema = z.discriminatedUnion('intent', [
	storyTextSchema,
	z.object({ intent: z.literal('video'), stepId }),
	z.object({ intent: z.literal('remove-video'), stepId }),
])
