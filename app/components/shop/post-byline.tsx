import type { ReactNode } from 'react'

import { useI18n } from '~/i18n/use-i18n'
import { formatDate } from '~/utils/dates'

import { ClockIcon } from './icons'

/** A blog post's author, date and reading time, as its card in the list and its own page show them. */
export function PostByline({
	author,
	date,
	readMinutes,
	className,
}: {
	author: ReactNode
	date: string
	readMinutes: number
	className: string
}) {
	const { t, locale } = useI18n()
	return (
		<p className={className}>
			<span>{author}</span>
			<span aria-hidden="true">·</span>
			<time dateTime={date}>{formatDate(date, locale)}</time>
			<span aria-hidden="true">·</span>
			<span className="inline-flex items-center gap-1">
				<ClockIcon className="h-4 w-4" />
				{t('blog.readMinutes', { count: readMinutes })}
			</span>
		</p>
	)
}
