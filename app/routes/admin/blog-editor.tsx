import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { data, Form, isRouteErrorResponse, Link, useNavigation } from 'react-router'
import type { Route } from './+types/blog-editor'
import { CoverImagePicker } from '~/components/admin/cover-image-picker'
import { MarkdownEditor } from '~/components/admin/markdown-editor'
import { DefaultSubmit } from '~/components/admin/default-submit'
import { Card, PageHeader } from '~/components/admin/page-header'
import { AdminRouteError } from '~/components/admin/route-error'
import { hasFiles, submitWithProgress, UploadProgressBar } from '~/components/admin/upload-progress'
import { Button, buttonClass } from '~/components/ui/button'
import { ErrorList, Field, SelectField, TextareaField } from '~/components/ui/field'
import { LIMITS } from '~/constants'
import { createBlog, getBlogForEdit, updateBlog, type AdminCoverChange } from '~/models/blogs.server'
import { getShopSettings } from '~/models/site.server'
import { blogFormSchema, blogMessages, defaultExcerpt, resolveBlogStatus } from '~/schemas/blog'
import { imageMessages } from '~/schemas/image-upload'
import { parseTags } from '~/schemas/product'
import { notifyChange } from '~/utils/events.server'
import { redirectWithFlash } from '~/utils/flash.server'
import { requireAdmin } from '~/utils/session.server'
import { deleteMedia } from '~/utils/storage.server'
import { parseUploadForm, storeUploadedImages } from '~/utils/uploads.server'

// One module for /admin/add-blog and /admin/blogs/edit/:id (two route ids, one form).

export const meta: Route.MetaFunction = ({ params }) => [{ title: `${params.id ? 'Edit Blog' : 'Add Blog'} | Admin` }]

function blogId(params: { id?: string }) {
	if (params.id === undefined) return null
	const id = Number(params.id)
	if (!Number.isSafeInteger(id) || id <= 0) throw data('Blog not found', { status: 404 })
	return id
}

export async function loader({ request, params }: Route.LoaderArgs) {
	await requireAdmin(request)
	const id = blogId(params)
	const { shopName } = await getShopSettings()
	if (id === null) return { blog: null, shopName }
	const blog = await getBlogForEdit(id)
	if (!blog) throw data('Blog not found', { status: 404 })
	return { blog, shopName }
}

type ActionResult = { result: SubmissionResult<string[]>; hadNewImage: boolean }

export async function action({ request, params }: Route.ActionArgs) {
	await requireAdmin(request)
	const id = blogId(params)
	const mode = id === null ? 'add' : 'edit'
	const schema = blogFormSchema(mode)

	const upload = await parseUploadForm(request, {
		fileFields: ['coverImage'],
		maxFiles: 1,
		maxFileSize: LIMITS.maxImageBytes,
		tooManyMessage: imageMessages.oneCover,
	})
	const submission = parseWithZod(upload.formData, { schema })
	const refuse = (fieldErrors: Record<string, string[]>, status = 400, formErrors?: string[]) =>
		data<ActionResult>(
			{ result: submission.reply({ fieldErrors, formErrors }), hadNewImage: !upload.ok || upload.files.length > 0 },
			{ status },
		)
	if (!upload.ok) return refuse({ coverImage: [upload.message] })
	if (submission.status !== 'success') return refuse({})
	const value = submission.value

	const stored = await storeUploadedImages(upload.files)
	if (!stored.ok) return refuse({ coverImage: [stored.message] })
	const newCover = stored.images[0] ?? null

	const fields = {
		title: value.title,
		content: value.content,
		excerpt: value.excerpt || defaultExcerpt(value.content),
		authorName: value.authorName || (await getShopSettings()).shopName,
		status: resolveBlogStatus(value.intent, value.status),
		tags: parseTags(value.tags),
	}
	const cover: AdminCoverChange = newCover
		? { kind: 'replace', image: newCover }
		: value.removeCover === 'on'
			? { kind: 'remove' }
			: { kind: 'keep' }

	let savedId: number
	let unusedCover: string | undefined
	try {
		if (id === null) {
			savedId = (await createBlog(fields, newCover)).id
		} else {
			const replaced = await updateBlog(id, fields, cover)
			if (replaced === null) throw data('Blog not found', { status: 404 })
			savedId = id
			unusedCover = replaced
		}
	} catch (error) {
		await deleteMedia(newCover ? [newCover.key] : [])
		if (error instanceof Response || isRouteErrorResponse(error)) throw error
		console.error('Saving a blog failed:', error)
		return refuse({}, 500, [mode === 'add' ? blogMessages.saveFailed : blogMessages.updateFailed])
	}
	await deleteMedia([unusedCover])
	notifyChange('blog', mode === 'add' ? 'created' : 'updated', savedId)
	const message =
		fields.status === 'draft' ? blogMessages.draft : mode === 'add' ? blogMessages.published : blogMessages.updated
	return redirectWithFlash(request, '/admin/blogs', { type: 'success', message })
}

export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
	const formData = await request.clone().formData()
	if (!hasFiles(formData)) return serverAction()
	return submitWithProgress<ActionResult>(request, formData)
}

export default function BlogEditor({ loaderData, actionData }: Route.ComponentProps) {
	const { blog, shopName } = loaderData
	const editing = blog !== null
	const schema = blogFormSchema(editing ? 'edit' : 'add')
	const returned = actionData as ActionResult | undefined
	const navigation = useNavigation()
	const submitting = navigation.state === 'submitting' && navigation.formMethod?.toUpperCase() === 'POST'
	const submittedIntent = submitting ? navigation.formData?.get('intent') : null

	const [form, fields] = useForm({
		id: 'blog-form',
		lastResult: returned?.result,
		constraint: getZodConstraint(schema),
		defaultValue: blog
			? {
					title: blog.title,
					content: blog.content,
					excerpt: blog.excerpt,
					authorName: blog.author_name,
					status: blog.status,
					tags: blog.tags.join(', '),
				}
			: { status: 'published' },
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
		onValidate: ({ formData }) => parseWithZod(formData, { schema }),
	})
	const removeCover = (returned?.result.initialValue as { removeCover?: string } | undefined)?.removeCover === 'on'

	const { key: titleKey, ...titleProps } = getInputProps(fields.title, { type: 'text' })
	const { key: contentKey, ...contentProps } = getTextareaProps(fields.content)
	const { key: excerptKey, ...excerptProps } = getTextareaProps(fields.excerpt)
	const { key: authorKey, ...authorProps } = getInputProps(fields.authorName, { type: 'text' })
	const { key: statusKey, ...statusProps } = getSelectProps(fields.status)
	const { key: tagsKey, ...tagsProps } = getInputProps(fields.tags, { type: 'text' })

	const publishButton = (
		<Button type="submit" name="intent" value="publish" disabled={submitting}>
			{submittedIntent === 'publish' ? 'Saving…' : editing ? 'Update & Publish' : 'Publish Blog'}
		</Button>
	)
	const draftButton = (
		<Button type="submit" name="intent" value="draft" variant="secondary" disabled={submitting}>
			{submittedIntent === 'draft' ? 'Saving…' : 'Save as Draft'}
		</Button>
	)

	return (
		<div className="mx-auto max-w-4xl">
			<PageHeader
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
			/>
			<Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-5">
				<DefaultSubmit />
				{form.errors?.length ? (
					<div role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-red-900">
						<ErrorList errors={form.errors} />
					</div>
				) : null}
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
					<CoverImagePicker
						key={blog?.updated_at ?? 'new'}
						current={blog?.cover_image_key && blog.cover_width ? { key: blog.cover_image_key, width: blog.cover_width } : null}
						errors={returned?.result.error?.coverImage ?? undefined}
						removeChecked={removeCover}
						hadNewImage={returned?.hadNewImage}
					/>
				</Card>

				<UploadProgressBar label="Uploading cover image" />

				<div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
					{editing ? (
						<>
							{draftButton}
							{publishButton}
							<Link to="/admin/blogs" className={buttonClass('ghost')}>
								Cancel
							</Link>
						</>
					) : (
						<>
							{publishButton}
							{draftButton}
						</>
					)}
				</div>
			</Form>
		</div>
	)
}

export function ErrorBoundary() {
	return (
		<AdminRouteError
			title="Edit Blog"
			notFoundText="Blog not found"
			failedText="Failed to load blog"
			backTo="/admin/blogs"
			backLabel="Back to blogs"
		/>
	)
}
