// The write rate one machine holds: orders recorded through the shop's own model, one transaction each
// (WAL, synchronous = FULL: every commit waits for the disk), on the bench's copy of the database while
// the server runs beside it. Part of `npm run bench` (scripts/bench.ts).

export type WriteRate = { orders: number; seconds: number; perSecond: number; p50Ms: number; p99Ms: number }

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN

export async function measureOrderWrites(databasePath: string, seconds: number): Promise<WriteRate> {
	// The model reads the database path from the environment when it first opens it.
	process.env.DATABASE_PATH = databasePath
	const { closeDb, getDb } = await import('../app/db.server')
	const { createOrder } = await import('../app/models/orders.server')
	try {
		const { code } = await getDb().selectFrom('products').select('code').where('status', '=', 'active').executeTakeFirstOrThrow()
		const times: number[] = []
		const started = performance.now()
		const deadline = started + seconds * 1000
		while (performance.now() < deadline) {
			const t = performance.now()
			await createOrder({
				customerName: `Bench Customer ${times.length}`,
				phone: '98480 12345',
				email: '',
				deliveryAddress: '4 Lake Road, Warangal 506001',
				orderDate: new Date().toISOString().slice(0, 10),
				status: 'pending',
				notes: '',
				courier: '',
				trackingNumber: '',
				lines: [{ index: 0, code, quantity: 1 }],
				totalOverridePaise: null,
			})
			times.push(performance.now() - t)
		}
		const elapsed = (performance.now() - started) / 1000
		times.sort((a, b) => a - b)
		return {
			orders: times.length,
			seconds: elapsed,
			perSecond: Math.round(times.length / elapsed),
			p50Ms: percentile(times, 0.5),
			p99Ms: percentile(times, 0.99),
		}
	} finally {
		closeDb()
	}
}
