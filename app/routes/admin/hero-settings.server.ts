import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'

import { removeHeroVideo, updateHeroSettings } from '~/models/site.server'
import { HERO_MESSAGES, heroSchema } from '~/schemas/hero'
import { saveRecord } from '~/services/admin-records.server'
import { discardPendingVideo, receiveVideoUpload, storePendingVideo, VideoRejectedError } from '~/services/videos.server'
import type { Flash } from '~/utils/flash.server'
import type { StoredVideo } from '~/utils/media'
import type { RequestArgs } from '~/utils/request-context.server'

// The hero form's work, shared by the page action (plain form posts, no JS) and the upload endpoint
// (XMLHttpRequest with a progress bar), which only differ in how they answer.

export type SettingsOutcome =
	{ ok: true; flash: Flash } | { ok: false; status: 400 | 500; result: SubmissionResult<string[]>; flash?: Flash }

function refused(message: string, formData: FormData | null): SettingsOutcome {
	const result = formData
		? parseWithZod(formData, { schema: heroSchema }).reply({ fieldErrors: { video: [message] } })
		: ({ status: 'error', error: { video: [message] } } satisfies SubmissionResult<string[]>)
	return { ok: false, status: 400, result }
}

export async function handleHeroPost(posted: RequestArgs): Promise<SettingsOutcome> {
	const received = await receiveVideoUpload(posted, { schema: heroSchema })
	if (received.error !== null) return refused(received.error, received.formData)
	const { formData, video } = received
	const submission = parseWithZod(formData, { schema: heroSchema })
	if (submission.status !== 'success') {
		await discardPendingVideo(video)
		return { ok: false, status: 400, result: submission.reply() }
	}

	if (submission.value.intent === 'remove-video') {
		await discardPendingVideo(video)
		const removed = await saveRecord({ kind: 'settings', id: 1, update: () => removeHeroVideo() })
		if (!removed.ok) {
			console.error('Removing the hero video failed', removed.error)
			return { ok: false, status: 500, result: submission.reply({ formErrors: [HERO_MESSAGES.updateFailed] }) }
		}
		return { ok: true, flash: { type: 'success', message: HERO_MESSAGES.videoRemoved } }
	}

	const { title, subtitle, videoEnabled, titleTe, titleHi, subtitleTe, subtitleHi } = submission.value
	let stored: StoredVideo | undefined
	try {
		if (video) stored = await storePendingVideo(video)
	} catch (error) {
		if (error instanceof VideoRejectedError) return refused(error.message, formData)
		console.error('Storing the hero video failed', error)
		return { ok: false, status: 500, result: submission.reply({ formErrors: [HERO_MESSAGES.updateFailed] }) }
	}
	// The old video's files go only once the row points at the new one.
	const saved = await saveRecord({
		kind: 'settings',
		id: 1,
		update: () =>
			updateHeroSettings({
				title,
				titleTe: titleTe ?? '',
				titleHi: titleHi ?? '',
				subtitle: subtitle ?? '',
				subtitleTe: subtitleTe ?? '',
				subtitleHi: subtitleHi ?? '',
				videoEnabled: videoEnabled ?? false,
				video: stored,
			}),
		newMediaKeys: stored ? [stored.videoKey] : [],
	})
	if (!saved.ok) {
		console.error('Saving hero settings failed', saved.error)
		return { ok: false, status: 500, result: submission.reply({ formErrors: [HERO_MESSAGES.updateFailed] }) }
	}
	return { ok: true, flash: { type: 'success', message: HERO_MESSAGES.updated } }
}
