import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, test } from 'vitest'
import type { $ZodType } from 'zod/v4/core'

import { message } from '../../tests/helpers/i18n'
import { blogFormSchema } from './blog'
import { heroSchema } from './hero'
import { productFieldsFromForm, productFormSchema } from './product'
import { STORY_NAME_MAX, STORY_TEXT_MAX, storyTextSchema } from './story'

// The seller's Telugu and Hindi text: optional, held to the length of the English field it translates
// (the same count of characters), trimmed where the English is, and each message names its language.

function parse<Schema extends $ZodType>(schema: Schema, entries: Record<string, string>) {
	const data = new FormData()
	for (const [k, v] of Object.entries(entries)) data.append(k, v)
	const submission = parseWithZod(data, { schema })
	return submission.status === 'success'
		? { status: 'success' as const, value: submission.value, error: undefined }
		: { status: submission.status, value: undefined, error: submission.error }
}

/** A form's errors as an English page shows them (a message may be a ref: translate.ts messageRef). */
function inEnglish(error: Record<string, string[] | null> | null | undefined) {
	return error && Object.fromEntries(Object.entries(error).map(([name, messages]) => [name, messages?.map(message)]))
}

const product = { name: 'Red Ikkat', code: 'PS-1', originalPrice: '12500', category: 'Pochampally Ikkat' }
const blog = { title: 'Silk care', content: 'Words.' }
const hero = { intent: 'save', title: 'Weaving Tradition' }
const step = { intent: 'text', stepId: '1', text: 'Pure mulberry silk.' }

const CASES = [
	{
		form: 'product',
		schema: productFormSchema,
		valid: product,
		field: 'name',
		max: 200,
		message: 'Keep the name in {language} under 200 characters.',
	},
	{
		form: 'product',
		schema: productFormSchema,
		valid: product,
		field: 'description',
		max: 5000,
		message: 'Keep the description in {language} under 5000 characters.',
	},
	{
		form: 'blog',
		schema: blogFormSchema('edit'),
		valid: blog,
		field: 'title',
		max: 200,
		message: 'Keep the title in {language} under 200 characters.',
	},
	{
		form: 'blog',
		schema: blogFormSchema('add'),
		valid: blog,
		field: 'excerpt',
		max: 500,
		message: 'Keep the excerpt in {language} under 500 characters.',
	},
	{
		form: 'blog',
		schema: blogFormSchema('add'),
		valid: blog,
		field: 'content',
		max: 100_000,
		message: 'The post in {language} is too long (over 100,000 characters).',
	},
	{
		form: 'hero',
		schema: heroSchema,
		valid: hero,
		field: 'title',
		max: 120,
		message: 'Keep the title in {language} under 120 characters.',
	},
	{
		form: 'hero',
		schema: heroSchema,
		valid: hero,
		field: 'subtitle',
		max: 200,
		message: 'Keep the subtitle in {language} under 200 characters.',
	},
	{
		form: 'story',
		schema: storyTextSchema,
		valid: step,
		field: 'name',
		max: STORY_NAME_MAX,
		message: `Keep the step name in {language} under ${STORY_NAME_MAX} characters.`,
	},
	{
		form: 'story',
		schema: storyTextSchema,
		valid: step,
		field: 'text',
		max: STORY_TEXT_MAX,
		message: `Keep the description in {language} under ${STORY_TEXT_MAX} characters.`,
	},
] as const

const LANGUAGES = [
	['Te', 'Telugu', 'ప'],
	['Hi', 'Hindi', 'क'],
] as const

describe.each(CASES)('$form $field in Telugu and Hindi', ({ schema, valid, field, max, message }) => {
	test.each(LANGUAGES)('%s: optional, up to the English limit, then one message naming the language', (suffix, language, letter) => {
		const key = `${field}${suffix}`
		expect(parse(schema, valid).status).toBe('success')
		const full = parse(schema, { ...valid, [key]: letter.repeat(max) })
		expect(full.status).toBe('success')
		expect((full.value as Record<string, unknown>)[key]).toBe(letter.repeat(max))
		const over = parse(schema, { ...valid, [key]: letter.repeat(max + 1) })
		expect(inEnglish(over.error)).toEqual({ [key]: [message.replace('{language}', language)] })
		// A megabyte is refused by the same bound, and nothing else in the form is blamed for it.
		expect(inEnglish(parse(schema, { ...valid, [key]: letter.repeat(1_000_000) }).error)).toEqual({
			[key]: [message.replace('{language}', language)],
		})
	})
})

test('translated text is trimmed where the English is, and textareas keep plain line breaks', () => {
	const result = parse(productFormSchema, {
		...product,
		nameTe: '  ఎరుపు ఇక్కత్  ',
		nameHi: ' लाल इकत ',
		descriptionTe: ' మొదటి వరుస\r\nరెండో వరుస ',
		descriptionHi: '   ',
	})
	expect(result.status).toBe('success')
	if (!result.value) return
	expect(productFieldsFromForm(result.value, 'active')).toMatchObject({
		nameTe: 'ఎరుపు ఇక్కత్',
		nameHi: 'लाल इकत',
		descriptionTe: 'మొదటి వరుస\nరెండో వరుస',
		descriptionHi: '',
	})
	const post = parse(blogFormSchema('add'), { ...blog, titleTe: ' శీర్షిక ', contentHi: '## शीर्षक\r\n\r\nपाठ' })
	expect(post.value).toMatchObject({ titleTe: 'శీర్షిక', contentHi: '## शीर्षक\n\nपाठ' })
})
