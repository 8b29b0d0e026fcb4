import { getFormProps, getInputProps, getSelectProps, getTextareaProps } from '@conform-to/react'
import { data } from 'react-router'

import { adminMeta, AdminPage, AdminRouteError } from '~/components/admin/admin-page'
import { Card } from '~/components/admin/card'
import { EditorForm, PublishOrDraftButtons } from '~/components/admin/editor-form'
import { MarkdownEditor } from '~/components/admin/markdown-editor'
import { SingleImagePicker } from '~/components/admin/single-image-picker'
import { TranslatedFields } from '~/components/admin/translated-fields'
import { UnsavedChangesGuard } from '~/components/admin/unsaved-changes-guard'
import { submitFilesWithProgress, UploadProgressBar } from '~/components/admin/upload-progress'
import { ViewInShop } from '~/components/admin/view-in-shop'
import { Field, SelectField, TextareaField } from '~/components/ui/field'
import { LIMITS } from '~/constants'
import { useZodForm } from '~/hooks/use-zod-form'
import { type AdminCoverChange, createBlog, getBlogForEdit, updateBlog } from '~/models/blogs.server'
import { getShopSettings } from '~/models/site.server'
import { BLOG_MESSAGES, blogFormSchema, defaultExcerpt, resolveBlogStatus } from '~/schemas/blog'
import { IMAGE_MESSAGES } from '~/schemas/image-upload'
import { parseTags } from '~/schemas/product'
import { parseEditorForm, recordId, saveRecord } from '~/services/admin-records.server'
import { requireAdmin } from '~/services/session.server'
import { storeUploadedImages } from '~/services/uploads.server'
import { redirectWithFlash } from '~/utils/flash.server'
import { blogShopPath } from '~/utils/shop-paths'

import type { Route } from './+types/blog-editor'

// One module for /admin/blogs/new and /admin/blogs/:id/edit (two route ids, one form).

export const meta: Route.MetaFunction = ({ params, matches }) => adminMeta(matches, params.id ? 'Edit Blog' : 'Add Blog')

function blogId(params: { id?: string }) {
	return params.id === undefined ? null : recordId(params.id, 'Blog not found')
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
	await requireAdmin({ request, context })
	const id = blogId(params)
	const { shopName } = await getShopSettings()
	if (id === null) return { blog: null, shopName }
	const blog = await getBlogForEdit(id)
	if (!blog) throw data('Blog not found', { status: 404 })
	return { blog, shopName }
}

export async function action({ request, context, params }: Route.ActionArgs) {
	await requireAdmin({ request, context })
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
	const message = fields.status === 'draft' ? BLOG_MESSAGES.draft : mode === 'add' ? BLOG_MESSAGES.published : BLOG_MESSAGES.updated
	return redirectWithFlash(request, '/admin/blogs', { type: 'success', message })
}

export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
	return submitFilesWithProgress(request, serverAction)
}

export default function BlogEditor({ loaderData, actionData }: Route.ComponentProps) {
	const { blog, shopName } = loaderData
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
			title={editing ? 'Edit Blog' : 'Add Blog'}
			description={
				editing ? (
					<>
						Its address stays <span className="font-mono break-all">/blog/{blog.slug}</span> even if you change the title.
					</>
				) : (
					'A new post for the blog. Its address is made from the title.'
				)
			}
			actions={blog ? <ViewInShop href={blogShopPath(blog)} /> : undefined}
		>
			<UnsavedChangesGuard forms={[form.id]} />
			<EditorForm formProps={getFormProps(form)} errors={form.errors}>
				<Card>
					<div className="space-y-4">
						<Field key={titleKey} label="Title" errors={fields.title.errors} autoComplete="off" {...titleProps} />
						<MarkdownEditor key={contentKey} label="Content" errors={fields.content.errors} rows={14} {...contentProps} />
						<TextareaField
							key={excerptKey}
							label="Excerpt"
							errors={fields.excerpt.errors}
							hint={`Optional. Left empty, the first ${LIMITS.blogExcerptLength} characters of the post are used.`}
							rows={3}
							{...excerptProps}
						/>
						<TranslatedFields fields={fields} names={['title', 'content', 'excerpt']}>
							{({ title, content, excerpt }, locale, language) => {
								const { key: titleKey, ...titleProps } = getInputProps(title, { type: 'text' })
								const { key: contentKey, ...contentProps } = getTextareaProps(content)
								const { key: excerptKey, ...excerptProps } = getTextareaProps(excerpt)
								return (
									<>
										<Field
											key={titleKey}
											label={`Title in ${language}`}
											lang={locale}
											errors={title.errors}
											autoComplete="off"
											{...titleProps}
										/>
										<MarkdownEditor
											key={contentKey}
											label={`Content in ${language}`}
											lang={locale}
											errors={content.errors}
											rows={10}
											{...contentProps}
										/>
										<TextareaField
											key={excerptKey}
											label={`Excerpt in ${language}`}
											lang={locale}
											errors={excerpt.errors}
											hint={`Optional. Left empty, the first ${LIMITS.blogExcerptLength} characters of the post in ${language} are used.`}
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
							label="Author Name"
							errors={fields.authorName.errors}
							hint={`Left empty: ${shopName}`}
							autoComplete="off"
							{...authorProps}
						/>
						<SelectField
							key={statusKey}
							label="Status"
							errors={fields.status.errors}
							hint="The buttons below decide: publish or keep as a draft."
							options={[
								{ value: 'published', label: 'Published' },
								{ value: 'draft', label: 'Draft' },
							]}
							{...statusProps}
						/>
						<Field
							key={tagsKey}
							label="Tags"
							errors={fields.tags.errors}
							hint="Separated by commas, e.g. weaving, care"
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
						label="Cover Image"
						noun="cover"
						hint="Recommended 1200×600 pixels. JPEG, PNG, WebP or GIF, up to 10MB."
						tooManyMessage={IMAGE_MESSAGES.oneCover}
						current={blog?.cover ?? null}
						// The remove box's own errors too (only a hand-made post gets one): nothing is refused without a message.
						errors={[...(actionData?.result.error?.coverImage ?? []), ...(actionData?.result.error?.removeCover ?? [])]}
						removeChecked={removeCover}
						hadNewImage={actionData?.hadNewFiles}
					/>
				</Card>

				<UploadProgressBar label="Uploading cover image" />

				<PublishOrDraftButtons
					publishLabel={editing ? 'Update & Publish' : 'Publish Blog'}
					draftFirst={editing}
					cancelTo={editing ? '/admin/blogs' : undefined}
				/>
			</EditorForm>
		</AdminPage>
	)
}

export function ErrorBoundary() {
	return (
		<AdminRouteError
			title="Edit Blog"
			notFoundText="Blog not found"
			failedText="Failed to load blog"
			link={{ to: '/admin/blogs', label: 'Back to blogs' }}
		/>
	)
}
