// The Dockerfile as the tests read it (no Docker engine runs here): its stages, and what the final one
// sets, copies, checks and runs.

type DockerInstruction = { keyword: string; args: string }
export type DockerStage = { from: string; name: string | undefined; instructions: DockerInstruction[] }
type DockerCopy = { from: string | undefined; sources: string[]; destination: string }

/** Every stage, with its instructions (continued lines joined, comments left out). */
export function dockerStages(dockerfile: string): DockerStage[] {
	const stages: DockerStage[] = []
	for (const line of dockerfile.replace(/\\\n/g, ' ').split('\n')) {
		const match = /^([A-Z]+)\s+(.*)$/i.exec(line.trim())
		if (!match || line.trim().startsWith('#')) continue
		const [, keyword, args] = match as unknown as [string, string, string]
		if (/^FROM$/i.test(keyword)) {
			const [image, as, name] = args.split(/\s+/)
			stages.push({ from: image!, name: /^AS$/i.test(as ?? '') ? name : undefined, instructions: [] })
		} else {
			stages.at(-1)?.instructions.push({ keyword: keyword.toUpperCase(), args })
		}
	}
	return stages
}

/** The folder a stage works in: its own WORKDIR, else the one of the stage it is built FROM. */
export function dockerWorkdir(stages: DockerStage[], stage: DockerStage): string | undefined {
	const own = stage.instructions.filter((i) => i.keyword === 'WORKDIR').at(-1)?.args
	if (own) return own
	const parent = stages.find((other) => other.name === stage.from)
	return parent ? dockerWorkdir(stages, parent) : undefined
}

/** The final stage of the Dockerfile: its ENV, what it copies, its exec-form CMD and HEALTHCHECK. */
export function dockerfileRuntime(dockerfile: string) {
	const stages = dockerStages(dockerfile)
	const last = stages.at(-1)
	if (!last) throw new Error('The Dockerfile has no FROM')
	const all = (keyword: string) => last.instructions.filter((i) => i.keyword === keyword).map((i) => i.args)

	const env: Record<string, string> = {}
	for (const args of all('ENV')) {
		for (const [, key, value] of args.matchAll(/(\w+)=("[^"]*"|\S+)/g)) env[key!] = value!.replace(/^"|"$/g, '')
	}

	const copies: DockerCopy[] = all('COPY').map((args) => {
		const words = args.split(/\s+/)
		const flags = words.filter((word) => word.startsWith('--'))
		const paths = words.filter((word) => !word.startsWith('--'))
		const from = flags.find((flag) => flag.startsWith('--from='))?.slice('--from='.length)
		return { from, sources: paths.slice(0, -1), destination: paths.at(-1)! }
	})

	const cmdArgs = all('CMD').at(-1)
	if (!cmdArgs) throw new Error('The Dockerfile has no CMD in its final stage')
	const cmd = JSON.parse(cmdArgs) as string[]

	const healthArgs = all('HEALTHCHECK').at(-1)
	const healthcheck = healthArgs ? (JSON.parse(healthArgs.replace(/^.*?\bCMD\s+/i, '')) as string[]) : null
	const healthcheckOptions: Record<string, string> = {}
	for (const [, key, value] of (healthArgs?.replace(/\bCMD\s+.*$/i, '') ?? '').matchAll(/--([\w-]+)=(\S+)/g)) {
		healthcheckOptions[key!] = value!
	}

	return { workdir: dockerWorkdir(stages, last), env, copies, cmd, healthcheck, healthcheckOptions }
}
