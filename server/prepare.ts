import { migrateToLatest } from '../app/db.server'
import { ensureAdmin } from '../app/services/auth.server'
import { backfillImageDerivatives } from '../app/services/images.server'
import { cleanUpUploads, ensureWritableDirs } from '../app/services/storage.server'
import type { Env } from '../app/utils/env.server'

/** Everything `npm start` does before serving: checks, migrations, admin, upload clean-up. */
export async function prepare(env: Env) {
	ensureWritableDirs(env)
	const applied = await migrateToLatest()
	if (applied.length) console.log(`Applied migrations: ${applied.join(', ')}`)
	const admin = env.ADMIN_EMAIL ? await ensureAdmin(env.ADMIN_EMAIL, env.ADMIN_PASSWORD) : { created: false }
	await cleanUpUploads(env.UPLOADS_DIR)
	const backfilled = await backfillImageDerivatives(env.UPLOADS_DIR)
	if (backfilled) console.log(`Wrote ${backfilled} missing image sizes for images stored before them`)
	return { appliedMigrations: applied, adminCreated: admin.created }
}
