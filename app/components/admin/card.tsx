import { type ReactNode, useId } from 'react'

/** A white panel with an optional heading. */
export function Card({
	title,
	children,
	className = '',
	headingLevel = 2,
}: {
	title?: ReactNode
	children: ReactNode
	className?: string
	headingLevel?: 2 | 3
}) {
	const Heading = headingLevel === 2 ? 'h2' : 'h3'
	const headingId = useId()
	return (
		<section
			aria-labelledby={title ? headingId : undefined}
			className={`rounded-lg border border-stone-200 bg-white p-4 shadow-sm sm:p-5 ${className}`}
		>
			{title ? (
				<Heading id={headingId} className="mb-3 text-lg font-semibold text-stone-900">
					{title}
				</Heading>
			) : null}
			{children}
		</section>
	)
}

/** A message for an empty list or a failed load, with an optional action. */
export function EmptyState({ children, action }: { children: ReactNode; action?: ReactNode }) {
	return (
		<div className="rounded-lg border border-dashed border-stone-300 bg-white px-4 py-10 text-center text-stone-600">
			<p>{children}</p>
			{action ? <div className="mt-4">{action}</div> : null}
		</div>
	)
}
