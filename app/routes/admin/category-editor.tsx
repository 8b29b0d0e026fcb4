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
import { useAdminI18n } from '~/hooks/use-admin-i18n'
import { useIsPending } from '~/hooks/use-pending'
import { useZodForm } from '~/hooks/use-zod-form'
import { messageRef } from '~/i18n/message-ref'
import { adminMessages } from '~/i18n/messages.server'
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
const NOT_FOUND = messageRef('adminCategories.notFound')
/** The fields a category has in Telugu and Hindi. */
const TRANSLATED = ['name', 'description'] as const
const TEXT_INPUT = { type: 'text' } as const

export const meta: Route.MetaFunction = ({ params, matches }) =>
	adminMeta(matches, messageRef(params.id ? 'adminCategories.editTitle' : 'adminCategories.add'))

function categoryId(params: { id?: string }) {
	return params.id === undefined ? null : recordId(params.id, NOT_FOUND)
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
	const admin = await requireAdmin({ request, context })
	const messages = adminMessages(admin.locale, 'adminCategories')
	const id = categoryId(params)
	if (id === null) return { ...messages, category: null }
	const category = await getCategoryForEdit(id)
	if (!category) throw data(NOT_FOUND, { status: 404 })
	return { ...messages, category }
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
		notFoundText: NOT_FOUND,
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
	const { t, msg } = useAdminI18n()
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
			title={t(editing ? 'adminCategories.editTitle' : 'adminCategories.add')}
			back={{ to: LIST_PATH, label: t('adminCategories.title') }}
			description={t(editing ? 'adminCategories.editDescription' : 'adminCategories.addDescription')}
		>
			<EditorForm formProps={getFormProps(form)} errors={form.errors}>
				<Card>
					<div className="space-y-4">
						<Field
							key={nameKey}
							label={t('adminCategories.name')}
							errors={fields.name.errors}
							hint={t('adminCategories.nameHint')}
							autoComplete="off"
							{...nameProps}
						/>
						<TextareaField
							key={descriptionKey}
							label={t('adminCategories.description')}
							errors={fields.description.errors}
							hint={t('adminCategories.descriptionHint')}
							rows={2}
							{...descriptionProps}
						/>
						<TranslatedFields fields={fields} names={TRANSLATED}>
							{({ name, description }, locale) => {
								const { key: nameKey, ...nameProps } = getInputProps(name, TEXT_INPUT)
								const { key: descriptionKey, ...descriptionProps } = getTextareaProps(description)
								return (
									<>
										<Field
											key={nameKey}
											label={msg(messageRef('adminCategories.nameIn', { language: locale }))}
											lang={locale}
											errors={name.errors}
											autoComplete="off"
											{...nameProps}
										/>
										<TextareaField
											key={descriptionKey}
											label={msg(messageRef('adminCategories.descriptionIn', { language: locale }))}
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
						label={t('adminCategories.picture')}
						hint={t('adminCategories.pictureHint')}
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
							label={t('adminCategories.googleCategory')}
							errors={fields.googleProductCategory.errors}
							hint={t('adminCategories.googleCategoryHint')}
							autoComplete="off"
							{...googleProps}
						/>
						<Field
							key={hsnKey}
							label={t('adminCategories.hsn')}
							errors={fields.hsn.errors}
							hint={t('adminCategories.hsnHint')}
							inputMode="numeric"
							autoComplete="off"
							{...hsnProps}
						/>
					</div>
				</Card>

				<UploadProgressBar label={t('adminCategories.uploadingPicture')} />

				<div className="flex flex-col gap-2 sm:flex-row">
					<Button type="submit" disabled={saving}>
						{t(saving ? 'adminCategories.saving' : editing ? 'adminCategories.save' : 'adminCategories.add')}
					</Button>
					<Link to={LIST_PATH} className={buttonClass('ghost')}>
						{t('adminCategories.cancel')}
					</Link>
				</div>
			</EditorForm>
		</AdminPage>
	)
}

export function ErrorBoundary() {
	return (
		<AdminRouteError
			title="admin.navCategories"
			notFoundText="admin.categoryNotFound"
			failedText="admin.loadFailed"
			link={{ to: LIST_PATH, label: 'admin.backToCategories' }}
		/>
	)
}
