import fs from 'node:fs'
import path from 'node:path'

import Database from 'better-sqlite3'
import { Kysely, Migrator, SqliteDialect } from 'kysely'

import { migrations } from '../migrations/index'
import type { DB } from './db-types'
import { getEnv } from './utils/env.server'

export type { DB }

type Handle = { sqlite: Database.Database; db: Kysely<DB>; file: string }

// One connection per process: the server and the React Router build are one module graph
// (server/app.ts is the build's entry), so this module is loaded once.
let current: Handle | undefined

export function openDatabase(file: string): Handle {
	if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true })
	const sqlite = new Database(file)
	sqlite.pragma('journal_mode = WAL')
	sqlite.pragma('foreign_keys = ON')
	sqlite.pragma('busy_timeout = 5000')
	sqlite.pragma('synchronous = FULL')
	const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }) })
	return { sqlite, db, file }
}

function handle(): Handle {
	current ??= openDatabase(getEnv().DATABASE_PATH)
	return current
}

/** The shared Kysely instance for the configured DATABASE_PATH. */
export function getDb(): Kysely<DB> {
	return handle().db
}

/** The raw better-sqlite3 connection, for synchronous transactions and the backup API. */
export function getSqlite(): Database.Database {
	return handle().sqlite
}

export function closeDb() {
	const closing = current
	current = undefined
	closing?.sqlite.close()
}

export async function migrateToLatest(db: Kysely<DB> = getDb()) {
	const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } })
	const { error, results } = await migrator.migrateToLatest()
	if (error) throw error instanceof Error ? error : new Error(String(error))
	return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName)
}

export function nowIso() {
	return new Date().toISOString()
}
