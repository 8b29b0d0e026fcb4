import { describe, expect, test } from 'vitest'

import { readTags, toOptionalImage, writeTags } from './columns.server'

describe('stored column values', () => {
	test('tags round-trip as a JSON list; blanks, non-strings and broken JSON read as nothing', () => {
		expect(readTags(writeTags(['silk', 'wedding']))).toEqual(['silk', 'wedding'])
		expect(readTags('["silk", " ", 3, null, "red"]')).toEqual(['silk', 'red'])
		expect(readTags('{"a":1}')).toEqual([])
		expect(readTags('not json')).toEqual([])
	})
	test('an optional image needs its key and both sizes', () => {
		expect(toOptionalImage('images/abc', 1200, 600)).toEqual({ key: 'images/abc', width: 1200, height: 600 })
		expect(toOptionalImage(null, 1200, 600)).toBeNull()
		expect(toOptionalImage('images/abc', null, 600)).toBeNull()
	})
})
