import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react'

import { ErrorList } from '~/components/ui/field'
import { LIMITS } from '~/constants'
import { useAdminI18n } from '~/hooks/use-admin-i18n'
import { useHydrated } from '~/hooks/use-hydrated'
import { checkImageFile, IMAGE_MESSAGES, megabytes } from '~/schemas/image-upload'
import { imageUrl, pickWidth } from '~/utils/media'

import { DownIcon, UpIcon } from './icons'

export type PickerImage = { key: string; width: number; height: number }
type ExistingItem = { kind: 'existing'; key: string; width: number; remove: boolean }
type NewItem = { kind: 'new'; id: string; file: File; url: string }
type Item = ExistingItem | NewItem

const isExisting = (item: Item): item is ExistingItem => item.kind === 'existing'
/** The form's names of a current image's fields: `existing[0].key`, `existing[0].position`, … */
const existingName = (index: number) => `existing[${index}]`
/** The ids the file input's description is made of: the hint, then whichever messages show. */
const describedBy = (...ids: Array<string | false>) => ids.filter(Boolean).join(' ')

const ERROR_ID = 'images-error'
const AGAIN_ID = 'images-again'

const iconButton =
	'inline-flex size-11 items-center justify-center rounded-md border border-stone-300 bg-white text-stone-800 hover:bg-stone-50 disabled:opacity-40'

/**
 * The product's images: the current ones (remove box, position number) and new files.
 * Without JS the position numbers set the order and new files go after the current ones.
 * With JS: previews of new files before upload, move up/down, remove; the checks the server makes
 * (count, size, type by bytes) run as soon as files are chosen.
 */
export function ProductImagePicker({
	existing,
	errors,
	initial,
	hadNewImages,
	max = LIMITS.maxProductImages,
}: {
	existing: PickerImage[]
	errors?: string[]
	/** What the seller had typed when the form comes back with errors. */
	initial?: Array<{ key?: string; position?: string; remove?: string }>
	hadNewImages?: boolean
	max?: number
}) {
	const hydrated = useHydrated()
	const { t, msg } = useAdminI18n()
	const hintId = useId()
	const inputRef = useRef<HTMLInputElement>(null)
	const [items, setItems] = useState<Item[]>(() =>
		existing.map((image) => ({
			kind: 'existing',
			key: image.key,
			width: image.width,
			remove: initial?.find((i) => i.key === image.key)?.remove === 'on',
		})),
	)
	const [clientErrors, setClientErrors] = useState<string[]>([])

	// The file input always carries exactly the new files shown, in their shown order.
	function syncInput(list: Item[]) {
		const input = inputRef.current
		if (!input) return
		const transfer = new DataTransfer()
		for (const item of list) if (item.kind === 'new') transfer.items.add(item.file)
		input.files = transfer.files
	}

	const itemsRef = useRef(items)
	useEffect(() => {
		itemsRef.current = items
	})
	useEffect(() => {
		return () => {
			for (const item of itemsRef.current) if (item.kind === 'new') URL.revokeObjectURL(item.url)
		}
	}, [])

	function update(next: Item[]) {
		setItems(next)
		syncInput(next)
	}

	async function onFilesChosen(event: ChangeEvent<HTMLInputElement>) {
		const picked = Array.from(event.currentTarget.files ?? [])
		if (!hydrated) return
		const kept = items.filter((i) => i.kind === 'new' || !i.remove).length
		let problems: string[] = []
		if (kept + picked.length > max) problems = [IMAGE_MESSAGES.tooMany(max)]
		else problems = (await Promise.all(picked.map((file) => checkImageFile(file)))).filter((p): p is string => p !== null)
		setClientErrors(problems)
		if (problems.length) return syncInput(items)
		update([...items, ...picked.map((file) => ({ kind: 'new' as const, id: crypto.randomUUID(), file, url: URL.createObjectURL(file) }))])
	}

	function move(index: number, by: -1 | 1) {
		const target = index + by
		if (target < 0 || target >= items.length) return
		const next = [...items]
		;[next[index], next[target]] = [next[target]!, next[index]!]
		update(next)
	}

	function removeNew(id: string) {
		const item = items.find((i) => i.kind === 'new' && i.id === id)
		if (item?.kind === 'new') URL.revokeObjectURL(item.url)
		setClientErrors([])
		update(items.filter((i) => i.kind !== 'new' || i.id !== id))
	}

	function toggleRemove(key: string, remove: boolean) {
		setItems(items.map((i) => (i.kind === 'existing' && i.key === key ? { ...i, remove } : i)))
	}

	const shownErrors = clientErrors.length ? clientErrors : errors
	const hasNew = items.some((i) => i.kind === 'new')
	// Per shown item: whether it is the cover, and its index among the existing or the new files.
	const placed = placeItems(items)

	return (
		<div>
			<label htmlFor="images" className="mb-1 block text-sm font-medium text-stone-800">
				{t('adminPhotos.images')}
			</label>
			<p id={hintId} className="mb-3 text-xs text-stone-600">
				{t('adminPhotos.imagesHint', { max, size: megabytes(LIMITS.maxImageBytes) })}{' '}
				{t(hydrated ? 'adminPhotos.orderByArrows' : 'adminPhotos.orderByNumbers')}
			</p>

			{items.length > 0 ? (
				<ol className="mb-3 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label={t('adminPhotos.chosenImages')}>
					{items.map((item, index) => {
						const position = index + 1
						const { isCover, existingIndex, newIndex } = placed[index]!
						const name = existingName(existingIndex)
						return (
							<li
								key={item.kind === 'existing' ? item.key : item.id}
								className={`flex gap-3 rounded-md border bg-white p-2 ${item.kind === 'existing' && item.remove ? 'border-red-300 opacity-60' : 'border-stone-200'}`}
							>
								<img
									src={item.kind === 'existing' ? imageUrl(item.key, pickWidth(item.width, 360), 'webp') : item.url}
									alt={
										isExisting(item)
											? t('adminPhotos.image', { number: position })
											: t('adminPhotos.newImage', { number: position, name: item.file.name })
									}
									width={80}
									height={80}
									className="size-20 shrink-0 rounded object-cover"
								/>
								<div className="flex min-w-0 flex-1 flex-col gap-1 text-sm">
									<p className="flex flex-wrap items-center gap-2">
										<span className="font-medium">
											{isExisting(item) ? (
												t('adminPhotos.image', { number: position })
											) : (
												<span className="break-all" data-seller-text>
													{item.file.name}
												</span>
											)}
										</span>
										{isCover ? (
											<span className="rounded bg-gold-100 px-1.5 text-xs font-semibold text-gold-700">{t('adminPhotos.cover')}</span>
										) : null}
										{isExisting(item) ? null : <span className="text-xs text-stone-600">{t('adminPhotos.notUploaded')}</span>}
									</p>
									{isExisting(item) ? (
										<>
											<input type="hidden" name={`${name}.key`} value={item.key} />
											{hydrated ? (
												<input type="hidden" name={`${name}.position`} value={position} />
											) : (
												<label className="flex items-center gap-2">
													{t('adminPhotos.position')}
													<input
														type="number"
														name={`${name}.position`}
														min={1}
														max={max}
														inputMode="numeric"
														defaultValue={initial?.find((i) => i.key === item.key)?.position ?? position}
														className="min-h-11 w-16 rounded-md border border-stone-300 px-2"
													/>
												</label>
											)}
											<label className="flex min-h-11 items-center gap-2">
												<input
													type="checkbox"
													name={`${name}.remove`}
													checked={item.remove}
													onChange={(e) => toggleRemove(item.key, e.currentTarget.checked)}
													className="size-5 accent-maroon-800"
												/>
												{t('adminPhotos.remove')}
											</label>
										</>
									) : (
										<>
											<input type="hidden" name="newPosition" value={position} data-new-index={newIndex} />
											<button
												type="button"
												onClick={() => removeNew(item.id)}
												className="min-h-11 self-start rounded-md px-2 text-left text-red-800 underline"
											>
												{t('adminPhotos.remove')}{' '}
												<span className="sr-only" data-seller-text>
													{item.file.name}
												</span>
											</button>
										</>
									)}
								</div>
								{hydrated ? (
									<div className="flex flex-col gap-1">
										<button
											type="button"
											className={iconButton}
											onClick={() => move(index, -1)}
											disabled={index === 0}
											aria-label={t('adminPhotos.moveUp', { number: position })}
										>
											<UpIcon />
										</button>
										<button
											type="button"
											className={iconButton}
											onClick={() => move(index, 1)}
											disabled={index === items.length - 1}
											aria-label={t('adminPhotos.moveDown', { number: position })}
										>
											<DownIcon />
										</button>
									</div>
								) : null}
							</li>
						)
					})}
				</ol>
			) : null}

			<input
				ref={inputRef}
				id="images"
				name="images"
				type="file"
				multiple
				accept="image/*"
				onChange={onFilesChosen}
				aria-describedby={describedBy(hintId, !!shownErrors?.length && ERROR_ID, !!hadNewImages && !hasNew && AGAIN_ID)}
				aria-invalid={shownErrors?.length ? true : undefined}
				className="block w-full min-h-11 rounded-md border border-dashed border-stone-400 bg-white p-2 text-sm file:mr-3 file:min-h-10 file:rounded-md file:border-0 file:bg-maroon-50 file:px-3 file:font-semibold file:text-maroon-900"
			/>
			{hadNewImages && !hasNew ? (
				<p id={AGAIN_ID} className="mt-1 text-sm text-amber-800">
					{t('adminPhotos.chooseAgainWhy', { message: msg(IMAGE_MESSAGES.chooseAgain) })}
				</p>
			) : null}
			<div aria-live="polite">
				<ErrorList id={ERROR_ID} errors={shownErrors} />
			</div>
		</div>
	)
}

function placeItems(items: Item[]) {
	let existingIndex = -1
	let newIndex = -1
	let coverShown = false
	return items.map((item) => {
		const isCover = !coverShown && (item.kind === 'new' || !item.remove)
		if (isCover) coverShown = true
		if (item.kind === 'existing') existingIndex++
		else newIndex++
		return { isCover, existingIndex, newIndex }
	})
}
