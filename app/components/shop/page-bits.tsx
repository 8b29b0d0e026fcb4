import type { ReactNode } from 'react'

import { LIMITS } from '~/constants'
import { useI18n } from '~/hooks/use-i18n'

import { PRODUCT_GRID_CLASS, ProductCardSkeleton } from './product-card'

/** A centred column with the page's side padding; `maxWidth` is a literal Tailwind class (max-w-3xl…). */
export function container(maxWidth: string) {
	return `mx-auto w-full ${maxWidth} px-4 sm:px-6 lg:px-8`
}

export const CONTAINER = container('max-w-7xl')

/** A small gold-lettered line above a heading. */
export function Eyebrow({ children, className = '' }: { children: ReactNode; className?: string }) {
	return <p className={`text-xs font-semibold tracking-[0.22em] text-gold-700 uppercase ${className}`}>{children}</p>
}

/** A gold rule with a diamond in the middle, under section headings. */
export function Ornament({ className = '' }: { className?: string }) {
	return (
		<div className={`flex items-center justify-center gap-3 text-gold-500 ${className}`} aria-hidden="true">
			<span className="h-px w-12 bg-current" />
			<span className="h-2 w-2 rotate-45 bg-current" />
			<span className="h-px w-12 bg-current" />
		</div>
	)
}

export function PageHeading({ eyebrow, title, children }: { eyebrow?: string; title: string; children?: ReactNode }) {
	return (
		<header className="border-b border-gold-200/70 bg-gradient-to-b from-gold-50 to-cream">
			<div className={`${CONTAINER} py-12 text-center sm:py-16`}>
				{eyebrow ? <Eyebrow>{eyebrow}</Eyebrow> : null}
				<h1 className="mt-3 font-serif text-4xl text-maroon-900 sm:text-5xl">{title}</h1>
				<Ornament className="mt-5" />
				{children ? <div className="mx-auto mt-5 max-w-2xl text-lg leading-relaxed text-stone-700">{children}</div> : null}
			</div>
		</header>
	)
}

/** The 8 skeleton cards shown while a collections page loads on the client. */
export function ProductGridSkeleton() {
	const { t } = useI18n()
	return (
		<div className={PRODUCT_GRID_CLASS} role="status" aria-label={t('shop.loadingProducts')}>
			{Array.from({ length: LIMITS.skeletonCards }, (_, i) => (
				<ProductCardSkeleton key={i} />
			))}
		</div>
	)
}

/** What /collections looks like while it loads after a click from another page. */
export function CollectionsPending() {
	const { t } = useI18n()
	return (
		<>
			<PageHeading eyebrow={t('shop.collectionsEyebrow')} title={t('shop.collectionsTitle')} />
			<div className={`${CONTAINER} py-10`}>
				<div className="mb-8 h-11 w-full max-w-xl animate-pulse rounded-full bg-stone-200/80" aria-hidden="true" />
				<ProductGridSkeleton />
			</div>
		</>
	)
}

/** A calm message where a list is empty or failed. */
export function EmptyState({ title, children, action }: { title: string; children?: ReactNode; action?: ReactNode }) {
	return (
		<div className="mx-auto flex max-w-lg flex-col items-center rounded-2xl border border-dashed border-gold-300 bg-white/60 px-6 py-12 text-center">
			<span className="mb-4 h-3 w-3 rotate-45 bg-gold-400" aria-hidden="true" />
			<p className="font-serif text-2xl text-maroon-900">{title}</p>
			{children ? <div className="mt-2 text-stone-600">{children}</div> : null}
			{action ? <div className="mt-6">{action}</div> : null}
		</div>
	)
}

export const PRIMARY_BUTTON =
	'inline-flex min-h-12 items-center justify-center gap-2 rounded-full bg-maroon-800 px-7 font-semibold text-white shadow-sm transition-colors hover:bg-maroon-900'
export const OUTLINE_BUTTON =
	'inline-flex min-h-12 items-center justify-center gap-2 rounded-full border-2 border-maroon-800 px-7 font-semibold text-maroon-800 transition-colors hover:bg-maroon-800 hover:text-white'
