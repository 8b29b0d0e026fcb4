import type http from 'node:http'
import type { Socket } from 'node:net'

import type { NextFunction, Request, Response } from 'express'

import { addressBucket, normalizeAddress } from '../app/utils/client-ip.server'
import { TIMEOUTS } from './limits'

/**
 * The HTTP server's own limits: header, request and idle deadlines (TIMEOUTS), and at most
 * `maxPerClient` open connections per client address (an IPv6 client by its /64). Behind a reverse
 * proxy every connection comes from the proxy, so there the cap is kept per request instead
 * (`limitRequestsPerClient`, which sees the forwarded address). CONNECT, which never reaches the
 * app, is answered 405 here.
 */
export function limitConnections(server: http.Server, options: { maxPerClient: number; behindProxy: boolean }) {
	server.headersTimeout = TIMEOUTS.headersMs
	// Every request but a signed-in upload gets a shorter limit from `receiveDeadline`.
	server.requestTimeout = TIMEOUTS.uploadMs
	server.timeout = TIMEOUTS.idleMs
	server.keepAliveTimeout = TIMEOUTS.keepAliveMs
	server.on('connect', (_req, socket) => {
		socket.end('HTTP/1.1 405 Method Not Allowed\r\nAllow: GET, HEAD, POST\r\nContent-Length: 0\r\nConnection: close\r\n\r\n')
	})
	closeStalledReaders(server)
	if (options.behindProxy) return
	const open = new Map<string, number>()
	server.on('connection', (socket) => {
		const client = addressBucket(normalizeAddress(socket.remoteAddress))
		const count = (open.get(client) ?? 0) + 1
		if (count > options.maxPerClient) {
			socket.destroy()
			return
		}
		open.set(client, count)
		socket.once('close', () => {
			const left = (open.get(client) ?? 1) - 1
			if (left > 0) open.set(client, left)
			else open.delete(client)
		})
	})
}

/** Bytes a stalled reader must take every TIMEOUTS.idleMs while an answer waits for it (≈ 550 B/s). */
const MIN_PROGRESS_BYTES = 16 * 1024
const STALL_CHECK_MS = 5_000

/**
 * Closes connections whose client stopped reading an answer. Node's idle timer does not: it holds
 * off while its write queue moves at all, and a client that reads a few bytes now and then (or whose
 * kernel takes a few) keeps it moving. So progress is measured here: while bytes wait to be sent, at
 * least MIN_PROGRESS_BYTES must leave every TIMEOUTS.idleMs. Any real connection, 2G included, does.
 */
function closeStalledReaders(server: http.Server) {
	const progress = new Map<Socket, { sent: number; since: number }>()
	server.on('connection', (socket: Socket) => {
		progress.set(socket, { sent: 0, since: Date.now() })
		socket.once('close', () => progress.delete(socket))
	})
	const check = setInterval(() => {
		const now = Date.now()
		for (const [socket, last] of progress) {
			// Waiting in Node's stream buffer and in libuv's write queue (not yet taken by the kernel).
			const queued = socket.writableLength + ((socket as Socket & { _handle?: { writeQueueSize?: number } })._handle?.writeQueueSize ?? 0)
			const sent = socket.bytesWritten - queued
			if (queued === 0 || sent - last.sent >= MIN_PROGRESS_BYTES) progress.set(socket, { sent, since: now })
			else if (now - last.since > TIMEOUTS.idleMs) socket.destroy()
		}
	}, STALL_CHECK_MS)
	check.unref()
	server.once('close', () => clearInterval(check))
}

function plainAnswer(res: Response, status: number, message: string) {
	res.setHeader('Connection', 'close')
	res.status(status).type('text/plain').send(message)
}

/** At most `max` requests in progress per client address; more get 429. */
export function limitRequestsPerClient(max: number, clientAddress: (req: Request) => string) {
	const inFlight = new Map<string, number>()
	return (req: Request, res: Response, next: NextFunction) => {
		const client = addressBucket(clientAddress(req))
		const count = (inFlight.get(client) ?? 0) + 1
		if (count > max) {
			res.setHeader('Retry-After', '5')
			return plainAnswer(res, 429, 'Too many requests at once from your address')
		}
		inFlight.set(client, count)
		let released = false
		const release = () => {
			if (released) return
			released = true
			const left = (inFlight.get(client) ?? 1) - 1
			if (left > 0) inFlight.set(client, left)
			else inFlight.delete(client)
		}
		res.once('finish', release)
		res.once('close', release)
		next()
	}
}

function hasBody(req: Request) {
	return req.get('transfer-encoding') !== undefined || Number(req.get('content-length') ?? 0) > 0
}

/**
 * A request body must arrive within TIMEOUTS.bodyMs, a signed-in upload's within TIMEOUTS.uploadMs
 * (its connection may also stay quiet longer while the upload is processed). A late body gets 408
 * and the connection is closed; so is one still dripping in after its answer was sent.
 */
export function receiveDeadline(isSignedInUpload: (req: Request, res: Response) => Promise<boolean>) {
	return async (req: Request, res: Response, next: NextFunction) => {
		try {
			if (req.complete || !hasBody(req)) return next()
			const upload = await isSignedInUpload(req, res)
			if (upload) {
				req.socket.setTimeout(TIMEOUTS.uploadIdleMs)
				res.once('finish', () => req.socket.setTimeout(TIMEOUTS.idleMs))
			}
			const timer = setTimeout(
				() => {
					if (req.complete) return
					// The request itself, not only its connection: a route still reading the body (once answered,
					// the request is no longer the connection's) sees it end, instead of waiting for ever.
					if (res.headersSent) return void req.destroy()
					plainAnswer(res, 408, 'Request timeout: the request took too long to arrive')
					// The client may still be sending; give the answer a moment to leave before closing.
					res.once('finish', () => setTimeout(() => req.destroy(), 1_000).unref())
				},
				upload ? TIMEOUTS.uploadMs : TIMEOUTS.bodyMs,
			)
			timer.unref()
			const socket = req.socket
			const clear = () => {
				clearTimeout(timer)
				socket.off('close', clear)
			}
			// Not on the request's 'close': that comes with the answer, while an unread body may still drip in.
			req.once('end', clear)
			socket.once('close', clear)
			next()
		} catch (error) {
			next(error)
		}
	}
}
