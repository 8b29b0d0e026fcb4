import { emptyTrash, moveToTrash } from '../../app/models/trash.server'
import { seedBlog, seedOrder, seedProduct } from './seed'
import type { Shop } from './shop'

// The admin screens the language walk visits (tests/e2e/admin-languages.spec.ts). A screen is listed
// here once every text on it comes from the catalogues; `setup` seeds what the screen needs and returns
// the address to open. Screens not translated yet are walked for the frame alone (sidebar, top bar).

export type PageSetup = (shop: Shop) => Promise<string>

/** `ownWords`: words of the seller's own data the screen shows inside interface text (seeded names). */
export const ADMIN_PAGES: Array<{ path: string; setup?: PageSetup; ownWords?: string[] }> = []

// Dashboard, reports, settings, GST, backup and trash.
/** A saree in the trash; returns its entry's id. */
async function trashedSaree(shop: Shop) {
	const saree = await seedProduct(shop, { name: 'Trashed Saree', code: 'TR-1' })
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
			const saree = await seedProduct(shop, { name: 'Dashboard Saree', code: 'DB-1' })
			await seedBlog(shop, { title: 'Dashboard Post' })
			await seedOrder(shop, { customerName: 'Dashboard Customer', status: 'shipped', lines: [{ code: saree.code, quantity: 1 }] })
			return '/admin'
		},
	},
	{
		path: '/admin/reports',
		setup: async (shop) => {
			const saree = await seedProduct(shop, { name: 'Report Saree', code: 'RP-1' })
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
		ownWords: ['Trashed', 'Saree'],
	},
)

/** Screens whose frame is translated and whose own texts are not yet. */
export const FRAME_ONLY: string[] = []
