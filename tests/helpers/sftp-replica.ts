import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { freePort } from './shop'

// A real SFTP server on loopback (Debian's OpenSSH, installed by scripts/ensure-test-tools.sh) for
// Litestream's sftp replica: its own host key, one client key, logins as the user running the tests.

export type SftpReplica = {
	port: number
	/** The folder the replica is written to. */
	dir: string
	/** The shop's environment for this replica. */
	env: Record<string, string>
	start: () => Promise<void>
	stop: () => Promise<void>
	remove: () => Promise<void>
}

const SSHD = '/usr/sbin/sshd'

export async function createSftpReplica(): Promise<SftpReplica> {
	const root = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-sftp-'))
	const dir = path.join(root, 'replica')
	fs.mkdirSync(dir)
	for (const name of ['host_key', 'client_key']) execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', path.join(root, name)])
	fs.copyFileSync(path.join(root, 'client_key.pub'), path.join(root, 'authorized_keys'))
	const port = await freePort()
	fs.writeFileSync(
		path.join(root, 'sshd_config'),
		[
			`Port ${port}`,
			'ListenAddress 127.0.0.1',
			`HostKey ${path.join(root, 'host_key')}`,
			`AuthorizedKeysFile ${path.join(root, 'authorized_keys')}`,
			'PasswordAuthentication no',
			'KbdInteractiveAuthentication no',
			'UsePAM no',
			'StrictModes no',
			`PidFile ${path.join(root, 'sshd.pid')}`,
			'Subsystem sftp internal-sftp',
			'',
		].join('\n'),
	)
	// Run as root, sshd wants its privilege-separation folder.
	if (process.getuid?.() === 0) fs.mkdirSync('/run/sshd', { recursive: true })

	let child: ChildProcess | undefined
	const start = async () => {
		const proc = spawn(SSHD, ['-D', '-e', '-f', path.join(root, 'sshd_config')], { stdio: ['ignore', 'ignore', 'pipe'] })
		child = proc
		let log = ''
		proc.stderr?.on('data', (d: Buffer) => (log += d.toString()))
		const deadline = Date.now() + 10_000
		while (!log.includes('Server listening')) {
			if (proc.exitCode !== null || Date.now() > deadline) throw new Error(`sshd did not start:\n${log}`)
			await new Promise((r) => setTimeout(r, 50))
		}
	}
	// Stopping the listener leaves open sessions running: the server's whole process tree goes, as it
	// would with the machine.
	const stop = async () => {
		const proc = child
		child = undefined
		if (!proc?.pid || proc.exitCode !== null) return
		const exited = new Promise((resolve) => proc.once('exit', resolve))
		for (const pid of [...descendants(proc.pid), proc.pid]) {
			try {
				process.kill(pid, 'SIGKILL')
			} catch {
				// Already gone.
			}
		}
		await exited
	}
	return {
		port,
		dir,
		env: {
			REPLICA_URL: `sftp://${os.userInfo().username}@127.0.0.1:${port}${dir}`,
			REPLICA_SSH_KEY_PATH: path.join(root, 'client_key'),
		},
		start,
		stop,
		remove: async () => {
			await stop()
			fs.rmSync(root, { recursive: true, force: true })
		},
	}
}

/** Every process under `pid` (read from /proc). */
export function descendants(pid: number): number[] {
	const parents = new Map<number, number>()
	for (const entry of fs.readdirSync('/proc')) {
		if (!/^\d+$/.test(entry)) continue
		try {
			// The name in parentheses may hold spaces: the fields after its closing parenthesis are fixed.
			const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8')
			const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
			parents.set(Number(entry), ppid)
		} catch {
			// The process ended while the list was read.
		}
	}
	const found: number[] = []
	const walk = (parent: number) => {
		for (const [child, ppid] of parents) {
			if (ppid === parent) {
				found.push(child)
				walk(child)
			}
		}
	}
	walk(pid)
	return found
}
