import { feedResponse } from '~/services/catalogue-feed-response.server'

import type { Route } from './+types/feed-meta'

/** Meta Commerce Manager's data feed (CSV), which fills the WhatsApp Business, Instagram and Facebook catalogues. */
export function loader({ request }: Route.LoaderArgs) {
	return feedResponse(request, 'meta')
}
