import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'

import type { Env } from '../app/utils/env.server'

// Litestream runs beside Node and streams every write of the database to the replica named by
// REPLICA_URL (docs/decisions/0019-litestream-replication.md, 0025). This module hands it its
// configuration, starts and stops it (it never outlives the shop), restarts it when it dies, and keeps
// one line of status for /healthz.

type ReplicaEnv = Pick<
	Env,
	| 'DATABASE_PATH'
	| 'REPLICA_URL'
	| 'REPLICA_ENDPOINT'
	| 'REPLICA_REGION'
	| 'REPLICA_ACCESS_KEY_ID'
	| 'REPLICA_SECRET_ACCESS_KEY'
	| 'REPLICA_SSH_KEY_PATH'
	| 'REPLICA_SYNC_INTERVAL_SECONDS'
>

type ReplicationStatus =
	| { state: 'off' }
	| { state: 'starting' | 'stopped'; since: number; detail?: string }
	| { state: 'ok'; since: number; lastWriteAt?: number }
	| { state: 'failing'; since: number; detail: string }

let status: ReplicationStatus = { state: 'off' }

/**
 * The line /healthz adds when a replica is configured. /healthz is public: the cause (which names
 * hosts and paths) goes to the server log only.
 */
export function describeReplication(now = Date.now()): string | null {
	const s = status
	const ago = (at: number) => `${Math.max(0, Math.round((now - at) / 1000))} s ago`
	switch (s.state) {
		case 'off':
			return null
		case 'ok':
			return `replication: ok${s.lastWriteAt ? ` (last change replicated ${ago(s.lastWriteAt)})` : ''}`
		case 'starting':
			return `replication: starting (${ago(s.since)})`
		case 'failing':
			return `replication: failing since ${new Date(s.since).toISOString()} (the cause is in the server log)`
		case 'stopped':
			return `replication: stopped since ${new Date(s.since).toISOString()}, restarting (the cause is in the server log)`
	}
}

/** The Litestream executable of @flydotio/litestream-<platform>-<arch> (linux-x64 is installed), else one on PATH. */
function litestreamBinary(): string {
	try {
		return createRequire(import.meta.url).resolve(`@flydotio/litestream-${process.platform}-${process.arch}/litestream`)
	} catch {
		return 'litestream'
	}
}

/**
 * Litestream's configuration for the shop's database, on one line (JSON is YAML). It is never written to a
 * file: it reaches Litestream through a pipe (below), so a password in an sftp REPLICA_URL stays in
 * memory; the keys reach Litestream as LITESTREAM_ACCESS_KEY_ID / LITESTREAM_SECRET_ACCESS_KEY in its environment.
 */
export function litestreamConfig(env: ReplicaEnv): string {
	if (!env.REPLICA_URL) throw new Error('REPLICA_URL is not set')
	const replica: Record<string, string> = {
		url: env.REPLICA_URL,
		'sync-interval': `${env.REPLICA_SYNC_INTERVAL_SECONDS}s`,
	}
	if (env.REPLICA_ENDPOINT) replica.endpoint = env.REPLICA_ENDPOINT
	if (env.REPLICA_REGION) replica.region = env.REPLICA_REGION
	if (env.REPLICA_SSH_KEY_PATH) replica['key-path'] = path.resolve(env.REPLICA_SSH_KEY_PATH)
	return JSON.stringify({ dbs: [{ path: path.resolve(env.DATABASE_PATH), replicas: [replica] }] })
}

function childEnv(env: ReplicaEnv): NodeJS.ProcessEnv {
	const out: NodeJS.ProcessEnv = { ...process.env }
	if (env.REPLICA_ACCESS_KEY_ID) out.LITESTREAM_ACCESS_KEY_ID = env.REPLICA_ACCESS_KEY_ID
	if (env.REPLICA_SECRET_ACCESS_KEY) out.LITESTREAM_SECRET_ACCESS_KEY = env.REPLICA_SECRET_ACCESS_KEY
	return out
}

/**
 * Litestream runs under this POSIX shell guard so that it never outlives the shop (Linux can tie a child
 * to its parent only through prctl, which Node cannot call). The guard's standard input comes from the
 * shop: its first line is the configuration, which the guard hands on through a real pipe (Node's stdio
 * pipes are sockets, and /dev/stdin cannot be opened on a socket); the rest is the shop's lifeline. A
 * "stop" line is a graceful stop: SIGTERM (Litestream's last sync), SIGKILL 5 s later if it hangs. The
 * input ending without one means the shop died (even by SIGKILL, the kernel closes its end): SIGTERM,
 * and SIGKILL after 1 s. The guard exits with Litestream's status (128 + the signal for a signal).
 */
const GUARD = `
IFS= read -r config || exit 70
exec 4<&0
printf '%s\n' "$config" | "$@" 4<&- &
child=$!
(
	if read -r _ <&4; then grace=5; else grace=1; fi
	kill -TERM "$child"
	sleep "$grace"
	kill -KILL "$child"
) >/dev/null 2>&1 &
watcher=$!
exec 4<&-
wait "$child"
status=$?
kill "$watcher" 2>/dev/null
exit "$status"
`
const FROM_STDIN = ['-no-expand-env', '-config', '/dev/stdin']

/**
 * Starts Litestream (`args`, where FROM_STDIN says where its configuration comes from) under the guard.
 * In a process group of its own: a stall or a stop deadline ends the guard and Litestream together, and
 * a terminal's Ctrl-C reaches Node only, which then stops Litestream after closing the database.
 */
function spawnLitestream(env: ReplicaEnv, args: string[]) {
	const proc = spawn('/bin/sh', ['-c', GUARD, 'litestream-guard', litestreamBinary(), ...args], {
		env: childEnv(env),
		stdio: ['pipe', 'pipe', 'pipe'],
		detached: true,
	})
	// A guard that already exited closes its input: nothing more to tell it.
	proc.stdin.on('error', () => {})
	proc.stdin.write(litestreamConfig(env) + '\n')
	return proc
}

/** SIGKILL to Litestream, its guard and the guard's watcher. */
function killGroup(proc: ChildProcess) {
	try {
		if (proc.pid) process.kill(-proc.pid, 'SIGKILL')
	} catch {
		// Already gone.
	}
}

/** How Litestream ended, from its guard's exit. */
function exitDescription(code: number | null, signal: NodeJS.Signals | null) {
	if (signal) return signal
	if (code === 127) return `could not run ${litestreamBinary()}`
	const name = code !== null && code > 128 ? Object.entries(os.constants.signals).find(([, n]) => n === code - 128)?.[0] : undefined
	return name ?? `code ${code}`
}

/**
 * Earlier versions wrote the configuration (with any password of REPLICA_URL) into a temporary folder
 * that a crash left behind: this database's are removed. Another user's cannot be read and stay.
 */
function clearStaleConfig(env: ReplicaEnv) {
	const database = path.resolve(env.DATABASE_PATH)
	for (const entry of fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith('shop-litestream-'))) {
		const dir = path.join(os.tmpdir(), entry)
		try {
			const config = JSON.parse(fs.readFileSync(path.join(dir, 'litestream.yml'), 'utf8')) as { dbs?: Array<{ path?: string }> }
			if (config.dbs?.some((db) => db.path === database)) fs.rmSync(dir, { recursive: true, force: true })
		} catch {
			// Not a configuration of ours.
		}
	}
}

/** One of Litestream's log lines (`time=… level=ERROR msg="monitor error" … error="dial tcp …"`). */
export function parseLogLine(line: string): { level: string; msg: string; error?: string } | null {
	const field = (name: string) => {
		const match = new RegExp(`(?:^| )${name}=(?:"((?:[^"\\\\]|\\\\.)*)"|(\\S+))`).exec(line)
		return match ? (match[1] ?? match[2])!.replace(/\\(.)/g, '$1') : undefined
	}
	const level = field('level')
	const msg = field('msg')
	if (!level || !msg) return null
	return { level, msg, error: field('error') }
}

const RESTART_DELAYS_MS = [1_000, 5_000, 15_000, 60_000]
const STOP_TIMEOUT_MS = 5_000

type Replication = { stop: () => Promise<void> }

/**
 * Starts Litestream when REPLICA_URL is set (null otherwise). Its errors go to the log and to the
 * status; when it exits on its own it is started again, with growing pauses.
 */
export function startReplication(env: ReplicaEnv, log: Pick<Console, 'log' | 'error'> = console): Replication | null {
	if (!env.REPLICA_URL) {
		status = { state: 'off' }
		return null
	}
	clearStaleConfig(env)
	let child: ChildProcess | undefined
	let stopping = false
	let restarts = 0
	let restartTimer: NodeJS.Timeout | undefined

	// Litestream 0.3 has no time limit on a replica write: over a connection that died without a reset
	// it waits for ever, logging nothing. A write that takes this long counts as a failure, and
	// Litestream is restarted (it reconnects, or reports the replica unreachable).
	const stallMs = Math.max(15_000, env.REPLICA_SYNC_INTERVAL_SECONDS * 10_000)
	let writingSince: number | undefined
	const watchdog = setInterval(() => {
		if (writingSince === undefined || Date.now() - writingSince < stallMs || !child) return
		const detail = `a write to the replica has not finished in ${Math.round((Date.now() - writingSince) / 1000)} s`
		log.error(`Replication failing: ${detail}; restarting Litestream`)
		status = { state: 'failing', since: status.state === 'failing' ? status.since : writingSince, detail }
		writingSince = undefined
		killGroup(child)
	}, 1_000)
	watchdog.unref()

	const onLine = (line: string) => {
		const entry = parseLogLine(line)
		if (!entry) return
		const now = Date.now()
		if (entry.msg === 'write wal segment' || entry.msg === 'write snapshot') writingSince ??= now
		else if (entry.level === 'ERROR' || entry.msg === 'wal segment written' || entry.msg === 'snapshot written') writingSince = undefined
		if (entry.level === 'ERROR') {
			const detail = entry.error ? `${entry.msg}: ${entry.error}` : entry.msg
			// One log line per change of cause, not one per second while the replica is unreachable.
			if (status.state !== 'failing' || status.detail !== detail) log.error(`Replication failing: ${detail}`)
			status = { state: 'failing', since: status.state === 'failing' ? status.since : now, detail }
		} else if (entry.msg === 'wal segment written' || entry.msg === 'snapshot written') {
			if (status.state === 'failing') log.log('Replication recovered: the replica has caught up')
			restarts = 0
			status = { state: 'ok', since: status.state === 'ok' ? status.since : now, lastWriteAt: now }
		} else if (entry.msg === 'replicating to' || entry.msg === 'initialized db') {
			if (status.state !== 'failing' && status.state !== 'ok') status = { state: 'ok', since: now }
		}
	}

	const run = () => {
		if (status.state !== 'failing') status = { state: 'starting', since: Date.now() }
		const proc = spawnLitestream(env, ['replicate', ...FROM_STDIN])
		child = proc
		let buffered = ''
		const read = (chunk: Buffer) => {
			buffered += chunk.toString()
			const lines = buffered.split('\n')
			buffered = lines.pop() ?? ''
			for (const line of lines) onLine(line)
		}
		proc.stdout?.on('data', read)
		proc.stderr?.on('data', read)
		proc.on('error', (error) => {
			log.error(`Replication could not start Litestream: ${error.message}`)
		})
		proc.on('close', (code, signal) => {
			child = undefined
			writingSince = undefined
			if (stopping) return
			const delay = RESTART_DELAYS_MS[Math.min(restarts, RESTART_DELAYS_MS.length - 1)]!
			restarts++
			const detail = `Litestream exited (${exitDescription(code, signal)}); restarting in ${delay / 1000} s`
			log.error(`Replication stopped: ${detail}`)
			// A failure already reported keeps its start time: /healthz says how long the replica has been behind.
			if (status.state !== 'failing') status = { state: 'stopped', since: Date.now(), detail }
			restartTimer = setTimeout(run, delay)
			restartTimer.unref()
		})
	}
	run()
	log.log(`Replicating ${path.resolve(env.DATABASE_PATH)} to ${redactUrl(env.REPLICA_URL)}`)

	return {
		stop: async () => {
			stopping = true
			clearTimeout(restartTimer)
			clearInterval(watchdog)
			const proc = child
			if (proc && proc.exitCode === null && proc.signalCode === null) {
				// The guard gives Litestream SIGTERM (it syncs what is left of the WAL, then exits) and 5 s.
				const closed = new Promise<void>((resolve) => proc.once('close', () => resolve()))
				proc.stdin?.end('stop\n')
				const force = setTimeout(() => killGroup(proc), STOP_TIMEOUT_MS + 1_000)
				await closed
				clearTimeout(force)
			}
			status = { state: 'off' }
		},
	}
}

/** The replica address without a password (sftp://user:secret@host/ → sftp://user@host/). */
export function redactUrl(url: string) {
	return url.replace(/^([a-z0-9]+:\/\/[^:@/]+):[^@/]*@/, '$1@')
}

/**
 * Rebuilds the database at `output` from the replica's latest generation. Returns false when the
 * replica holds no copy yet. Litestream writes to `output.tmp` and renames, so `output` is whole or absent.
 */
export async function restoreFromReplica(env: ReplicaEnv, output: string, log: Pick<Console, 'log' | 'error'> = console) {
	clearStaleConfig(env)
	const lines: string[] = []
	const code = await new Promise<number | null>((resolve, reject) => {
		const proc = spawnLitestream(env, [
			'restore',
			...FROM_STDIN,
			'-if-replica-exists',
			'-o',
			path.resolve(output),
			path.resolve(env.DATABASE_PATH),
		])
		const collect = (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean))
		proc.stdout.on('data', collect)
		proc.stderr.on('data', collect)
		proc.on('error', reject)
		proc.on('close', (code) => {
			proc.stdin.end()
			resolve(code)
		})
	})
	const errors = lines.map(parseLogLine).filter((e) => e?.level === 'ERROR')
	if (code !== 0) {
		const last = errors.at(-1) ?? parseLogLine(lines.at(-1) ?? '')
		throw new Error(
			`Litestream could not restore from ${redactUrl(env.REPLICA_URL ?? '')}: ${last?.error ?? last?.msg ?? lines.at(-1) ?? `exit ${code}`}`,
		)
	}
	const restored = fs.existsSync(path.resolve(output))
	if (!restored) log.log(`The replica at ${redactUrl(env.REPLICA_URL ?? '')} holds no copy of the database yet`)
	return restored
}
