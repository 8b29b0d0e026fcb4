import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterEach } from 'vitest'

import { migrateToLatest, openDatabase } from '../../app/db.server'

/**
 * For unit tests: `freshDb()` opens a migrated database in a temporary folder; every folder is
 * removed after each test. Call at the top of a test file.
 */
export function useTempDatabases(prefix: string) {
	const dirs: string[] = []
	afterEach(() => {
		for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
	})
	return async function freshDb() {
		const dir = fs.mkdtempSync(path.join(os.tmpdir(), `shop-${prefix}-`))
		dirs.push(dir)
		const handle = openDatabase(path.join(dir, 'shop.db'))
		await migrateToLatest(handle.db)
		return handle
	}
}
