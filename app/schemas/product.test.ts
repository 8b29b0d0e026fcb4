import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, test } from 'vitest'

import { message } from '../../tests/helpers/i18n'
import { parseTags, PRODUCT_MESSAGES, productFieldsFromForm, productFormSchema, resolveProductStatus } from './product'

function form(entries: Record<string, string>) {
	const data = new FormData()
	for (const [k, v] of Object.entries(entries)) data.append(k, v)
	const submission = parseWithZod(data, { schema: productFormSchema })
	return submission.status === 'success'
		? { status: 'success' as const, value: submission.value, error: undefined }
		: { status: submission.status, value: undefined, error: inEnglish(submission.error) }
}

/** The form's messages as an English page shows them (they are refs: translate.ts messageRef). */
function inEnglish(error: Record<string, string[] | null> | null | undefined) {
	return error && Object.fromEntries(Object.entries(error).map(([name, messages]) => [name, messages?.map(message)]))
}

const valid = { name: 'Red Ikkat', code: 'PS-1', originalPrice: '12,500', category: 'Pochampally Ikkat' }

describe('productFormSchema', () => {
	test('gives the spec messages for the required fields', () => {
		const result = form({})
		expect(result.status).toBe('error')
		expect(result.error).toMatchObject({
			name: ['Please enter a product name.'],
			code: ['Please enter a product code.'],
			category: ['Please select a saree category before saving the product.'],
			originalPrice: ['Please enter the original price.'],
		})
	})

	test('blank names and codes count as missing', () => {
		expect(form({ ...valid, name: '   ', code: '  ' }).error).toMatchObject({
			name: ['Please enter a product name.'],
			code: ['Please enter a product code.'],
		})
	})

	test('checks prices and stock, even while other fields are missing', () => {
		const result = form({ originalPrice: '1000', salePrice: '1000.01', stock: '1.5' })
		expect(result.error?.salePrice).toEqual(['Sale price cannot be more than the original price.'])
		expect(result.error?.stock).toEqual(['Stock must be a whole number, 0 or more.'])
		for (const bad of ['-1', '1.234', 'abc', '1e5']) {
			expect(form({ ...valid, originalPrice: bad }).error?.originalPrice).toEqual([
				'Enter an amount of 0 or more with at most 2 decimals, e.g. 12500 or 12500.50.',
			])
		}
		expect(form({ ...valid, stock: '-2' }).error?.stock).toBeDefined()
	})

	test('a valid form becomes the stored fields', () => {
		const result = form({ ...valid, salePrice: '₹ 9,999.50', stock: '', tags: ' silk, , Red ,silk', intent: 'publish' })
		expect(result.status).toBe('success')
		if (!result.value) return
		expect(productFieldsFromForm(result.value, 'active')).toEqual({
			name: 'Red Ikkat',
			nameTe: '',
			nameHi: '',
			code: 'PS-1',
			description: '',
			descriptionTe: '',
			descriptionHi: '',
			originalPricePaise: 1_250_000,
			salePricePaise: 999_950,
			stock: 0,
			status: 'active',
			category: 'Pochampally Ikkat',
			tags: ['silk', 'Red'],
		})
	})

	test('a code is stored in its one spelling; look-alikes of KPI-101 are KPI-101', () => {
		for (const code of ['ＫＰＩ-101', 'KPI‐101', 'KPI-101\u200b', ' KPI−101 '])
			expect(form({ ...valid, code }).value?.code, code).toBe('KPI-101')
	})

	test('a code with anything but letters, digits and hyphens is refused with one message', () => {
		for (const code of ['KPI 101', 'KPI_101', 'КРІ-101', 'KPI--101', '-KPI']) {
			expect(form({ ...valid, code }).error?.code, code).toEqual([message(PRODUCT_MESSAGES.codeCharacters)])
		}
		expect(form({ ...valid, code: 'A'.repeat(41) }).error?.code).toEqual([message(PRODUCT_MESSAGES.codeTooLong)])
		expect(form({ ...valid, code: 'x'.repeat(1_000_000) }).error?.code).toEqual([message(PRODUCT_MESSAGES.codeTooLong)])
		expect(form({ ...valid, code: '\u200b' }).error?.code).toEqual([message(PRODUCT_MESSAGES.codeRequired)])
	})

	test("a category is required and bounded; the server checks it is one of the shop's", () => {
		expect(form({ ...valid, category: '' }).error?.category).toEqual(['Please select a saree category before saving the product.'])
		expect(form({ ...valid, category: 'x'.repeat(1_000_000) }).error?.category).toEqual([message(PRODUCT_MESSAGES.categoryInvalid)])
		expect(form({ ...valid, category: 'Kalamkari' }).error?.category).toBeUndefined()
	})
})

test('tags are trimmed, empties and repeats dropped', () => {
	expect(parseTags(' a, B ,, b,  c  d ')).toEqual(['a', 'B', 'c d'])
	expect(parseTags(undefined)).toEqual([])
})

test('the buttons decide the status; publishing keeps out of stock', () => {
	expect(resolveProductStatus('publish', 'draft')).toBe('active')
	expect(resolveProductStatus('publish', 'out_of_stock')).toBe('out_of_stock')
	expect(resolveProductStatus('draft', 'active')).toBe('draft')
	expect(resolveProductStatus('save', 'out_of_stock')).toBe('out_of_stock')
	expect(resolveProductStatus(undefined, undefined)).toBe('draft')
})
