import { sql, type Kysely } from 'kysely'
import { LIMITS, type BlogStatus } from '../constants'
import { getDb, nowIso, type DB } from '../db.server'
import { markdownToText, readTimeMinutes, renderMarkdownAndText } from '../utils/markdown'
import type { StoredImage } from '../utils/media'
import { uniqueSlug } from '../utils/slug'

// ── Storefront reads ──
// Only published posts are public. Markdown is turned into text and safe HTML here, on the server,
// so the browser never downloads the Markdown renderer.

export type BlogCard = {
	id: number
	slug: string
	title: string
	excerpt: string
	tags: string[]
	/** Empty when the post has none: the page shows the shop's name instead. */
	authorName: string
	/** When it was published (or created, for posts published before that was recorded). */
	date: string
	readMinutes: number
	cover: StoredImage | null
}

export type BlogPost = BlogCard & { html: string; description: string; updatedAt: string }

type BlogRow = {
	id: number
	slug: string
	title: string
	content: string
	excerpt: string
	author_name: string
	tags: string
	cover_image_key: string | null
	cover_width: number | null
	cover_height: number | null
	created_at: string
	updated_at: string
	published_at: string | null
}

const COLUMNS = [
	'id',
	'slug',
	'title',
	'content',
	'excerpt',
	'author_name',
	'tags',
	'cover_image_key',
	'cover_width',
	'cover_height',
	'created_at',
	'updated_at',
	'published_at',
] as const

function parseTags(json: string): string[] {
	try {
		const value: unknown = JSON.parse(json)
		return Array.isArray(value) ? value.filter((t): t is string => typeof t === 'string' && t.trim() !== '') : []
	} catch {
		return []
	}
}

/** The post's own excerpt, else the first 150 characters of its text followed by an ellipsis. */
export function blogExcerpt(excerpt: string, content: string, text = markdownToText(content)) {
	if (excerpt.trim()) return excerpt.trim()
	return text.length > LIMITS.blogExcerptLength ? `${text.slice(0, LIMITS.blogExcerptLength).trimEnd()}...` : text
}

function toCard(row: BlogRow, text = markdownToText(row.content)): BlogCard {
	return {
		id: row.id,
		slug: row.slug,
		title: row.title,
		excerpt: blogExcerpt(row.excerpt, row.content, text),
		tags: parseTags(row.tags),
		authorName: row.author_name.trim(),
		date: row.published_at ?? row.created_at,
		readMinutes: readTimeMinutes(text),
		cover:
			row.cover_image_key && row.cover_width && row.cover_height
				? { key: row.cover_image_key, width: row.cover_width, height: row.cover_height }
				: null,
	}
}

/** One page of published posts, newest first. `page` counts from 1. */
export async function listPublishedBlogs(
	options: { page: number; pageSize: number },
	db: Kysely<DB> = getDb(),
): Promise<{ blogs: BlogCard[]; total: number }> {
	const base = db.selectFrom('blogs').where('status', '=', 'published')
	const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow()
	const rows = await base
		.select(COLUMNS)
		.orderBy((eb) => eb.fn.coalesce('published_at', 'created_at'), 'desc')
		.orderBy('id', 'desc')
		.limit(options.pageSize)
		.offset((options.page - 1) * options.pageSize)
		.execute()
	return { blogs: rows.map((row) => toCard(row)), total: Number(total) }
}

/**
 * A published post by its slug, an earlier slug of it, or its numeric id (the result's `slug` is the
 * current one, so a caller can tell when an old address was used).
 */
export async function findPublishedBlog(idOrSlug: string, db: Kysely<DB> = getDb()): Promise<BlogPost | null> {
	const published = db.selectFrom('blogs').select(COLUMNS).where('status', '=', 'published')
	// A number is always an id: slugs never are one (slugify), so no title can take over /blog/<id>.
	const isId = /^\d+$/.test(idOrSlug)
	let row = isId
		? idOrSlug.length <= 15
			? await published.where('id', '=', Number(idOrSlug)).executeTakeFirst()
			: undefined
		: await published.where('slug', '=', idOrSlug).executeTakeFirst()
	if (!row && !isId) {
		const old = await db.selectFrom('blog_slug_history').select('blog_id').where('slug', '=', idOrSlug).executeTakeFirst()
		if (old) row = await published.where('id', '=', old.blog_id).executeTakeFirst()
	}
	if (!row) return null
	const { html, text } = renderMarkdownAndText(row.content)
	return {
		...toCard(row, text),
		html,
		description: row.excerpt.trim() || (text.length > 160 ? `${text.slice(0, 157).trimEnd()}...` : text),
		updatedAt: row.updated_at,
	}
}

/** Published posts for /sitemap.xml. */
export async function listSitemapBlogs(db: Kysely<DB> = getDb()) {
	return db
		.selectFrom('blogs')
		.select(['slug', 'updated_at'])
		.where('status', '=', 'published')
		.orderBy('created_at', 'desc')
		.execute()
}

// ── Admin ──
// The seller's side of the blog: list, the edit form's data, and every write.

export type AdminBlogFields = {
	title: string
	content: string
	excerpt: string
	authorName: string
	status: BlogStatus
	tags: string[]
}

/** What happens to the cover image on save. */
export type AdminCoverChange = { kind: 'keep' } | { kind: 'remove' } | { kind: 'replace'; image: StoredImage }

/** The admin list, newest first; `q` matches a part of the title. */
export async function listBlogsForAdmin(q?: string | null) {
	let query = getDb()
		.selectFrom('blogs')
		.select(['id', 'title', 'slug', 'status', 'created_at', 'updated_at', 'published_at'])
	const search = q?.trim()
	if (search) {
		const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
		query = query.where(sql`title`, 'like', sql`${pattern} ESCAPE '\\'`)
	}
	return query.orderBy('created_at', 'desc').orderBy('id', 'desc').execute()
}

export async function getBlogForEdit(id: number) {
	const blog = await getDb()
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
	return getDb().selectFrom('blogs').select(['id', 'title']).where('id', '=', id).executeTakeFirst()
}

/** A slug is taken while a post uses it or an earlier slug of a post still redirects from it. */
export async function isBlogSlugTaken(slug: string) {
	const db = getDb()
	const inUse = await db.selectFrom('blogs').select('id').where('slug', '=', slug).executeTakeFirst()
	if (inUse) return true
	return (await db.selectFrom('blog_slug_history').select('blog_id').where('slug', '=', slug).executeTakeFirst()) !== undefined
}

/** Creates a post with a unique slug made from its title; returns its id and slug. */
export async function createBlog(fields: AdminBlogFields, cover: StoredImage | null) {
	const db = getDb()
	const now = nowIso()
	// Two posts saved at the same moment with the same title: the loser of the UNIQUE race takes the next slug.
	for (let attempt = 0; ; attempt++) {
		const slug = await uniqueSlug(fields.title, isBlogSlugTaken)
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
	const now = nowIso()
	return getDb()
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
	return getDb()
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
