import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { Migrator, sql } from 'kysely'
import { afterEach, expect, test } from 'vitest'

import { openDatabase } from '../../app/db.server'
import { isOrderLinkToken } from '../../app/utils/order-link'
import { migrations } from '../../migrations/index'

// Orders saved before the customer's order page: migration 0011 gives each a link of its own (a token of
// the page's shape, no two alike, enforced by a unique index) and no status moments it never recorded.

const dirs: string[] = []
afterEach(() => {
	for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

test('every existing order gets its own link token, and no invented status dates', async () => {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-0011-'))
	dirs.push(dir)
	const { db } = openDatabase(path.join(dir, 'shop.db'))
	const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '0011'))
	const first = await new Migrator({ db, provider: { getMigrations: async () => before } }).migrateToLatest()
	if (first.error) throw first.error
	const now = new Date().toISOString()
	for (const [id, status] of [
		[1, 'pending'],
		[2, 'shipped'],
		[3, 'delivered'],
	] as const) {
		await sql`INSERT INTO orders (id, customer_name, customer_phone, order_date, status, total_paise, created_at, updated_at)
			VALUES (${id}, ${'Lakshmi'}, ${'9876543210'}, ${now}, ${status}, ${100}, ${now}, ${now})`.execute(db)
	}
	const all = await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateToLatest()
	if (all.error) throw all.error

	const rows = await db.selectFrom('orders').select(['link_token', 'confirmed_at', 'shipped_at', 'delivered_at', 'cancelled_at']).execute()
	const tokens = rows.map((row) => row.link_token!)
	expect(tokens.every(isOrderLinkToken)).toBe(true)
	expect(new Set(tokens).size).toBe(3)
	expect(rows.every((row) => [row.confirmed_at, row.shipped_at, row.delivered_at, row.cancelled_at].every((at) => at === null))).toBe(true)
	await expect(db.updateTable('orders').set({ link_token: tokens[0]! }).where('id', '=', 2).execute()).rejects.toThrow(/UNIQUE/)
	await db.destroy()
})
