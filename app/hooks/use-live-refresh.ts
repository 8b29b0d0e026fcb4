import { useEffect, useRef } from 'react'
import { useRevalidator } from 'react-router'

import { LIMITS } from '~/constants'

/** Re-runs the loader when the server reports a change (debounced), and every 30 s as a fallback. */
export function useLiveRefresh() {
	const revalidator = useRevalidator()
	const revalidate = useRef(revalidator.revalidate)
	useEffect(() => {
		revalidate.current = revalidator.revalidate
	})

	useEffect(() => {
		let debounce: ReturnType<typeof setTimeout> | undefined
		const refreshSoon = () => {
			clearTimeout(debounce)
			debounce = setTimeout(() => void revalidate.current(), 200)
		}
		const source = new EventSource('/admin/events')
		source.addEventListener('change', refreshSoon)
		// The server ended the stream for good (signed out, or replaced by a newer one): no reconnecting.
		source.addEventListener('end', () => source.close())
		const fallback = setInterval(() => {
			if (document.visibilityState === 'visible') void revalidate.current()
		}, LIMITS.dashboardRefreshMs)
		return () => {
			source.close()
			clearInterval(fallback)
			clearTimeout(debounce)
		}
	}, [])

	return revalidator
}
