import type { ReactNode } from 'react'
import { Link } from 'react-router'

import { GeneralErrorBoundary } from '~/components/ui/general-error-boundary'
import { useI18n } from '~/hooks/use-i18n'

import { CONTAINER, OUTLINE_BUTTON, PRIMARY_BUTTON } from './page-bits'

/** The body of a public page that could not be shown (404s and failures), inside the shop layout. */
export function ErrorPanel({
	code,
	title,
	children,
	primary,
	secondary,
}: {
	code?: string
	title: string
	children?: ReactNode
	/** English paths: the links go to the page's language. */
	primary?: { to: string; label: string }
	secondary?: { to: string; label: string }
}) {
	const { t, path } = useI18n()
	const first = primary ?? { to: '/', label: t('shop.returnHome') }
	return (
		<div className={`${CONTAINER} flex min-h-[55vh] flex-col items-center justify-center py-20 text-center`}>
			{code ? (
				<p className="font-serif text-7xl text-gold-600 sm:text-8xl" aria-hidden="true">
					{code}
				</p>
			) : null}
			<h1 className="mt-4 font-serif text-3xl text-maroon-900 sm:text-4xl">{title}</h1>
			{children ? <div className="mt-4 max-w-md text-lg text-stone-600">{children}</div> : null}
			<div className="mt-8 flex flex-col gap-3 sm:flex-row">
				<Link to={path(first.to)} className={PRIMARY_BUTTON}>
					{first.label}
				</Link>
				{secondary ? (
					<Link to={path(secondary.to)} className={OUTLINE_BUTTON}>
						{secondary.label}
					</Link>
				) : null}
			</div>
		</div>
	)
}

function SomethingWentWrong() {
	const { t } = useI18n()
	return (
		<ErrorPanel title={t('shop.errorTitle')} secondary={{ to: '/collections', label: t('shop.browseCollections') }}>
			<p>{t('shop.errorText')}</p>
		</ErrorPanel>
	)
}

/**
 * The error view of a public page, inside the shop layout: `notFound` for a 404 (a saree or post that
 * is not, or no longer, public), `failed` for anything else.
 */
export function ShopRouteError({ notFound, failed = <SomethingWentWrong /> }: { notFound?: ReactNode; failed?: ReactNode }) {
	return <GeneralErrorBoundary statusHandlers={notFound ? { 404: () => notFound } : undefined} unexpectedErrorHandler={() => failed} />
}
