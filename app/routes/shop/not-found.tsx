import { data } from 'react-router'

import { ErrorPanel, ShopRouteError } from '~/components/shop/error-panel'
import { layoutDataFromMatches } from '~/components/shop/shop-data'
import { translatorOfMatches, useI18n } from '~/hooks/use-i18n'

import type { Route } from './+types/not-found'

export function meta({ matches }: Route.MetaArgs) {
	const siteName = layoutDataFromMatches(matches)?.shop.shopName
	const { t } = translatorOfMatches(matches)
	return [
		{ title: siteName ? `${t('shop.notFoundMetaTitle')} – ${siteName}` : t('shop.notFoundMetaTitle') },
		{ name: 'description', content: t('shop.notFoundMetaDescription') },
		{ name: 'robots', content: 'noindex' },
	]
}

export function loader() {
	throw data('Not found', { status: 404 })
}

export function action() {
	throw data('Not found', { status: 404 })
}

export default function NotFound() {
	return null
}

// Rendered inside the shop layout (header, banner, footer) with status 404.
export function ErrorBoundary() {
	const { t } = useI18n()
	return (
		<ShopRouteError
			notFound={
				<ErrorPanel code="404" title={t('shop.notFoundTitle')} secondary={{ to: '/collections', label: t('shop.browseCollections') }}>
					<p>{t('shop.notFoundText')}</p>
				</ErrorPanel>
			}
		/>
	)
}
