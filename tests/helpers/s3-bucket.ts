import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { freePort } from './shop'

// A real S3-compatible server on loopback (s3rver, from npm) holding the media bucket. It runs in its own
// Node with the legacy OpenSSL provider: s3rver signs its list continuation tokens with DES, which
// Node's OpenSSL 3 only has there (without it a listing of more than one page fails).

export type S3Bucket = {
	port: number
	endpoint: string
	bucket: string
	/** The folder s3rver keeps the objects in. */
	dir: string
	/** The shop's environment for this bucket. */
	env: Record<string, string>
	start: () => Promise<void>
	stop: () => Promise<void>
	remove: () => Promise<void>
}

const S3RVER = path.resolve(import.meta.dirname, '../../node_modules/s3rver/bin/s3rver.js')

export async function createS3Bucket(bucket = 'shop-media'): Promise<S3Bucket> {
	const root = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-s3-'))
	const port = await freePort()
	const endpoint = `http://127.0.0.1:${port}`
	let child: ChildProcess | undefined
	const start = async () => {
		const proc = spawn(
			process.execPath,
			['--openssl-legacy-provider', S3RVER, '-d', root, '-a', '127.0.0.1', '-p', String(port), '--configure-bucket', bucket],
			{ stdio: ['ignore', 'pipe', 'pipe'] },
		)
		child = proc
		let log = ''
		proc.stdout?.on('data', (d: Buffer) => (log += d.toString()))
		proc.stderr?.on('data', (d: Buffer) => (log += d.toString()))
		const deadline = Date.now() + 15_000
		for (;;) {
			if (proc.exitCode !== null || Date.now() > deadline) throw new Error(`s3rver did not start:\n${log}`)
			const up = await fetch(`${endpoint}/`).then(
				() => true,
				() => false,
			)
			if (up) return
			await new Promise((r) => setTimeout(r, 100))
		}
	}
	const stop = async () => {
		const proc = child
		child = undefined
		if (!proc || proc.exitCode !== null) return
		const exited = new Promise((resolve) => proc.once('exit', resolve))
		proc.kill('SIGKILL')
		await exited
	}
	return {
		port,
		endpoint,
		bucket,
		dir: root,
		env: {
			MEDIA_S3_BUCKET: bucket,
			MEDIA_S3_ENDPOINT: endpoint,
			MEDIA_S3_REGION: 'us-east-1',
			// s3rver's one account.
			MEDIA_S3_ACCESS_KEY_ID: 'S3RVER',
			MEDIA_S3_SECRET_ACCESS_KEY: 'S3RVER',
		},
		start,
		stop,
		remove: async () => {
			await stop()
			fs.rmSync(root, { recursive: true, force: true })
		},
	}
}
