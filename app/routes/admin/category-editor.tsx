import { getFormProps, getInputProps, getTextareaProps } from '@conform-to/react'
import { data, Link } from 'react-router'

import { adminMeta, AdminPage, AdminRouteError } from '~/components/admin/admin-page'
import { Card } from '~/components/admin/card'
import { EditorForm } from '~/components/admin/editor-form'
import { SingleImagePicker } from '~/components/admin/single-image-picker'
import { TranslatedFields } from '~/components/admin/translated-fields'
import { submitFilesWithProgress, UploadProgressBar } from '~/components/admin/upload-progress'
import { Button, buttonClass } from '~/components/ui/button'
import { Field, TextareaField } from '~/components/ui/field'
import { LIMITS } from '~/constants'
import { useIsPending } from '~/hooks/use-pending'
import { useZodForm } from '~/hooks/use-zod-form'
import {
	CategoryNameTakenError,
	type CategoryPictureChange,
	createCategory,
	getCategoryForEdit,
	updateCategory,
} from '~/models/categories.server'
import { CATEGORY_MESSAGES, categoryFormSchema, SAREE_PRODUCT_CATEGORY } from '~/schemas/category'
import { IMAGE_MESSAGES } from '~/schemas/image-upload'
import { parseEditorForm, recordId, saveRecord } from '~/services/admin-records.server'
import { requireAdmin } from '~/services/session.server'
import { storeUploadedImages } from '~/services/uploads.server'
import { redirectWithFlash } from '~/utils/flash.server'

import type { Route } from './+types/category-editor'

// One module for /admin/settings/categories/new and …/:id/edit (two route ids, one form). A rename
// keeps every saree in the category and its old address redirects (models/categories.server.ts).

const LIST_PATH = '/admin/settings/categories'

export const meta: Route.MetaFunction = ({ params, matches }) => adminMeta(matches, params.id ? 'Edit Category' : 'Add Category')

function categoryId(params: { id?: string }) {
	return params.id === undefined ? null : recordId(params.id, 'Category not found')
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
	await requireAdmin({ request, context })
	const id = categoryId(params)
	if (id === null) return { category: null }
	const category = await getCategoryForEdit(id)
	if (!category) throw data('Category not found', { status: 404 })
	return { category }
}

export async function action({ request, context, params }: Route.ActionArgs) {
	await requireAdmin({ request, context })
	const id = categoryId(params)
	const { upload, submission, refuse } = await parseEditorForm(
		{ request, context },
		{ fileFields: ['picture'], maxFiles: 1, maxFileSize: LIMITS.maxImageBytes, tooManyMessage: IMAGE_MESSAGES.onePicture },
		categoryFormSchema,
	)
	if (!upload.ok) return refuse({ picture: [upload.message] })
	if (submission.status !== 'success') return refuse({})
	const value = submission.value

	const stored = await storeUploadedImages(upload.files)
	if (!stored.ok) return refuse({ picture: [stored.message] })
	const newPicture = stored.images[0] ?? null

	const fields = {
		name: value.name,
		nameTe: value.nameTe ?? '',
		nameHi: value.nameHi ?? '',
		description: value.description ?? '',
		descriptionTe: value.descriptionTe ?? '',
		descriptionHi: value.descriptionHi ?? '',
		googleProductCategory: value.googleProductCategory,
		hsn: value.hsn,
	}
	const picture: CategoryPictureChange = newPicture
		? { kind: 'replace', image: newPicture }
		: value.removePicture === 'on'
			? { kind: 'remove' }
			: { kind: 'keep' }

	const saved = await saveRecord({
		kind: 'category',
		id,
		create: () => createCategory(fields, newPicture),
		update: (id) => updateCategory(id, fields, picture),
		newMediaKeys: newPicture ? [newPicture.key] : [],
		notFoundText: 'Category not found',
	})
	if (!saved.ok) {
		if (saved.error instanceof CategoryNameTakenError) return refuse({ name: [CATEGORY_MESSAGES.nameTaken] })
		console.error('Saving a category failed:', saved.error)
		return refuse({}, 500, [CATEGORY_MESSAGES.saveFailed])
	}
	return redirectWithFlash(request, LIST_PATH, {
		type: 'success',
		message: id === null ? CATEGORY_MESSAGES.added : CATEGORY_MESSAGES.updated,
	})
}

export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
	return submitFilesWithProgress(request, serverAction)
}

export default function CategoryEditor({ loaderData, actionData }: Route.ComponentProps) {
	const { category } = loaderData
	const editing = category !== null
	const saving = useIsPending({ state: 'submitting' })

	const [form, fields] = useZodForm(categoryFormSchema, {
		id: 'category-form',
		lastResult: actionData?.result,
		defaultValue: category
			? {
					name: category.name,
					nameTe: category.nameTe,
					nameHi: category.nameHi,
					description: category.description,
					descriptionTe: category.descriptionTe,
					descriptionHi: category.descriptionHi,
					googleProductCategory: category.googleProductCategory,
					hsn: category.hsn,
				}
			: { googleProductCategory: SAREE_PRODUCT_CATEGORY, hsn: '5007' },
	})
	const removePicture = (actionData?.result.initialValue as { removePicture?: string } | undefined)?.removePicture === 'on'

	const { key: nameKey, ...nameProps } = getInputProps(fields.name, { type: 'text' })
	const { key: descriptionKey, ...descriptionProps } = getTextareaProps(fields.description)
	const { key: googleKey, ...googleProps } = getInputProps(fields.googleProductCategory, { type: 'text' })
	const { key: hsnKey, ...hsnProps } = getInputProps(fields.hsn, { type: 'text' })

	return (
		<AdminPage
			title={editing ? 'Edit Category' : 'Add Category'}
			back={{ to: LIST_PATH, label: 'Categories' }}
			description={
				editing
					? 'A new name follows into every saree of this category, and its old address on the shop leads to the new one.'
					: 'A new kind of saree for the shop. It is added at the end of the list; move it up there.'
			}
		>
			<EditorForm formProps={getFormProps(form)} errors={form.errors}>
				<Card>
					<div className="space-y-4">
						<Field
							key={nameKey}
							label="Name"
							errors={fields.name.errors}
							hint="In English: the shop's address for the category is made from it."
							autoComplete="off"
							{...nameProps}
						/>
						<TextareaField
							key={descriptionKey}
							label="Description"
							errors={fields.description.errors}
							hint="Optional. A line under the category on the home page."
							rows={2}
							{...descriptionProps}
						/>
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
											rows={2}
											{...descriptionProps}
										/>
									</>
								)
							}}
						</TranslatedFields>
					</div>
				</Card>
				<Card>
					<SingleImagePicker
						key={category ? JSON.stringify(category.picture) : 'new'}
						name="picture"
						removeName="removePicture"
						label="Picture"
						noun="picture"
						hint="Optional: shown on the home page (portrait, 4:5). Without one, the newest saree's photo is shown. JPEG, PNG, WebP or GIF, up to 10MB."
						tooManyMessage={IMAGE_MESSAGES.onePicture}
						current={category?.picture ?? null}
						errors={[...(actionData?.result.error?.picture ?? []), ...(actionData?.result.error?.removePicture ?? [])]}
						removeChecked={removePicture}
						hadNewImage={actionData?.hadNewFiles}
					/>
				</Card>
				<Card>
					<div className="space-y-4">
						<Field
							key={googleKey}
							label="Google product category"
							errors={fields.googleProductCategory.errors}
							hint="Sent with each saree in the Google and Meta catalogue feeds."
							autoComplete="off"
							{...googleProps}
						/>
						<Field
							key={hsnKey}
							label="HSN code"
							errors={fields.hsn.errors}
							hint="Printed on each line of a tax invoice. 5007 is woven silk fabric, which a silk saree is; give 6 or 8 digits if your accountant asks for them."
							inputMode="numeric"
							autoComplete="off"
							{...hsnProps}
						/>
					</div>
				</Card>

				<UploadProgressBar label="Uploading picture" />

				<div className="flex flex-col gap-2 sm:flex-row">
					<Button type="submit" disabled={saving}>
						{saving ? 'Saving…' : editing ? 'Save Category' : 'Add Category'}
					</Button>
					<Link to={LIST_PATH} className={buttonClass('ghost')}>
						Cancel
					</Link>
				</div>
			</EditorForm>
		</AdminPage>
	)
}

export function ErrorBoundary() {
	return (
		<AdminRouteError
			title="Edit Category"
			notFoundText="Category not found"
			failedText="Failed to load the category. Please try again."
			link={{ to: LIST_PATH, label: 'Back to categories' }}
		/>
	)
}
