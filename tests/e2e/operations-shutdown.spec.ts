import fs from 'node:fs'
import net from 'node:net'

import { expect, test } from '@playwright/test'

import { startShop } from '../helpers/shop'

function connect(port: number) {
	return new Promise<net.Socket>((resolve, reject) => {
		const socket = net.connect(port, '127.0.0.1', () => resolve(socket))
		socket.on('error', reject)
	})
}

function readAll(socket: net.Socket) {
	return new Promise<string>((resolve) => {
		let data = ''
		socket.on('data', (chunk) => (data += chunk.toString()))
		socket.on('close', () => resolve(data))
	})
}

test('SIGTERM lets an in-flight request finish, closes idle sockets and the database, and exits in time', async () => {
	test.setTimeout(60_000)
	const shop = await startShop()
	try {
		// An idle keep-alive connection must not hold the shutdown open.
		const idle = await connect(shop.port)
		idle.write(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${shop.port}\r\n\r\n`)
		await new Promise((r) => idle.once('data', r))

		// A slow request: headers and half the body now, the rest after the signal.
		const body = `email=${'x'.repeat(200)}`
		const slow = await connect(shop.port)
		const response = readAll(slow)
		slow.write(
			`POST /auth HTTP/1.1\r\nHost: 127.0.0.1:${shop.port}\r\nOrigin: ${shop.url}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
		)
		slow.write(body.slice(0, 100))
		await new Promise((r) => setTimeout(r, 300))

		const started = Date.now()
		const exited = new Promise<number | null>((resolve) => shop.process.once('exit', (code) => resolve(code)))
		shop.process.kill('SIGTERM')
		await new Promise((r) => setTimeout(r, 700))
		// New connections are refused once shutdown began.
		await expect(connect(shop.port)).rejects.toThrow()
		slow.end(body.slice(100))

		const text = await response
		expect(text).toMatch(/^HTTP\/1\.1 \d{3} /)
		expect(text).not.toMatch(/^HTTP\/1\.1 5\d\d/)
		const code = await exited
		expect(code).toBe(0)
		expect(Date.now() - started).toBeLessThan(10_000)
		// A cleanly closed database leaves no write-ahead log behind.
		expect(fs.existsSync(`${shop.dbPath}-wal`)).toBe(false)
		expect(shop.logs.join('')).toContain('SIGTERM received')
		idle.destroy()
	} finally {
		await shop.stop()
		fs.rmSync(shop.dir, { recursive: true, force: true })
	}
})
