import fc from 'fast-check'
import { describe, expect, test } from 'vitest'

import { slugify, uniqueSlug } from './slug'

describe('slugify', () => {
	test('makes readable hyphenated slugs', () => {
		expect(slugify('Weaving a Pochampally Ikat — Part 2!')).toBe('weaving-a-pochampally-ikat-part-2')
		expect(slugify("  The Weaver's Loom & Silk  ")).toBe('the-weavers-loom-and-silk')
		expect(slugify('Café Crème')).toBe('cafe-creme')
		expect(slugify('సిల్క్')).toBe('')
	})

	test('cuts long titles at a word boundary', () => {
		const slug = slugify('word '.repeat(40))
		expect(slug.length).toBeLessThanOrEqual(80)
		expect(slug.endsWith('word')).toBe(true)
	})

	test('is never a number alone: /blog/2 is post 2', () => {
		expect(slugify('2')).toBe('post-2')
		expect(slugify(' 2024! ')).toBe('post-2024')
		expect(slugify('1'.repeat(120))).toBe(`post-${'1'.repeat(75)}`)
		expect(slugify(`${'1'.repeat(70)} ${'2'.repeat(20)} x`)).toBe(`post-${'1'.repeat(70)}`)
		expect(slugify('2 sarees')).toBe('2-sarees')
		fc.assert(
			fc.property(fc.string(), (s) => {
				expect(slugify(s)).not.toMatch(/^\d+$/)
			}),
		)
	})

	test('always gives a URL-safe slug', () => {
		fc.assert(
			fc.property(fc.string(), (s) => {
				expect(slugify(s)).toMatch(/^([a-z0-9]+(-[a-z0-9]+)*)?$/)
			}),
		)
	})
})

describe('uniqueSlug', () => {
	test('appends -2, -3 ... while taken', async () => {
		const taken = new Set(['silk-stories', 'silk-stories-2'])
		expect(await uniqueSlug('Silk Stories', (s) => taken.has(s))).toBe('silk-stories-3')
		expect(await uniqueSlug('New Post', (s) => taken.has(s))).toBe('new-post')
	})

	test('a post titled with a number takes a word in front, then the next free one', async () => {
		expect(await uniqueSlug('2', () => false)).toBe('post-2')
		expect(await uniqueSlug('2', (s) => s === 'post-2')).toBe('post-2-2')
	})

	test('falls back to "post" for titles without Latin letters', async () => {
		expect(await uniqueSlug('పట్టు చీరలు', () => false)).toBe('post')
		expect(await uniqueSlug('పట్టు', async (s) => s === 'post')).toBe('post-2')
	})
})
