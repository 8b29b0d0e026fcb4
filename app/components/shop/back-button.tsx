import { Link, useNavigate } from 'react-router'

import { ArrowLeftIcon } from './icons'

/** Back to the previous page of the shop when there is one; otherwise (and without JS) to `fallback`. */
export function BackButton({ fallback, className }: { fallback: string; className: string }) {
	const navigate = useNavigate()
	return (
		<Link
			to={fallback}
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
			Back
		</Link>
	)
}
