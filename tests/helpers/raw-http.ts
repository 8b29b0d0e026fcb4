import net from 'node:net'

// HTTP written by hand over a TCP socket, for requests no HTTP client would send (no Host header,
// TRACE, absolute-form targets) and for clients that send or read slowly.

export type RawAnswer = { status: number; headers: Record<string, string>; body: string; raw: string }

export function parseAnswer(raw: string): RawAnswer {
	const end = raw.indexOf('\r\n\r\n')
	const head = end >= 0 ? raw.slice(0, end) : raw
	const [statusLine = '', ...lines] = head.split('\r\n')
	const headers: Record<string, string> = {}
	for (const line of lines) {
		const colon = line.indexOf(':')
		if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
	}
	return { status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0), headers, body: end >= 0 ? raw.slice(end + 4) : '', raw }
}

/** Sends `request` as it is and collects everything until the server closes (or `timeoutMs`). */
export function rawRequest(port: number, request: string | Buffer, options: { timeoutMs?: number; localAddress?: string } = {}) {
	return new Promise<RawAnswer & { closedByServer: boolean }>((resolve, reject) => {
		const socket = net.connect({ port, host: '127.0.0.1', localAddress: options.localAddress }, () => socket.write(request))
		const chunks: Buffer[] = []
		let closedByServer = false
		const timer = setTimeout(() => socket.destroy(), options.timeoutMs ?? 10_000)
		socket.on('data', (chunk: Buffer) => chunks.push(chunk))
		socket.on('end', () => (closedByServer = true))
		socket.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' ? (closedByServer = true) : reject(error)))
		socket.on('close', () => {
			clearTimeout(timer)
			resolve({ ...parseAnswer(Buffer.concat(chunks).toString('latin1')), closedByServer })
		})
	})
}

/** An open socket the test drives by hand; `closed` settles when the server (or the test) ends it. */
export function openSocket(port: number, options: { localAddress?: string } = {}) {
	return new Promise<{ socket: net.Socket; received: () => string; closed: Promise<number> }>((resolve, reject) => {
		const started = Date.now()
		const socket = net.connect({ port, host: '127.0.0.1', localAddress: options.localAddress })
		let data = ''
		socket.on('data', (chunk: Buffer) => (data += chunk.toString('latin1')))
		socket.on('error', () => undefined)
		const closed = new Promise<number>((done) => socket.once('close', () => done(Date.now() - started)))
		socket.once('connect', () => resolve({ socket, received: () => data, closed }))
		socket.once('error', reject)
	})
}
