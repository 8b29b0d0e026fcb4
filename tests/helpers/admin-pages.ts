import { emptyTrash, moveToTrash } from '../../app/models/trash.server'
import { seedProducts } from './seed'
import { seedBlog, seedOrder, seedProduct } from './seed'
import type { Shop } from './shop'

// The admin screens the language walk visits (tests/e2e/admin-languages.spec.ts). A screen is listed
// here once every text on it comes from the catalogues; `setup` seeds what the screen needs and returns
// the address to open. Screens not translated yet are walked for the frame alone (sidebar, top bar).

/** A code no other setup of the walk has used: each screen is opened four times in one shop (two languages, JavaScript on and off). */
const uniqueCode = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 8).toUpperCase()}`

export type PageSetup = (shop: Shop) => Promise<string>

/** `ownWords`: words of the seller's own data the screen shows inside interface text (seeded names). */
export const ADMIN_PAGES: Array<{ path: string; setup?: PageSetup; ownWords?: string[] }> = []

// Dashboard, reports, settings, GST, backup and trash.
/** A saree in the trash; returns its entry's id. */
async function trashedSaree(shop: Shop) {
	const saree = await seedProduct(shop, { name: 'Trashed Saree', code: uniqueCode('TR') })
	await moveToTrash('product', [saree.id], shop.db())
	const entry = await shop.db().selectFrom('trash').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()
	return entry.id
}
/** Names of Meta's and Google's own screens, which the feed steps quote as those services show them. */
const FEED_SCREEN_NAMES = [
	'Commerce',
	'Manager',
	'Catalogue',
	'Data',
	'sources',
	'Add',
	'items',
	'feed',
	'Use',
	'commerce',
	'Indian',
	'rupee',
	'INR',
	'Merchant',
	'Center',
	'Products',
	'products',
	'from',
	'file',
	'link',
	'Business',
	'business',
	'facebook',
	'merchants',
	'google',
	'Shopping',
]
ADMIN_PAGES.push(
	{
		path: '/admin (with data)',
		setup: async (shop) => {
			const saree = await seedProduct(shop, { name: 'Dashboard Saree', code: uniqueCode('DB') })
			await seedBlog(shop, { title: 'Dashboard Post' })
			await seedOrder(shop, { customerName: 'Dashboard Customer', status: 'shipped', lines: [{ code: saree.code, quantity: 1 }] })
			return '/admin'
		},
	},
	{
		path: '/admin/reports',
		setup: async (shop) => {
			const saree = await seedProduct(shop, { name: 'Report Saree', code: uniqueCode('RP') })
			await seedOrder(shop, { lines: [{ code: saree.code, quantity: 1 }] })
			return '/admin/reports'
		},
	},
	{ path: '/admin/reports (bad days)', setup: async () => '/admin/reports?from=2026-13-01&to=soon' },
	{ path: '/admin/settings', ownWords: FEED_SCREEN_NAMES },
	{ path: '/admin/settings/gst', ownWords: ['AAPFU', 'ZV'] }, // the GSTIN shown as an example
	{ path: '/admin/backup' },
	{
		path: '/admin/trash (empty)',
		setup: async (shop) => {
			await emptyTrash(shop.db())
			return '/admin/trash'
		},
	},
	{
		path: '/admin/trash (with items)',
		setup: async (shop) => {
			await trashedSaree(shop)
			return '/admin/trash'
		},
	},
	{
		path: '/admin/trash/empty',
		setup: async (shop) => {
			await trashedSaree(shop)
			return '/admin/trash/empty'
		},
	},
	{
		path: '/admin/trash/:id/delete',
		setup: async (shop) => `/admin/trash/${await trashedSaree(shop)}/delete`,
	},
)

/** Screens whose frame is translated and whose own texts are not yet. */

// The products list, its bulk changes and the catalogue import. The import's preview answers a post,
// so tests/e2e/admin-languages-products.spec.ts walks it.
ADMIN_PAGES.push(
	{
		path: '/admin/products (filtered)',
		setup: async (shop) => {
			await seedProducts(shop, 2, { status: 'active', tags: ['pattu'] })
			return '/admin/products?status=active'
		},
	},
	{ path: '/admin/products (nothing matches)', setup: async () => '/admin/products?q=NO-SUCH-SAREE&photo=none' },
	{
		path: '/admin/products/bulk (price form)',
		setup: async (shop) => {
			const [a, b] = await seedProducts(shop, 2)
			return `/admin/products/bulk?scope=selected&id=${a!.id}&id=${b!.id}&change=price`
		},
	},
	{
		path: '/admin/products/bulk (summary)',
		setup: async (shop) => {
			const [a, b] = await seedProducts(shop, 2, { salePrice: 10_000, originalPrice: 12_000 })
			return `/admin/products/bulk?scope=selected&id=${a!.id}&id=${b!.id}&change=price&priceField=sale&priceBy=percent&priceDirection=up&priceValue=10&review=1`
		},
	},
	{
		path: '/admin/products/bulk (delete summary)',
		setup: async (shop) => {
			const [a] = await seedProducts(shop, 1)
			return `/admin/products/bulk?scope=selected&id=${a!.id}&change=delete`
		},
	},
	{
		path: '/admin/products/import',
		setup: async () => '/admin/products/import',
	},
)
// Orders, customers and the receipt.
{
	/** An order of a saree another open order also wants (the order's page warns), with the UPI ID set. */
	const orderOf = async (shop: Shop) => {
		const { seedOrder, seedProduct } = await import('./seed')
		const code = uniqueCode('LO')
		await seedProduct(shop, { name: 'Gadwal Silk', code, stock: 1 })
		await shop.db().updateTable('order_settings').set({ upi_id: 'weaver@oksbi' }).execute()
		await seedOrder(shop, { status: 'confirmed', lines: [{ code, quantity: 1 }] })
		return seedOrder(shop, {
			status: 'confirmed',
			email: 'buyer@example.in',
			deliveryAddress: 'Weavers Colony, Pochampally',
			notes: 'Gift wrap',
			courier: 'DTDC',
			lines: [{ code, quantity: 1 }],
		})
	}
	/** Seeded orders' customers are named “Customer N”, and an order's document title names its customer. */
	const CUSTOMER_NAME = ['Customer']
	ADMIN_PAGES.push(
		{
			path: '/admin/orders',
			setup: async (shop) => {
				await orderOf(shop)
				return '/admin/orders'
			},
		},
		{ path: '/admin/orders?q=…', setup: async () => '/admin/orders?q=nobody-by-this-name' },
		{ path: '/admin/orders/:id', setup: async (shop) => `/admin/orders/${(await orderOf(shop)).id}`, ownWords: CUSTOMER_NAME },
		{ path: '/admin/orders/new', setup: async () => '/admin/orders/new' },
		{ path: '/admin/orders/:id/edit', setup: async (shop) => `/admin/orders/${(await orderOf(shop)).id}/edit`, ownWords: CUSTOMER_NAME },
		{
			path: '/admin/orders/:id/delete',
			setup: async (shop) => `/admin/orders/${(await orderOf(shop)).id}/delete`,
			ownWords: CUSTOMER_NAME,
		},
		{
			path: '/admin/orders/:id/receipt',
			setup: async (shop) => `/admin/orders/${(await orderOf(shop)).id}/receipt`,
			ownWords: CUSTOMER_NAME,
		},
		{
			path: '/admin/customers',
			setup: async (shop) => {
				await orderOf(shop)
				return '/admin/customers'
			},
		},
		{ path: '/admin/customers?q=…', setup: async () => '/admin/customers?q=nobody-by-this-name' },
		{
			path: '/admin/customers/:key',
			setup: async (shop) => {
				await orderOf(shop)
				return '/admin/customers/919876543210' // the seeded orders' phone
			},
		},
		{ path: '/admin/settings/orders', ownWords: ['oksbi'] }, // the UPI ID's example names a bank's handle
	)
}
// The product and blog editors, their lists and delete pages, the hero, the story and categories.
{
	/** A saree two open orders hold every piece of: its editor lists them and says it reads Reserved. */
	const heldSaree = async (shop: Shop) => {
		const saree = await seedProduct(shop, { name: 'Held Saree', code: uniqueCode('HS'), stock: 2 })
		await seedOrder(shop, { status: 'confirmed', lines: [{ code: saree.code, quantity: 1 }] })
		await seedOrder(shop, { status: 'pending', lines: [{ code: saree.code, quantity: 1 }] })
		return saree
	}
	const firstCategory = async (shop: Shop) =>
		(await shop.db().selectFrom('categories').select('id').orderBy('position').executeTakeFirstOrThrow()).id
	ADMIN_PAGES.push(
		{ path: '/admin/products/new' },
		{ path: '/admin/products/:id/edit (held by orders)', setup: async (shop) => `/admin/products/${(await heldSaree(shop)).id}/edit` },
		{
			path: '/admin/products/:id/edit (no order holds it)',
			setup: async (shop) => `/admin/products/${(await seedProduct(shop, { code: uniqueCode('ED'), status: 'draft' })).id}/edit`,
		},
		{
			path: '/admin/products/new?from=:id',
			setup: async (shop) => `/admin/products/new?from=${(await seedProduct(shop, { code: uniqueCode('CP'), images: 2 })).id}`,
		},
		{ path: '/admin/products/new?shared (photos gone)', setup: async () => '/admin/products/new?shared' },
		{
			path: '/admin/products/:id/delete',
			setup: async (shop) => `/admin/products/${(await seedProduct(shop, { code: uniqueCode('DL') })).id}/delete`,
		},
		{
			path: '/admin/blogs',
			setup: async (shop) => {
				await seedBlog(shop, { status: 'draft' })
				await seedBlog(shop, { cover: true })
				return '/admin/blogs'
			},
		},
		{ path: '/admin/blogs (nothing matches)', setup: async () => '/admin/blogs?q=no-such-post' },
		{ path: '/admin/blogs/new' },
		{ path: '/admin/blogs/:id/edit', setup: async (shop) => `/admin/blogs/${(await seedBlog(shop, { cover: true })).id}/edit` },
		{ path: '/admin/blogs/:id/delete', setup: async (shop) => `/admin/blogs/${(await seedBlog(shop)).id}/delete` },
		{ path: '/admin/hero-settings' },
		{ path: '/admin/story-settings' },
		{ path: '/admin/settings/categories' },
		{ path: '/admin/settings/categories/new' },
		{ path: '/admin/settings/categories/:id/edit', setup: async (shop) => `/admin/settings/categories/${await firstCategory(shop)}/edit` },
		{
			path: '/admin/settings/categories/:id/delete',
			setup: async (shop) => `/admin/settings/categories/${await firstCategory(shop)}/delete`,
		},
	)
}
export const FRAME_ONLY: string[] = []
// The admin's own account: its page and the password change.
ADMIN_PAGES.push({ path: '/admin/settings/account' }, { path: '/admin/settings/password' })
