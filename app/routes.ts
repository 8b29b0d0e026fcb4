import { index, layout, prefix, route, type RouteConfig } from '@react-router/dev/routes'

import { TRANSLATED_LOCALES, type TranslatedLocale } from './i18n/locales'

/**
 * The storefront's pages. The English routes keep the ids React Router gives them (the module's path);
 * a translated language's copies are the same modules under ids prefixed with the language
 * (`te/routes/shop/product`).
 */
function storefront(locale?: TranslatedLocale) {
	const id = (file: string) => (locale ? { id: `${locale}/${file.replace(/\.tsx$/, '')}` } : {})
	return layout('routes/shop/layout.tsx', id('routes/shop/layout.tsx'), [
		index('routes/shop/home.tsx', id('routes/shop/home.tsx')),
		route('collections', 'routes/shop/collections.tsx', id('routes/shop/collections.tsx')),
		route('product/:id', 'routes/shop/product.tsx', id('routes/shop/product.tsx')),
		// The seller's preview of a draft, at an address of its own (docs/decisions/0041).
		route('product/:id/preview', 'routes/shop/product-preview.tsx', id('routes/shop/product-preview.tsx')),
		route('about', 'routes/shop/about.tsx', id('routes/shop/about.tsx')),
		route('blogs', 'routes/shop/blogs.tsx', id('routes/shop/blogs.tsx')),
		route('blog/:id', 'routes/shop/blog.tsx', id('routes/shop/blog.tsx')),
		route('blog/:id/preview', 'routes/shop/blog-preview.tsx', id('routes/shop/blog-preview.tsx')),
		route('shortlist', 'routes/shop/shortlist.tsx', id('routes/shop/shortlist.tsx')),
		// The customer's own order page, by its private link (docs/decisions/0035).
		route('o/:token', 'routes/shop/order.tsx', id('routes/shop/order.tsx')),
		route('*', 'routes/shop/not-found.tsx', id('routes/shop/not-found.tsx')),
	])
}

// The whole URL map of the shop, written out by hand.
export default [
	// Public storefront: one layout (header, banner, footer, WhatsApp button) around every page, in
	// English at the bare addresses and in each translated language under its own prefix (/te, /hi).
	storefront(),
	...TRANSLATED_LOCALES.flatMap((locale) => prefix(locale, [storefront(locale)])),

	// Admin sign-in, password reset, sign-out.
	route('auth', 'routes/auth/auth.tsx'),
	route('auth/sign-out', 'routes/auth/sign-out.ts'),

	// The installed admin's share target: outside the guard, since photos may be shared before sign-in.
	route('admin/shared-photos', 'routes/admin/shared-photos.ts'),

	// Admin panel: the layout is the guard (middleware + loader); every child checks again.
	...prefix('admin', [
		layout('routes/admin/layout.tsx', [
			index('routes/admin/dashboard.tsx'),
			route('events', 'routes/admin/events.ts'),
			// Each collection one way: its list, `…/new`, `…/:id/edit`, `…/:id/delete` (docs/decisions/0031).
			route('products', 'routes/admin/products.tsx'),
			route('products/bulk', 'routes/admin/products-bulk.tsx'),
			route('products/new', 'routes/admin/product-editor.tsx', { id: 'admin-add-product' }),
			route('products/:id/edit', 'routes/admin/product-editor.tsx', { id: 'admin-edit-product' }),
			route('products/:id/delete', 'routes/admin/product-delete.tsx'),
			route('products/export.csv', 'routes/admin/products-csv.ts'),
			route('products/import', 'routes/admin/product-import.tsx'),
			route('products/import/:upload/progress', 'routes/admin/product-import-progress.ts'),
			route('blogs', 'routes/admin/blogs.tsx'),
			route('blogs/new', 'routes/admin/blog-editor.tsx', { id: 'admin-add-blog' }),
			route('blogs/:id/edit', 'routes/admin/blog-editor.tsx', { id: 'admin-edit-blog' }),
			route('blogs/:id/delete', 'routes/admin/blog-delete.tsx'),
			route('orders', 'routes/admin/orders.tsx'),
			route('orders/new', 'routes/admin/order-editor.tsx', { id: 'admin-add-order' }),
			route('orders/:id', 'routes/admin/order.tsx'),
			route('orders/:id/edit', 'routes/admin/order-editor.tsx', { id: 'admin-edit-order' }),
			route('orders/:id/receipt', 'routes/admin/order-receipt.tsx'),
			route('orders/:id/delete', 'routes/admin/order-delete.tsx'),
			route('customers', 'routes/admin/customers.tsx'),
			route('customers/contacts.csv', 'routes/admin/customers-csv.ts'),
			route('customers/:key', 'routes/admin/customer.tsx'),
			route('reports', 'routes/admin/reports.tsx'),
			route('reports/orders.csv', 'routes/admin/reports-csv.ts'),
			route('hero-settings', 'routes/admin/hero-settings.tsx'),
			route('video-upload', 'routes/admin/video-upload.ts'),
			route('story-settings', 'routes/admin/story-settings.tsx'),
			route('settings', 'routes/admin/settings.tsx'),
			route('settings/password', 'routes/admin/change-password.tsx'),
			route('settings/account', 'routes/admin/account.tsx'),
			route('settings/orders', 'routes/admin/order-settings.tsx'),
			route('settings/gst', 'routes/admin/tax-settings.tsx'),
			route('settings/categories', 'routes/admin/categories.tsx'),
			route('settings/categories/new', 'routes/admin/category-editor.tsx', { id: 'admin-add-category' }),
			route('settings/categories/:id/edit', 'routes/admin/category-editor.tsx', { id: 'admin-edit-category' }),
			route('settings/categories/:id/delete', 'routes/admin/category-delete.tsx'),
			route('backup', 'routes/admin/backup.tsx'),
			route('trash', 'routes/admin/trash.tsx'),
			route('trash/empty', 'routes/admin/trash-empty.tsx'),
			route('trash/:id/restore', 'routes/admin/trash-restore.ts'),
			route('trash/:id/delete', 'routes/admin/trash-delete.tsx'),
			// The editors' earlier addresses, still on the seller's bookmarks: a visit is sent on to the new
			// address (app/utils/moved-addresses.ts); a form posted to one is still saved there.
			route('add-product', 'routes/admin/product-editor.tsx', { id: 'admin-add-product-moved' }),
			route('edit-product/:id', 'routes/admin/product-editor.tsx', { id: 'admin-edit-product-moved' }),
			route('add-blog', 'routes/admin/blog-editor.tsx', { id: 'admin-add-blog-moved' }),
			route('blogs/edit/:id', 'routes/admin/blog-editor.tsx', { id: 'admin-edit-blog-moved' }),
		]),
	]),

	// Resource routes (no UI).
	route('media/*', 'routes/resources/media.ts'),
	route('whatsapp', 'routes/resources/whatsapp-contact.ts'),
	route('whatsapp/product/:id', 'routes/resources/whatsapp-order.ts'),
	route('whatsapp/shortlist', 'routes/resources/whatsapp-shortlist.ts'),
	route('sitemap.xml', 'routes/resources/sitemap.ts'),
	route('robots.txt', 'routes/resources/robots.ts'),
	route('feeds/google.xml', 'routes/resources/feed-google.ts'),
	route('feeds/meta.csv', 'routes/resources/feed-meta.ts'),
	route('share-card/:id', 'routes/resources/share-card.ts'),
	route('admin.webmanifest', 'routes/resources/admin-manifest.ts'),
] satisfies RouteConfig
