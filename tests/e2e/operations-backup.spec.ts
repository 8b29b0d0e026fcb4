import { execFile } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'

import { expect, test } from '@playwright/test'
import Database from 'better-sqlite3'

import { ADMIN_EMAIL, ADMIN_PASSWORD, startShop } from '../helpers/shop'
import { form, raw } from './auth-helpers'

const run = promisify(execFile)
const ROOT = path.resolve(import.meta.dirname, '../..')

test('a backup taken while the shop runs restores to the same shop', async ({ request }) => {
	test.setTimeout(120_000)
	const shop = await startShop()
	const backups = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-backups-'))
	try {
		const now = new Date().toISOString()
		const mediaId = 'a'.repeat(32)
		const orphanId = 'b'.repeat(32)
		fs.mkdirSync(path.join(shop.uploadsDir, 'images', mediaId), { recursive: true })
		fs.writeFileSync(path.join(shop.uploadsDir, 'images', mediaId, '360.jpg'), Buffer.alloc(2048, 3))
		fs.mkdirSync(path.join(shop.uploadsDir, 'images', orphanId), { recursive: true })
		fs.writeFileSync(path.join(shop.uploadsDir, 'images', orphanId, '360.jpg'), Buffer.alloc(10, 3))
		const { id } = await shop
			.db()
			.insertInto('products')
			.values({
				name: 'Backup Saree',
				code: 'BK-1',
				original_price_paise: 100,
				sale_price_paise: 100,
				status: 'active',
				category: 'Pochampally Ikkat',
				created_at: now,
				updated_at: now,
			})
			.returning('id')
			.executeTakeFirstOrThrow()
		await shop
			.db()
			.insertInto('product_images')
			.values({ product_id: id, position: 0, image_key: `images/${mediaId}`, width: 360, height: 480, created_at: now })
			.execute()
		await shop.db().updateTable('hero_settings').set({ title: 'Backed up title' }).execute()
		// Secrets a restore does not need: a session, a reset link, a counted sign-in attempt.
		const sessionHash = crypto.createHash('sha256').update('a-session-id-of-the-test').digest('hex')
		const tokenHash = crypto.createHash('sha256').update('a-reset-token-of-the-test').digest('hex')
		const later = new Date(Date.now() + 3600_000).toISOString()
		await shop
			.db()
			.insertInto('sessions')
			.values({ id_hash: sessionHash, admin_id: 1, created_at: now, last_seen_at: now, expires_at: later })
			.execute()
		await shop
			.db()
			.insertInto('password_reset_tokens')
			.values({ token_hash: tokenHash, admin_id: 1, created_at: now, expires_at: later, used_at: null })
			.execute()
		await shop
			.db()
			.insertInto('auth_failures')
			.values({ throttle_key: 'k'.repeat(64), created_at: now })
			.execute()
		await shop
			.db()
			.insertInto('sign_in_codes')
			.values({ challenge_hash: 'c'.repeat(64), code_hash: 'd'.repeat(64), admin_id: 1, created_at: now, expires_at: later })
			.execute()

		const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/backup.ts', backups], {
			cwd: ROOT,
			env: { ...process.env, DATABASE_PATH: shop.dbPath, UPLOADS_DIR: shop.uploadsDir, NODE_ENV: 'development' },
		})
		expect(stdout).toContain('integrity ok')
		const [name] = fs.readdirSync(backups)
		expect(name).toMatch(/^shop-backup-\d{8}-\d{6}$/)
		const backupDir = path.join(backups, name!)
		const copy = new Database(path.join(backupDir, 'shop.db'), { readonly: true })
		expect(copy.pragma('integrity_check', { simple: true })).toBe('ok')
		expect(copy.prepare('SELECT name FROM products').pluck().all()).toEqual(['Backup Saree'])
		for (const table of ['sessions', 'password_reset_tokens', 'auth_failures', 'sign_in_codes']) {
			expect(copy.prepare(`SELECT count(*) FROM ${table}`).pluck().get(), table).toBe(0)
		}
		const adminHash = copy.prepare('SELECT password_hash FROM admin').pluck().get() as string
		copy.close()
		// Not even in the file's free pages.
		const bytes = fs.readFileSync(path.join(backupDir, 'shop.db'))
		for (const secret of [sessionHash, tokenHash, 'k'.repeat(64), 'c'.repeat(64), 'd'.repeat(64)])
			expect(bytes.includes(secret), secret).toBe(false)
		expect(bytes.includes(adminHash)).toBe(true)
		expect(fs.existsSync(path.join(backupDir, 'uploads', 'images', mediaId, '360.jpg'))).toBe(true)
		// Only media the database refers to is kept.
		expect(fs.existsSync(path.join(backupDir, 'uploads', 'images', orphanId))).toBe(false)

		// Restore: stop, put the files back, start.
		expect(await shop.stop()).toBe(0)
		fs.rmSync(shop.dbPath, { force: true })
		for (const suffix of ['-wal', '-shm']) fs.rmSync(shop.dbPath + suffix, { force: true })
		fs.rmSync(shop.uploadsDir, { recursive: true, force: true })
		fs.copyFileSync(path.join(backupDir, 'shop.db'), shop.dbPath)
		fs.cpSync(path.join(backupDir, 'uploads'), shop.uploadsDir, { recursive: true })

		const restored = await startShop({ dir: shop.dir })
		try {
			const product = await restored.db().selectFrom('products').select(['name', 'code']).executeTakeFirstOrThrow()
			expect(product).toEqual({ name: 'Backup Saree', code: 'BK-1' })
			const hero = await restored.db().selectFrom('hero_settings').select('title').executeTakeFirstOrThrow()
			expect(hero.title).toBe('Backed up title')
			const media = await request.get(`${restored.url}/media/images/${mediaId}/360.jpg`)
			expect(media.status()).toBe(200)
			expect((await media.body()).length).toBe(2048)
			// The admin's password came along: the restored shop can be signed into.
			const signIn = await raw(restored, '/auth', {
				method: 'POST',
				body: form({ intent: 'sign-in', email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
			})
			expect(signIn.status).toBe(302)
			expect(signIn.headers.get('location')).toBe('/admin')
		} finally {
			await restored.stop()
		}
	} finally {
		await shop.stop()
		fs.rmSync(shop.dir, { recursive: true, force: true })
		fs.rmSync(backups, { recursive: true, force: true })
	}
})

test('backup refuses a missing database with a clear message', async () => {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-nobackup-'))
	try {
		const result = await run(process.execPath, ['--import', 'tsx', 'scripts/backup.ts', path.join(dir, 'out')], {
			cwd: ROOT,
			env: { ...process.env, DATABASE_PATH: path.join(dir, 'missing.db'), UPLOADS_DIR: path.join(dir, 'uploads'), NODE_ENV: 'development' },
		}).catch((error: { code: number; stderr: string }) => error)
		expect('code' in result && result.code).toBe(1)
		expect('stderr' in result ? result.stderr : '').toMatch(/^Backup failed: /m)
		expect(fs.existsSync(path.join(dir, 'out')) ? fs.readdirSync(path.join(dir, 'out')) : []).toEqual([])
	} finally {
		fs.rmSync(dir, { recursive: true, force: true })
	}
})
