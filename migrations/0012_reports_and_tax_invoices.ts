import { type Kysely, sql } from 'kysely'

// Sales figures and GST (docs/decisions/0036):
// - orders are found by their date for the reports page and the orders CSV (a range of days, read in
//   date order a page at a time);
// - tax_settings (one row, private to the admin) keeps the shop's optional GSTIN;
// - category_hsn keeps the HSN code each category's sarees are invoiced under (5007, woven silk fabrics);
// - tax_invoices gives an order its invoice number once, per financial year. A row is never deleted:
//   deleting its order only clears order_id, so a number is never given twice nor left out.
export async function up(db: Kysely<unknown>) {
	const now = new Date().toISOString()
	for (const statement of [
		// The order's date, then what the figures add up: the totals are read from the index alone.
		`CREATE INDEX orders_order_date ON orders (order_date, status, paid_on, total_paise)`,
		`CREATE TABLE tax_settings (
			id INTEGER PRIMARY KEY CHECK (id = 1),
			gstin TEXT NOT NULL DEFAULT '' CHECK (gstin = '' OR length(gstin) = 15),
			updated_at TEXT NOT NULL
		) STRICT`,
		`INSERT INTO tax_settings (id, updated_at) VALUES (1, '${now}')`,
		`CREATE TABLE category_hsn (
			category TEXT PRIMARY KEY,
			hsn TEXT NOT NULL CHECK (length(hsn) IN (4, 6, 8) AND hsn NOT GLOB '*[^0-9]*')
		) STRICT, WITHOUT ROWID`,
		`INSERT INTO category_hsn (category, hsn) VALUES
			('Kanchipattu Pochampally Ikkat', '5007'),
			('Dharmavaram Pochampally Ikkat', '5007'),
			('Pochampally Ikkat', '5007')`,
		`CREATE TABLE tax_invoices (
			id INTEGER PRIMARY KEY,
			order_id INTEGER UNIQUE REFERENCES orders (id) ON DELETE SET NULL,
			financial_year TEXT NOT NULL CHECK (financial_year GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]'),
			number INTEGER NOT NULL CHECK (number >= 1),
			issued_on TEXT NOT NULL CHECK (issued_on GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
			gstin TEXT NOT NULL CHECK (length(gstin) = 15),
			UNIQUE (financial_year, number)
		) STRICT`,
	]) {
		await sql.raw(statement).execute(db)
	}
}

export async function down() {
	throw new Error('Migrations are append-only: restore a backup instead of migrating down.')
}
