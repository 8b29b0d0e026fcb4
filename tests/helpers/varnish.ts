import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { VARNISHD } from './test-tools'

// Varnish (Debian's package, installed by scripts/ensure-test-tools.sh) in front of a shop: the shop's
// own VCL (docs/varnish.vcl) pointed at the shop's port, on a port and work folder of its own.

export type Varnish = { url: string; port: number; logs: string[]; stop: () => Promise<void> }

const VCL = path.resolve(import.meta.dirname, '../../docs/varnish.vcl')

export async function startVarnish(options: { port: number; backendPort: number }): Promise<Varnish> {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-varnish-'))
	const vcl = fs.readFileSync(VCL, 'utf8')
	if (!vcl.includes('.port = "3000";')) throw new Error('docs/varnish.vcl no longer names the backend port 3000')
	fs.writeFileSync(path.join(dir, 'shop.vcl'), vcl.replace('.port = "3000";', `.port = "${options.backendPort}";`))
	const url = `http://127.0.0.1:${options.port}`
	const args = ['-F', '-n', path.join(dir, 'work'), '-a', `127.0.0.1:${options.port}`, '-f', path.join(dir, 'shop.vcl')]
	// No management port, no privilege separation (the test may run as root or not), a small store.
	args.push('-T', 'none', '-j', 'none', '-s', 'malloc,64m')
	const child: ChildProcess = spawn(VARNISHD, args, { stdio: ['ignore', 'pipe', 'pipe'] })
	const logs: string[] = []
	child.stdout?.on('data', (d: Buffer) => logs.push(d.toString()))
	child.stderr?.on('data', (d: Buffer) => logs.push(d.toString()))
	const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
	const stop = async () => {
		if (child.exitCode === null) child.kill('SIGTERM')
		await exited
		fs.rmSync(dir, { recursive: true, force: true })
	}
	const deadline = Date.now() + 20_000
	for (;;) {
		if (child.exitCode !== null) throw new Error(`varnishd exited (${child.exitCode}):\n${logs.join('')}`)
		try {
			// Its own answer to a bad purge: Varnish is up, whether or not the shop is yet.
			const answer = await fetch(url, { method: 'BAN' })
			if (answer.status === 400) break
		} catch {}
		if (Date.now() > deadline) {
			await stop()
			throw new Error(`varnishd did not start:\n${logs.join('')}`)
		}
		await new Promise((r) => setTimeout(r, 100))
	}
	return { url, port: options.port, logs, stop }
}
