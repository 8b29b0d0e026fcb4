import { type MouseEvent, useEffect, useRef, useState } from 'react'

import { useI18n } from '~/hooks/use-i18n'
import { imageSrcSet, imageUrl, imageWidths, type StoredImage } from '~/utils/media'

import { ChevronLeftIcon, ChevronRightIcon, CloseIcon, ZoomIcon } from './icons'
import { ImagePlaceholder, Picture } from './picture'

/** The main image is the page's largest: full width on phones, half the 1280 px container from 1024 px. */
const MAIN_SIZES = '(min-width: 1280px) 600px, (min-width: 1024px) 47vw, 92vw'

function largestWidth(image: StoredImage) {
	const widths = imageWidths(image.width)
	return widths[widths.length - 1]!
}

function largest(image: StoredImage) {
	return imageUrl(image.key, largestWidth(image), 'jpg')
}

/**
 * Product images. Without JavaScript the main image and every thumbnail link to the large JPEG, so all
 * images stay viewable. With it, thumbnails switch the main image and a click opens a full-screen
 * preview (arrow keys, Escape) where a click zooms in to the full resolution.
 */
export function ProductGallery({ images, name }: { images: StoredImage[]; name: string }) {
	const [selected, setSelected] = useState(0)
	const [preview, setPreview] = useState<number | null>(null)
	const { t } = useI18n()

	if (images.length === 0) {
		return <ImagePlaceholder className="aspect-[4/5] w-full rounded-2xl" />
	}
	const current = images[Math.min(selected, images.length - 1)]!
	const count = images.length

	return (
		<div className="lg:sticky lg:top-28">
			<a
				href={largest(current)}
				onClick={(event) => {
					event.preventDefault()
					setPreview(selected)
				}}
				className="group relative block aspect-[4/5] overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-stone-900/5"
				aria-label={count > 1 ? t('product.galleryEnlargeNumbered', { number: selected + 1, count }) : t('product.galleryEnlarge')}
			>
				<Picture
					key={current.key}
					image={current}
					alt={count > 1 ? t('product.galleryImageAlt', { name, number: selected + 1, count }) : name}
					sizes={MAIN_SIZES}
					priority={selected === 0}
					imgClassName="h-full w-full object-contain"
				/>
				<span
					className="absolute right-3 bottom-3 flex items-center gap-1.5 rounded-full bg-white/90 px-3 py-1.5 text-xs font-semibold text-maroon-900 shadow"
					aria-hidden="true"
				>
					<ZoomIcon className="h-4 w-4" />
					{t('product.galleryEnlargeChip')}
				</span>
			</a>

			{count > 1 ? (
				<ul className="mt-4 grid grid-cols-5 gap-2 sm:gap-3" aria-label={t('product.galleryThumbnails')}>
					{images.slice(0, 5).map((image, i) => (
						<li key={image.key}>
							<a
								href={largest(image)}
								onClick={(event) => {
									event.preventDefault()
									setSelected(i)
								}}
								aria-label={t('product.galleryShow', { number: i + 1, count })}
								aria-current={i === selected ? 'true' : undefined}
								className={`block aspect-square overflow-hidden rounded-lg bg-white ring-2 transition ${
									i === selected ? 'ring-maroon-800' : 'ring-transparent hover:ring-gold-400'
								}`}
							>
								<Picture image={image} alt="" sizes="96px" fallbackWidth={360} imgClassName="h-full w-full object-cover" />
							</a>
						</li>
					))}
				</ul>
			) : null}

			{preview !== null ? (
				<Lightbox images={images} name={name} start={preview} onClose={() => setPreview(null)} onShow={setSelected} />
			) : null}
		</div>
	)
}

function Lightbox({
	images,
	name,
	start,
	onClose,
	onShow,
}: {
	images: StoredImage[]
	name: string
	start: number
	onClose: () => void
	onShow: (index: number) => void
}) {
	const { t } = useI18n()
	const dialogRef = useRef<HTMLDialogElement>(null)
	const scrollerRef = useRef<HTMLDivElement>(null)
	const [index, setIndex] = useState(start)
	// The zoomed width in CSS pixels (null: the image fits the screen).
	const [zoomWidth, setZoomWidth] = useState<number | null>(null)
	const zoomed = zoomWidth !== null
	const count = images.length
	const image = images[index]!

	useEffect(() => {
		const dialog = dialogRef.current
		if (!dialog) return
		dialog.showModal()
		const overflow = document.body.style.overflow
		document.body.style.overflow = 'hidden'
		return () => {
			document.body.style.overflow = overflow
			if (dialog.open) dialog.close()
		}
	}, [])

	function show(next: number) {
		const target = (next + count) % count
		setZoomWidth(null)
		setIndex(target)
		onShow(target)
	}

	function toggleZoom(event: MouseEvent<HTMLImageElement>) {
		if (zoomed) {
			setZoomWidth(null)
			return
		}
		const rect = event.currentTarget.getBoundingClientRect()
		const fx = (event.clientX - rect.left) / rect.width
		const fy = (event.clientY - rect.top) / rect.height
		// At least the full resolution, and always a real magnification of what was on screen.
		setZoomWidth(Math.round(Math.max(image.width, rect.width * 2.5)))
		// After the full-size image is laid out, bring the clicked point to the middle of the screen.
		requestAnimationFrame(() => {
			const scroller = scrollerRef.current
			if (!scroller) return
			scroller.scrollLeft = fx * scroller.scrollWidth - scroller.clientWidth / 2
			scroller.scrollTop = fy * scroller.scrollHeight - scroller.clientHeight / 2
		})
	}

	return (
		<dialog
			ref={dialogRef}
			aria-label={t('product.galleryDialog', { name, number: index + 1, count })}
			onClose={onClose}
			onKeyDown={(event) => {
				if (event.key === 'ArrowRight') show(index + 1)
				else if (event.key === 'ArrowLeft') show(index - 1)
			}}
			className="m-0 h-dvh max-h-none w-screen max-w-none bg-maroon-950 p-0 text-white backdrop:bg-black/80"
		>
			<div
				ref={scrollerRef}
				className={`h-full w-full ${zoomed ? 'overflow-auto' : 'flex items-center justify-center overflow-hidden p-4 pt-16 pb-20'}`}
			>
				<picture key={image.key} className="contents">
					<source
						type="image/webp"
						srcSet={zoomed ? imageUrl(image.key, largestWidth(image), 'webp') : imageSrcSet(image.key, image.width, 'webp')}
						sizes={zoomed ? undefined : '100vw'}
					/>
					{/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- zooming to the clicked point is a pointer-only extra (the preview itself works with arrows and Escape) */}
					<img
						src={largest(image)}
						alt={t('product.galleryImageAlt', { name, number: index + 1, count })}
						width={image.width}
						height={image.height}
						onClick={toggleZoom}
						className={zoomed ? 'max-w-none cursor-zoom-out' : 'h-auto max-h-full w-auto max-w-full cursor-zoom-in object-contain'}
						style={zoomWidth ? { width: zoomWidth, height: 'auto' } : undefined}
					/>
				</picture>
			</div>
			<div className="pointer-events-none fixed inset-x-0 top-0 flex items-center justify-between p-3">
				<p className="pointer-events-auto rounded-full bg-black/40 px-3 py-1 text-sm" aria-live="polite">
					{t(zoomed ? 'product.galleryPositionZoomed' : 'product.galleryPosition', { number: index + 1, count })}
				</p>
				<button
					type="button"
					// eslint-disable-next-line jsx-a11y/no-autofocus -- a modal dialog moves focus into itself
					autoFocus
					onClick={() => dialogRef.current?.close()}
					className="pointer-events-auto flex h-11 w-11 items-center justify-center rounded-full bg-white/15 hover:bg-white/25"
					aria-label={t('product.galleryClose')}
				>
					<CloseIcon className="h-6 w-6" />
				</button>
			</div>
			{count > 1 ? (
				<div className="pointer-events-none fixed inset-x-0 bottom-0 flex items-center justify-center gap-4 p-4">
					<button
						type="button"
						onClick={() => show(index - 1)}
						className="pointer-events-auto flex h-12 w-12 items-center justify-center rounded-full bg-white/15 hover:bg-white/25"
						aria-label={t('product.galleryPrevious')}
					>
						<ChevronLeftIcon className="h-6 w-6" />
					</button>
					<button
						type="button"
						onClick={() => show(index + 1)}
						className="pointer-events-auto flex h-12 w-12 items-center justify-center rounded-full bg-white/15 hover:bg-white/25"
						aria-label={t('product.galleryNext')}
					>
						<ChevronRightIcon className="h-6 w-6" />
					</button>
				</div>
			) : null}
			<p className="sr-only">{t('product.galleryZoomHint')}</p>
		</dialog>
	)
}
