import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'

// bcrypt runs on a thread of its own. A cost-12 check is a few hundred milliseconds of pure
// computation; on the main thread bcryptjs held the event loop for up to ~200 ms at a time, and every
// page, /healthz and the seller's own sign-in waited behind strangers' attempts. One thread: the
// machine has few cores, and pages need the other one.
//
// The worker's code is a string rather than a file of its own, so the same code runs from the server
// bundle Vite builds, from the dev server, the command-line scripts and the tests, without a build
// step having to emit and locate a second entry. It loads the installed bcryptjs by its resolved path
// and none of the parent's loader flags (`--import tsx`).
//
// Jobs run one at a time, in two classes: `first` (browsers that signed in before, the signed-in admin,
// the operator's commands) before any `after` job (everyone else), whatever order they came in.

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
const bcrypt = require(workerData.bcryptjs)
parentPort.on('message', ({ op, input, hash }) => {
	const started = performance.now()
	try {
		const result = op === 'hash' ? bcrypt.hashSync(input, hash) : bcrypt.compareSync(input, hash)
		parentPort.postMessage({ result, ms: performance.now() - started })
	} catch (error) {
		parentPort.postMessage({ error: String((error && error.message) || error) })
	}
})
`

export type Priority = 'first' | 'after'

type Reply = { result: string | boolean; ms: number } | { error: string }
type Job = {
	op: 'hash' | 'compare'
	input: string
	hash: string
	resolve: (reply: { result: string | boolean; ms: number }) => void
	reject: (error: Error) => void
}

const waiting: Record<Priority, Job[]> = { first: [], after: [] }
let running: Job | null = null
let worker: Worker | null = null

function startWorker() {
	const started = new Worker(WORKER_SOURCE, {
		eval: true,
		execArgv: [],
		workerData: { bcryptjs: createRequire(import.meta.url).resolve('bcryptjs') },
	})
	started.on('message', (reply: Reply) => {
		const job = running
		running = null
		if (job) {
			if ('error' in reply) job.reject(new Error(reply.error))
			else job.resolve(reply)
		}
		runNext()
	})
	// A worker that dies takes its job with it; the next job starts a new one.
	const lost = (error: Error) => {
		if (worker !== started) return
		worker = null
		const job = running
		running = null
		job?.reject(error)
		runNext()
	}
	started.on('error', lost)
	started.on('exit', (code) => lost(new Error(`The password worker stopped (exit code ${code})`)))
	return started
}

function runNext() {
	if (running) return
	const job = waiting.first.shift() ?? waiting.after.shift()
	if (!job) {
		// Idle, it must not keep a command-line script (or a test run) alive.
		worker?.unref()
		return
	}
	worker ??= startWorker()
	worker.ref()
	running = job
	worker.postMessage({ op: job.op, input: job.input, hash: job.hash })
}

function enqueue(op: Job['op'], input: string, hash: string, priority: Priority) {
	return new Promise<{ result: string | boolean; ms: number }>((resolve, reject) => {
		waiting[priority].push({ op, input, hash, resolve, reject })
		runNext()
	})
}

/** bcrypt of `input` with `config` (`$2b$12$` and the salt); the full bcrypt string. */
export async function bcryptHash(input: string, config: string, priority: Priority = 'first') {
	return (await enqueue('hash', input, config, priority)).result as string
}

/** Whether `input` matches the bcrypt string `hash`, and how long the comparison itself took (ms). */
export async function bcryptCompare(input: string, hash: string, priority: Priority = 'first') {
	const { result, ms } = await enqueue('compare', input, hash, priority)
	return { matches: result as boolean, ms }
}
