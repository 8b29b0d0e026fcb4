import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { Form, useFetcher } from 'react-router'

import { checkVideoFile, VideoFileField, VideoPreview, VideoUploadProgress } from '~/components/admin/video-upload'
import { Button } from '~/components/ui/button'
import { ErrorList, Field, TextareaField } from '~/components/ui/field'
import { LIMITS } from '~/constants'
import { useAdminI18n } from '~/hooks/use-admin-i18n'
import { useHydrated } from '~/hooks/use-hydrated'
import { useIsPending } from '~/hooks/use-pending'
import { useVideoUpload } from '~/hooks/use-video-upload'
import { useZodForm } from '~/hooks/use-zod-form'
import { messageRef } from '~/i18n/message-ref'
import { STORY_MESSAGES, storyTextSchema } from '~/schemas/story'
import { type Translations } from '~/utils/translations'

import { SellerText } from './seller-text'
import { TranslatedFields } from './translated-fields'

/** The fields a step has in Telugu and Hindi. */
const TRANSLATED = ['name', 'text'] as const
const TEXT_INPUT = { type: 'text' } as const

/** A step's text form, by its id (the story screen's unsaved-changes guard names them). */
export function storyTextFormId(stepId: number) {
	return `story-text-${stepId}`
}

export type StoryStepView = {
	id: number
	order: number
	name: string
	text: string
	videoUrl: string | null
	posterUrl: string | null
} & Translations<'name' | 'text'>

export type StoryActionData = {
	ok: boolean
	stepId: number | null
	intent: 'text' | 'video' | 'remove-video'
	result?: SubmissionResult<string[]>
	message?: string
}

/** One story step: its video (upload, preview, remove) and its description and translations (autosaved with JS). */
export function StoryStepCard({ step, actionData }: { step: StoryStepView; actionData?: StoryActionData }) {
	const mine = actionData && actionData.stepId === step.id ? actionData : undefined
	const videoData = mine?.intent === 'video' || mine?.intent === 'remove-video' ? mine : undefined
	const textData = mine?.intent === 'text' ? mine : undefined
	const headingId = `step-${step.id}-heading`
	const { t } = useAdminI18n()
	return (
		<section
			id={`step-${step.id}`}
			aria-labelledby={headingId}
			className="scroll-mt-4 space-y-5 rounded-lg border border-stone-200 bg-white p-4 shadow-sm sm:p-6"
		>
			<h2 id={headingId} className="font-serif text-xl text-maroon-800">
				<span
					aria-hidden="true"
					className="mr-2 inline-flex h-8 w-8 items-center justify-center rounded-full bg-maroon-800 font-sans text-sm text-white"
				>
					{step.order}
				</span>
				<span className="sr-only">{t('adminStory.stepNumber', { number: step.order })} </span>
				<SellerText>{step.name}</SellerText>
			</h2>
			<StoryVideo step={step} actionData={videoData} />
			<StoryText step={step} actionData={textData} />
		</section>
	)
}

function StoryVideo({ step, actionData }: { step: StoryStepView; actionData?: StoryActionData }) {
	const { t, rich } = useAdminI18n()
	const stepName = <SellerText>{step.name}</SellerText>
	const upload = useVideoUpload(`/admin/video-upload?target=story&step=${step.id}`, STORY_MESSAGES.videoFailed)
	const [fileProblem, setFileProblem] = useState<string | null>(null)
	const removeFormId = `story-remove-${step.id}`
	// Both forms of a step post to an address naming it, so each card knows its own pending post.
	const stepAction = `/admin/story-settings?step=${step.id}`
	const removing = useIsPending({ formAction: stepAction, intent: 'remove-video' })
	const uploadingWithoutXhr = useIsPending({ formAction: stepAction, intent: null })
	const xhrErrors = upload.state.phase === 'error' ? (upload.state.result?.error?.video ?? null) : null
	const serverErrors = actionData?.intent === 'video' ? (actionData.result?.error?.video ?? null) : null
	const removeErrors = actionData?.intent === 'remove-video' ? (actionData.result?.error?.[''] ?? null) : null
	const errors = fileProblem ? [fileProblem] : (xhrErrors ?? serverErrors)

	function sendVideo(event: FormEvent<HTMLFormElement>) {
		const form = event.currentTarget
		const file = (form.elements.namedItem('video') as HTMLInputElement | null)?.files?.[0]
		event.preventDefault()
		if (!file) {
			setFileProblem(STORY_MESSAGES.videoRequired)
			return
		}
		const problem = checkVideoFile(file)
		setFileProblem(problem)
		if (!problem) upload.send(form)
	}

	return (
		<div className="space-y-3">
			{step.videoUrl ? (
				<div className="space-y-2">
					<VideoPreview src={step.videoUrl} poster={step.posterUrl} label={t('adminStory.videoFor', { name: step.name })} />
					<Button type="submit" form={removeFormId} variant="secondary" disabled={removing}>
						{t(removing ? 'adminStory.removing' : 'adminStory.removeVideo')}
					</Button>
					<ErrorList errors={removeErrors} />
				</div>
			) : (
				<p className="text-sm text-stone-600">{t('adminStory.noVideo')}</p>
			)}
			<Form method="post" encType="multipart/form-data" action={stepAction} className="space-y-3" onSubmit={sendVideo}>
				<VideoFileField
					id={`step-${step.id}-video`}
					label={rich(step.videoUrl ? 'adminStory.replaceVideoFor' : 'adminStory.videoFor', { name: stepName })}
					errors={errors}
					onProblem={setFileProblem}
				/>
				<VideoUploadProgress state={upload.state} />
				<Button type="submit" variant="secondary" disabled={upload.busy || uploadingWithoutXhr}>
					{t(upload.busy || uploadingWithoutXhr ? 'adminStory.uploading' : 'adminStory.uploadVideo')}
				</Button>
			</Form>
			<Form method="post" action={stepAction} id={removeFormId} hidden>
				<input type="hidden" name="intent" value="remove-video" />
				<input type="hidden" name="stepId" value={step.id} />
			</Form>
		</div>
	)
}

function StoryText({ step, actionData }: { step: StoryStepView; actionData?: StoryActionData }) {
	const { t, msg, rich } = useAdminI18n()
	const hydrated = useHydrated()
	const fetcher = useFetcher<StoryActionData>({ key: `story-text-${step.id}` })
	const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
	const [dirty, setDirty] = useState(false)
	const [form, fields] = useZodForm(storyTextSchema, {
		id: storyTextFormId(step.id),
		lastResult: fetcher.data?.result ?? actionData?.result,
		defaultValue: { text: step.text, nameTe: step.nameTe, nameHi: step.nameHi, textTe: step.textTe, textHi: step.textHi },
		checkWhileTyping: true,
	})
	useEffect(() => () => clearTimeout(timer.current), [])

	// Every field of the form is sent together, so a save of one never empties another.
	function scheduleSave(formElement: HTMLFormElement) {
		setDirty(true)
		clearTimeout(timer.current)
		timer.current = setTimeout(() => {
			const formData = new FormData(formElement)
			// A field over its limit shows its message as it is typed; nothing is saved until it is fixed.
			if (parseWithZod(formData, { schema: storyTextSchema }).status !== 'success') return
			setDirty(false)
			formData.set('autosave', 'on')
			void fetcher.submit(formData, { method: 'post' })
		}, LIMITS.storyTextDebounceMs)
	}

	const status = dirty
		? t('adminStory.unsaved')
		: fetcher.state !== 'idle'
			? t('adminStory.saving')
			: fetcher.data
				? msg(fetcher.data.ok ? (fetcher.data.message ?? STORY_MESSAGES.textUpdated(step.name)) : STORY_MESSAGES.textFailed)
				: ''

	return (
		<Form method="post" {...getFormProps(form)} className="space-y-3" onInput={(event) => scheduleSave(event.currentTarget)}>
			<input type="hidden" name="intent" value="text" />
			<input type="hidden" name="stepId" value={step.id} />
			<ErrorList errors={form.errors} />
			<TextareaField
				label={t('adminStory.description_')}
				{...getTextareaProps(fields.text)}
				id={`step-${step.id}-text`}
				rows={4}
				errors={fields.text.errors}
				hint={hydrated ? t('adminStory.autosaveHint') : undefined}
			/>
			<TranslatedFields fields={fields} names={TRANSLATED}>
				{({ name, text }, locale) => (
					<>
						<Field
							label={msg(messageRef('adminStory.stepNameIn', { language: locale }))}
							hint={rich('adminStory.inEnglish', { name: <SellerText>{step.name}</SellerText> })}
							lang={locale}
							autoComplete="off"
							{...getInputProps(name, TEXT_INPUT)}
							errors={name.errors}
						/>
						<TextareaField
							label={msg(messageRef('adminStory.descriptionIn', { language: locale }))}
							lang={locale}
							rows={4}
							{...getTextareaProps(text)}
							errors={text.errors}
						/>
					</>
				)}
			</TranslatedFields>
			<div className="flex min-h-6 items-center justify-between gap-3">
				<p role="status" aria-live="polite" className={`text-sm ${fetcher.data && !fetcher.data.ok ? 'text-red-700' : 'text-stone-600'}`}>
					{status}
				</p>
				{/* Without JS there is no autosave: the seller saves with this button. */}
				<Button type="submit" variant="secondary" hidden={hydrated}>
					{t('adminStory.save')}
				</Button>
			</div>
		</Form>
	)
}
