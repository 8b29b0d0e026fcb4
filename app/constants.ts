// Shared rules: imported by server and browser code alike.

export const PRODUCT_STATUSES = ['active', 'draft', 'out_of_stock'] as const
export type ProductStatus = (typeof PRODUCT_STATUSES)[number]
export const PRODUCT_STATUS_LABELS: Record<ProductStatus, string> = {
	active: 'Active',
	draft: 'Draft',
	out_of_stock: 'Out of Stock',
}

export const BLOG_STATUSES = ['draft', 'published'] as const
export type BlogStatus = (typeof BLOG_STATUSES)[number]

export const ORDER_STATUSES = ['pending', 'confirmed', 'shipped', 'delivered', 'cancelled'] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

// The limits the browser also reads travel to every visitor in the storefront script, so only those live
// here; the ones only the server reads are in constants.server.ts.
export const LIMITS = {
	newArrivals: 4,
	collectionsPageSize: 20,
	skeletonCards: 8,
	maxProductImages: 5,
	maxImageBytes: 10 * 1024 * 1024,
	/** Pixels of one uploaded photo (read from its header before anything is decoded): 60 megapixels, more than any phone camera. */
	maxImagePixels: 60_000_000,
	maxVideoBytes: 50 * 1024 * 1024,
	passwordMinLength: 8,
	/** Long passphrases in any script are welcome (they are pre-hashed before bcrypt); this only bounds the work. */
	passwordMaxLength: 256,
	blogExcerptLength: 150,
	storySlideMs: 4000,
	aboutSlideDelayMs: 2000,
	aboutSlideMs: 6000,
	storyTextDebounceMs: 1000,
	dashboardRefreshMs: 30_000,
	recentActivity: 5,
	sidebarCookieDays: 7,
	resetTokenMinutes: 30,
	/** A mailed sign-in code's life (asked of a new browser while strangers guess at the account); its tries are SERVER_LIMITS.signInCodeTries. */
	signInCodeMinutes: 10,
} as const

export const DELIVERY_ESTIMATE = '5-7 working days'
export const SAREE_LENGTH = '6.5 meters'
export const YEARS_OF_EXPERIENCE = '25+'

// The demo's admin sign-in, printed by `npm run demo` and written in the README: public knowledge, so
// no real shop may ever run with this password (`npm start` refuses, every password form refuses it).
export const DEMO_ADMIN_EMAIL = 'admin@example.com'
export const DEMO_ADMIN_PASSWORD = 'silk-demo-2026'

/** How many days a deleted saree, blog post or order waits in the trash before it goes for good (docs/decisions/0040). */
export const TRASH_DAYS = 30
