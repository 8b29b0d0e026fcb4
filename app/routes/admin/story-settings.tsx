import { data } from 'react-router'

import { adminMeta, AdminPage, AdminRouteError } from '~/components/admin/admin-page'
import { StoryPreviewGrid } from '~/components/admin/story-preview-grid'
import { type StoryActionData, StoryStepCard, type StoryStepView, storyTextFormId } from '~/components/admin/story-step-card'
import { UnsavedChangesGuard } from '~/components/admin/unsaved-changes-guard'
import { ViewInShop } from '~/components/admin/view-in-shop'
import { useI18n } from '~/hooks/use-i18n'
import { messageRef } from '~/i18n/message-ref'
import { adminMessages } from '~/i18n/messages.server'
import { listStoryStepsForEdit } from '~/models/site.server'
import { storyIntentSchema } from '~/schemas/story'
import { requireAdmin } from '~/services/session.server'
import { redirectWithFlash } from '~/utils/flash.server'
import { readFormData } from '~/utils/forms.server'
import { mediaUrl } from '~/utils/media'

import type { Route } from './+types/story-settings'
import { handleStoryForm, handleStoryVideoUpload, stepIdFromUrl } from './story-settings.server'

const PATH = '/admin/story-settings'

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, messageRef('adminStory.title'))

export async function loader({ request, context }: Route.LoaderArgs) {
	const admin = await requireAdmin({ request, context })
	const steps: StoryStepView[] = (await listStoryStepsForEdit()).map((s) => ({
		id: s.id,
		order: s.order,
		name: s.name,
		nameTe: s.nameTe,
		nameHi: s.nameHi,
		text: s.text,
		textTe: s.textTe,
		textHi: s.textHi,
		videoUrl: s.videoKey ? mediaUrl(s.videoKey) : null,
		posterUrl: s.posterKey ? mediaUrl(s.posterKey) : null,
	}))
	// The video messages (too big, not a video) live with the hero's, in its area.
	return { ...adminMessages(admin.locale, 'adminStory', 'adminHero'), steps }
}

export async function action({ request, context }: Route.ActionArgs) {
	await requireAdmin({ request, context })
	const uploadStep = stepIdFromUrl(request)
	const multipart = (request.headers.get('Content-Type') ?? '').startsWith('multipart/form-data')
	const outcome =
		uploadStep !== null && multipart
			? await handleStoryVideoUpload({ request, context }, uploadStep)
			: await handleStoryForm(await readFormData({ request, context }, { schema: storyIntentSchema }))
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
	const { t } = useI18n()
	return (
		<AdminPage title={t('adminStory.title')} description={t('adminStory.description')} actions={<ViewInShop href="/#story" />}>
			<UnsavedChangesGuard forms={steps.map((step) => storyTextFormId(step.id))} />
			<div className="space-y-6">
				{steps.map((step) => (
					<StoryStepCard key={step.id} step={step} actionData={actionData ?? undefined} />
				))}
			</div>
			<StoryPreviewGrid steps={steps} />
		</AdminPage>
	)
}

export function ErrorBoundary() {
	return <AdminRouteError title="admin.navStorySettings" failedText="admin.loadFailed" link={{ to: PATH, label: 'admin.tryAgain' }} />
}
