import { useMatches } from 'react-router'

import { layoutDataFromMatches, type ShopLayoutData } from '~/components/shop/shop-data'

/** The shop layout's data in a public page's component (see shop-data.ts). */
export function useShopLayoutData(): ShopLayoutData {
	const data = layoutDataFromMatches(useMatches())
	if (!data) throw new Error('useShopLayoutData is only for pages inside the shop layout')
	return data
}
