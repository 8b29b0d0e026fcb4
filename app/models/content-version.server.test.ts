import { describe, expect, test } from 'vitest'

import { closeDb } from '~/db.server'
import { resetEnvCache } from '~/utils/env.server'

import { useTempDatabases } from '../../tests/helpers/temp-db'
import { getContentVersion, TABLES_DERIVED_FROM_COUNTED, TABLES_NOT_ON_PUBLIC_PAGES } from './content-version.server'

const freshDb = useTempDatabases('content-version')

describe('content version', () => {
	test('every table is either counted by the content-version triggers or named as not shown on public pages', async () => {
		const { sqlite } = await freshDb()
		const tables = sqlite
			.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'kysely_%'`)
			.pluck()
			.all() as string[]
		const triggers = sqlite.prepare(`SELECT tbl_name, sql FROM sqlite_master WHERE type = 'trigger'`).all() as Array<{
			tbl_name: string
			sql: string
		}>
		for (const table of tables) {
			const counted = ['INSERT', 'UPDATE', 'DELETE'].every((event) =>
				triggers.some(
					(t) =>
						t.tbl_name === table &&
						t.sql.includes(`AFTER ${event} ON ${table}`) &&
						t.sql.includes('UPDATE content_version SET version = version + 1'),
				),
			)
			const excluded = (TABLES_NOT_ON_PUBLIC_PAGES as readonly string[]).includes(table)
			const derived = (TABLES_DERIVED_FROM_COUNTED as readonly string[]).includes(table)
			expect(
				[counted, excluded, derived].filter(Boolean).length,
				`${table}: ${counted || excluded || derived ? 'in more than one list' : 'neither counted nor listed in TABLES_NOT_ON_PUBLIC_PAGES'}`,
			).toBe(1)
		}
		for (const table of [...TABLES_NOT_ON_PUBLIC_PAGES, ...TABLES_DERIVED_FROM_COUNTED]) {
			expect(tables, `${table} is listed but does not exist`).toContain(table)
		}
		sqlite.close()
	})

	test('catalogue, blog and settings writes count; orders, sessions, sign-in failures and enquiry counts do not', async () => {
		const { sqlite } = await freshDb()
		const version = () => sqlite.prepare('SELECT version FROM content_version WHERE id = 1').pluck().get() as number
		const now = new Date().toISOString()
		const start = version()
		sqlite
			.prepare(
				`INSERT INTO products (name, code, original_price_paise, sale_price_paise, status, category, created_at, updated_at) VALUES ('A', 'A-1', 1, 1, 'active', 'Pochampally Ikkat', ?, ?)`,
			)
			.run(now, now)
		expect(version()).toBe(start + 1)
		sqlite.prepare(`UPDATE hero_settings SET title = 'New'`).run()
		sqlite.prepare(`UPDATE shop_settings SET phone = '1'`).run()
		sqlite.prepare(`UPDATE story_steps SET step_text = 'x' WHERE step_order = 1`).run()
		const afterContent = version()
		expect(afterContent).toBe(start + 4)

		sqlite
			.prepare(
				`INSERT INTO orders (customer_name, customer_phone, order_date, status, total_paise, created_at, updated_at) VALUES ('C', '9', ?, 'pending', 1, ?, ?)`,
			)
			.run(now, now, now)
		sqlite.prepare(`INSERT INTO auth_failures (throttle_key, created_at) VALUES ('k', ?)`).run(now)
		sqlite.prepare(`INSERT INTO product_enquiries (product_id, day, count) VALUES (1, '2026-01-01', 3)`).run()
		sqlite
			.prepare(`INSERT INTO admin (id, email, password_hash, password_changed_at, created_at) VALUES (1, 'a@b.co', 'x', ?, ?)`)
			.run(now, now)
		sqlite
			.prepare(`INSERT INTO sessions (id_hash, admin_id, created_at, last_seen_at, expires_at) VALUES ('h', 1, ?, ?, ?)`)
			.run(now, now, now)
		sqlite.prepare(`UPDATE sessions SET last_seen_at = ?`).run(now)
		expect(version()).toBe(afterContent)
		sqlite.close()
	})

	test('the version read by the page cache also moves when the schema changes', async () => {
		const handle = await freshDb()
		process.env.DATABASE_PATH = handle.file
		resetEnvCache()
		try {
			const before = getContentVersion()
			expect(getContentVersion()).toBe(before)
			handle.sqlite.exec('ALTER TABLE blogs RENAME TO blogs_elsewhere')
			expect(getContentVersion()).not.toBe(before)
		} finally {
			closeDb()
			handle.sqlite.close()
		}
	})
})
