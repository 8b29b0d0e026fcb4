// `npm run backup -- <dir>`: a consistent copy of the database and uploads while the shop runs.
import path from 'node:path'

import { createBackup } from '../app/services/backup.server'
import { EnvError, parseEnv } from '../app/utils/env.server'

const destination = process.argv[2]
if (!destination) {
	console.error('Usage: npm run backup -- <folder>')
	process.exit(2)
}
try {
	const env = parseEnv(process.env)
	const started = Date.now()
	const result = await createBackup({
		databasePath: env.DATABASE_PATH,
		uploadsDir: env.UPLOADS_DIR,
		destination: path.resolve(destination),
	})
	console.log(
		`Backup written to ${result.dir} (database ${(result.databaseBytes / 1024).toFixed(0)} KB, ${result.mediaFolders} media folders, integrity ok, ${((Date.now() - started) / 1000).toFixed(1)} s)`,
	)
} catch (error) {
	console.error(`Backup failed: ${error instanceof EnvError || error instanceof Error ? error.message : String(error)}`)
	process.exit(1)
}
