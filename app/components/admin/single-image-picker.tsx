import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react'

import { ErrorList } from '~/components/ui/field'
import { useAdminI18n } from '~/hooks/use-admin-i18n'
import { useHydrated } from '~/hooks/use-hydrated'
import { checkImageFile, IMAGE_MESSAGES } from '~/schemas/image-upload'
import { imageUrl, pickWidth } from '~/utils/media'

/**
 * One optional image of a record (a post's cover, a person's photo): the current one with a remove
 * box, and a file input for a new one. With JS the chosen file is checked at once and previewed before
 * upload. The form sends the file as `name` and the remove box as `removeName`.
 */
export function SingleImagePicker({
	name,
	removeName,
	label,
	hint,
	tooManyMessage,
	current,
	errors,
	removeChecked,
	hadNewImage,
}: {
	name: string
	removeName: string
	/** The field's label ("Cover Image"). */
	label: string
	hint: string
	/** Said when more than one file is chosen. */
	tooManyMessage: string
	current: { key: string; width: number } | null
	errors?: string[] | null
	removeChecked?: boolean
	hadNewImage?: boolean
}) {
	const hydrated = useHydrated()
	const { t, msg } = useAdminI18n()
	const hintId = useId()
	const inputRef = useRef<HTMLInputElement>(null)
	const [preview, setPreview] = useState<{ url: string; name: string } | null>(null)
	const [clientError, setClientError] = useState<string | null>(null)

	useEffect(() => () => void (preview && URL.revokeObjectURL(preview.url)), [preview])

	async function onChange(event: ChangeEvent<HTMLInputElement>) {
		const input = event.currentTarget
		const files = Array.from(input.files ?? [])
		if (!hydrated) return
		setPreview(null)
		if (files.length === 0) return setClientError(null)
		const problem = files.length > 1 ? tooManyMessage : await checkImageFile(files[0]!)
		setClientError(problem)
		if (problem) {
			input.value = ''
			return
		}
		setPreview({ url: URL.createObjectURL(files[0]!), name: files[0]!.name })
	}

	function clear() {
		if (inputRef.current) inputRef.current.value = ''
		setPreview(null)
		setClientError(null)
	}

	const errorId = `${name}-error`
	const shownErrors = clientError ? [clientError] : errors
	return (
		<div>
			<label htmlFor={name} className="mb-1 block text-sm font-medium text-stone-800">
				{label}
			</label>
			<p id={hintId} className="mb-3 text-xs text-stone-600">
				{hint}
			</p>
			{current ? (
				<div className="mb-3 flex flex-wrap items-center gap-3">
					<img
						src={imageUrl(current.key, pickWidth(current.width, 360), 'webp')}
						alt={t('adminPhotos.currentImage')}
						width={180}
						height={90}
						className="h-[90px] w-[180px] rounded object-cover"
					/>
					<label className="flex min-h-11 items-center gap-2 text-sm">
						<input type="checkbox" name={removeName} defaultChecked={removeChecked} className="size-5 accent-maroon-800" />
						{t('adminPhotos.removeImage')}
					</label>
				</div>
			) : null}
			{preview ? (
				<div className="mb-3 flex flex-wrap items-center gap-3">
					<img
						src={preview.url}
						alt={t('adminPhotos.newPicked', { name: preview.name })}
						className="h-[90px] w-[180px] rounded object-cover"
					/>
					<button type="button" onClick={clear} className="min-h-11 rounded-md px-2 text-sm text-red-800 underline">
						{t('adminPhotos.clearSelection')}
					</button>
				</div>
			) : null}
			<input
				ref={inputRef}
				id={name}
				name={name}
				type="file"
				accept="image/*"
				onChange={onChange}
				aria-describedby={shownErrors?.length ? `${hintId} ${errorId}` : hintId}
				aria-invalid={shownErrors?.length ? true : undefined}
				className="block w-full min-h-11 rounded-md border border-dashed border-stone-400 bg-white p-2 text-sm file:mr-3 file:min-h-10 file:rounded-md file:border-0 file:bg-maroon-50 file:px-3 file:font-semibold file:text-maroon-900"
			/>
			{hadNewImage && !preview ? (
				<p className="mt-1 text-sm text-amber-800">{t('adminPhotos.chooseAgainWhy', { message: msg(IMAGE_MESSAGES.chooseAgain) })}</p>
			) : null}
			<div aria-live="polite">
				<ErrorList id={errorId} errors={shownErrors} />
			</div>
		</div>
	)
}
