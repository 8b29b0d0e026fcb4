import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { expect, test } from '@playwright/test'

import { dockerfileRuntime } from '../helpers/dockerfile'
import { freePort, SESSION_SECRET, startShop, useShop } from '../helpers/shop'
import { waitForHealth } from '../helpers/wait-for-health'

const shop = useShop()

const MEDIA_ID = '0123456789abcdef0123456789abcdef'

test.describe('server', () => {
	test('answers /healthz and sends security headers with a per-request CSP nonce', async ({ request }) => {
		const health = await request.get(`${shop().url}/healthz`)
		expect(health.status()).toBe(200)

		// Shareable pages name their scripts' hashes instead (security-same-bytes.spec.ts).
		const first = await request.get(`${shop().url}/shortlist`)
		const headers = first.headers()
		expect(headers['x-powered-by']).toBeUndefined()
		expect(headers['x-content-type-options']).toBe('nosniff')
		expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
		const csp = headers['content-security-policy']!
		expect(csp).toContain("frame-ancestors 'none'")
		expect(csp).toContain("object-src 'none'")
		expect(csp).toContain("base-uri 'none'")
		expect(headers['strict-transport-security']).toBeUndefined()
		const nonce = /'nonce-([^']+)'/.exec(csp)?.[1]
		expect(nonce).toBeTruthy()
		const html = await first.text()
		// Every executable script carries the nonce (JSON-LD data blocks are never run).
		const scripts = (html.match(/<script[^>]*>/g) ?? []).filter((tag) => !tag.includes('application/ld+json'))
		expect(scripts.length).toBeGreaterThan(0)
		for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`)

		const second = await request.get(`${shop().url}/shortlist`)
		expect(second.headers()['content-security-policy']).not.toBe(csp)
	})

	test('refuses cross-origin posts to pages and resource routes, and changes nothing', async ({ request }) => {
		const before = await shop().db().selectFrom('sessions').select('id_hash').execute()
		for (const target of ['/auth', '/auth/sign-out', '/admin/products', '/media/x.jpg', '/whatsapp', '/']) {
			const res = await request.post(`${shop().url}${target}`, {
				headers: { Origin: 'https://evil.example' },
				form: { email: 'a@b.co' },
				maxRedirects: 0,
			})
			expect(res.status(), target).toBe(403)
			const fetchSite = await request.post(`${shop().url}${target}`, {
				headers: { 'Sec-Fetch-Site': 'cross-site' },
				form: { email: 'a@b.co' },
				maxRedirects: 0,
			})
			expect(fetchSite.status(), target).toBe(403)
		}
		expect(await shop().db().selectFrom('sessions').select('id_hash').execute()).toEqual(before)
	})

	test('caps non-upload bodies at 1 MB', async ({ request }) => {
		const res = await request.post(`${shop().url}/auth`, {
			headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: shop().url },
			data: `email=${'a'.repeat(1024 * 1024 + 10)}`,
		})
		expect(res.status()).toBe(413)
	})

	test('unknown pages are 404', async ({ request }) => {
		const res = await request.get(`${shop().url}/no-such-page`)
		expect(res.status()).toBe(404)
	})
})

test.describe('media', () => {
	test.beforeAll(() => {
		const dir = path.join(shop().uploadsDir, 'images', MEDIA_ID)
		fs.mkdirSync(dir, { recursive: true })
		fs.writeFileSync(path.join(dir, '360.jpg'), Buffer.alloc(5000, 7))
		fs.mkdirSync(path.join(shop().uploadsDir, 'videos', MEDIA_ID), { recursive: true })
		fs.writeFileSync(path.join(shop().uploadsDir, 'videos', MEDIA_ID, 'video.mp4'), Buffer.alloc(20_000, 1))
	})

	test('serves files with their type, nosniff and immutable caching', async ({ request }) => {
		const res = await request.get(`${shop().url}/media/images/${MEDIA_ID}/360.jpg`)
		expect(res.status()).toBe(200)
		expect(res.headers()['content-type']).toBe('image/jpeg')
		expect(res.headers()['x-content-type-options']).toBe('nosniff')
		expect(res.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
		expect((await res.body()).length).toBe(5000)

		const etag = res.headers()['etag']!
		const again = await request.get(`${shop().url}/media/images/${MEDIA_ID}/360.jpg`, { headers: { 'If-None-Match': etag } })
		expect(again.status()).toBe(304)
	})

	test('answers byte ranges with 206', async ({ request }) => {
		const res = await request.get(`${shop().url}/media/videos/${MEDIA_ID}/video.mp4`, { headers: { Range: 'bytes=0-99' } })
		expect(res.status()).toBe(206)
		expect(res.headers()['content-range']).toBe('bytes 0-99/20000')
		expect((await res.body()).length).toBe(100)

		const tail = await request.get(`${shop().url}/media/videos/${MEDIA_ID}/video.mp4`, { headers: { Range: 'bytes=-10' } })
		expect(tail.headers()['content-range']).toBe('bytes 19990-19999/20000')

		const beyond = await request.get(`${shop().url}/media/videos/${MEDIA_ID}/video.mp4`, { headers: { Range: 'bytes=30000-' } })
		expect(beyond.status()).toBe(416)
	})

	test('never leaves the uploads folder', async () => {
		// fetch() would normalise the dots away; send the raw paths. Other spellings of an address are
		// first redirected to its canonical one, which is followed here (still under /media).
		for (const raw of [
			'/media/../package.json',
			'/media/%2e%2e/package.json',
			'/media/images/%2e%2e%2f%2e%2e%2fpackage.json',
			'/media/..%5cpackage.json',
			'/media/images/nope/1.jpg',
		]) {
			let answer = await rawAnswer(shop().port, raw)
			for (let hops = 0; answer.status === 308 && hops < 3; hops++) {
				expect(answer.location, raw).toMatch(/^\/media\//)
				answer = await rawAnswer(shop().port, answer.location!)
			}
			expect(answer.status, raw).toBe(404)
			expect(answer.body, raw).not.toContain('"name": "silk-saree-shop"')
		}
	})
})

test.describe('start-up', () => {
	test('a bad environment stops the start with a one-line message naming the variable', async () => {
		for (const [missing, env] of [
			['SESSION_SECRET', { NODE_ENV: 'production', ADMIN_EMAIL: 'admin@example.com' }],
			['ADMIN_EMAIL', { NODE_ENV: 'production', SESSION_SECRET }],
			// `npm start` is production unless NODE_ENV says otherwise.
			['SESSION_SECRET is required when NODE_ENV=production', { ADMIN_EMAIL: 'admin@example.com' }],
		] as const) {
			const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-env-'))
			const { code, output } = await runStart({ DATABASE_PATH: path.join(dir, 'shop.db'), PORT: '0', ...env })
			expect(code).not.toBe(0)
			const lines = output
				.trim()
				.split('\n')
				.filter((l) => !l.includes('npm warn'))
			expect(lines).toHaveLength(1)
			expect(lines[0]).toContain(missing)
			// Nothing half-started: no database was created.
			expect(fs.existsSync(path.join(dir, 'shop.db'))).toBe(false)
			fs.rmSync(dir, { recursive: true, force: true })
		}
	})

	test('an unwritable database or uploads folder stops the start with a clear message', async () => {
		const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-ro-'))
		// A regular file where a folder should be: unwritable even for root.
		fs.writeFileSync(path.join(dir, 'file'), 'x')
		const base = { NODE_ENV: 'production', SESSION_SECRET, ADMIN_EMAIL: 'admin@example.com', PORT: '0' }
		for (const [name, env] of [
			['DATABASE_PATH', { DATABASE_PATH: path.join(dir, 'file', 'shop.db'), UPLOADS_DIR: path.join(dir, 'uploads') }],
			['UPLOADS_DIR', { DATABASE_PATH: path.join(dir, 'shop.db'), UPLOADS_DIR: path.join(dir, 'file', 'uploads') }],
		] as const) {
			const { code, output } = await runStart({ ...base, ...env })
			expect(code).not.toBe(0)
			const lines = output
				.trim()
				.split('\n')
				.filter((l) => !l.includes('npm warn'))
			expect(lines).toHaveLength(1)
			expect(lines[0]).toContain(`${name}: folder`)
			expect(lines[0]).toContain('is not writable')
		}
		fs.rmSync(dir, { recursive: true, force: true })
	})

	test("npm start runs React Router's production build, in the server and in the browser's scripts", async () => {
		// React Router's package names its development build for every import (whatever NODE_ENV says);
		// only the production build leaves out its development warnings. Node's own loader log
		// (NODE_DEBUG=esm) names every module file the server loads.
		const DEVELOPMENT_ONLY = 'No routes matched location'
		const traced = await startShop({ env: { NODE_DEBUG: 'esm' } })
		try {
			const loaded = [...new Set([...traced.logs.join('').matchAll(/Storing (file:\/\/\S+) /g)].map((m) => fileURLToPath(m[1]!)))]
			const buildDir = path.resolve(import.meta.dirname, '../..', traced.env.BUILD_DIR!)
			expect(
				loaded.some((file) => file.startsWith(buildDir)),
				'the server loads its build',
			).toBe(true)
			// React Router and its adapters come from the build, not from its package at run time.
			expect(loaded.filter((file) => /[\\/]node_modules[\\/](?:react-router|@react-router)[\\/]/.test(file))).toEqual([])
			const withReactRouter = loaded
				.filter((file) => file.startsWith(buildDir))
				.map((file) => fs.readFileSync(file, 'utf8'))
				// Its licence banner names it.
				.filter((code) => /\* react-router v\d/.test(code))
			expect(withReactRouter.length, 'React Router is in the server build').toBeGreaterThan(0)
			for (const code of withReactRouter) expect(code).not.toContain(DEVELOPMENT_ONLY)

			// The browser's scripts (the sign-in page preloads them all as modules).
			const page = await (await fetch(`${traced.url}/auth`)).text()
			const scripts = [...new Set(page.match(/\/assets\/[\w.-]+\.js/g) ?? [])]
			expect(scripts.length).toBeGreaterThan(0)
			const code = await Promise.all(scripts.map(async (script) => (await fetch(`${traced.url}${script}`)).text()))
			expect(
				code.some((text) => text.includes('__reactRouterVersion')),
				'React Router is in the scripts',
			).toBe(true)
			for (const [i, text] of code.entries()) expect(text, scripts[i]).not.toContain(DEVELOPMENT_ONLY)
		} finally {
			await traced.stop()
			fs.rmSync(traced.dir, { recursive: true, force: true })
		}
	})

	test("the container's start command serves from a fresh data folder and stops cleanly on SIGTERM", async () => {
		const root = path.resolve(import.meta.dirname, '../..')
		const docker = dockerfileRuntime(fs.readFileSync(path.join(root, 'Dockerfile'), 'utf8'))
		// `npm start` is the same command, for running without Docker.
		const packageJson = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
		expect(packageJson.scripts.start).toBe(docker.cmd.join(' '))

		// A fresh folder plays the /data volume; the rest is the image's ENV plus what the README's
		// `docker run` passes.
		const data = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-container-'))
		const port = await freePort()
		const env: Record<string, string> = {
			...docker.env,
			DATABASE_PATH: path.join(data, 'shop.db'),
			UPLOADS_DIR: path.join(data, 'uploads'),
			HOST: '127.0.0.1',
			PORT: String(port),
			SESSION_SECRET: 'a-long-random-secret-for-this-test-only',
			ADMIN_EMAIL: 'owner@example.com',
			ADMIN_PASSWORD: 'choose-a-strong-one',
			APP_ORIGIN: 'https://shop.example.com',
			TRUST_PROXY: '1',
			...(process.env.BUILD_DIR ? { BUILD_DIR: process.env.BUILD_DIR } : {}),
		}
		expect(env.NODE_ENV).toBe('production')
		const [command, ...args] = docker.cmd
		const child = spawn(command!, args, { cwd: root, env: { PATH: process.env.PATH ?? '', HOME: data, ...env } })
		let output = ''
		child.stdout.on('data', (d: Buffer) => (output += d.toString()))
		child.stderr.on('data', (d: Buffer) => (output += d.toString()))
		const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
		try {
			const health = await waitForHealth(port, child, 300)
			expect(health, output).toBe(200)
			expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200)
			// The image's own HEALTHCHECK command agrees.
			expect(docker.healthcheck).not.toBeNull()
			const [checkCommand, ...checkArgs] = docker.healthcheck!
			expect(spawnSync(checkCommand!, checkArgs, { env: { PATH: process.env.PATH ?? '', ...env }, timeout: 10_000 }).status).toBe(0)
			// Everything it keeps is in the data folder.
			expect(fs.existsSync(path.join(data, 'shop.db'))).toBe(true)
			expect(fs.statSync(path.join(data, 'uploads')).isDirectory()).toBe(true)

			child.kill('SIGTERM')
			const killer = setTimeout(() => child.kill('SIGKILL'), 10_000)
			const code = await exited
			clearTimeout(killer)
			// Killed by the 10 s guard it would exit with no code.
			expect(code, output).toBe(0)
			expect(fs.existsSync(path.join(data, 'shop.db-wal'))).toBe(false)
		} finally {
			if (child.exitCode === null) child.kill('SIGKILL')
			await exited
			fs.rmSync(data, { recursive: true, force: true })
		}
	})

	test('a second start applies no migration and keeps the data', async () => {
		const first = await startShop()
		try {
			expect(first.logs.join('')).toContain('Applied migrations: 0001_initial')
			await first.db().updateTable('hero_settings').set({ title: 'Kept across restarts' }).execute()
			expect(await first.stop()).toBe(0)
			const second = await startShop({ dir: first.dir })
			try {
				expect(second.logs.join('')).not.toContain('Applied migrations')
				const hero = await second.db().selectFrom('hero_settings').select('title').executeTakeFirstOrThrow()
				expect(hero.title).toBe('Kept across restarts')
			} finally {
				await second.stop()
			}
		} finally {
			fs.rmSync(first.dir, { recursive: true, force: true })
		}
	})
})

function rawAnswer(port: number, rawPath: string) {
	return new Promise<{ status: number; location: string | null; body: string }>((resolve, reject) => {
		const socket = net.connect(port, '127.0.0.1', () => {
			socket.write(`GET ${rawPath} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`)
		})
		let data = ''
		socket.on('data', (chunk) => (data += chunk.toString()))
		socket.on('end', () =>
			resolve({
				status: Number(/^HTTP\/1\.1 (\d{3})/.exec(data)?.[1] ?? 0),
				location: /\r\nlocation: ([^\r]*)/i.exec(data)?.[1] ?? null,
				body: data.slice(data.indexOf('\r\n\r\n') + 4),
			}),
		)
		socket.on('error', reject)
	})
}

function runStart(env: Record<string, string>) {
	return new Promise<{ code: number | null; output: string }>((resolve) => {
		const root = path.resolve(import.meta.dirname, '../..')
		// `npm start`'s command, on the build under test.
		const buildDir = process.env.BUILD_DIR ?? 'build'
		const child = spawn(process.execPath, [path.join(buildDir, 'commands', 'start.js')], {
			cwd: root,
			env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', BUILD_DIR: buildDir, ...env },
		})
		let output = ''
		child.stdout.on('data', (d: Buffer) => (output += d.toString()))
		child.stderr.on('data', (d: Buffer) => (output += d.toString()))
		child.on('exit', (code) => resolve({ code, output }))
	})
}
