import { getFormProps, getInputProps, getSelectProps, getTextareaProps } from '@conform-to/react'
import { data } from 'react-router'

import { adminMeta, AdminPage, AdminRouteError } from '~/components/admin/admin-page'
import { Card } from '~/components/admin/card'
import { EditorForm, PublishOrDraftButtons } from '~/components/admin/editor-form'
import { MarkdownEditor } from '~/components/admin/markdown-editor'
import { SellerText } from '~/components/admin/seller-text'
import { SingleImagePicker } from '~/components/admin/single-image-picker'
import { TranslatedFields } from '~/components/admin/translated-fields'
import { UnsavedChangesGuard } from '~/components/admin/unsaved-changes-guard'
import { submitFilesWithProgress, UploadProgressBar } from '~/components/admin/upload-progress'
import { ViewInShop } from '~/components/admin/view-in-shop'
import { Field, SelectField, TextareaField } from '~/components/ui/field'
import { LIMITS } from '~/constants'
import { useI18n } from '~/hooks/use-i18n'
import { useZodForm } from '~/hooks/use-zod-form'
import type { TranslatedLocale } from '~/i18n/locales'
import { messageRef } from '~/i18n/message-ref'
import { adminMessages, serverTranslator } from '~/i18n/messages.server'
import { type AdminCoverChange, createBlog, getBlogForEdit, updateBlog } from '~/models/blogs.server'
import { getShopSettings } from '~/models/site.server'
import { BLOG_MESSAGES, blogFormSchema, defaultExcerpt, resolveBlogStatus } from '~/schemas/blog'
import { IMAGE_MESSAGES, megabytes } from '~/schemas/image-upload'
import { parseTags } from '~/schemas/product'
import { parseEditorForm, recordId, saveRecord } from '~/services/admin-records.server'
import { requireAdmin } from '~/services/session.server'
import { storeUploadedImages } from '~/services/uploads.server'
import { redirectWithFlash } from '~/utils/flash.server'
import { blogShopPath } from '~/utils/shop-paths'

import type { Route } from './+types/blog-editor'

const BLOGS_PATH = '/admin/blogs'
const TRANSLATED_NAMES = ['title', 'content', 'excerpt'] as const
const TEXT_INPUT = { type: 'text' } as const
const STATUS_CHOICES = [
	['published', 'adminBlogs.statusPublished'],
	['draft', 'admin.statusDraft'],
] as const
const blogPath = (slug: string) => `/blog/${slug}`

// One module for /admin/blogs/new and /admin/blogs/:id/edit (two route ids, one form).

export const meta: Route.MetaFunction = ({ params, matches }) =>
	adminMeta(matches, messageRef(params.id ? 'adminBlogs.titleEdit' : 'adminBlogs.titleAdd'))

function blogId(params: { id?: string }) {
	return params.id === undefined ? null : recordId(params.id, 'Blog not found')
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
	const admin = await requireAdmin({ request, context })
	const messages = adminMessages(admin.locale, 'adminBlogs', 'adminPhotos')
	const id = blogId(params)
	const { shopName } = await getShopSettings()
	if (id === null) return { ...messages, blog: null, shopName }
	const blog = await getBlogForEdit(id)
	if (!blog) throw data('Blog not found', { status: 404 })
	return { ...messages, blog, shopName }
}

export async function action({ request, context, params }: Route.ActionArgs) {
	const admin = await requireAdmin({ request, context })
	const id = blogId(params)
	const mode = id === null ? 'add' : 'edit'
	const schema = blogFormSchema(mode)

	const { upload, submission, refuse } = await parseEditorForm(
		{ request, context },
		{ fileFields: ['coverImage'], maxFiles: 1, maxFileSize: LIMITS.maxImageBytes, tooManyMessage: IMAGE_MESSAGES.oneCover },
		schema,
	)
	if (!upload.ok) return refuse({ coverImage: [upload.message] })
	if (submission.status !== 'success') return refuse({})
	const value = submission.value

	const stored = await storeUploadedImages(upload.files)
	if (!stored.ok) return refuse({ coverImage: [stored.message] })
	const newCover = stored.images[0] ?? null

	const fields = {
		title: value.title,
		titleTe: value.titleTe ?? '',
		titleHi: value.titleHi ?? '',
		content: value.content,
		contentTe: value.contentTe ?? '',
		contentHi: value.contentHi ?? '',
		excerpt: value.excerpt || defaultExcerpt(value.content),
		// Left empty, a translated post's excerpt is made from its translated text when shown (blogExcerpt).
		excerptTe: value.excerptTe ?? '',
		excerptHi: value.excerptHi ?? '',
		authorName: value.authorName || (await getShopSettings()).shopName,
		status: resolveBlogStatus(value.intent, value.status),
		tags: parseTags(value.tags),
	}
	const cover: AdminCoverChange = newCover
		? { kind: 'replace', image: newCover }
		: value.removeCover === 'on'
			? { kind: 'remove' }
			: { kind: 'keep' }

	const saved = await saveRecord({
		kind: 'blog',
		id,
		create: async () => (await createBlog(fields, newCover)).id,
		update: (id) => updateBlog(id, fields, cover),
		newMediaKeys: newCover ? [newCover.key] : [],
		notFoundText: 'Blog not found',
	})
	if (!saved.ok) {
		console.error('Saving a blog failed:', saved.error)
		return refuse({}, 500, [mode === 'add' ? BLOG_MESSAGES.saveFailed : BLOG_MESSAGES.updateFailed])
	}
	const { t } = serverTranslator(admin.locale, 'adminBlogs')
	const message = t(fields.status === 'draft' ? 'adminBlogs.draft' : mode === 'add' ? 'adminBlogs.published' : 'adminBlogs.updated')
	return redirectWithFlash(request, '/admin/blogs', { type: 'success', message })
}

export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
	return submitFilesWithProgress(request, serverAction)
}

export default function BlogEditor({ loaderData, actionData }: Route.ComponentProps) {
	const { blog, shopName } = loaderData
	const { t, rich } = useI18n()
	const languageName = (locale: TranslatedLocale) => t(`admin.language_${locale}`)
	const editing = blog !== null
	const schema = blogFormSchema(editing ? 'edit' : 'add')

	const [form, fields] = useZodForm(schema, {
		id: 'blog-form',
		lastResult: actionData?.result,
		defaultValue: blog
			? {
					title: blog.title,
					titleTe: blog.titleTe,
					titleHi: blog.titleHi,
					content: blog.content,
					contentTe: blog.contentTe,
					contentHi: blog.contentHi,
					excerpt: blog.excerpt,
					excerptTe: blog.excerptTe,
					excerptHi: blog.excerptHi,
					authorName: blog.authorName,
					status: blog.status,
					tags: blog.tags.join(', '),
				}
			: { status: 'published' },
	})
	const removeCover = (actionData?.result.initialValue as { removeCover?: string } | undefined)?.removeCover === 'on'

	const { key: titleKey, ...titleProps } = getInputProps(fields.title, { type: 'text' })
	const { key: contentKey, ...contentProps } = getTextareaProps(fields.content)
	const { key: excerptKey, ...excerptProps } = getTextareaProps(fields.excerpt)
	const { key: authorKey, ...authorProps } = getInputProps(fields.authorName, { type: 'text' })
	const { key: statusKey, ...statusProps } = getSelectProps(fields.status)
	const { key: tagsKey, ...tagsProps } = getInputProps(fields.tags, { type: 'text' })

	return (
		<AdminPage
			title={t(editing ? 'adminBlogs.titleEdit' : 'adminBlogs.titleAdd')}
			description={
				editing
					? rich('adminBlogs.introEdit', {
							path: <span className="font-mono break-all">{blogPath(blog.slug)}</span>,
						})
					: t('adminBlogs.introAdd')
			}
			actions={blog ? <ViewInShop href={blogShopPath(blog)} /> : undefined}
		>
			<UnsavedChangesGuard forms={[form.id]} />
			<EditorForm formProps={getFormProps(form)} errors={form.errors}>
				<Card>
					<div className="space-y-4">
						<Field key={titleKey} label={t('adminBlogs.fieldTitle')} errors={fields.title.errors} autoComplete="off" {...titleProps} />
						<MarkdownEditor key={contentKey} label={t('adminBlogs.content')} errors={fields.content.errors} rows={14} {...contentProps} />
						<TextareaField
							key={excerptKey}
							label={t('adminBlogs.excerpt')}
							errors={fields.excerpt.errors}
							hint={t('adminBlogs.excerptHint', { count: LIMITS.blogExcerptLength })}
							rows={3}
							{...excerptProps}
						/>
						<TranslatedFields fields={fields} names={TRANSLATED_NAMES}>
							{({ title, content, excerpt }, locale) => {
								const { key: titleKey, ...titleProps } = getInputProps(title, TEXT_INPUT)
								const { key: contentKey, ...contentProps } = getTextareaProps(content)
								const { key: excerptKey, ...excerptProps } = getTextareaProps(excerpt)
								return (
									<>
										<Field
											key={titleKey}
											label={t('adminBlogs.titleIn', { language: languageName(locale) })}
											lang={locale}
											errors={title.errors}
											autoComplete="off"
											{...titleProps}
										/>
										<MarkdownEditor
											key={contentKey}
											label={t('adminBlogs.contentIn', { language: languageName(locale) })}
											lang={locale}
											errors={content.errors}
											rows={10}
											{...contentProps}
										/>
										<TextareaField
											key={excerptKey}
											label={t('adminBlogs.excerptIn', { language: languageName(locale) })}
											lang={locale}
											errors={excerpt.errors}
											hint={t('adminBlogs.excerptInHint', { count: LIMITS.blogExcerptLength, language: languageName(locale) })}
											rows={3}
											{...excerptProps}
										/>
									</>
								)
							}}
						</TranslatedFields>
					</div>
				</Card>
				<Card>
					<div className="grid gap-4 sm:grid-cols-2">
						<Field
							key={authorKey}
							label={t('adminBlogs.author')}
							errors={fields.authorName.errors}
							hint={rich('adminBlogs.authorHint', { shop: <SellerText>{shopName}</SellerText> })}
							autoComplete="off"
							{...authorProps}
						/>
						<SelectField
							key={statusKey}
							label={t('adminBlogs.status')}
							errors={fields.status.errors}
							hint={t('adminBlogs.statusHint')}
							options={STATUS_CHOICES.map(([value, key]) => ({ value, label: t(key) }))}
							{...statusProps}
						/>
						<Field
							key={tagsKey}
							label={t('adminBlogs.tags')}
							errors={fields.tags.errors}
							hint={t('adminBlogs.tagsHint')}
							autoComplete="off"
							className="sm:col-span-2"
							{...tagsProps}
						/>
					</div>
				</Card>
				<Card>
					<SingleImagePicker
						key={blog?.updatedAt ?? 'new'}
						name="coverImage"
						removeName="removeCover"
						label={t('adminBlogs.coverImage')}
						hint={t('adminBlogs.coverHint', { size: megabytes(LIMITS.maxImageBytes) })}
						tooManyMessage={IMAGE_MESSAGES.oneCover}
						current={blog?.cover ?? null}
						// The remove box's own errors too (only a hand-made post gets one): nothing is refused without a message.
						errors={[...(actionData?.result.error?.coverImage ?? []), ...(actionData?.result.error?.removeCover ?? [])]}
						removeChecked={removeCover}
						hadNewImage={actionData?.hadNewFiles}
					/>
				</Card>

				<UploadProgressBar label={t('adminBlogs.uploadingCover')} />

				<PublishOrDraftButtons
					publishLabel={t(editing ? 'adminBlogs.publishEdit' : 'adminBlogs.publishAdd')}
					draftFirst={editing}
					cancelTo={editing ? BLOGS_PATH : undefined}
				/>
			</EditorForm>
		</AdminPage>
	)
}

export function ErrorBoundary() {
	return (
		<AdminRouteError
			title="admin.navBlogs"
			notFoundText="admin.blogNotFound"
			failedText="admin.blogLoadFailed"
			link={{ to: BLOGS_PATH, label: 'admin.backToBlogs' }}
		/>
	)
}
