import type { ChildProcess } from 'node:child_process'

/** Asks the shop's /healthz every 100 ms until it answers 200, the process ends, or `tries` run out; the last status (0: no answer). */
export async function waitForHealth(port: number, child: ChildProcess, tries: number) {
	let health = 0
	for (let tried = 0; tried < tries && child.exitCode === null && health !== 200; tried++) {
		health = await fetch(`http://127.0.0.1:${port}/healthz`).then(
			(r) => r.status,
			() => 0,
		)
		if (health !== 200) await new Promise((r) => setTimeout(r, 100))
	}
	return health
}
