import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'

import { getStoryStep, setStoryVideo, updateStoryText } from '~/models/site.server'
import { VIDEO_MESSAGES } from '~/schemas/hero'
import { STORY_MESSAGES, storyIntentSchema } from '~/schemas/story'
import { RecordNotFoundError, saveRecord } from '~/services/admin-records.server'
import { discardPendingVideo, receiveVideoUpload, storePendingVideo, VideoRejectedError } from '~/services/videos.server'
import type { Flash } from '~/utils/flash.server'
import { parseRecordId } from '~/utils/record-id'
import type { RequestArgs } from '~/utils/request-context.server'

// The story screen's work, shared by the page action and the upload endpoint (XMLHttpRequest with
// progress). A video upload names its step in the URL (`?step=<id>`): when a file is refused for
// its size the form fields are never read, and the message must still land on the right card.

export type StoryOutcome =
	| { ok: true; flash: Flash; stepId: number; intent: 'text' | 'video' | 'remove-video'; autosave?: boolean }
	| {
			ok: false
			status: 400 | 404 | 500
			stepId: number | null
			intent: 'text' | 'video' | 'remove-video'
			result: SubmissionResult<string[]>
			autosave?: boolean
	  }

function videoError(stepId: number, status: 400 | 404 | 500, message: string): StoryOutcome {
	return { ok: false, status, stepId, intent: 'video', result: { status: 'error', error: { video: [message] } } }
}

export function stepIdFromUrl(request: Request) {
	return parseRecordId(new URL(request.url).searchParams.get('step'))
}

export async function handleStoryVideoUpload(posted: RequestArgs, stepId: number): Promise<StoryOutcome> {
	const received = await receiveVideoUpload(posted, { schema: storyIntentSchema })
	const step = await getStoryStep(stepId)
	if (!step) {
		await discardPendingVideo(received.video)
		return videoError(stepId, 404, STORY_MESSAGES.stepNotFound)
	}
	if (received.error !== null) return videoError(stepId, 400, received.error)
	if (!received.video) return videoError(stepId, 400, STORY_MESSAGES.videoRequired)
	let stored
	try {
		stored = await storePendingVideo(received.video)
	} catch (error) {
		if (error instanceof VideoRejectedError) return videoError(stepId, 400, error.message)
		console.error('Storing a story video failed', error)
		return videoError(stepId, 500, STORY_MESSAGES.videoFailed)
	}
	const saved = await saveRecord({
		kind: 'settings',
		id: stepId,
		update: (id) => setStoryVideo(id, stored),
		newMediaKeys: [stored.videoKey],
	})
	if (!saved.ok) {
		if (saved.error instanceof RecordNotFoundError) return videoError(stepId, 404, STORY_MESSAGES.stepNotFound)
		console.error('Saving a story video failed', saved.error)
		return videoError(stepId, 500, STORY_MESSAGES.videoFailed)
	}
	return { ok: true, stepId, intent: 'video', flash: { type: 'success', message: STORY_MESSAGES.videoUpdated(step.name) } }
}

/** Text saves and video removals (small url-encoded forms). */
export async function handleStoryForm(formData: FormData): Promise<StoryOutcome> {
	const submission = parseWithZod(formData, { schema: storyIntentSchema })
	const rawIntent = formData.get('intent')
	const intent = rawIntent === 'remove-video' || rawIntent === 'video' ? rawIntent : 'text'
	const rawStep = Number(formData.get('stepId'))
	const autosave = formData.get('autosave') === 'on'
	if (submission.status !== 'success') {
		return { ok: false, status: 400, stepId: Number.isInteger(rawStep) ? rawStep : null, intent, result: submission.reply(), autosave }
	}
	const value = submission.value
	const step = await getStoryStep(value.stepId)
	const failed = (status: 400 | 404 | 500, message: string): StoryOutcome => ({
		ok: false,
		status,
		stepId: value.stepId,
		intent: value.intent,
		result: submission.reply({ formErrors: [message] }),
		autosave,
	})

	if (value.intent === 'text') {
		if (!step) return failed(404, STORY_MESSAGES.textFailed)
		const saved = await saveRecord({
			kind: 'settings',
			id: value.stepId,
			update: async (id) => {
				const input = {
					text: value.text ?? '',
					nameTe: value.nameTe ?? '',
					nameHi: value.nameHi ?? '',
					textTe: value.textTe ?? '',
					textHi: value.textHi ?? '',
				}
				return (await updateStoryText(id, input)) ? [] : null
			},
		})
		if (!saved.ok) {
			if (saved.error instanceof RecordNotFoundError) return failed(404, STORY_MESSAGES.textFailed)
			console.error('Saving story text failed', saved.error)
			return failed(500, STORY_MESSAGES.textFailed)
		}
		return {
			ok: true,
			stepId: value.stepId,
			intent: 'text',
			autosave,
			flash: { type: 'success', message: STORY_MESSAGES.textUpdated(step.name) },
		}
	}

	if (value.intent === 'remove-video') {
		if (!step) return failed(404, STORY_MESSAGES.removeFailed)
		const saved = await saveRecord({ kind: 'settings', id: value.stepId, update: (id) => setStoryVideo(id, null) })
		if (!saved.ok) {
			if (saved.error instanceof RecordNotFoundError) return failed(404, STORY_MESSAGES.removeFailed)
			console.error('Removing a story video failed', saved.error)
			return failed(500, STORY_MESSAGES.removeFailed)
		}
		return {
			ok: true,
			stepId: value.stepId,
			intent: 'remove-video',
			flash: { type: 'success', message: STORY_MESSAGES.videoRemoved(step.name) },
		}
	}
	// A video arrives as a multipart upload with ?step=<id>, never here.
	return failed(400, VIDEO_MESSAGES.notVideo)
}
