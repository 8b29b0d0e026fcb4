import { Link, useNavigate } from 'react-router'

import { useI18n } from '~/hooks/use-i18n'

import { ArrowLeftIcon } from './icons'

/** Back to the previous page of the shop when there is one; otherwise (and without JS) to `fallback`. */
export function BackButton({ fallback, className }: { fallback: string; className: string }) {
	const navigate = useNavigate()
	const { t, path } = useI18n()
	return (
		<Link
			to={path(fallback)}
			className={className}
			onClick={(event) => {
				const state = window.history.state as { idx?: number } | null
				if (state?.idx && state.idx > 0) {
					event.preventDefault()
					navigate(-1)
				}
			}}
		>
			<ArrowLeftIcon className="h-5 w-5" />
			{t('shop.back')}
		</Link>
	)
}
