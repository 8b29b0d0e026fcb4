import type { MetaDescriptor } from 'react-router'

import { type Locale, LOCALE_TAGS, LOCALES, localizedPath, OG_LOCALES } from '~/i18n/locales'

import { imageUrl, pickWidth, type StoredImage } from './media'

// Titles, descriptions, canonical URLs, Open Graph / Twitter cards and JSON-LD for public pages.
// Link previews (WhatsApp, Instagram) read only the first KBs of <head>, so route `meta` functions put
// all of this there; every URL is absolute on APP_ORIGIN.

export type SeoImage = { url: string; width: number; height: number; alt: string }

export type SeoInput = {
	origin: string
	/**
	 * Path (and query) of the page's canonical address in English, starting with "/": the page's own
	 * language version and its alternates are made from it.
	 */
	path: string
	/** The page's language: its canonical address, og:locale and the hreflang alternates follow. */
	locale: Locale
	title: string
	description: string
	siteName: string
	type?: 'website' | 'article' | 'product'
	image?: SeoImage | null
	/** Pages that should not appear in search results (errors, empty filters). */
	noindex?: boolean
	article?: { publishedTime: string; modifiedTime?: string; author?: string; tags?: string[] }
}

/** The width of the share image: WhatsApp wants ≥ 600 px and drops previews over ~300 KB. */
const SHARE_IMAGE_WIDTH = 720

export function absoluteUrl(origin: string, path: string) {
	// (?<!\/): only the first of trailing slashes starts a match, so the search stays linear.
	return new URL(path, `${origin.replace(/(?<!\/)\/+$/, '')}/`).href
}

/** Collapses whitespace and cuts at a word boundary with an ellipsis (descriptions ≤ 160 characters). */
export function truncate(text: string, max = 160) {
	const clean = text.replace(/\s+/g, ' ').trim()
	if (clean.length <= max) return clean
	const cut = clean.slice(0, max - 1)
	const space = cut.lastIndexOf(' ')
	// The lookbehind lets only the first of the trailing marks start a match (linear).
	return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/(?<![\s.,;:–-])[\s.,;:–-]+$/, '')}…`
}

/** The JPEG derivative of a stored image used for og:image (720 px wide, or the widest there is). */
export function shareImage(origin: string, image: StoredImage, alt: string): SeoImage {
	const width = pickWidth(image.width, SHARE_IMAGE_WIDTH)
	return {
		url: absoluteUrl(origin, imageUrl(image.key, width, 'jpg')),
		width,
		height: Math.round((image.height * width) / image.width),
		alt,
	}
}

/**
 * `<link rel="alternate" hreflang>` for every language version of a page, and x-default (the English
 * one, which also serves anyone whose language is not among ours). Pages that are noindex have none.
 */
function languageAlternates(origin: string, path: string): MetaDescriptor[] {
	return [
		...LOCALES.map((locale) => ({
			tagName: 'link',
			rel: 'alternate',
			hrefLang: LOCALE_TAGS[locale],
			href: absoluteUrl(origin, localizedPath(path, locale)),
		})),
		{ tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: absoluteUrl(origin, localizedPath(path, 'en')) },
	]
}

export function seoMeta(input: SeoInput): MetaDescriptor[] {
	const url = absoluteUrl(input.origin, localizedPath(input.path, input.locale))
	const description = truncate(input.description)
	const tags: MetaDescriptor[] = [
		{ title: input.title },
		{ name: 'description', content: description },
		{ tagName: 'link', rel: 'canonical', href: url },
		{ property: 'og:site_name', content: input.siteName },
		{ property: 'og:type', content: input.type === 'article' ? 'article' : input.type === 'product' ? 'product' : 'website' },
		{ property: 'og:title', content: input.title },
		{ property: 'og:description', content: description },
		{ property: 'og:url', content: url },
		{ property: 'og:locale', content: OG_LOCALES[input.locale] },
		...LOCALES.filter((locale) => locale !== input.locale).map((locale) => ({
			property: 'og:locale:alternate',
			content: OG_LOCALES[locale],
		})),
		{ name: 'twitter:card', content: input.image ? 'summary_large_image' : 'summary' },
		{ name: 'twitter:title', content: input.title },
		{ name: 'twitter:description', content: description },
	]
	if (input.image) {
		tags.push(
			{ property: 'og:image', content: input.image.url },
			{ property: 'og:image:type', content: 'image/jpeg' },
			{ property: 'og:image:width', content: String(input.image.width) },
			{ property: 'og:image:height', content: String(input.image.height) },
			{ property: 'og:image:alt', content: input.image.alt },
			{ name: 'twitter:image', content: input.image.url },
			{ name: 'twitter:image:alt', content: input.image.alt },
		)
	}
	if (input.article) {
		tags.push({ property: 'article:published_time', content: input.article.publishedTime })
		if (input.article.modifiedTime) tags.push({ property: 'article:modified_time', content: input.article.modifiedTime })
		if (input.article.author) tags.push({ property: 'article:author', content: input.article.author })
		for (const tag of input.article.tags ?? []) tags.push({ property: 'article:tag', content: tag })
	}
	if (input.noindex) tags.push({ name: 'robots', content: 'noindex' })
	else tags.push(...languageAlternates(input.origin, input.path))
	return tags
}

/**
 * JSON for a `<script type="application/ld+json">`: `<`, `>` and `&` become \u escapes so text such as
 * "</script>" in a product name cannot end the script element, and U+2028/U+2029 are escaped too.
 */
export function jsonLdString(data: unknown) {
	return JSON.stringify(data)
		.replace(/</g, '\\u003c')
		.replace(/>/g, '\\u003e')
		.replace(/&/g, '\\u0026')
		.replace(/\u2028/g, '\\u2028')
		.replace(/\u2029/g, '\\u2029')
}

/** Paise as the decimal rupee amount schema.org expects ("12500.00"). */
export function schemaPrice(paise: number) {
	return (paise / 100).toFixed(2)
}

export function productJsonLd(input: {
	origin: string
	url: string
	name: string
	code: string
	description: string
	category: string
	imageUrls: string[]
	salePricePaise: number
	inStock: boolean
	brand: string
}) {
	return {
		'@context': 'https://schema.org',
		'@type': 'Product',
		name: input.name,
		sku: input.code,
		productID: input.code,
		description: input.description,
		...(input.category ? { category: input.category } : {}),
		...(input.imageUrls.length ? { image: input.imageUrls } : {}),
		brand: { '@type': 'Brand', name: input.brand },
		url: input.url,
		offers: {
			'@type': 'Offer',
			url: input.url,
			priceCurrency: 'INR',
			price: schemaPrice(input.salePricePaise),
			availability: input.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
			itemCondition: 'https://schema.org/NewCondition',
			seller: { '@type': 'Organization', name: input.brand, url: absoluteUrl(input.origin, '/') },
		},
	}
}

/** The shop's mark as a PNG (public/logo.png, drawn from favicon.svg): search engines want a raster logo of at least 112 px. */
export const SHOP_LOGO = { path: '/logo.png', width: 512, height: 512 } as const

/** The logo as schema.org describes it, for the Organization and every BlogPosting's publisher. */
function shopLogo(origin: string) {
	return { '@type': 'ImageObject', url: absoluteUrl(origin, SHOP_LOGO.path), width: SHOP_LOGO.width, height: SHOP_LOGO.height }
}

export function blogPostingJsonLd(input: {
	origin: string
	url: string
	title: string
	description: string
	imageUrl?: string | null
	datePublished: string
	dateModified: string
	author: string
	publisher: string
	tags: string[]
	locale: Locale
}) {
	return {
		'@context': 'https://schema.org',
		'@type': 'BlogPosting',
		inLanguage: LOCALE_TAGS[input.locale],
		headline: input.title,
		description: input.description,
		...(input.imageUrl ? { image: [input.imageUrl] } : {}),
		datePublished: input.datePublished,
		dateModified: input.dateModified,
		author: { '@type': 'Person', name: input.author },
		publisher: { '@type': 'Organization', name: input.publisher, url: absoluteUrl(input.origin, '/'), logo: shopLogo(input.origin) },
		mainEntityOfPage: { '@type': 'WebPage', '@id': input.url },
		url: input.url,
		...(input.tags.length ? { keywords: input.tags.join(', ') } : {}),
	}
}

export function organizationJsonLd(input: {
	origin: string
	name: string
	description: string
	phone?: string
	email?: string
	address?: string
	sameAs?: string[]
}) {
	const contact =
		input.phone || input.email
			? {
					contactPoint: {
						'@type': 'ContactPoint',
						contactType: 'customer service',
						...(input.phone ? { telephone: input.phone } : {}),
						...(input.email ? { email: input.email } : {}),
						areaServed: 'IN',
						availableLanguage: ['en', 'te', 'hi'],
					},
				}
			: {}
	return {
		'@context': 'https://schema.org',
		'@type': 'Organization',
		name: input.name,
		url: absoluteUrl(input.origin, '/'),
		logo: shopLogo(input.origin),
		description: input.description,
		...(input.email ? { email: input.email } : {}),
		...(input.phone ? { telephone: input.phone } : {}),
		...(input.address ? { address: { '@type': 'PostalAddress', streetAddress: input.address, addressCountry: 'IN' } } : {}),
		...(input.sameAs?.filter(Boolean).length ? { sameAs: input.sameAs.filter(Boolean) } : {}),
		...contact,
	}
}
