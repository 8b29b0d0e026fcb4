import { useRouteLoaderData } from 'react-router'

import type { ShopSettings } from '~/models/site.server'
import type { SeoImage } from '~/utils/seo'

// The shop layout's loader data (shop settings from the database, the public origin, a share picture),
// read by every public page's component and `meta` function.

export const SHOP_LAYOUT_ID = 'routes/shop/layout'

export type ShopLayoutData = { shop: ShopSettings; origin: string; shareImage: SeoImage | null }

export function useShopLayoutData(): ShopLayoutData {
	const data = useRouteLoaderData(SHOP_LAYOUT_ID) as ShopLayoutData | undefined
	if (!data) throw new Error('useShopLayoutData is only for pages inside the shop layout')
	return data
}

/** The layout's data inside a `meta` function (undefined only if the layout itself failed). */
export function layoutDataFromMatches(matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>) {
	return matches.find((m) => m?.id === SHOP_LAYOUT_ID)?.loaderData as ShopLayoutData | undefined
}
