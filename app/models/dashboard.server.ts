import { getDb } from '~/db.server'

// What the dashboard shows: counts, the latest changes across the catalogue, blog and orders, and
// the sarees people asked about most on WhatsApp.

export type DashboardStats = {
	products: { total: number; active: number; draft: number; outOfStock: number }
	blogs: { total: number; published: number; draft: number }
	orders: { total: number; pending: number }
}

export async function getDashboardStats(): Promise<DashboardStats> {
	const db = getDb()
	const [products, blogs, orders] = await Promise.all([
		db
			.selectFrom('products')
			.select(['status', (eb) => eb.fn.countAll<number>().as('n')])
			.groupBy('status')
			.execute(),
		db
			.selectFrom('blogs')
			.select(['status', (eb) => eb.fn.countAll<number>().as('n')])
			.groupBy('status')
			.execute(),
		db
			.selectFrom('orders')
			.select(['status', (eb) => eb.fn.countAll<number>().as('n')])
			.groupBy('status')
			.execute(),
	])
	const count = <T extends string>(rows: Array<{ status: T; n: number }>, status?: T) =>
		rows.filter((r) => status === undefined || r.status === status).reduce((sum, r) => sum + Number(r.n), 0)
	return {
		products: {
			total: count(products),
			active: count(products, 'active'),
			draft: count(products, 'draft'),
			outOfStock: count(products, 'out_of_stock'),
		},
		blogs: { total: count(blogs), published: count(blogs, 'published'), draft: count(blogs, 'draft') },
		orders: { total: count(orders), pending: count(orders, 'pending') },
	}
}

export type ActivityEntry = {
	type: 'product' | 'blog' | 'order'
	action: 'created' | 'updated'
	id: number
	/** The saree's name, the post's title or the customer's name, as the seller typed it. */
	name: string
	/** An order's status; null for sarees and posts. */
	status: string | null
	timestamp: string
	href: string
}

/** The latest creates and updates across products, blogs and orders, newest first. */
export async function listRecentActivity(limit = 5): Promise<ActivityEntry[]> {
	const db = getDb()
	const [products, blogs, orders] = await Promise.all([
		db.selectFrom('products').select(['id', 'name', 'created_at', 'updated_at']).orderBy('updated_at', 'desc').limit(limit).execute(),
		db.selectFrom('blogs').select(['id', 'title', 'created_at', 'updated_at']).orderBy('updated_at', 'desc').limit(limit).execute(),
		db
			.selectFrom('orders')
			.select(['id', 'customer_name', 'status', 'created_at', 'updated_at'])
			.orderBy('updated_at', 'desc')
			.limit(limit)
			.execute(),
	])
	const action = (row: { created_at: string; updated_at: string }): ActivityEntry['action'] =>
		row.updated_at > row.created_at ? 'updated' : 'created'
	const entries: ActivityEntry[] = [
		...products.map((p) => ({
			type: 'product' as const,
			action: action(p),
			id: p.id,
			name: p.name,
			status: null,
			timestamp: p.updated_at,
			href: `/admin/products/${p.id}/edit`,
		})),
		...blogs.map((b) => ({
			type: 'blog' as const,
			action: action(b),
			id: b.id,
			name: b.title,
			status: null,
			timestamp: b.updated_at,
			href: `/admin/blogs/${b.id}/edit`,
		})),
		...orders.map((o) => ({
			type: 'order' as const,
			action: action(o),
			id: o.id,
			name: o.customer_name,
			status: o.status,
			timestamp: o.updated_at,
			href: `/admin/orders/${o.id}`,
		})),
	]
	return entries.sort((a, b) => (a.timestamp < b.timestamp ? 1 : a.timestamp > b.timestamp ? -1 : 0)).slice(0, limit)
}

/** Products with the most WhatsApp order clicks in the last `days` days (today included, UTC days). */
export async function listMostEnquiredProducts({ days = 30, limit = 5, now = new Date() } = {}) {
	const since = new Date(now.getTime() - (days - 1) * 24 * 3600 * 1000).toISOString().slice(0, 10)
	const rows = await getDb()
		.selectFrom('product_enquiries as e')
		.innerJoin('products as p', 'p.id', 'e.product_id')
		.select(['p.id', 'p.name', 'p.code', 'p.status', (eb) => eb.fn.sum<number>('e.count').as('enquiries')])
		.where('e.day', '>=', since)
		.groupBy(['p.id', 'p.name', 'p.code', 'p.status'])
		.orderBy('enquiries', 'desc')
		.orderBy('p.name')
		.limit(limit)
		.execute()
	return rows.map((r) => ({ ...r, enquiries: Number(r.enquiries) }))
}
