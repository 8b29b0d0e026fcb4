import { describe, expect, test } from 'vitest'

import { mediaDirKey } from './media-replica.server'

describe('mediaDirKey', () => {
	const id = 'a'.repeat(32)
	test('is the folder of a media key or of a file in it', () => {
		expect(mediaDirKey(`images/${id}`)).toBe(`images/${id}`)
		expect(mediaDirKey(`images/${id}/720.webp`)).toBe(`images/${id}`)
		expect(mediaDirKey(`videos/${id}/video.mp4`)).toBe(`videos/${id}`)
	})
	test('is null for anything that is not a media folder', () => {
		for (const key of [
			'',
			'images',
			`docs/${id}`,
			`images/${id.slice(1)}`,
			`images/${'A'.repeat(32)}`,
			`../images/${id}`,
			`images/../${id}`,
		]) {
			expect(mediaDirKey(key)).toBeNull()
		}
	})
})
