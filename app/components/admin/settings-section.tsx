import type { ReactNode } from 'react'

/** One titled part of the Settings page (shop details, password, …). */
export function SettingsSection({
	id,
	title,
	description,
	children,
}: {
	id: string
	title: string
	description?: string
	children: ReactNode
}) {
	const headingId = `${id}-heading`
	return (
		<section aria-labelledby={headingId} className="rounded-lg border border-stone-200 bg-white p-4 shadow-sm sm:p-6">
			<h2 id={headingId} className="font-serif text-xl text-maroon-800">
				{title}
			</h2>
			{description ? <p className="mt-1 text-sm text-stone-600">{description}</p> : null}
			<div className="mt-4">{children}</div>
		</section>
	)
}
