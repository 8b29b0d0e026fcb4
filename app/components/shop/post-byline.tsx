import type { ReactNode } from 'react'

import { useI18n } from '~/hooks/use-i18n'
import { formatDate } from '~/utils/dates'

import { ClockIcon } from './icons'

const separator = <span aria-hidden="true">·</span>

/** A blog post's author, date and reading time, as its card in the list and its own page show them. */
export function PostByline({
	post,
	author,
	className,
}: {
	post: { date: string; readMinutes: number }
	author: ReactNode
	className: string
}) {
	const { t, locale } = useI18n()
	return (
		<p className={className}>
			<span>{author}</span>
			{separator}
			<time dateTime={post.date}>{formatDate(post.date, locale)}</time>
			{separator}
			<span className="inline-flex items-center gap-1">
				<ClockIcon className="h-4 w-4" />
				{t('blog.readMinutes', { count: post.readMinutes })}
			</span>
		</p>
	)
}
