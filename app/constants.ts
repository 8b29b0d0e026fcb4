// Shared rules: imported by server and browser code alike.

export const CATEGORIES = ['Kanchipattu Pochampally Ikkat', 'Dharmavaram Pochampally Ikkat', 'Pochampally Ikkat'] as const
export type Category = (typeof CATEGORIES)[number]

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

export const LIMITS = {
	newArrivals: 4,
	collectionsPageSize: 20,
	skeletonCards: 8,
	productThumbnails: 5,
	maxProductImages: 5,
	maxImageBytes: 10 * 1024 * 1024,
	/** Pixels of one uploaded photo (read from its header before anything is decoded): 60 megapixels, more than any phone camera. */
	maxImagePixels: 60_000_000,
	maxVideoBytes: 50 * 1024 * 1024,
	/** Non-upload request bodies. */
	maxFormBytes: 1024 * 1024,
	/**
	 * Bodies posted to /auth, which anyone may send: a few fields. The longest real one (a new password
	 * typed twice, as long as the form lets it be in a 4-byte script, percent-encoded) is about 12 KB.
	 */
	maxAuthFormBytes: 24 * 1024,
	passwordMinLength: 8,
	/** Long passphrases in any script are welcome (they are pre-hashed before bcrypt); this only bounds the work. */
	passwordMaxLength: 256,
	blogExcerptLength: 150,
	storySlideMs: 4000,
	aboutSlideDelayMs: 2000,
	aboutSlideMs: 6000,
	storyTextDebounceMs: 1000,
	dashboardRefreshMs: 30_000,
	sseKeepAliveMs: 25_000,
	recentActivity: 5,
	sidebarCookieDays: 7,
	resetTokenMinutes: 30,
	sessionIdleDays: 7,
	sessionMaxDays: 30,
	/** Counted failures within the window after which a client address (IPv4, or an IPv6 /64) must wait. */
	throttleAttempts: 5,
	/** The same for a whole IPv6 /48 (a home or office may be given one and pick any /64 in it). */
	throttleNetworkAttempts: 20,
	throttleWindowMinutes: 15,
	/** Sign-in checks of browsers the shop does not know that may wait while one runs; more are told to come back. */
	signInWaiting: 4,
	/** A mailed sign-in code (asked of a new browser while strangers guess at the account): its life and its tries. */
	signInCodeMinutes: 10,
	signInCodeTries: 5,
	/** How long a browser that signed in stays recognised for the sign-in throttle. */
	deviceCookieDays: 365,
	/** Open live-dashboard streams per session; a newer one closes the oldest. */
	sseStreamsPerSession: 3,
	/** How often an open stream checks that its session still lives (ends elsewhere are seen this late at most). */
	sseSessionCheckMs: 3_000,
} as const

export const DELIVERY_ESTIMATE = '5-7 working days'
export const SAREE_LENGTH = '6.5 meters'
export const YEARS_OF_EXPERIENCE = '25+'

// The demo's admin sign-in, printed by `npm run demo` and written in the README: public knowledge, so
// no real shop may ever run with this password (`npm start` refuses, every password form refuses it).
export const DEMO_ADMIN_EMAIL = 'admin@example.com'
export const DEMO_ADMIN_PASSWORD = 'silk-demo-2026'
