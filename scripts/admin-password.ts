// `npm run admin:password`: sets the admin password from the terminal (recovery without email).
// On a terminal it asks twice with hidden input; otherwise it reads one line from standard input:
//   printf '%s\n' 'new password' | npm run -s admin:password
// Every session ends, so any device still signed in has to sign in again.

import { closeDb, migrateToLatest } from '../app/db.server'
import { serverTranslator } from '../app/i18n/messages.server'
import { getAdmin, setAdminPassword } from '../app/models/admin.server'
import { checkNewPasswordOnServer } from '../app/services/password-policy.server'
import { EnvError, getEnv } from '../app/utils/env.server'

class Cancelled extends Error {}

function fail(message: string, code = 1): never {
	if (process.stdin.isTTY) process.stdin.setRawMode(false)
	console.error(message)
	closeDb()
	process.exit(code)
}

/**
 * Reads lines from the terminal without echoing them. Raw mode starts at once, so characters typed
 * ahead of a prompt are neither shown nor lost: they wait in the queue for the next prompt.
 */
function hiddenTerminal() {
	const stdin = process.stdin
	stdin.setRawMode(true)
	stdin.setEncoding('utf8')
	let queue = ''
	let waiting: (() => void) | null = null
	const onData = (chunk: string) => {
		queue += chunk
		waiting?.()
	}
	stdin.on('data', onData)
	stdin.resume()

	async function prompt(question: string): Promise<string> {
		process.stdout.write(question)
		let value = ''
		let escape = false
		for (;;) {
			while (!queue) await new Promise<void>((resolve) => (waiting = resolve))
			waiting = null
			const chars = [...queue]
			queue = ''
			for (let i = 0; i < chars.length; i++) {
				const ch = chars[i]!
				if (escape) {
					// Arrow keys and the like: ESC [ … letter. Skip the whole sequence.
					if (/[a-z~]/i.test(ch)) escape = false
					continue
				}
				if (ch === '\r' || ch === '\n' || ch === '\u0004') {
					queue = chars
						.slice(i + 1)
						.join('')
						.replace(/^\n/, '')
					process.stdout.write('\n')
					return value
				}
				if (ch === '\u0003') {
					process.stdout.write('\n')
					throw new Cancelled()
				}
				if (ch === '\u001b') escape = true
				else if (ch === '\u007f' || ch === '\b') value = [...value].slice(0, -1).join('')
				else if (ch >= ' ') value += ch
			}
		}
	}

	function close() {
		stdin.off('data', onData)
		stdin.setRawMode(false)
		stdin.pause()
	}
	return { prompt, close }
}

/** The first line of standard input (for scripts and pipes). */
async function readFirstLine(): Promise<string | null> {
	const chunks: Buffer[] = []
	for await (const chunk of process.stdin) {
		chunks.push(chunk as Buffer)
		if ((chunk as Buffer).includes(10)) break
	}
	if (!chunks.length) return null
	return Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? ''
}

async function main() {
	const terminal = process.stdin.isTTY ? hiddenTerminal() : null
	// This tool signs no cookies: a production environment without SESSION_SECRET must not block a recovery.
	process.env.SESSION_SECRET ||= 'not-used-by-the-password-tool'
	let env
	try {
		env = getEnv()
	} catch (error) {
		if (error instanceof EnvError) fail(`Configuration error: ${error.message}`)
		throw error
	}

	await migrateToLatest()
	const admin = await getAdmin()
	const email = admin?.email ?? env.ADMIN_EMAIL
	if (!email) fail('No admin account exists yet. Set ADMIN_EMAIL to the admin email address and run this again.')

	let password: string
	let confirm: string
	if (terminal) {
		console.log(admin ? `Setting a new password for ${email}.` : `Creating the admin account for ${email}.`)
		try {
			password = await terminal.prompt('New password: ')
			confirm = await terminal.prompt('Confirm new password: ')
		} catch (error) {
			if (error instanceof Cancelled) fail('Cancelled: the password was not changed.', 130)
			throw error
		} finally {
			terminal.close()
		}
	} else {
		const line = await readFirstLine()
		if (line === null || line === '') fail('No password given: type it at the prompt, or pipe one line into this command.')
		password = confirm = line
	}

	const problem = await checkNewPasswordOnServer(password, confirm)
	if (problem) fail(`The password was not changed: ${serverTranslator('en', 'adminAuth').msg(problem.message)}`)

	await setAdminPassword(email, password)
	console.log(`Password ${admin ? 'updated' : 'set'} for ${email}. Every session has been signed out.`)
	closeDb()
}

main().catch((error: unknown) => {
	fail(`The password was not changed: ${error instanceof Error ? error.message : String(error)}`)
})
