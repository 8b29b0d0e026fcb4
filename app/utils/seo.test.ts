import { fileURLToPath } from 'node:url'

import sharp from 'sharp'
import { describe, expect, test } from 'vitest'

import {
	absoluteUrl,
	blogPostingJsonLd,
	jsonLdString,
	organizationJsonLd,
	productJsonLd,
	seoMeta,
	shareImage,
	SHOP_LOGO,
	truncate,
} from './seo'

describe('jsonLdString', () => {
	test('a value cannot close the script element or open a comment', () => {
		const out = jsonLdString({ name: '</script><script>alert(1)</script><!--', note: 'a & b > c' })
		expect(out).not.toContain('<')
		expect(out).not.toContain('>')
		expect(out).not.toContain('&')
		expect(out).toContain('\\u003c/script\\u003e')
		expect(JSON.parse(out)).toEqual({ name: '</script><script>alert(1)</script><!--', note: 'a & b > c' })
	})

	test('line and paragraph separators are escaped and round-trip', () => {
		const value = { text: 'one\u2028two\u2029three' }
		const out = jsonLdString(value)
		expect(out).not.toMatch(/[\u2028\u2029]/)
		expect(JSON.parse(out)).toEqual(value)
	})
})

describe('page meta', () => {
	test('canonical, Open Graph and Twitter tags are absolute on the origin', () => {
		const tags = seoMeta({
			origin: 'https://silk.example/',
			path: '/product/7',
			locale: 'en',
			title: 'Ruby Saree (RS-1) – Silk House',
			description: 'A ruby saree.',
			siteName: 'Silk House',
			type: 'product',
			image: { url: 'https://silk.example/media/images/abc/720.jpg', width: 720, height: 960, alt: 'Ruby Saree' },
		})
		expect(tags).toContainEqual({ title: 'Ruby Saree (RS-1) – Silk House' })
		expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: 'https://silk.example/product/7' })
		expect(tags).toContainEqual({ property: 'og:url', content: 'https://silk.example/product/7' })
		expect(tags).toContainEqual({ property: 'og:type', content: 'product' })
		expect(tags).toContainEqual({ property: 'og:image', content: 'https://silk.example/media/images/abc/720.jpg' })
		expect(tags).toContainEqual({ property: 'og:image:width', content: '720' })
		expect(tags).toContainEqual({ name: 'twitter:card', content: 'summary_large_image' })
		expect(tags).toContainEqual({ name: 'twitter:image', content: 'https://silk.example/media/images/abc/720.jpg' })
		expect(tags.some((t) => 'name' in t && t.name === 'robots')).toBe(false)
	})

	test('without an image the card is a summary; noindex pages say so', () => {
		const tags = seoMeta({
			origin: 'http://x.test',
			path: '/blogs',
			locale: 'en',
			title: 'T',
			description: 'D',
			siteName: 'S',
			noindex: true,
		})
		expect(tags).toContainEqual({ name: 'twitter:card', content: 'summary' })
		expect(tags.some((t) => 'property' in t && t.property === 'og:image')).toBe(false)
		expect(tags).toContainEqual({ name: 'robots', content: 'noindex' })
		expect(tags.some((t) => 'hrefLang' in t)).toBe(false)
	})

	test('a page in Telugu is canonical at its own address, names its locale and lists every language version', () => {
		const tags = seoMeta({
			origin: 'https://silk.example',
			path: '/product/7?x=1',
			locale: 'te',
			title: 'T',
			description: 'D',
			siteName: 'S',
		})
		expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: 'https://silk.example/te/product/7?x=1' })
		expect(tags).toContainEqual({ property: 'og:url', content: 'https://silk.example/te/product/7?x=1' })
		expect(tags).toContainEqual({ property: 'og:locale', content: 'te_IN' })
		expect(tags.filter((t) => 'property' in t && t.property === 'og:locale:alternate')).toEqual([
			{ property: 'og:locale:alternate', content: 'en_IN' },
			{ property: 'og:locale:alternate', content: 'hi_IN' },
		])
		expect(tags.filter((t) => 'hrefLang' in t)).toEqual([
			{ tagName: 'link', rel: 'alternate', hrefLang: 'en-IN', href: 'https://silk.example/product/7?x=1' },
			{ tagName: 'link', rel: 'alternate', hrefLang: 'te-IN', href: 'https://silk.example/te/product/7?x=1' },
			{ tagName: 'link', rel: 'alternate', hrefLang: 'hi-IN', href: 'https://silk.example/hi/product/7?x=1' },
			{ tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: 'https://silk.example/product/7?x=1' },
		])
		const home = seoMeta({ origin: 'https://silk.example', path: '/', locale: 'hi', title: 'T', description: 'D', siteName: 'S' })
		expect(home).toContainEqual({ tagName: 'link', rel: 'canonical', href: 'https://silk.example/hi' })
	})

	test('the share image is the 720 px JPEG, or the widest there is', () => {
		expect(shareImage('https://s.example', { key: 'images/abc', width: 1600, height: 2000 }, 'alt')).toEqual({
			url: 'https://s.example/media/images/abc/720.jpg',
			width: 720,
			height: 900,
			alt: 'alt',
		})
		expect(shareImage('https://s.example', { key: 'images/abc', width: 650, height: 650 }, 'alt').url).toBe(
			'https://s.example/media/images/abc/650.jpg',
		)
	})

	test('descriptions are cut at a word boundary', () => {
		const long = 'word '.repeat(60)
		const cut = truncate(long, 160)
		expect(cut.length).toBeLessThanOrEqual(160)
		expect(cut.endsWith('…')).toBe(true)
		expect(truncate('  short   text ')).toBe('short text')
		expect(absoluteUrl('https://a.example', '/collections?category=Pochampally%20Ikkat')).toBe(
			'https://a.example/collections?category=Pochampally%20Ikkat',
		)
	})
})

describe('structured data', () => {
	const base = {
		origin: 'https://silk.example',
		url: 'https://silk.example/product/3',
		name: 'Teal Saree',
		code: 'TS-3',
		description: 'Teal.',
		category: 'Pochampally Ikkat',
		imageUrls: ['https://silk.example/media/images/a/720.jpg'],
		salePricePaise: 1_250_050,
		brand: 'Silk House',
	}
	test('a product has an Offer in INR with its availability', () => {
		const inStock = productJsonLd({ ...base, inStock: true })
		expect(inStock['@type']).toBe('Product')
		expect(inStock.sku).toBe('TS-3')
		expect(inStock.offers).toMatchObject({
			'@type': 'Offer',
			priceCurrency: 'INR',
			price: '12500.50',
			availability: 'https://schema.org/InStock',
		})
		expect(productJsonLd({ ...base, inStock: false }).offers.availability).toBe('https://schema.org/OutOfStock')
	})

	test('a blog post and the organisation', () => {
		const post = blogPostingJsonLd({
			origin: 'https://silk.example',
			url: 'https://silk.example/blog/a',
			title: 'A',
			description: 'D',
			imageUrl: null,
			datePublished: '2026-01-01T00:00:00.000Z',
			dateModified: '2026-01-02T00:00:00.000Z',
			author: 'Lakshmi',
			publisher: 'Silk House',
			tags: ['ikat'],
			locale: 'en',
		})
		expect(post).toMatchObject({ '@type': 'BlogPosting', headline: 'A', author: { name: 'Lakshmi' }, keywords: 'ikat' })
		expect(post).not.toHaveProperty('image')
		const org = organizationJsonLd({ origin: 'https://silk.example', name: 'Silk House', description: 'd', email: 'a@b.c', sameAs: [''] })
		expect(org).toMatchObject({ '@type': 'Organization', url: 'https://silk.example/', email: 'a@b.c' })
		expect(org).not.toHaveProperty('sameAs')
	})

	test('the Organization and every BlogPosting publisher carry the same raster logo of at least 112 px', async () => {
		const logo = { '@type': 'ImageObject', url: 'https://silk.example/logo.png', width: SHOP_LOGO.width, height: SHOP_LOGO.height }
		const org = organizationJsonLd({ origin: 'https://silk.example', name: 'Silk House', description: 'd' })
		expect(org.logo).toEqual(logo)
		const post = blogPostingJsonLd({
			origin: 'https://silk.example',
			url: 'https://silk.example/blog/a',
			title: 'A',
			description: 'D',
			datePublished: '2026-01-01T00:00:00.000Z',
			dateModified: '2026-01-01T00:00:00.000Z',
			author: 'Lakshmi',
			publisher: 'Silk House',
			tags: [],
			locale: 'en',
		})
		expect(post.publisher).toEqual({ '@type': 'Organization', name: 'Silk House', url: 'https://silk.example/', logo })
		const file = await sharp(fileURLToPath(new URL(`../../public${SHOP_LOGO.path}`, import.meta.url))).metadata()
		expect([file.format, file.width, file.height]).toEqual(['png', SHOP_LOGO.width, SHOP_LOGO.height])
		expect(Math.min(file.width!, file.height!)).toBeGreaterThanOrEqual(112)
	})
})
