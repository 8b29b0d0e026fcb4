import { useEffect, useState } from 'react'

import type { Flash } from '~/utils/flash.server'

const STYLES: Record<Flash['type'], string> = {
	success: 'border-emerald-300 bg-emerald-50 text-emerald-900',
	error: 'border-red-300 bg-red-50 text-red-900',
	info: 'border-sky-300 bg-sky-50 text-sky-900',
}

/**
 * The one-time message of the last action, placed by the layout of the page it lands on (the root's
 * loader reads it). Rendered on the server (works without JS); with JS it can be dismissed and fades
 * after a while. Its texts, the dismiss button's name included, come in the reader's language: the
 * storefront writes them so, and `useAdminFlash` turns the admin's refs into words before they reach it.
 */
export function FlashMessage({ flash }: { flash: Flash }) {
	const [visible, setVisible] = useState(true)
	// A new message shows again even if the last one was dismissed.
	const [shown, setShown] = useState(flash)
	if (shown !== flash) {
		setShown(flash)
		setVisible(true)
	}
	useEffect(() => {
		const timer = setTimeout(() => setVisible(false), 8000)
		return () => clearTimeout(timer)
	}, [flash])
	if (!visible) return null
	return (
		<div className="pointer-events-none fixed inset-x-0 top-3 z-[100] flex justify-center px-3">
			<div
				role={flash.type === 'error' ? 'alert' : 'status'}
				className={`pointer-events-auto flex max-w-lg items-start gap-3 rounded-lg border px-4 py-3 text-sm shadow-lg ${STYLES[flash.type]}`}
			>
				<p>
					{flash.title ? <strong className="mr-1">{flash.title}:</strong> : null}
					{flash.message}
				</p>
				{flash.action ? (
					// A plain form: one tap posts it, with JavaScript or without.
					<form method="post" action={flash.action.to} className="-my-2">
						<button type="submit" className="min-h-11 min-w-11 rounded px-2 font-semibold underline">
							{flash.action.label}
						</button>
					</form>
				) : null}
				<button
					type="button"
					onClick={() => setVisible(false)}
					className="-my-1 -mr-2 min-h-8 min-w-8 rounded text-lg leading-none opacity-70 hover:opacity-100"
					aria-label={flash.dismiss}
				>
					×
				</button>
			</div>
		</div>
	)
}
