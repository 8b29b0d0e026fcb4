import type Database from 'better-sqlite3'
import { getSqlite } from '../db.server'

/**
 * Tables no public page shows: writes to them leave cached pages alone. Every other table is counted
 * by triggers (migrations/0002_content_version.ts) into `content_version`, which the page cache
 * compares; content-version.server.test.ts fails when a table is in neither list.
 */
export const TABLES_NOT_ON_PUBLIC_PAGES = [
	'orders',
	'order_items',
	'admin',
	'sessions',
	'password_reset_tokens',
	'auth_failures',
	'product_enquiries',
	'content_version',
] as const

let reader: { sqlite: Database.Database; read: () => number } | undefined

/** Changes with every committed write to what public pages show, by this process or any other. */
export function getContentVersion(): number {
	const sqlite = getSqlite()
	if (reader?.sqlite !== sqlite) {
		const statement = sqlite.prepare('SELECT version FROM content_version WHERE id = 1').pluck()
		reader = { sqlite, read: () => statement.get() as number }
	}
	return reader.read()
}
