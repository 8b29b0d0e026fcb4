import { describe, expect, test } from 'vitest'

import { isDiskFull, mediaDirKey } from './storage.server'

describe('isDiskFull', () => {
	test('knows a full disk by Node’s code, by sharp’s and ffmpeg’s words, and through a cause', () => {
		expect(isDiskFull(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }))).toBe(true)
		expect(isDiskFull(Object.assign(new Error('quota'), { code: 'EDQUOT' }))).toBe(true)
		expect(isDiskFull(new Error('/uploads/.tmp/x/720.webp: write error\nsystem error: No space left on device'))).toBe(true)
		expect(isDiskFull(new Error('ffmpeg exited with 1: av_interleaved_write_frame(): No space left on device'))).toBe(true)
		expect(isDiskFull(new Error('Cannot parse form data', { cause: Object.assign(new Error('write'), { code: 'ENOSPC' }) }))).toBe(true)
	})
	test('and nothing else', () => {
		for (const error of [
			new Error('EACCES: permission denied'),
			Object.assign(new Error('x'), { code: 'EIO' }),
			null,
			undefined,
			'ENOSPC',
		]) {
			expect(isDiskFull(error)).toBe(false)
		}
	})
})

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
