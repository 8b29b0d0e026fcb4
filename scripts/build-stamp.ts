// The build records a hash of what it was made from, so `npm run demo` can tell a build that is out of
// date (after a `git pull`, an edit, or a new tarball) from one that matches the source. The hash is of
// file contents, not dates or git state: it works the same from a clone, a tarball or a copied folder.
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

/** Everything `react-router build` reads, relative to the project: the code, its assets, the build's configuration, the locked dependencies. */
export const BUILD_INPUTS = [
	'app',
	'server',
	'scripts',
	'migrations',
	'public',
	'package.json',
	'package-lock.json',
	'react-router.config.ts',
	'tsconfig.json',
	'vite.config.ts',
]

const STAMP_FILE = 'source-hash'

function filesUnder(root: string, entry: string): string[] {
	const full = path.join(root, entry)
	if (!fs.existsSync(full)) return []
	if (!fs.statSync(full).isDirectory()) return [entry]
	return fs
		.readdirSync(full, { recursive: true, withFileTypes: true })
		.filter((dirent) => dirent.isFile())
		.map((dirent) => path.relative(root, path.join(dirent.parentPath, dirent.name)))
}

/** A hash of the names and contents of every build input under `root`. */
export function sourceHash(root: string): string {
	const hash = crypto.createHash('sha256')
	const files = BUILD_INPUTS.flatMap((entry) => filesUnder(root, entry))
		.map((file) => file.split(path.sep).join('/'))
		.sort()
	for (const file of files) {
		const content = fs.readFileSync(path.join(root, file))
		hash.update(`${file}\0${content.length}\0`)
		hash.update(content)
	}
	return hash.digest('hex')
}

export function writeBuildStamp(buildDir: string, hash: string) {
	fs.writeFileSync(path.join(buildDir, STAMP_FILE), `${hash}\n`)
}

/** The hash the build in `buildDir` was made from, or null for a build without one (or no build). */
export function readBuildStamp(buildDir: string): string | null {
	const file = path.join(buildDir, STAMP_FILE)
	return fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() : null
}
