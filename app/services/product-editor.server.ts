import { LIMITS, type ProductStatus } from '~/constants'
import { DuplicateProductCodeError, type ProductSaveStart, saveProduct } from '~/models/products-admin.server'
import { IMAGE_MESSAGES } from '~/schemas/image-upload'
import { PRODUCT_MESSAGES, productFieldsFromForm, type ProductFormValue, resolveProductStatus } from '~/schemas/product'
import type { StoredImage } from '~/utils/media'
import { parseRecordId } from '~/utils/record-id'

import { saveRecord } from './admin-records.server'
import { copyStoredImage } from './images.server'
import { heldFiles, type Hold, releaseHold } from './shared-photos.server'
import { storeUploadedImages, type UploadedFile } from './uploads.server'

// The product editor's save once its form is read: which photos the saree keeps, which it copies from
// the saree it duplicates, the photos shared from the phone and the new uploads, their order, and the
// one write through the products model. The route reads the request and answers; files stored for a
// save that then fails are removed again (saveRecord).

/** A save the editor sends back: the message goes next to the photos or the code. */
class ProductSaveRefused extends Error {
	constructor(
		readonly field: 'images' | 'code',
		message: string,
	) {
		super(message)
		this.name = 'ProductSaveRefused'
	}
}

export type ProductSaveResult =
	| { ok: true; status: ProductStatus }
	/** `field` null: the save failed for a reason of the shop's own (a 500 with the message above the form). */
	| { ok: false; field: 'images' | 'code' | null; message: string }

/**
 * Saves a new product (`id` null) or an existing one from the editor's valid form, with the files
 * uploaded with it and, for a new saree, the photos of this browser's `hold` that the seller ticked
 * (the hold is released once they are the saree's). A product that no longer exists is a 404.
 */
export async function saveProductFromEditor({
	id,
	value,
	uploads,
	hold,
}: {
	id: number | null
	value: ProductFormValue
	uploads: UploadedFile[]
	hold: Hold | null
}): Promise<ProductSaveResult> {
	const status = resolveProductStatus(value.intent, value.status)
	const fields = productFieldsFromForm(value, status)
	// Filled as files are stored, so a save that fails after storing some removes them again.
	const newMediaKeys: string[] = []

	const prepare = async (start: ProductSaveStart) => {
		// Current photos the form still lists (keys that are not this product's are ignored).
		const listed = new Map((value.existing ?? []).map((e) => [e.key, e]))
		const kept = start.images
			.filter((image) => listed.get(image.key)?.remove !== 'on')
			.map((image) => ({ item: image, position: listed.get(image.key)?.position }))
		// Duplicate: the chosen photos of the copied saree (only its own keys) are copied to files of this one.
		const chosen = new Set(value.copyImage ?? [])
		const toCopy = start.copyImages.filter((image) => chosen.has(image.key))
		const sharedFiles = hold ? await heldFiles(hold, value.sharedPhoto ?? []) : []
		const files = [...sharedFiles, ...uploads]
		if (kept.length + toCopy.length + files.length > LIMITS.maxProductImages)
			throw new ProductSaveRefused('images', IMAGE_MESSAGES.tooMany())
		if (start.codeTaken) throw new ProductSaveRefused('code', PRODUCT_MESSAGES.codeTaken)

		const stored = await storeUploadedImages(files)
		if (!stored.ok) throw new ProductSaveRefused('images', stored.message)
		newMediaKeys.push(...stored.images.map((image) => image.key))
		const copied: StoredImage[] = []
		for (const image of toCopy) {
			const copy = await copyStoredImage(image)
			newMediaKeys.push(copy.key)
			copied.push(copy)
		}
		const images = orderImages(
			[...kept, ...copied.map((item) => ({ item, position: undefined }))],
			// Shared photos first (no position of their own), then the picker's new photos in the order it gave them.
			stored.images.map((image, i) => ({
				item: image,
				position: i < sharedFiles.length ? undefined : value.newPosition?.[i - sharedFiles.length],
			})),
		)
		return { fields, images }
	}

	const copyFrom = id === null && value.copyFrom ? parseRecordId(value.copyFrom) : null
	const save = () => saveProduct({ id, code: fields.code, copyFrom }, prepare)
	const saved = await saveRecord({
		kind: 'product',
		id,
		// A new product is always written; only an update can find its product gone (null).
		create: async () => (await save())!.id,
		update: async () => (await save())?.unused ?? null,
		newMediaKeys,
		notFoundText: 'Product not found',
	})
	if (!saved.ok) {
		if (saved.error instanceof ProductSaveRefused) return { ok: false, field: saved.error.field, message: saved.error.message }
		if (saved.error instanceof DuplicateProductCodeError) return { ok: false, field: 'code', message: PRODUCT_MESSAGES.codeTaken }
		console.error('Saving a product failed:', saved.error)
		return { ok: false, field: null, message: PRODUCT_MESSAGES.saveFailed }
	}
	// The shared photos are the saree's now: the hold goes.
	if (hold) await releaseHold(hold.token)
	return { ok: true, status }
}

/**
 * The final photo order: kept photos and new ones, sorted by the position numbers the seller typed
 * (ties keep the current order, existing before new; new photos without a number go last).
 */
export function orderImages<T>(
	existing: Array<{ item: T; position?: string | undefined }>,
	added: Array<{ item: T; position?: string | undefined }>,
): T[] {
	const rank = (p: string | undefined) => {
		const n = p === undefined || p.trim() === '' ? NaN : Number(p)
		return Number.isFinite(n) ? n : Number.POSITIVE_INFINITY
	}
	return [
		...existing.map((e, i) => ({ item: e.item, rank: rank(e.position), group: 0, i })),
		...added.map((a, i) => ({ item: a.item, rank: rank(a.position), group: 1, i })),
	]
		.sort((a, b) => a.rank - b.rank || a.group - b.group || a.i - b.i)
		.map((entry) => entry.item)
}
