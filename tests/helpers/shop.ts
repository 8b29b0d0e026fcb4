import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

import { test } from '@playwright/test'
import type { Kysely } from 'kysely'

import { type DB, openDatabase } from '../../app/db.server'

export const ADMIN_EMAIL = 'admin@example.com'
export const ADMIN_PASSWORD = 'correct-horse-42'
export const SESSION_SECRET = 'test-session-secret-0123456789abcdef'

export type Shop = {
	url: string
	port: number
	dir: string
	dbPath: string
	uploadsDir: string
	env: Record<string, string>
	process: ChildProcess
	logs: string[]
	/** A Kysely connection of the test's own to the shop's database (WAL: safe beside the server). */
	db: () => Kysely<DB>
	stop: (signal?: NodeJS.Signals) => Promise<number | null>
}

export async function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const server = net.createServer()
		server.listen(0, '127.0.0.1', () => {
			const address = server.address()
			server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))))
		})
	})
}

const ROOT = path.resolve(import.meta.dirname, '../..')

export type ShopOptions = {
	env?: Record<string, string>
	/** Reuses an existing data folder (restart tests). */
	dir?: string
	/** A command the server is started through (it must exec its arguments), e.g. to enter a namespace. */
	launcher?: string[]
	/** A TypeScript entry run through tsx, e.g. `server/dev.ts` for `npm run dev`; `npm start`'s compiled one by default. */
	entry?: string
	startTimeoutMs?: number
	/** The port to listen on (a proxy started first already points at it); a free one by default. */
	port?: number
}

/** Starts the production build (`npm start`'s entry) on a fresh temporary database and uploads folder. */
export async function startShop(options: ShopOptions = {}): Promise<Shop> {
	const dir = options.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-'))
	const port = options.port ?? (await freePort())
	const url = `http://127.0.0.1:${port}`
	const env: Record<string, string> = {
		NODE_ENV: 'production',
		HOST: '127.0.0.1',
		PORT: String(port),
		APP_ORIGIN: url,
		DATABASE_PATH: path.join(dir, 'shop.db'),
		UPLOADS_DIR: path.join(dir, 'uploads'),
		SESSION_SECRET,
		ADMIN_EMAIL,
		ADMIN_PASSWORD,
		BUILD_DIR: process.env.BUILD_DIR ?? 'build',
		...options.env,
	}
	const logs: string[] = []
	// By default `npm start`'s own command: the entry compiled into the build, run by plain node as the image runs it.
	const entry = options.entry ? ['--import', 'tsx', options.entry] : [path.join(env.BUILD_DIR!, 'commands', 'start.js')]
	const [command, ...args] = [...(options.launcher ?? []), process.execPath, ...entry]
	const child = spawn(command!, args, {
		cwd: ROOT,
		env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), ...env },
		stdio: ['ignore', 'pipe', 'pipe'],
	})
	child.stdout?.on('data', (d: Buffer) => logs.push(d.toString()))
	child.stderr?.on('data', (d: Buffer) => logs.push(d.toString()))
	const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))

	const startTimeoutMs = options.startTimeoutMs ?? 30_000
	const deadline = Date.now() + startTimeoutMs
	for (;;) {
		if (child.exitCode !== null) throw new Error(`Shop exited early (${child.exitCode}):\n${logs.join('')}`)
		try {
			const res = await fetch(`${url}/healthz`)
			if (res.ok) break
		} catch {}
		if (Date.now() > deadline) {
			child.kill('SIGKILL')
			throw new Error(`Shop did not start in ${startTimeoutMs / 1000} s:\n${logs.join('')}`)
		}
		await new Promise((r) => setTimeout(r, 100))
	}

	let handle: ReturnType<typeof openDatabase> | undefined
	return {
		url,
		port,
		dir,
		dbPath: env.DATABASE_PATH!,
		uploadsDir: env.UPLOADS_DIR!,
		env,
		process: child,
		logs,
		db: () => {
			handle ??= openDatabase(env.DATABASE_PATH!)
			return handle.db
		},
		stop: async (signal = 'SIGTERM') => {
			handle?.sqlite.close()
			handle = undefined
			if (child.exitCode === null) child.kill(signal)
			return exited
		},
	}
}

/**
 * One shop per spec file: started before its tests, stopped (and its folder removed) after.
 * Use as `const shop = useShop()` at the top of a spec, then `shop().url` inside tests.
 */
export function useShop(options: { env?: Record<string, string> } = {}) {
	let current: Shop | undefined
	test.beforeAll(async () => {
		current = await startShop(options)
	})
	test.afterAll(async () => {
		if (!current) return
		await current.stop()
		fs.rmSync(current.dir, { recursive: true, force: true })
	})
	return () => {
		if (!current) throw new Error('The shop is not running (useShop must be called at the top of the spec)')
		return current
	}
}
