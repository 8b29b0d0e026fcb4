import { getFormProps, getInputProps, getSelectProps, getTextareaProps } from '@conform-to/react'
import { data, Link } from 'react-router'

import { adminMeta, AdminPage, AdminRouteError } from '~/components/admin/admin-page'
import { Card } from '~/components/admin/card'
import { EditorForm, PublishOrDraftButtons } from '~/components/admin/editor-form'
import { ProductImagePicker } from '~/components/admin/image-picker'
import { OrdersHolding } from '~/components/admin/order-stock'
import { PhotoChoices } from '~/components/admin/photo-choices'
import { SellerText } from '~/components/admin/seller-text'
import { TranslatedFields } from '~/components/admin/translated-fields'
import { UnsavedChangesGuard } from '~/components/admin/unsaved-changes-guard'
import { submitFilesWithProgress, UploadProgressBar } from '~/components/admin/upload-progress'
import { ViewInShop } from '~/components/admin/view-in-shop'
import { buttonClass } from '~/components/ui/button'
import { Field, ownOptions, SelectField, TextareaField } from '~/components/ui/field'
import { LIMITS, PRODUCT_STATUSES, type ProductStatus } from '~/constants'
import { useAdminI18n } from '~/hooks/use-admin-i18n'
import { useZodForm } from '~/hooks/use-zod-form'
import type { TranslatedLocale } from '~/i18n/locales'
import { messageRef } from '~/i18n/message-ref'
import { adminMessages, serverTranslator } from '~/i18n/messages.server'
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

export const meta: Route.MetaFunction = ({ params, matches }) =>
	adminMeta(matches, messageRef(params.id ? 'adminProductEditor.titleEdit' : 'adminProductEditor.titleAdd'))

const PRODUCTS_PATH = '/admin/products'
const TRANSLATED_NAMES = ['name', 'description'] as const
const TEXT_INPUT = { type: 'text' } as const
const previewUrl = (image: { key: string; width: number }) => imageUrl(image.key, pickWidth(image.width, 360), 'webp')
const sharedPhotoUrl = (index: number) => `${SHARE_TARGET_PATH}?photo=${index}`

const STATUS_KEYS = {
	active: 'admin.statusActive',
	draft: 'admin.statusDraft',
	out_of_stock: 'admin.statusOutOfStock',
} as const satisfies Record<ProductStatus, string>

function productId(params: { id?: string }) {
	return params.id === undefined ? null : recordId(params.id, 'Product not found')
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
	const admin = await requireAdmin({ request, context })
	const messages = adminMessages(admin.locale, 'adminProductEditor', 'adminPhotos')
	const id = productId(params)
	if (id === null) {
		// Duplicate: /admin/products/new?from=<id> starts from that saree's fields (never its code).
		const from = parseRecordId(new URL(request.url).searchParams.get('from') ?? '')
		const source = from === null ? null : await getProductForEdit(from)
		const [hold, categories] = await Promise.all([holdOfRequest(request), listCategoryNames()])
		return {
			...messages,
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
	return { ...messages, product, categories, holds, copyOf: null, shared: null, sharedGone: null }
}

export async function action({ request, context, params }: Route.ActionArgs) {
	const admin = await requireAdmin({ request, context })
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
	const { t } = serverTranslator(admin.locale, 'adminProductEditor')
	const message = t(
		saved.status === 'draft' ? 'adminProductEditor.draft' : id === null ? 'adminProductEditor.published' : 'adminProductEditor.updated',
	)
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
	const { t, rich, msg } = useAdminI18n()
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

	const languageName = (locale: TranslatedLocale) => t(`admin.language_${locale}`)
	const seller = (value: string) => <SellerText>{value}</SellerText>

	return (
		<AdminPage
			title={t(editing ? 'adminProductEditor.titleEdit' : 'adminProductEditor.titleAdd')}
			description={
				editing
					? t('adminProductEditor.introEdit')
					: copyOf
						? rich('adminProductEditor.introCopy', { name: seller(copyOf.name), code: seller(copyOf.code) })
						: t('adminProductEditor.introAdd')
			}
			actions={
				product ? (
					<>
						<ViewInShop href={productShopPath(product)} />
						<Link to={`/admin/products/new?from=${product.id}`} className={buttonClass('secondary')}>
							{t('adminProductEditor.duplicate')}
						</Link>
					</>
				) : undefined
			}
		>
			<UnsavedChangesGuard forms={[form.id]} />
			<EditorForm formProps={getFormProps(form)} errors={form.errors}>
				{copyOf ? <input type="hidden" name="copyFrom" value={copyOf.id} /> : null}
				<Card title={t('adminProductEditor.cardInformation')}>
					<div className="grid gap-4 sm:grid-cols-2">
						<Field key={nameKey} label={t('adminProductEditor.name')} errors={fields.name.errors} autoComplete="off" {...nameProps} />
						<Field
							key={codeKey}
							label={t('adminProductEditor.code')}
							errors={fields.code.errors}
							hint={t('adminProductEditor.codeHint')}
							autoComplete="off"
							autoCapitalize="characters"
							{...codeProps}
						/>
						<TextareaField
							key={descriptionKey}
							label={t('adminProductEditor.description')}
							errors={fields.description.errors}
							rows={5}
							className="sm:col-span-2"
							{...descriptionProps}
						/>
						<div className="sm:col-span-2">
							<TranslatedFields fields={fields} names={TRANSLATED_NAMES}>
								{({ name, description }, locale) => {
									const { key: nameKey, ...nameProps } = getInputProps(name, TEXT_INPUT)
									const { key: descriptionKey, ...descriptionProps } = getTextareaProps(description)
									return (
										<>
											<Field
												key={nameKey}
												label={t('adminProductEditor.nameIn', { language: languageName(locale) })}
												lang={locale}
												errors={name.errors}
												autoComplete="off"
												{...nameProps}
											/>
											<TextareaField
												key={descriptionKey}
												label={t('adminProductEditor.descriptionIn', { language: languageName(locale) })}
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
							label={t('adminProductEditor.originalPrice')}
							errors={fields.originalPrice.errors}
							hint={t('adminProductEditor.originalPriceHint')}
							inputMode="decimal"
							autoComplete="off"
							{...originalProps}
						/>
						<Field
							key={saleKey}
							label={t('adminProductEditor.salePrice')}
							errors={fields.salePrice.errors}
							hint={t('adminProductEditor.salePriceHint')}
							inputMode="decimal"
							autoComplete="off"
							{...saleProps}
						/>
						<Field
							key={stockKey}
							label={t('adminProductEditor.stock')}
							errors={fields.stock.errors}
							inputMode="numeric"
							autoComplete="off"
							{...stockProps}
						/>
					</div>
					{product ? <OrdersHolding holds={holds} stock={product.stock} /> : null}
				</Card>

				<Card title={t('adminProductEditor.cardSettings')}>
					<div className="grid gap-4 sm:grid-cols-2">
						<SelectField
							key={statusKey}
							label={t('adminProductEditor.status')}
							errors={fields.status.errors}
							hint={t('adminProductEditor.statusHint')}
							options={PRODUCT_STATUSES.map((s) => ({ value: s, label: t(STATUS_KEYS[s]) }))}
							{...statusProps}
						/>
						<SelectField
							key={categoryKey}
							label={t('adminProductEditor.category')}
							errors={fields.category.errors}
							// The seller's own category names, shown as she typed them.
							options={[{ value: '', label: t('adminProductEditor.categoryChoose') }, ...ownOptions(categories)]}
							{...categoryProps}
						/>
						<Field
							key={tagsKey}
							label={t('adminProductEditor.tags')}
							errors={fields.tags.errors}
							hint={t('adminProductEditor.tagsHint')}
							autoComplete="off"
							className="sm:col-span-2"
							{...tagsProps}
						/>
					</div>
				</Card>

				{copyOf?.images.length ? (
					<PhotoChoices
						title={rich('adminProductEditor.copyPhotosTitle', { code: seller(copyOf.code) })}
						intro={rich('adminProductEditor.copyPhotosIntro', { code: seller(copyOf.code) })}
						name="copyImage"
						photos={copyOf.images.map((image, index) => ({
							value: image.key,
							src: previewUrl(image),
							width: image.width,
							height: image.height,
							label: t('adminProductEditor.copyPhoto', { number: index + 1 }),
							checked: ticked.has(image.key),
						}))}
					/>
				) : null}

				{sharedGone ? (
					<Card title={t('adminPhotos.sharedTitle')}>
						<p role="status" className="text-sm text-stone-700">
							{msg(sharedGone)}
						</p>
					</Card>
				) : null}

				{shared ? (
					<PhotoChoices
						title={t('adminPhotos.sharedTitle')}
						intro={[...shared.notes.map(msg), t('adminPhotos.sharedIntro')].join(' ')}
						name="sharedPhoto"
						photos={shared.photos.map((photo) => ({
							value: String(photo.index),
							src: sharedPhotoUrl(photo.index),
							label: t('adminPhotos.useShared', { number: photo.index + 1 }),
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
					publishLabel={t(editing ? 'adminProductEditor.publishEdit' : 'adminProductEditor.publishAdd')}
					cancelTo={editing ? PRODUCTS_PATH : undefined}
				/>
			</EditorForm>
		</AdminPage>
	)
}

export function ErrorBoundary() {
	return (
		<AdminRouteError
			title="admin.navProducts"
			notFoundText="admin.productNotFound"
			failedText="admin.productLoadFailed"
			link={{ to: PRODUCTS_PATH, label: 'admin.backToProducts' }}
		/>
	)
}
