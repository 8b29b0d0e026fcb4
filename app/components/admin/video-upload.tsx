import type { ReactNode } from 'react'

import { ErrorList } from '~/components/ui/field'
import { LIMITS } from '~/constants'
import { useAdminI18n } from '~/hooks/use-admin-i18n'
import type { UploadState } from '~/hooks/use-video-upload'
import { VIDEO_ACCEPT, VIDEO_MESSAGES } from '~/schemas/hero'

const VIDEO_EXTENSIONS = /\.(?:mp4|m4v|webm|ogg|ogv|mov)$/i

/** The browser's quick check before sending 50 MB over a phone connection; the server decides. */
export function checkVideoFile(file: File): string | null {
	if (file.size > LIMITS.maxVideoBytes) return VIDEO_MESSAGES.tooLarge
	if (/\.avi$/i.test(file.name) || file.type === 'video/x-msvideo' || file.type === 'video/avi') return VIDEO_MESSAGES.avi
	if (!file.type.startsWith('video/') && !VIDEO_EXTENSIONS.test(file.name)) return VIDEO_MESSAGES.notVideo
	return null
}

const PROGRESS =
	'block h-2 w-full appearance-none overflow-hidden rounded-full bg-stone-200 [&::-moz-progress-bar]:bg-maroon-700 [&::-webkit-progress-bar]:bg-stone-200 [&::-webkit-progress-value]:bg-maroon-700'

/** The upload's progress, then the server's conversion, then any failure (its message may be a ref). */
export function VideoUploadProgress({ state }: { state: UploadState }) {
	const { t, msg } = useAdminI18n()
	if (state.phase === 'uploading') {
		return (
			<div className="space-y-1" role="status">
				<p className="text-sm text-stone-700">{t('adminHero.uploading', { percent: state.percent })}</p>
				<progress className={PROGRESS} max={100} value={state.percent} aria-label={t('adminHero.uploadingLabel')} />
			</div>
		)
	}
	if (state.phase === 'processing') {
		return (
			<div className="space-y-1" role="status">
				<p className="text-sm text-stone-700">{t('adminHero.processing')}</p>
				<progress className={PROGRESS} aria-label={t('adminHero.processingLabel')} />
			</div>
		)
	}
	if (state.phase === 'error' && state.message) {
		return (
			<p role="alert" className="text-sm text-red-700">
				{msg(state.message)}
			</p>
		)
	}
	return null
}

/** The file input: picks one video, and with JS says at once when it is too large or not a video. */
export function VideoFileField({
	id,
	label,
	errors,
	onProblem,
	hint,
}: {
	id: string
	label: ReactNode
	errors?: string[] | null
	onProblem?: (message: string | null) => void
	hint?: string
}) {
	const { t } = useAdminI18n()
	const described = [errors?.length ? `${id}-error` : null, `${id}-hint`].filter(Boolean).join(' ')
	return (
		<div>
			<label htmlFor={id} className="mb-1 block text-sm font-medium text-stone-800">
				{label}
			</label>
			<input
				id={id}
				name="video"
				type="file"
				accept={VIDEO_ACCEPT}
				aria-invalid={errors?.length ? true : undefined}
				aria-describedby={described}
				onChange={(event) => {
					const file = event.currentTarget.files?.[0]
					onProblem?.(file ? checkVideoFile(file) : null)
				}}
				className="block w-full max-w-full text-sm text-stone-800 file:mr-3 file:min-h-11 file:rounded-md file:border file:border-stone-300 file:bg-white file:px-4 file:py-2 file:text-sm file:font-semibold file:text-stone-900 hover:file:bg-stone-50"
			/>
			<p id={`${id}-hint`} className="mt-1 text-xs text-stone-600">
				{hint ?? t('adminHero.videoHint')}
			</p>
			<ErrorList id={`${id}-error`} errors={errors} />
		</div>
	)
}

/** The stored video as the site will play it, with its poster. */
export function VideoPreview({ src, poster, label }: { src: string; poster: string | null; label: string }) {
	return (
		<video
			controls
			muted
			playsInline
			preload="metadata"
			src={src}
			poster={poster ?? undefined}
			aria-label={label}
			className="aspect-video w-full rounded-md bg-stone-900 object-contain"
		/>
	)
}
