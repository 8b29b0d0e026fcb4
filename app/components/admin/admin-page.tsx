import type { ReactNode } from 'react'
import { Link } from 'react-router'

import { buttonClass } from '~/components/ui/button'
import { GeneralErrorBoundary } from '~/components/ui/general-error-boundary'
import { type MatchLike, translatorOfMatches, useI18n } from '~/hooks/use-i18n'

// The frame of every admin screen. The admin layout owns <main> (with the sidebar around it); a screen
// gives its title, heading, actions and content to AdminPage, its error view to AdminRouteError, and
// its document title to adminMeta, so every screen looks, reads and fails the same way.

/**
 * The document title of an admin screen in the admin's language: "Products | Admin". `title` is a
 * message ref (messageRef) or a text already in that language.
 */
export function adminMeta(matches: ReadonlyArray<MatchLike>, title: string) {
	const { t, msg } = translatorOfMatches(matches)
	return [{ title: t('admin.metaTitle', { title: msg(title) }) }]
}

/** How wide a screen's column is: forms narrow, lists wide. */
const WIDTHS = {
	narrow: 'max-w-xl',
	form: 'max-w-3xl',
	editor: 'max-w-4xl',
	list: 'max-w-5xl',
	wide: 'max-w-6xl',
} as const
export type AdminPageWidth = keyof typeof WIDTHS

export function AdminPage({
	title,
	badge,
	description,
	actions,
	back,
	width = 'editor',
	children,
}: {
	/** The page's one h1. */
	title: ReactNode
	/** Shown beside the heading (an order's status). */
	badge?: ReactNode
	description?: ReactNode
	/** Buttons and links for the whole screen, beside the heading. */
	actions?: ReactNode
	/** A link to the screen this one belongs to, above the heading. */
	back?: { to: string; label: string }
	width?: AdminPageWidth
	children?: ReactNode
}) {
	return (
		<div className={`mx-auto w-full ${WIDTHS[width]} space-y-5`}>
			{/* On paper (a receipt) only the content: no links or buttons to press. */}
			<div className="flex flex-wrap items-start justify-between gap-3 print:hidden">
				<div className="min-w-0">
					{back ? (
						<Link to={back.to} className="-ml-1 mb-1 inline-flex min-h-11 items-center px-1 text-sm text-maroon-800 underline">
							← {back.label}
						</Link>
					) : null}
					<div className="flex flex-wrap items-center gap-3">
						<h1 className="font-serif text-2xl text-maroon-900 sm:text-3xl">{title}</h1>
						{badge}
					</div>
					{description ? <p className="mt-1 text-sm text-stone-600">{description}</p> : null}
				</div>
				{actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
			</div>
			{children}
		</div>
	)
}

/**
 * The error view of an admin screen, in the same frame: `notFoundText` for a 404 (a record that does
 * not exist), `failedText` for anything else, and one link (back to the list, or to try again). Its
 * texts are keys of the `admin` area (the failed screen's own texts never arrived).
 */
export function AdminRouteError({
	title,
	notFoundText,
	failedText,
	link,
	width,
}: {
	title: string
	notFoundText?: string
	failedText: string
	link: { to: string; label: string }
	width?: AdminPageWidth
}) {
	const { msg } = useI18n()
	const view = (text: string) => (
		<AdminPage title={msg(title)} width={width}>
			<div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
				<p className="font-medium">{msg(text)}</p>
				{/* A plain link: after a failed load the whole page is fetched again. */}
				<a href={link.to} className={buttonClass('secondary', 'mt-3')}>
					{msg(link.label)}
				</a>
			</div>
		</AdminPage>
	)
	return (
		<GeneralErrorBoundary
			statusHandlers={notFoundText ? { 404: () => view(notFoundText) } : undefined}
			unexpectedErrorHandler={() => view(failedText)}
		/>
	)
}
