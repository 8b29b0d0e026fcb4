import fs from 'node:fs'
import path from 'node:path'

import { expect, test } from '@playwright/test'
import bcrypt from 'bcryptjs'

import { hashCost, verifyPasswordHash } from '../../app/utils/password-hash.server'
import { signInAs } from '../helpers/auth'
import { ADMIN_EMAIL, ADMIN_PASSWORD, startShop, useShop } from '../helpers/shop'
import { clearThrottle, form, raw, runPasswordCli, signInWithForm } from './auth-helpers'

// New passwords: at least 8 characters, not one of the 10 000 most common (a list only the server
// holds), long passphrases in any script (pre-hashed, so bcrypt's 72-byte limit cuts nothing), old
// hashes upgraded at the next sign-in, and the demo's published password never serving a real shop.

const shop = useShop()

// 64 Telugu characters: about 190 bytes in UTF-8, far past bcrypt's 72.
const TELUGU = 'పోచంపల్లి ఇక్కత్ పట్టు చీరలు మా అమ్మమ్మ మగ్గం మీద నేసిన జ్ఞాపకాలు'.padEnd(64, 'ం').slice(0, 64)
// The same first 72 bytes, another last character: plain bcrypt could not tell them apart.
const TELUGU_LAST_CHANGED = `${TELUGU.slice(0, -1)}క`

const storedHash = async () => (await shop().db().selectFrom('admin').select('password_hash').executeTakeFirstOrThrow()).password_hash

test.beforeEach(async () => {
	await clearThrottle(shop())
})

test.afterEach(async () => {
	await shop()
		.db()
		.updateTable('admin')
		.set({ password_hash: bcrypt.hashSync(ADMIN_PASSWORD, 12) })
		.execute()
})

const signIn = (password: string) =>
	raw(shop(), '/auth', { method: 'POST', body: form({ intent: 'sign-in', email: ADMIN_EMAIL, password }) })

for (const javaScriptEnabled of [true, false]) {
	test.describe(`change password (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, () => {
		test.use({ javaScriptEnabled })

		test('a common password is refused under its field; a 64-character Telugu passphrase is taken, every character of it', async ({
			page,
			context,
		}) => {
			expect([...TELUGU]).toHaveLength(64)
			expect(Buffer.byteLength(TELUGU)).toBeGreaterThan(72)
			await signInAs(context, shop())
			await page.goto(`${shop().url}/admin/settings/password`)
			const submit = page.getByRole('button', { name: 'Change Password' })

			await page.getByLabel('Current Password').fill(ADMIN_PASSWORD)
			await page.getByLabel('New Password').fill('Password123')
			await page.getByLabel('Confirm Password').fill('Password123')
			await submit.click()
			// The message belongs to the field (its accessible description), not to the form.
			await expect(page.getByLabel('New Password')).toHaveAccessibleDescription(
				/This password is one of the most common passwords, so it is easy to guess\./,
			)
			expect(await verifyPasswordHash(ADMIN_PASSWORD, await storedHash())).toBe(true)

			await page.getByLabel('Current Password').fill(ADMIN_PASSWORD)
			await page.getByLabel('New Password').fill(TELUGU)
			await page.getByLabel('Confirm Password').fill(TELUGU)
			await submit.click()
			// Two bcrypt runs at cost 12 (check the current password, hash the new one): slow on a busy machine.
			await expect(page).toHaveURL(`${shop().url}/admin/settings`, { timeout: 30_000 })
			await expect(page.getByText('Password changed successfully.')).toBeVisible()

			const hash = await storedHash()
			expect(hash).toMatch(/^\$bcrypt-sha256\$v=2,t=2b,r=12\$/)
			expect(await verifyPasswordHash(TELUGU, hash)).toBe(true)
			expect((await signIn(TELUGU_LAST_CHANGED)).status).toBe(401)
			expect((await signIn(TELUGU)).status).toBe(302)
		})
	})
}

test('signing in with a Telugu passphrase set from the command line, through the real form', async ({ page }) => {
	const result = await runPasswordCli(shop(), `${TELUGU}\n`)
	expect(result.stderr).toBe('')
	expect(result.code).toBe(0)
	await signInWithForm(page, shop(), TELUGU_LAST_CHANGED)
	await expect(page.getByText('Invalid email or password.')).toBeVisible()
	await signInWithForm(page, shop(), TELUGU)
	await expect(page).toHaveURL(`${shop().url}/admin`)
})

test('an old plain-bcrypt hash keeps working and is rewritten in the new format at the next sign-in', async () => {
	await shop()
		.db()
		.updateTable('admin')
		.set({ password_hash: bcrypt.hashSync(ADMIN_PASSWORD, 10) })
		.execute()
	expect((await signIn('wrong-password-1')).status).toBe(401)
	expect(await storedHash()).toMatch(/^\$2[aby]\$10\$/)
	expect((await signIn(ADMIN_PASSWORD)).status).toBe(302)
	const upgraded = await storedHash()
	expect(upgraded).toMatch(/^\$bcrypt-sha256\$v=2,/)
	expect(hashCost(upgraded)).toBe(12)
	expect((await signIn(ADMIN_PASSWORD)).status).toBe(302)
})

test('the common-password list never reaches the browser', async () => {
	const assets = path.resolve(import.meta.dirname, '../..', process.env.BUILD_DIR ?? 'build', 'client')
	const files = fs
		.readdirSync(assets, { recursive: true, withFileTypes: true })
		.filter((f) => f.isFile() && /\.(js|css|html|json)$/.test(f.name))
	expect(files.length).toBeGreaterThan(0)
	for (const file of files) {
		const text = fs.readFileSync(path.join(file.parentPath, file.name), 'utf8')
		// Entries of the list that no code of ours would contain.
		for (const entry of ['trustno1', '1qaz2wsx', 'qazwsx', 'starwars', 'zxcvbnm'])
			expect(text, `${file.name} contains ${entry}`).not.toContain(entry)
	}
})

/** Starts a shop expecting the start to be refused; returns what it printed ('' if it started after all). */
async function refusedStart(options: Parameters<typeof startShop>[0]) {
	try {
		await (await startShop(options)).stop()
		return ''
	} catch (error) {
		return (error as Error).message
	}
}

test.describe('the first admin and the demo password', () => {
	test('npm start refuses an ADMIN_PASSWORD that breaks the rules, saying why', async () => {
		for (const [password, message] of [
			['short12', 'ADMIN_PASSWORD must be at least 8 characters'],
			['iloveyou', 'ADMIN_PASSWORD was not used: This password is one of the most common passwords'],
		] as const) {
			const failure = await refusedStart({ env: { ADMIN_PASSWORD: password } })
			expect(failure).toContain(message)
		}
	})

	test("npm start refuses a shop whose admin still has the demo's published password, and says how to set a new one", async () => {
		const dir = fs.mkdtempSync(path.join(shop().dir, '..', 'shop-demo-password-'))
		try {
			const failure = await refusedStart({ dir, env: { ADMIN_PASSWORD: 'silk-demo-2026' } })
			expect(failure).toContain("Start refused: The admin's password is the demo's published password")
			expect(failure).toContain('npm run admin:password')
			// A database made by `npm run demo` (its admin already exists) is refused just the same.
			const again = await refusedStart({ dir, env: { ADMIN_PASSWORD: '' } })
			expect(again).toContain("Start refused: The admin's password is the demo's published password")

			// After a new password the same data starts.
			const fixed = await runPasswordCli({ ...shop(), dbPath: path.join(dir, 'shop.db') }, 'a-real-shop-password\n')
			expect(fixed.code).toBe(0)
			const started = await startShop({ dir, env: { ADMIN_PASSWORD: 'silk-demo-2026' } })
			await started.stop()
		} finally {
			fs.rmSync(dir, { recursive: true, force: true })
		}
	})
})
