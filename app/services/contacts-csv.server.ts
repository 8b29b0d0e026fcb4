import { getDb } from '~/db.server'
import { listCustomersWithPhonesPage } from '~/models/customers.server'
import { csvStream } from '~/utils/csv'

// "Export contacts (CSV)": the customers with a phone, for the seller's phone's address book (name, phone,
// city), written while it is sent, a page of customers at a time.

const PAGE_CUSTOMERS = 500

export function contactsCsvStream(db = getDb()) {
	let after = ''
	return csvStream(['Name', 'Phone', 'City'], async () => {
		const customers = await listCustomersWithPhonesPage(after, PAGE_CUSTOMERS, db)
		after = customers.at(-1)?.key ?? after
		return { rows: customers.map((c) => [c.name, c.key, c.city]), last: customers.length < PAGE_CUSTOMERS }
	})
}
