import { feedResponse } from '~/services/catalogue-feed-response.server'

import type { Route } from './+types/feed-google'

/** Google Merchant Center's product data feed (RSS 2.0 with the g: namespace). */
export function loader({ request }: Route.LoaderArgs) {
	return feedResponse(request, 'google')
}
