import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/**
 * A small, real filesystem (tmpfs) for a test to fill up: writes past its size fail with ENOSPC exactly
 * as on a full disk. As root it is mounted here and seen directly. Otherwise the server is started in a
 * user + mount namespace of its own that mounts it (`launcher`), and the test looks at it through
 * /proc/<pid>/root. When neither works, `mountSmallDisk` throws with both reasons: a test that needs a
 * full disk must not pass without one.
 */
export type SmallDisk = {
	/** The mount point, as the server sees it. */
	dir: string
	/** Prefix for the server's command (empty when mounted here). */
	launcher: string[]
	/** A path on the disk as this process can read it, given the server's pid. */
	view: (pid: number, ...parts: string[]) => string
	release: () => void
}

export function mountSmallDisk(bytes: number): SmallDisk {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'small-disk-'))
	const options = `size=${bytes},mode=0755`
	let direct: string
	try {
		execFileSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', dir], { stdio: 'pipe' })
		return {
			dir,
			launcher: [],
			view: (_pid, ...parts) => path.join(dir, ...parts),
			release: () => {
				try {
					execFileSync('umount', [dir], { stdio: 'pipe' })
				} catch {
					execFileSync('umount', ['-l', dir], { stdio: 'pipe' })
				}
				fs.rmdirSync(dir)
			},
		}
	} catch (error) {
		direct = errorText(error)
	}
	const unshare = ['unshare', '--user', '--map-root-user', '--mount']
	const mountThenRun = ['sh', '-c', `mount -t tmpfs -o ${options} tmpfs "$0" && exec "$@"`, dir]
	try {
		execFileSync(unshare[0]!, [...unshare.slice(1), ...mountThenRun, 'true'], { stdio: 'pipe' })
	} catch (error) {
		fs.rmdirSync(dir)
		throw new Error(
			`Cannot make a small disk for this test (it needs root, or unprivileged user namespaces):\n` +
				`  mount: ${direct}\n  unshare: ${errorText(error)}`,
		)
	}
	return {
		dir,
		launcher: [...unshare, ...mountThenRun],
		view: (pid, ...parts) => path.join(`/proc/${pid}/root`, dir, ...parts),
		release: () => fs.rmSync(dir, { recursive: true, force: true }),
	}
}

function errorText(error: unknown) {
	const stderr = (error as { stderr?: Buffer }).stderr?.toString().trim()
	return stderr || (error instanceof Error ? error.message : String(error))
}
