import { Link } from 'react-router'

import { useI18n } from '~/hooks/use-i18n'

import { ChevronLeftIcon, ChevronRightIcon } from './icons'

/** Page numbers to show: the first, the last, and the current one with its neighbours. */
export function pageWindow(page: number, pageCount: number): Array<number | 'gap'> {
	const pages = new Set([1, pageCount, page - 1, page, page + 1].filter((p) => p >= 1 && p <= pageCount))
	const sorted = [...pages].sort((a, b) => a - b)
	const out: Array<number | 'gap'> = []
	sorted.forEach((p, i) => {
		if (i > 0 && p - sorted[i - 1]! > 1) out.push('gap')
		out.push(p)
	})
	return out
}

/** Plain links (`?page=N`, other query parameters kept): they work without JavaScript and can be shared. */
export function Pagination({ page, pageCount, hrefFor }: { page: number; pageCount: number; hrefFor: (page: number) => string }) {
	const { t } = useI18n()
	if (pageCount <= 1) return null
	const item = 'flex min-h-11 min-w-11 items-center justify-center rounded-full px-3 font-semibold'
	return (
		<nav aria-label={t('shop.pagination')} className="mt-14 flex flex-wrap items-center justify-center gap-2">
			{page > 1 ? (
				<Link to={hrefFor(page - 1)} rel="prev" className={`${item} gap-1 text-maroon-800 hover:bg-maroon-50`}>
					<ChevronLeftIcon className="h-5 w-5" />
					{t('shop.previous')}
				</Link>
			) : null}
			<ul className="flex items-center gap-1">
				{pageWindow(page, pageCount).map((p, i) =>
					p === 'gap' ? (
						<li key={`gap-${i}`} className="px-1 text-stone-500" aria-hidden="true">
							…
						</li>
					) : (
						<li key={p}>
							<Link
								to={hrefFor(p)}
								aria-label={t('shop.pageNumber', { page: p })}
								aria-current={p === page ? 'page' : undefined}
								className={`${item} ${p === page ? 'bg-maroon-800 text-white' : 'text-stone-700 hover:bg-maroon-50'}`}
							>
								{p}
							</Link>
						</li>
					),
				)}
			</ul>
			{page < pageCount ? (
				<Link to={hrefFor(page + 1)} rel="next" className={`${item} gap-1 text-maroon-800 hover:bg-maroon-50`}>
					{t('shop.next')}
					<ChevronRightIcon className="h-5 w-5" />
				</Link>
			) : null}
		</nav>
	)
}
