import { data } from 'react-router'
import type { Route } from './+types/story-settings'
import { StoryStepCard, type StoryActionData, type StoryStepView } from '~/components/admin/story-step-card'
import { StoryPreviewGrid } from '~/components/admin/story-preview-grid'
import { listStorySteps } from '~/models/site.server'
import { redirectWithFlash } from '~/utils/flash.server'
import { readFormData } from '~/utils/forms.server'
import { mediaUrl } from '~/utils/media'
import { requireAdmin } from '~/utils/session.server'
import { handleStoryForm, handleStoryVideoUpload, stepIdFromUrl } from './story-settings.server'

export const meta: Route.MetaFunction = () => [{ title: 'Story Settings · Admin' }]

export async function loader({ request }: Route.LoaderArgs) {
	await requireAdmin(request)
	const rows = await listStorySteps()
	const steps: StoryStepView[] = rows.map((s) => ({
		id: s.id,
		order: s.step_order,
		name: s.step_name,
		text: s.step_text,
		videoUrl: s.video_key ? mediaUrl(s.video_key) : null,
		posterUrl: s.poster_key ? mediaUrl(s.poster_key) : null,
	}))
	return { steps }
}

export async function action({ request }: Route.ActionArgs) {
	await requireAdmin(request)
	const uploadStep = stepIdFromUrl(request)
	const multipart = (request.headers.get('Content-Type') ?? '').startsWith('multipart/form-data')
	const outcome =
		uploadStep !== null && multipart
			? await handleStoryVideoUpload(request, uploadStep)
			: await handleStoryForm(await readFormData(request))
	if (outcome.ok) {
		// The autosave fetcher stays on the page and shows the message beside the text.
		if (outcome.autosave) {
			return data<StoryActionData>({ ok: true, stepId: outcome.stepId, intent: outcome.intent, message: outcome.flash.message })
		}
		return redirectWithFlash(request, `/admin/story-settings#step-${outcome.stepId}`, outcome.flash)
	}
	return data<StoryActionData>(
		{ ok: false, stepId: outcome.stepId, intent: outcome.intent, result: outcome.result },
		{ status: outcome.status },
	)
}

export default function StorySettings({ loaderData, actionData }: Route.ComponentProps) {
	const { steps } = loaderData
	return (
		<main className="mx-auto w-full max-w-4xl space-y-6 px-4 py-6 sm:px-6">
			<div>
				<h1 className="font-serif text-2xl text-maroon-800 sm:text-3xl">Story Settings</h1>
				<p className="mt-1 text-sm text-stone-600">
					The four steps of the saree-making slideshow on the home page: a short video and a description for each.
				</p>
			</div>
			<div className="space-y-6">
				{steps.map((step) => (
					<StoryStepCard key={step.id} step={step} actionData={actionData ?? undefined} />
				))}
			</div>
			<StoryPreviewGrid steps={steps} />
		</main>
	)
}

export function ErrorBoundary() {
	return (
		<main className="mx-auto max-w-4xl px-4 py-6">
			<h1 className="font-serif text-2xl text-maroon-800">Story Settings</h1>
			<p role="alert" className="mt-4 text-red-700">
				Failed to load the story steps. Please try again.
			</p>
		</main>
	)
}
