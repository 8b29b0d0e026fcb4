import { seedProducts } from './seed'
import type { Shop } from './shop'

// The admin screens the language walk visits (tests/e2e/admin-languages.spec.ts). A screen is listed
// here once every text on it comes from the catalogues; `setup` seeds what the screen needs and returns
// the address to open. Screens not translated yet are walked for the frame alone (sidebar, top bar).

export type PageSetup = (shop: Shop) => Promise<string>

/** `ownWords`: words of the seller's own data the screen shows inside interface text (seeded names). */
export const ADMIN_PAGES: Array<{ path: string; setup?: PageSetup; ownWords?: string[] }> = []

/** Screens whose frame is translated and whose own texts are not yet. */
export const FRAME_ONLY = ['/admin']

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
		// The shop's starting categories, as the default-category choice lists them (one run of text per select).
		ownWords: ['Kanchipattu', 'Pochampally', 'Ikkat', 'IkkatDharmavaram', 'IkkatPochampally'],
	},
)
// Orders, customers and the receipt.
{
	/** An order of a saree another open order also wants (the order's page warns), with the UPI ID set. */
	const orderOf = async (shop: Shop) => {
		const { seedOrder, seedProduct } = await import('./seed')
		const code = `LO-${Math.random().toString(36).slice(2, 8).toUpperCase()}`
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
	ADMIN_PAGES.push(
		{
			path: '/admin/orders',
			setup: async (shop) => {
				await orderOf(shop)
				return '/admin/orders'
			},
		},
		{ path: '/admin/orders?q=…', setup: async () => '/admin/orders?q=nobody-by-this-name' },
		{ path: '/admin/orders/:id', setup: async (shop) => `/admin/orders/${(await orderOf(shop)).id}` },
		{ path: '/admin/orders/new', setup: async () => '/admin/orders/new' },
		{ path: '/admin/orders/:id/edit', setup: async (shop) => `/admin/orders/${(await orderOf(shop)).id}/edit` },
		{ path: '/admin/orders/:id/delete', setup: async (shop) => `/admin/orders/${(await orderOf(shop)).id}/delete` },
		{ path: '/admin/orders/:id/receipt', setup: async (shop) => `/admin/orders/${(await orderOf(shop)).id}/receipt` },
	)
}
