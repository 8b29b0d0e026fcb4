import { getFormProps, getInputProps, getSelectProps, getTextareaProps } from '@conform-to/react'
import { data, Link } from 'react-router'

import { adminMeta, AdminPage, AdminRouteError } from '~/components/admin/admin-page'
import { Card } from '~/components/admin/card'
import { EditorForm, PublishOrDraftButtons } from '~/components/admin/editor-form'
import { ProductImagePicker } from '~/components/admin/image-picker'
import { OrdersHolding } from '~/components/admin/order-stock'
import { PhotoChoices } from '~/components/admin/photo-choices'
import { TranslatedFields } from '~/components/admin/translated-fields'
import { UnsavedChangesGuard } from '~/components/admin/unsaved-changes-guard'
import { submitFilesWithProgress, UploadProgressBar } from '~/components/admin/upload-progress'
import { ViewInShop } from '~/components/admin/view-in-shop'
import { buttonClass } from '~/components/ui/button'
import { Field, SelectField, TextareaField } from '~/components/ui/field'
import { LIMITS, PRODUCT_STATUS_LABELS, PRODUCT_STATUSES } from '~/constants'
import { useZodForm } from '~/hooks/use-zod-form'
import { findCategoryName, listCategoryNames } from '~/models/categories.server'
import { listOrdersHolding } from '~/models/order-stock.server'
import { getProductForEdit } from '~/models/products-admin.server'
import { PRODUCT_MESSAGES, productFormSchema } from '~/schemas/product'
import { parseEditorForm, recordId } from '~/services/admin-records.server'
import { saveProductFromEditor } from '~/services/product-editor.server'
import { requireAdmin } from '~/services/session.server'
import { holdOfRequest, SHARED_PHOTOS_MESSAGES, sharedPhotosCookie } from '~/services/shared-photos.server'
import { redirectWithFlash } from '~/utils/flash.server'
import { imageUrl, pickWidth } from '~/utils/media'
import { paiseToInput } from '~/utils/money'
import { parseRecordId } from '~/utils/record-id'
import { SHARE_TARGET_PATH } from '~/utils/share-target'
import { productShopPath } from '~/utils/shop-paths'

import type { Route } from './+types/product-editor'

// One module for /admin/products/new and /admin/products/:id/edit (two route ids, one form).

export const meta: Route.MetaFunction = ({ params, matches }) => adminMeta(matches, params.id ? 'Edit Product' : 'Add Product')

function productId(params: { id?: string }) {
	return params.id === undefined ? null : recordId(params.id, 'Product not found')
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
	await requireAdmin({ request, context })
	const id = productId(params)
	if (id === null) {
		// Duplicate: /admin/products/new?from=<id> starts from that saree's fields (never its code).
		const from = parseRecordId(new URL(request.url).searchParams.get('from') ?? '')
		const source = from === null ? null : await getProductForEdit(from)
		const [hold, categories] = await Promise.all([holdOfRequest(request), listCategoryNames()])
		return {
			product: null,
			categories,
			holds: [],
			copyOf: source,
			shared: hold ? { photos: hold.photos.map(({ index }) => ({ index })), notes: hold.notes } : null,
			// Sent here by a share whose photos have since expired or made room for others: say so, never silently.
			sharedGone: hold === null && new URL(request.url).searchParams.has('shared') ? SHARED_PHOTOS_MESSAGES.gone : null,
		}
	}
	const [product, holds, categories] = await Promise.all([getProductForEdit(id), listOrdersHolding(id), listCategoryNames()])
	if (!product) throw data('Product not found', { status: 404 })
	return { product, categories, holds, copyOf: null, shared: null, sharedGone: null }
}

export async function action({ request, context, params }: Route.ActionArgs) {
	await requireAdmin({ request, context })
	const id = productId(params)
	const { upload, submission, refuse } = await parseEditorForm(
		{ request, context },
		{ fileFields: ['images'], maxFiles: LIMITS.maxProductImages, maxFileSize: LIMITS.maxImageBytes },
		productFormSchema,
	)
	if (!upload.ok) return refuse({ images: [upload.message] })
	if (submission.status !== 'success') return refuse({})
	const category = await findCategoryName(submission.value.category)
	if (!category) return refuse({ category: [PRODUCT_MESSAGES.categoryInvalid] })
	// Photos shared from the phone: only this browser's own hold, only for a new saree.
	const hold = id === null ? await holdOfRequest(request) : null

	const saved = await saveProductFromEditor({ id, value: { ...submission.value, category }, uploads: upload.files, hold })
	if (!saved.ok) return saved.field ? refuse({ [saved.field]: [saved.message] }) : refuse({}, 500, [saved.message])
	const message = saved.status === 'draft' ? PRODUCT_MESSAGES.draft : id === null ? PRODUCT_MESSAGES.published : PRODUCT_MESSAGES.updated
	if (!hold) return redirectWithFlash(request, '/admin/products', { type: 'success', message })
	// The shared photos are the saree's now: their cookie goes with the hold.
	return redirectWithFlash(
		request,
		'/admin/products',
		{ type: 'success', message },
		{ headers: { 'Set-Cookie': await sharedPhotosCookie().serialize('', { maxAge: 0 }) } },
	)
}

export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
	return submitFilesWithProgress(request, serverAction)
}

// Edit → Duplicate → Add is the same module: a new key starts each form afresh instead of keeping the typed state.
export default function ProductEditorRoute(props: Route.ComponentProps) {
	const { product, copyOf } = props.loaderData
	return <ProductEditor key={product ? `edit-${product.id}` : copyOf ? `copy-${copyOf.id}` : 'new'} {...props} />
}

function ProductEditor({ loaderData, actionData }: Route.ComponentProps) {
	const { product, categories, holds, copyOf, shared, sharedGone } = loaderData
	const editing = product !== null
	const start = product ?? copyOf

	const [form, fields] = useZodForm(productFormSchema, {
		id: 'product-form',
		lastResult: actionData?.result,
		defaultValue: start
			? {
					name: start.name,
					nameTe: start.nameTe,
					nameHi: start.nameHi,
					code: product?.code ?? '',
					description: start.description,
					descriptionTe: start.descriptionTe,
					descriptionHi: start.descriptionHi,
					originalPrice: paiseToInput(start.originalPricePaise),
					salePrice: paiseToInput(start.salePricePaise),
					stock: String(start.stock),
					// A duplicate is a new draft until the seller publishes it.
					status: product ? product.status : 'draft',
					category: start.category,
					tags: start.tags.join(', '),
				}
			: { stock: '1', status: 'active' },
	})
	// Echoed back from whatever was posted: keep only the entries shaped like the picker's own fields.
	const postedExisting = (actionData?.result.initialValue as { existing?: unknown } | undefined)?.existing
	const initialExisting = Array.isArray(postedExisting)
		? postedExisting.filter((e): e is { key?: string; position?: string; remove?: string } => typeof e === 'object' && e !== null)
		: undefined

	// A refused post comes back with the photos that were ticked still ticked.
	const postedCopies = (actionData?.result.initialValue as { copyImage?: unknown } | undefined)?.copyImage
	const ticked = new Set(Array.isArray(postedCopies) ? postedCopies : typeof postedCopies === 'string' ? [postedCopies] : [])
	// Shared photos start ticked; a refused post keeps the seller's choice.
	const posted = actionData?.result.initialValue as { sharedPhoto?: unknown } | undefined
	const postedShared = posted
		? new Set(Array.isArray(posted.sharedPhoto) ? posted.sharedPhoto : typeof posted.sharedPhoto === 'string' ? [posted.sharedPhoto] : [])
		: null

	const { key: nameKey, ...nameProps } = getInputProps(fields.name, { type: 'text' })
	const { key: codeKey, ...codeProps } = getInputProps(fields.code, { type: 'text' })
	const { key: descriptionKey, ...descriptionProps } = getTextareaProps(fields.description)
	const { key: originalKey, ...originalProps } = getInputProps(fields.originalPrice, { type: 'text' })
	const { key: saleKey, ...saleProps } = getInputProps(fields.salePrice, { type: 'text' })
	const { key: stockKey, ...stockProps } = getInputProps(fields.stock, { type: 'text' })
	const { key: statusKey, ...statusProps } = getSelectProps(fields.status)
	const { key: categoryKey, ...categoryProps } = getSelectProps(fields.category)
	const { key: tagsKey, ...tagsProps } = getInputProps(fields.tags, { type: 'text' })

	return (
		<AdminPage
			title={editing ? 'Edit Product' : 'Add Product'}
			description={
				editing
					? `Changes show in the shop as soon as you save.`
					: copyOf
						? `A copy of ${copyOf.name} (${copyOf.code}): give it its own code.`
						: 'A new saree for the catalogue.'
			}
			actions={
				product ? (
					<>
						<ViewInShop href={productShopPath(product)} />
						<Link to={`/admin/products/new?from=${product.id}`} className={buttonClass('secondary')}>
							Duplicate
						</Link>
					</>
				) : undefined
			}
		>
			<UnsavedChangesGuard forms={[form.id]} />
			<EditorForm formProps={getFormProps(form)} errors={form.errors}>
				{copyOf ? <input type="hidden" name="copyFrom" value={copyOf.id} /> : null}
				<Card title="Product Information">
					<div className="grid gap-4 sm:grid-cols-2">
						<Field key={nameKey} label="Product Name" errors={fields.name.errors} autoComplete="off" {...nameProps} />
						<Field
							key={codeKey}
							label="Product Code"
							errors={fields.code.errors}
							hint="Shown to customers and sent on WhatsApp, e.g. PS-101."
							autoComplete="off"
							autoCapitalize="characters"
							{...codeProps}
						/>
						<TextareaField
							key={descriptionKey}
							label="Description"
							errors={fields.description.errors}
							rows={5}
							className="sm:col-span-2"
							{...descriptionProps}
						/>
						<div className="sm:col-span-2">
							<TranslatedFields fields={fields} names={['name', 'description']}>
								{({ name, description }, locale, language) => {
									const { key: nameKey, ...nameProps } = getInputProps(name, { type: 'text' })
									const { key: descriptionKey, ...descriptionProps } = getTextareaProps(description)
									return (
										<>
											<Field
												key={nameKey}
												label={`Name in ${language}`}
												lang={locale}
												errors={name.errors}
												autoComplete="off"
												{...nameProps}
											/>
											<TextareaField
												key={descriptionKey}
												label={`Description in ${language}`}
												lang={locale}
												errors={description.errors}
												rows={5}
												{...descriptionProps}
											/>
										</>
									)
								}}
							</TranslatedFields>
						</div>
						<Field
							key={originalKey}
							label="Original Price"
							errors={fields.originalPrice.errors}
							hint="In rupees, e.g. 12500 or 12500.50"
							inputMode="decimal"
							autoComplete="off"
							{...originalProps}
						/>
						<Field
							key={saleKey}
							label="Sale Price"
							errors={fields.salePrice.errors}
							hint="The price customers pay. Empty: same as the original price."
							inputMode="decimal"
							autoComplete="off"
							{...saleProps}
						/>
						<Field key={stockKey} label="Stock" errors={fields.stock.errors} inputMode="numeric" autoComplete="off" {...stockProps} />
					</div>
					{product ? <OrdersHolding holds={holds} stock={product.stock} /> : null}
				</Card>

				<Card title="Settings">
					<div className="grid gap-4 sm:grid-cols-2">
						<SelectField
							key={statusKey}
							label="Status"
							errors={fields.status.errors}
							hint="Publish saves it as Active (or Out of Stock if chosen here); Save as Draft hides it from the shop."
							options={PRODUCT_STATUSES.map((s) => ({ value: s, label: PRODUCT_STATUS_LABELS[s] }))}
							{...statusProps}
						/>
						<SelectField
							key={categoryKey}
							label="Category"
							errors={fields.category.errors}
							options={[{ value: '', label: 'Select a category' }, ...categories.map((c) => ({ value: c, label: c }))]}
							{...categoryProps}
						/>
						<Field
							key={tagsKey}
							label="Tags"
							errors={fields.tags.errors}
							hint="Separated by commas, e.g. silk, wedding, red"
							autoComplete="off"
							className="sm:col-span-2"
							{...tagsProps}
						/>
					</div>
				</Card>

				{copyOf?.images.length ? (
					<PhotoChoices
						title={`Photos of ${copyOf.code}`}
						intro={`Tick the photos to copy to the new saree; the others stay with ${copyOf.code} only.`}
						name="copyImage"
						photos={copyOf.images.map((image, index) => ({
							value: image.key,
							src: imageUrl(image.key, pickWidth(image.width, 360), 'webp'),
							width: image.width,
							height: image.height,
							label: `Copy photo ${index + 1}`,
							checked: ticked.has(image.key),
						}))}
					/>
				) : null}

				{sharedGone ? (
					<Card title="Photos shared from your phone">
						<p role="status" className="text-sm text-stone-700">
							{sharedGone}
						</p>
					</Card>
				) : null}

				{shared ? (
					<PhotoChoices
						title="Photos shared from your phone"
						intro={[
							...shared.notes,
							'They are saved with this saree when you publish it or save it as a draft; untick any you do not want.',
						].join(' ')}
						name="sharedPhoto"
						photos={shared.photos.map((photo) => ({
							value: String(photo.index),
							src: `${SHARE_TARGET_PATH}?photo=${photo.index}`,
							label: `Use shared photo ${photo.index + 1}`,
							checked: postedShared === null || postedShared.has(String(photo.index)),
						}))}
					/>
				) : null}

				<Card>
					<ProductImagePicker
						key={product?.updatedAt ?? 'new'}
						existing={product?.images ?? []}
						errors={actionData?.result.error?.images ?? undefined}
						initial={initialExisting}
						hadNewImages={actionData?.hadNewFiles}
					/>
				</Card>

				<UploadProgressBar />

				<PublishOrDraftButtons
					publishLabel={editing ? 'Update & Publish' : 'Publish Product'}
					cancelTo={editing ? '/admin/products' : undefined}
				/>
			</EditorForm>
		</AdminPage>
	)
}

export function ErrorBoundary() {
	return (
		<AdminRouteError
			title="Edit Product"
			notFoundText="Product not found"
			failedText="Failed to load product"
			link={{ to: '/admin/products', label: 'Back to products' }}
		/>
	)
}
