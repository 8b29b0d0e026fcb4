import { SAREE_LENGTH } from '~/constants'
import type { FeedProduct } from '~/models/catalogue-feed.server'
import { CSV_LINE_END, csvRow } from '~/utils/csv'
import { markdownToText } from '~/utils/markdown'
import { imageUrl, imageWidths, type StoredImage } from '~/utils/media'
import { absoluteUrl, schemaPrice, truncate } from '~/utils/seo'
import { withoutControlCharacters, xmlText } from '~/utils/xml'

// The two catalogue feeds, written to their services' published specifications:
// - Google Merchant Center's product data in RSS 2.0 with the g: namespace;
// - Meta Commerce Manager's data feed as CSV with a header row (it fills the WhatsApp Business,
//   Instagram and Facebook catalogues).
// Both are built from one list of entries, so the two can never disagree about a saree.

/** Google's minimum image size for apparel from 2027 (Meta's is lower): both sides at least this. */
export const FEED_IMAGE_MIN_SIDE = 500
/** Additional images sent beside the main photo. */
const FEED_MORE_IMAGES = 4

const GOOGLE_LIMITS = { title: 150, description: 5000 }
const META_LIMITS = { title: 200, description: 9999 }

type FeedImage = { url: string; width: number; height: number }

/** One saree as both feeds describe it (before each service's own spelling and limits). */
export type FeedEntry = {
	id: string
	title: string
	description: string
	link: string
	inStock: boolean
	/** `12345.00 INR`, from the original price. */
	price: string
	/** Only when the sale price is lower than the original. */
	salePrice: string | null
	image: FeedImage
	moreImages: FeedImage[]
	productType: string
	/** Google's taxonomy path of the saree's category (Meta reads the same attribute). */
	googleProductCategory: string
	/** The category in Telugu and Hindi, as the seller named it: custom labels 0 and 1, to group listings and ads by. */
	customLabels: [string, string]
}

/** A saree whose photos are too small for the feeds, for the Settings page. */
export type FeedPhotoProblem = {
	productId: number
	code: string
	name: string
	/** Photo numbers (1 = the main photo) too small to send. */
	tooSmall: number[]
	/** No photo is large enough: the saree is left out of both feeds until one is added. */
	leftOut: boolean
}

/** The largest stored JPEG of an image (the derivative widths never enlarge the original). */
function largestJpeg(origin: string, image: StoredImage): FeedImage {
	const widths = imageWidths(image.width)
	const width = widths[widths.length - 1]!
	return {
		url: absoluteUrl(origin, imageUrl(image.key, width, 'jpg')),
		width,
		height: Math.round((image.height * width) / image.width),
	}
}

// Control characters (a pasted bell, a form feed) are meaningless in a listing: dropped from both feeds.
function plainText(text: string) {
	return withoutControlCharacters(text).replace(/\s+/g, ' ').trim()
}

const bigEnough = (image: FeedImage) => image.width >= FEED_IMAGE_MIN_SIDE && image.height >= FEED_IMAGE_MIN_SIDE

function formatPrice(paise: number) {
	return `${schemaPrice(paise)} INR`
}

/**
 * The feed entries of `products`, and the sarees whose photos are too small. A photo under the
 * minimum is never sent; the main image is the first photo that is large enough, and a saree with none
 * is left out (both services refuse an item without an image) and reported instead.
 */
export function buildFeedEntries(products: FeedProduct[], origin: string): { entries: FeedEntry[]; problems: FeedPhotoProblem[] } {
	const entries: FeedEntry[] = []
	const problems: FeedPhotoProblem[] = []
	for (const product of products) {
		const photos = product.images.map((image) => largestJpeg(origin, image))
		const usable = photos.filter(bigEnough)
		const tooSmall = photos.flatMap((photo, i) => (bigEnough(photo) ? [] : [i + 1]))
		if (tooSmall.length || !usable.length) {
			problems.push({ productId: product.id, code: product.code, name: product.name, tooSmall, leftOut: !usable.length })
		}
		const [image, ...rest] = usable
		if (!image) continue
		const text = plainText(markdownToText(product.description))
		entries.push({
			id: product.code,
			title: plainText(product.name),
			description: text || `${product.name}, a handwoven ${product.category} silk saree. ${SAREE_LENGTH} with a matching blouse piece.`,
			link: absoluteUrl(origin, `/product/${product.id}`),
			inStock: product.status === 'active' && !product.reserved,
			price: formatPrice(product.originalPricePaise),
			salePrice: product.salePricePaise < product.originalPricePaise ? formatPrice(product.salePricePaise) : null,
			image,
			moreImages: rest.slice(0, FEED_MORE_IMAGES),
			productType: product.category,
			googleProductCategory: product.googleProductCategory,
			customLabels: [product.categoryTe, product.categoryHi],
		})
	}
	return { entries, problems }
}

// ── Google Merchant Center: RSS 2.0 + g: ──

export function googleFeedXml(input: { entries: FeedEntry[]; shopName: string; origin: string }): string {
	const { entries, shopName, origin } = input
	const el = (name: string, value: string) => `      <${name}>${xmlText(value)}</${name}>`
	const items = entries.map((entry) =>
		[
			'    <item>',
			el('g:id', entry.id),
			el('title', truncate(entry.title, GOOGLE_LIMITS.title)),
			el('description', truncate(entry.description, GOOGLE_LIMITS.description)),
			el('link', entry.link),
			el('g:image_link', entry.image.url),
			...entry.moreImages.map((image) => el('g:additional_image_link', image.url)),
			el('g:availability', entry.inStock ? 'in_stock' : 'out_of_stock'),
			el('g:price', entry.price),
			...(entry.salePrice ? [el('g:sale_price', entry.salePrice)] : []),
			el('g:condition', 'new'),
			el('g:brand', shopName),
			el('g:identifier_exists', 'no'),
			el('g:google_product_category', entry.googleProductCategory),
			el('g:product_type', entry.productType),
			...entry.customLabels.flatMap((label, i) => (label ? [el(`g:custom_label_${i}`, label)] : [])),
			el('g:gender', 'female'),
			el('g:age_group', 'adult'),
			'    </item>',
		].join('\n'),
	)
	return [
		'<?xml version="1.0" encoding="UTF-8"?>',
		'<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">',
		'  <channel>',
		`    <title>${xmlText(shopName)}</title>`,
		`    <link>${xmlText(absoluteUrl(origin, '/'))}</link>`,
		`    <description>${xmlText(`Handwoven silk sarees from ${shopName}`)}</description>`,
		...items,
		'  </channel>',
		'</rss>',
		'',
	].join('\n')
}

// ── Meta Commerce Manager: CSV with a header row ──

const META_COLUMNS = [
	'id',
	'title',
	'description',
	'availability',
	'condition',
	'price',
	'sale_price',
	'link',
	'image_link',
	'additional_image_link',
	'brand',
	'google_product_category',
	'product_type',
	'gender',
	'age_group',
	'custom_label_0',
	'custom_label_1',
] as const

export function metaFeedCsv(input: { entries: FeedEntry[]; shopName: string }): string {
	const rows = input.entries.map((entry) => {
		const row: Record<(typeof META_COLUMNS)[number], string> = {
			id: entry.id,
			title: truncate(entry.title, META_LIMITS.title),
			description: truncate(entry.description, META_LIMITS.description),
			availability: entry.inStock ? 'in stock' : 'out of stock',
			condition: 'new',
			price: entry.price,
			sale_price: entry.salePrice ?? '',
			link: entry.link,
			image_link: entry.image.url,
			additional_image_link: entry.moreImages.map((image) => image.url).join(','),
			brand: input.shopName,
			google_product_category: entry.googleProductCategory,
			product_type: entry.productType,
			gender: 'female',
			age_group: 'adult',
			custom_label_0: entry.customLabels[0],
			custom_label_1: entry.customLabels[1],
		}
		return csvRow(META_COLUMNS.map((column) => row[column]))
	})
	return [META_COLUMNS.join(','), ...rows, ''].join(CSV_LINE_END)
}
