import type { Migration } from 'kysely'
import * as m0001 from './0001_initial'
import * as m0002 from './0002_content_version'

// Append-only: add each new migration file here, never edit or reorder an applied one.
export const migrations: Record<string, Migration> = {
	'0001_initial': m0001,
	'0002_content_version': m0002,
}
