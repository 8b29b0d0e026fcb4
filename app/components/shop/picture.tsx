import { useI18n } from '~/hooks/use-i18n'
import { imageSrcSet, imageUrl, pickWidth, type StoredImage } from '~/utils/media'

/**
 * A stored image as <picture>: WebP with a JPEG fallback, every derivative width in srcset, explicit
 * width/height (no layout shift). Lazy unless it is the first large image of the page (`priority`).
 */
export function Picture({
	image,
	alt,
	sizes,
	priority = false,
	fallbackWidth = 720,
	className,
	imgClassName,
}: {
	image: StoredImage
	alt: string
	sizes: string
	priority?: boolean
	/** The JPEG `src` for browsers without srcset support. */
	fallbackWidth?: number
	className?: string
	imgClassName?: string
}) {
	const width = pickWidth(image.width, fallbackWidth)
	const height = Math.round((image.height * width) / image.width)
	return (
		<picture className={className}>
			<source type="image/webp" srcSet={imageSrcSet(image.key, image.width, 'webp')} sizes={sizes} />
			<img
				src={imageUrl(image.key, width, 'jpg')}
				srcSet={imageSrcSet(image.key, image.width, 'jpg')}
				sizes={sizes}
				width={width}
				height={height}
				alt={alt}
				loading={priority ? 'eager' : 'lazy'}
				fetchPriority={priority ? 'high' : undefined}
				decoding={priority ? 'sync' : 'async'}
				className={imgClassName}
			/>
		</picture>
	)
}

/** Shown where a product (or post) has no image: a woven motif, named for screen readers. */
export function ImagePlaceholder({
	label: givenLabel,
	showLabel = false,
	className = '',
}: {
	/** "Image not available" in the page's language when not given. */
	label?: string
	/** Also write the label under the motif (otherwise it is for screen readers only). */
	showLabel?: boolean
	className?: string
}) {
	const { t } = useI18n()
	const label = givenLabel ?? t('shop.imageNotAvailable')
	return (
		<div className={`bg-ikat relative flex flex-col items-center justify-center gap-2 ${className}`} role="img" aria-label={label}>
			<svg viewBox="0 0 48 48" className="h-12 w-12 text-gold-300/80" aria-hidden="true" focusable="false">
				<rect x="10" y="10" width="28" height="28" transform="rotate(45 24 24)" fill="none" stroke="currentColor" strokeWidth="2" />
				<rect x="18" y="18" width="12" height="12" transform="rotate(45 24 24)" fill="currentColor" />
			</svg>
			{showLabel ? (
				<span className="text-sm font-semibold tracking-widest text-gold-200 uppercase" aria-hidden="true">
					{label}
				</span>
			) : null}
		</div>
	)
}
