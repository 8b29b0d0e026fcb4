import { getFormProps, getInputProps } from '@conform-to/react'
import { useState } from 'react'
import { data, Form } from 'react-router'

import { adminMeta, AdminPage, AdminRouteError } from '~/components/admin/admin-page'
import { TranslatedFields } from '~/components/admin/translated-fields'
import { UnsavedChangesGuard } from '~/components/admin/unsaved-changes-guard'
import { checkVideoFile, VideoFileField, VideoPreview, VideoUploadProgress } from '~/components/admin/video-upload'
import { ViewInShop } from '~/components/admin/view-in-shop'
import { Button } from '~/components/ui/button'
import { ErrorList, Field } from '~/components/ui/field'
import { useAdminI18n } from '~/hooks/use-admin-i18n'
import { useIsPending } from '~/hooks/use-pending'
import { useVideoUpload } from '~/hooks/use-video-upload'
import { useZodForm } from '~/hooks/use-zod-form'
import { messageRef } from '~/i18n/message-ref'
import { adminMessages } from '~/i18n/messages.server'
import { getHeroForEdit } from '~/models/site.server'
import { HERO_MESSAGES, heroSchema } from '~/schemas/hero'
import { requireAdmin } from '~/services/session.server'
import { getEnv } from '~/utils/env.server'
import { redirectWithFlash } from '~/utils/flash.server'
import { mediaUrl } from '~/utils/media'

import type { Route } from './+types/hero-settings'
import { handleHeroPost } from './hero-settings.server'

const PATH = '/admin/hero-settings'
/** The fields the hero has in Telugu and Hindi. */
const TRANSLATED = ['title', 'subtitle'] as const
const TEXT_INPUT = { type: 'text' } as const

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, messageRef('adminHero.title'))

export async function loader({ request, context }: Route.LoaderArgs) {
	const admin = await requireAdmin({ request, context })
	const hero = await getHeroForEdit()
	const videoUrl = hero.videoKey ? mediaUrl(hero.videoKey) : null
	return {
		...adminMessages(admin.locale, 'adminHero'),
		hero: {
			title: hero.title,
			titleTe: hero.titleTe,
			titleHi: hero.titleHi,
			subtitle: hero.subtitle,
			subtitleTe: hero.subtitleTe,
			subtitleHi: hero.subtitleHi,
			videoEnabled: hero.videoEnabled,
			videoUrl,
			absoluteVideoUrl: videoUrl ? `${getEnv().APP_ORIGIN}${videoUrl}` : null,
			posterUrl: hero.posterKey ? mediaUrl(hero.posterKey) : null,
		},
	}
}

export async function action({ request, context }: Route.ActionArgs) {
	await requireAdmin({ request, context })
	const outcome = await handleHeroPost({ request, context })
	if (outcome.ok) return redirectWithFlash(request, PATH, outcome.flash)
	return data({ result: outcome.result }, { status: outcome.status })
}

export default function HeroSettings({ loaderData, actionData }: Route.ComponentProps) {
	const { hero } = loaderData
	const { t, msg } = useAdminI18n()
	const upload = useVideoUpload('/admin/video-upload?target=hero', HERO_MESSAGES.updateFailed)
	const [fileProblem, setFileProblem] = useState<string | null>(null)
	const lastResult = upload.state.phase === 'error' && upload.state.result ? upload.state.result : actionData?.result
	const [form, fields] = useZodForm(heroSchema, {
		id: 'hero-settings',
		lastResult,
		constraintSchema: heroSchema.options[0],
		defaultValue: {
			intent: 'save',
			title: hero.title,
			titleTe: hero.titleTe,
			titleHi: hero.titleHi,
			subtitle: hero.subtitle,
			subtitleTe: hero.subtitleTe,
			subtitleHi: hero.subtitleHi,
			videoEnabled: hero.videoEnabled ? 'on' : undefined,
		},
		onSubmit(event) {
			const formElement = event.currentTarget
			const file = (formElement.elements.namedItem('video') as HTMLInputElement | null)?.files?.[0]
			if (!file) return // No new video: the ordinary form post is quick.
			event.preventDefault()
			const problem = checkVideoFile(file)
			setFileProblem(problem)
			if (!problem) upload.send(formElement)
		},
	})
	const saving = useIsPending({ intent: 'save' }) || upload.busy
	const removing = useIsPending({ intent: 'remove-video' })
	const videoErrors = fileProblem ? [fileProblem] : form.allErrors.video

	return (
		<AdminPage width="form" title={t('adminHero.title')} description={t('adminHero.description')} actions={<ViewInShop href="/" />}>
			<UnsavedChangesGuard forms={[form.id]} />
			<Form
				method="post"
				encType="multipart/form-data"
				{...getFormProps(form)}
				className="space-y-6 rounded-lg border border-stone-200 bg-white p-4 shadow-sm sm:p-6"
			>
				<input type="hidden" name="intent" value="save" />
				<ErrorList id={`${form.id}-form-error`} errors={form.errors} />

				{/* The whole row is the switch's label: a 44 px target on a phone, not only the switch itself. */}
				<label htmlFor={fields.videoEnabled.id} className="flex min-h-11 cursor-pointer items-center justify-between gap-4">
					<span className="text-sm font-medium text-stone-800">
						{t('adminHero.enableVideo')}
						<span className="block text-xs font-normal text-stone-600">{t('adminHero.enableVideoHint')}</span>
					</span>
					<input
						{...getInputProps(fields.videoEnabled, { type: 'checkbox' })}
						// A native checkbox shown as a switch: its checked state is the switch's state.
						// eslint-disable-next-line jsx-a11y/role-has-required-aria-props
						role="switch"
						className="relative h-7 w-12 shrink-0 cursor-pointer appearance-none rounded-full bg-stone-500 transition-colors before:absolute before:top-0.5 before:left-0.5 before:h-6 before:w-6 before:rounded-full before:bg-white before:shadow before:transition-transform checked:bg-maroon-700 checked:before:translate-x-5"
					/>
				</label>

				<section aria-labelledby="hero-current-video" className="space-y-3">
					<h2 id="hero-current-video" className="text-sm font-medium text-stone-800">
						{t('adminHero.currentVideo')}
					</h2>
					{hero.videoUrl ? (
						<>
							<VideoPreview src={hero.videoUrl} poster={hero.posterUrl} label={t('adminHero.currentVideoLabel')} />
							<p className="text-sm break-all text-stone-700">
								<span className="font-medium">{t('adminHero.videoUrl')} </span>
								<a href={hero.videoUrl} className="text-maroon-800 underline" target="_blank" rel="noopener">
									{hero.absoluteVideoUrl}
								</a>
							</p>
							<Button type="submit" form="hero-remove-video" variant="secondary" disabled={removing}>
								{t(removing ? 'adminHero.removing' : 'adminHero.removeVideo')}
							</Button>
						</>
					) : (
						<p className="text-sm text-stone-600">{t('adminHero.noVideo')}</p>
					)}
				</section>

				<div className="space-y-3">
					<VideoFileField
						id="hero-video"
						label={t(hero.videoUrl ? 'adminHero.replaceVideo' : 'adminHero.uploadVideo')}
						errors={videoErrors}
						onProblem={setFileProblem}
					/>
					<VideoUploadProgress state={upload.state} />
				</div>

				<Field label={t('adminHero.mainTitle')} {...getInputProps(fields.title, { type: 'text' })} errors={fields.title.errors} />
				<Field label={t('adminHero.subtitle')} {...getInputProps(fields.subtitle, { type: 'text' })} errors={fields.subtitle.errors} />
				<TranslatedFields fields={fields} names={TRANSLATED}>
					{({ title, subtitle }, locale) => (
						<>
							<Field
								label={msg(messageRef('adminHero.titleIn', { language: locale }))}
								lang={locale}
								{...getInputProps(title, TEXT_INPUT)}
								errors={title.errors}
							/>
							<Field
								label={msg(messageRef('adminHero.subtitleIn', { language: locale }))}
								lang={locale}
								{...getInputProps(subtitle, TEXT_INPUT)}
								errors={subtitle.errors}
							/>
						</>
					)}
				</TranslatedFields>

				<Button type="submit" disabled={saving}>
					{t(saving ? 'adminHero.saving' : 'adminHero.save')}
				</Button>
			</Form>

			{/* Its button sits in the form above (form="hero-remove-video"); forms cannot nest. */}
			<Form method="post" id="hero-remove-video" hidden>
				<input type="hidden" name="intent" value="remove-video" />
			</Form>
		</AdminPage>
	)
}

export function ErrorBoundary() {
	return (
		<AdminRouteError
			title="admin.navHeroSettings"
			width="form"
			failedText="admin.heroLoadFailed"
			link={{ to: PATH, label: 'admin.tryAgain' }}
		/>
	)
}
