import { Link } from 'react-router'

import { buttonClass } from '~/components/ui/button'
import { useI18n } from '~/hooks/use-i18n'

/** Previous/next links under an admin list, each keeping the list's search and filters (`href`). */
export function ListPager({
	page,
	pageCount,
	href,
	previousLabel,
	nextLabel,
}: {
	page: number
	pageCount: number
	href: (page: number) => string
	previousLabel: string
	nextLabel: string
}) {
	const { t } = useI18n()
	if (pageCount <= 1) return null
	return (
		<nav aria-label={t('admin.pages')} className="flex items-center justify-between gap-2">
			{page > 1 ? (
				<Link to={href(page - 1)} className={buttonClass('secondary')}>
					{previousLabel}
				</Link>
			) : (
				<span />
			)}
			<span className="text-sm text-stone-600">{t('admin.pageOf', { page, count: pageCount })}</span>
			{page < pageCount ? (
				<Link to={href(page + 1)} className={buttonClass('secondary')}>
					{nextLabel}
				</Link>
			) : (
				<span />
			)}
		</nav>
	)
}
