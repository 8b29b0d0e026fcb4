import type Database from 'better-sqlite3'

import { getSqlite } from '~/db.server'

/**
 * Tables no public page shows: writes to them leave cached pages alone. Every other table is counted
 * by triggers (migrations/0002_content_version.ts) into `content_version`, which the page cache
 * compares; content-version.server.test.ts fails when a table is in neither list.
 */
export const TABLES_NOT_ON_PUBLIC_PAGES = [
	'orders',
	'order_items',
	'order_settings',
	'admin',
	'sessions',
	'password_reset_tokens',
	'auth_failures',
	'sign_in_codes',
	'product_enquiries',
	'content_version',
	'tax_settings',
	'tax_invoices',
	'trash',
	'trash_media',
] as const

/**
 * The search index of `products` (migrations/0005_product_search.ts) and FTS5's own tables behind it.
 * SQLite writes them only from the triggers on `products`, whose writes are counted, and a virtual
 * table cannot carry triggers of its own.
 */
export const TABLES_DERIVED_FROM_COUNTED = [
	'products_fts',
	'products_fts_data',
	'products_fts_idx',
	'products_fts_docsize',
	'products_fts_config',
] as const

let reader: { sqlite: Database.Database; read: () => string } | undefined

/**
 * Changes with every committed write to what public pages show, and with every change of the schema
 * (a migration, a table renamed by another process), by this process or any other.
 */
export function getContentVersion(): string {
	const sqlite = getSqlite()
	if (reader?.sqlite !== sqlite) {
		const statement = sqlite
			.prepare(`SELECT (SELECT version FROM content_version WHERE id = 1) || ':' || (SELECT schema_version FROM pragma_schema_version)`)
			.pluck()
		reader = { sqlite, read: () => statement.get() as string }
	}
	return reader.read()
}
