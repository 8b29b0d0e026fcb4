import { data } from 'react-router'

import { ErrorPanel, ShopRouteError } from '~/components/shop/error-panel'
import { layoutDataFromMatches } from '~/components/shop/shop-data'

import type { Route } from './+types/not-found'

export function meta({ matches }: Route.MetaArgs) {
	const siteName = layoutDataFromMatches(matches)?.shop.shopName
	return [
		{ title: siteName ? `Page not found – ${siteName}` : 'Page not found' },
		{ name: 'description', content: 'This page does not exist. Browse our handwoven silk sarees instead.' },
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
	return (
		<ShopRouteError
			notFound={
				<ErrorPanel code="404" title="Oops! Page not found" secondary={{ to: '/collections', label: 'Browse collections' }}>
					<p>The page you’re looking for doesn’t exist or has moved.</p>
				</ErrorPanel>
			}
		/>
	)
}
