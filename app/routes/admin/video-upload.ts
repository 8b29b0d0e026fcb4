import { messageRef } from '~/i18n/message-ref'
import { STORY_MESSAGES } from '~/schemas/story'
import { requireAdmin } from '~/services/session.server'
import { flashHeader } from '~/utils/flash.server'

import type { Route } from './+types/video-upload'
import { handleHeroPost, type SettingsOutcome } from './hero-settings.server'
import { handleStoryVideoUpload, stepIdFromUrl, type StoryOutcome } from './story-settings.server'

// Video uploads sent with XMLHttpRequest (for the upload progress bar; fetch cannot report upload
// progress). Same work as the pages' own actions, answered in JSON; the flash message is set as a
// cookie so the page shows it when it revalidates. Without JS the pages post to themselves.

export async function loader({ request, context }: Route.LoaderArgs) {
	await requireAdmin({ request, context })
	return new Response('Method not allowed', { status: 405, headers: { Allow: 'POST' } })
}

export async function action({ request, context }: Route.ActionArgs) {
	await requireAdmin({ request, context })
	const target = new URL(request.url).searchParams.get('target')
	if (target === 'hero') return respond(request, await handleHeroPost({ request, context }))
	if (target === 'story') {
		const stepId = stepIdFromUrl(request)
		if (stepId === null) return Response.json({ ok: false, message: STORY_MESSAGES.stepNotFound }, { status: 404 })
		return respond(request, await handleStoryVideoUpload({ request, context }, stepId))
	}
	return Response.json({ ok: false, message: messageRef('adminStory.unknownUpload') }, { status: 404 })
}

async function respond(request: Request, outcome: SettingsOutcome | StoryOutcome) {
	const headers = { 'Cache-Control': 'no-store' }
	if (outcome.ok) {
		return Response.json(
			{ ok: true, message: outcome.flash.message },
			{ headers: { ...headers, 'Set-Cookie': await flashHeader(request, outcome.flash) } },
		)
	}
	return Response.json({ ok: false, result: outcome.result }, { status: outcome.status, headers })
}
