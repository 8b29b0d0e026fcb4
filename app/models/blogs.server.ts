// ── Admin ──
// The seller's side of the blog: list, the edit form's data, and every write.
// Imports carry admin-specific local names so this section can sit beside the storefront reads.
import { sql as adminBlogSql } from 'kysely'
import type { BlogStatus as AdminBlogStatus } from '../constants'
import { getDb as getAdminBlogDb, nowIso as adminBlogNowIso } from '../db.server'
import type { StoredImage as AdminBlogImage } from '../utils/media'
import { uniqueSlug as adminUniqueSlug } from '../utils/slug'

export type AdminBlogFields = {
	title: string
	content: string
	excerpt: string
	authorName: string
	status: AdminBlogStatus
	tags: string[]
}

/** What happens to the cover image on save. */
export type AdminCoverChange = { kind: 'keep' } | { kind: 'remove' } | { kind: 'replace'; image: AdminBlogImage }

/** The admin list, newest first; `q` matches a part of the title. */
export async function listBlogsForAdmin(q?: string | null) {
	let query = getAdminBlogDb()
		.selectFrom('blogs')
		.select(['id', 'title', 'slug', 'status', 'created_at', 'updated_at', 'published_at'])
	const search = q?.trim()
	if (search) {
		const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
		query = query.where(adminBlogSql`title`, 'like', adminBlogSql`${pattern} ESCAPE '\\'`)
	}
	return query.orderBy('created_at', 'desc').orderBy('id', 'desc').execute()
}

export async function getBlogForEdit(id: number) {
	const blog = await getAdminBlogDb()
		.selectFrom('blogs')
		.select([
			'id',
			'title',
			'slug',
			'content',
			'excerpt',
			'author_name',
			'tags',
			'status',
			'cover_image_key',
			'cover_width',
			'cover_height',
			'created_at',
			'updated_at',
			'published_at',
		])
		.where('id', '=', id)
		.executeTakeFirst()
	if (!blog) return undefined
	return { ...blog, tags: adminBlogReadTags(blog.tags) }
}

export async function getBlogTitleForAdmin(id: number) {
	return getAdminBlogDb().selectFrom('blogs').select(['id', 'title']).where('id', '=', id).executeTakeFirst()
}

/** A slug is taken while a post uses it or an earlier slug of a post still redirects from it. */
export async function isBlogSlugTaken(slug: string) {
	const db = getAdminBlogDb()
	const inUse = await db.selectFrom('blogs').select('id').where('slug', '=', slug).executeTakeFirst()
	if (inUse) return true
	return (await db.selectFrom('blog_slug_history').select('blog_id').where('slug', '=', slug).executeTakeFirst()) !== undefined
}

/** Creates a post with a unique slug made from its title; returns its id and slug. */
export async function createBlog(fields: AdminBlogFields, cover: AdminBlogImage | null) {
	const db = getAdminBlogDb()
	const now = adminBlogNowIso()
	// Two posts saved at the same moment with the same title: the loser of the UNIQUE race takes the next slug.
	for (let attempt = 0; ; attempt++) {
		const slug = await adminUniqueSlug(fields.title, isBlogSlugTaken)
		try {
			const { id } = await db
				.insertInto('blogs')
				.values({
					title: fields.title.trim(),
					slug,
					content: fields.content,
					excerpt: fields.excerpt,
					author_name: fields.authorName,
					tags: JSON.stringify(fields.tags),
					status: fields.status,
					cover_image_key: cover?.key ?? null,
					cover_width: cover?.width ?? null,
					cover_height: cover?.height ?? null,
					created_at: now,
					updated_at: now,
					published_at: fields.status === 'published' ? now : null,
				})
				.returning('id')
				.executeTakeFirstOrThrow()
			return { id, slug }
		} catch (error) {
			const slugClash = error instanceof Error && error.message.includes('blogs.slug')
			if (!slugClash || attempt >= 3) throw error
		}
	}
}

/**
 * Saves a post. Its slug stays as it is when the title changes, so links already shared keep working.
 * Returns the cover key that is no longer used (delete its files after this commits), `undefined`
 * when there is none, or null when the post does not exist.
 */
export async function updateBlog(id: number, fields: AdminBlogFields, cover: AdminCoverChange) {
	const now = adminBlogNowIso()
	return getAdminBlogDb()
		.transaction()
		.execute(async (trx) => {
			const before = await trx
				.selectFrom('blogs')
				.select(['cover_image_key', 'published_at'])
				.where('id', '=', id)
				.executeTakeFirst()
			if (!before) return null
			const coverColumns =
				cover.kind === 'keep'
					? {}
					: cover.kind === 'remove'
						? { cover_image_key: null, cover_width: null, cover_height: null }
						: { cover_image_key: cover.image.key, cover_width: cover.image.width, cover_height: cover.image.height }
			await trx
				.updateTable('blogs')
				.set({
					title: fields.title.trim(),
					content: fields.content,
					excerpt: fields.excerpt,
					author_name: fields.authorName,
					tags: JSON.stringify(fields.tags),
					status: fields.status,
					...coverColumns,
					updated_at: now,
					published_at: before.published_at ?? (fields.status === 'published' ? now : null),
				})
				.where('id', '=', id)
				.execute()
			return cover.kind === 'keep' ? undefined : (before.cover_image_key ?? undefined)
		})
}

/** Deletes a post (its old slugs cascade); returns its cover key for file clean-up, or null if missing. */
export async function deleteBlog(id: number) {
	return getAdminBlogDb()
		.transaction()
		.execute(async (trx) => {
			const blog = await trx.selectFrom('blogs').select('cover_image_key').where('id', '=', id).executeTakeFirst()
			if (!blog) return null
			await trx.deleteFrom('blogs').where('id', '=', id).execute()
			return { coverKey: blog.cover_image_key }
		})
}

function adminBlogReadTags(json: string): string[] {
	try {
		const value: unknown = JSON.parse(json)
		return Array.isArray(value) ? value.filter((t): t is string => typeof t === 'string') : []
	} catch {
		return []
	}
}
