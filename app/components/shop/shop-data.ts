import type { Locale } from '~/i18n/locales'
import type { Messages } from '~/i18n/translate'
import type { ShopSettings } from '~/models/site.server'
import type { SeoImage } from '~/utils/seo'

// The shop layout's loader data (shop settings from the database, the public origin, a share picture,
// the page's language and the texts every page shares), read by every public page's component and
// `meta` function. The layout is one module under one id per language (app/routes.ts).

const SHOP_LAYOUT_ID = 'routes/shop/layout'

/** Whether a route id is the shop layout, in any language (`routes/shop/layout`, `te/routes/shop/layout`). */
export function isShopLayoutId(id: string) {
	return id === SHOP_LAYOUT_ID || id.endsWith(`/${SHOP_LAYOUT_ID}`)
}

export type ShopLayoutData = {
	shop: ShopSettings
	origin: string
	shareImage: SeoImage | null
	locale: Locale
	messages: Messages
}

/** The layout's data inside a `meta` function (undefined only if the layout itself failed). */
export function layoutDataFromMatches(matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>) {
	return matches.find((m) => m && isShopLayoutId(m.id))?.loaderData as ShopLayoutData | undefined
}
