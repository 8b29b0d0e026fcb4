import { describe, expect, it } from 'vitest'

import { csvRow } from '~/utils/csv'

import { CATALOGUE_COLUMNS, catalogueRow, photoOfName, readCatalogueHeader, rowToFormInput } from './catalogue-import'

// The seller's categories, as the table would list them.
const SHOP_CATEGORIES = ['Kanchipattu Pochampally Ikkat', 'Dharmavaram Pochampally Ikkat', 'Pochampally Ikkat']

const product = {
	name: 'Ruby Silk',
	code: 'KPI-101',
	description: '=HYPERLINK("x") woven by hand',
	nameTe: 'రూబీ',
	nameHi: '',
	descriptionTe: '',
	descriptionHi: '',
	originalPricePaise: 1_250_050,
	salePricePaise: 1_000_000,
	stock: 2,
	status: 'out_of_stock' as const,
	category: 'Pochampally Ikkat' as const,
	tags: ['silk', 'red'],
}

describe('catalogue file', () => {
	it("writes a saree in the shop's columns and reads it back to the editor's form as it was", () => {
		const row = catalogueRow(product, ['KPI-101.jpg', 'KPI-101-2.jpg'])
		expect(row).toEqual([
			'KPI-101',
			'Ruby Silk',
			'రూబీ',
			'',
			'=HYPERLINK("x") woven by hand',
			'',
			'',
			'Pochampally Ikkat',
			'out_of_stock',
			'2',
			'12500.50',
			'10000',
			'silk, red',
			'KPI-101.jpg KPI-101-2.jpg',
		])
		// The formula is guarded in the file, and the guard comes off again on the way in.
		expect(csvRow(row)).toContain(`"'=HYPERLINK(""x"") woven by hand"`)
		const header = readCatalogueHeader([...CATALOGUE_COLUMNS])!
		const guarded = row.map((cell) => (/^[=+\-@]/.test(cell) ? `'${cell}` : cell))
		expect(rowToFormInput(guarded, header, SHOP_CATEGORIES)).toEqual({
			code: 'KPI-101',
			name: 'Ruby Silk',
			nameTe: 'రూబీ',
			nameHi: '',
			description: '=HYPERLINK("x") woven by hand',
			descriptionTe: '',
			descriptionHi: '',
			category: 'Pochampally Ikkat',
			status: 'out_of_stock',
			stock: '2',
			originalPrice: '12500.50',
			salePrice: '10000',
			tags: 'silk, red',
		})
	})

	it("reads Meta's product CSV: id, title, availability and prices with their currency", () => {
		const header = readCatalogueHeader([
			'id',
			'title',
			'description',
			'availability',
			'condition',
			'price',
			'sale_price',
			'link',
			'image_link',
			'brand',
		])!
		expect(header.format).toBe('meta')
		expect(
			rowToFormInput(
				['KPI-7', 'Blue', 'Soft', 'out of stock', 'new', '12500.00 INR', '9000.00 INR', 'https://x', 'https://y', 'Shop'],
				header,
				SHOP_CATEGORIES,
			),
		).toEqual({
			code: 'KPI-7',
			name: 'Blue',
			description: 'Soft',
			status: 'out_of_stock',
			originalPrice: '12500.00',
			salePrice: '9000.00',
		})
		expect(rowToFormInput(['K', 'B', '', 'in stock', '', '1 INR', '', '', '', ''], header, SHOP_CATEGORIES).status).toBe('active')
	})

	it('knows neither header, and reads a category or status in any letter case', () => {
		expect(readCatalogueHeader(['sku', 'product'])).toBeNull()
		const header = readCatalogueHeader(['Code', 'Name', 'Category', 'Status'])!
		expect(rowToFormInput(['a', 'b', 'pochampally ikkat', 'Out of Stock'], header, SHOP_CATEGORIES)).toMatchObject({
			category: 'Pochampally Ikkat',
			status: 'out_of_stock',
		})
	})

	it('places photos by code and number, a code ending in a number winning', () => {
		const codes = new Set(['kpi-101', 'kpi-101-2', 'ps1'])
		expect(photoOfName('KPI-101.JPG', codes)).toEqual({ code: 'kpi-101', position: 0 })
		expect(photoOfName('photos/KPI-101-3.webp', codes)).toEqual({ code: 'kpi-101', position: 2 })
		expect(photoOfName('KPI-101-2.png', codes)).toEqual({ code: 'kpi-101-2', position: 0 })
		expect(photoOfName('ps1-2.jpeg', codes)).toEqual({ code: 'ps1', position: 1 })
		expect(photoOfName('ps1.txt', codes)).toBeNull()
		expect(photoOfName('other.jpg', codes)).toBeNull()
	})
})
