import type { Kysely, Selectable } from 'kysely'

import { type BlogStatus, LIMITS } from '~/constants'
import { type DB, getDb, nowIso } from '~/db.server'
import { markdownToText, readTimeMinutes, renderMarkdownAndText } from '~/utils/markdown'
import type { StoredImage } from '~/utils/media'
import { parseRecordId } from '~/utils/record-id'
import { uniqueSlug } from '~/utils/slug'

import { containsText, inTransaction, isUniqueViolation, readTags, toOptionalImage, writeTags } from './columns.server'
import { mediaKeysOfRecord } from './media-columns.server'

// Every function here returns domain values (camelCase, tags as a list, the cover as a StoredImage);
// rows never leave this file. Functions take the database last (`db`, default the shop's).

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

type BlogRow = Pick<Selectable<DB['blogs']>, (typeof COLUMNS)[number]>

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
		tags: readTags(row.tags),
		authorName: row.author_name.trim(),
		date: row.published_at ?? row.created_at,
		readMinutes: readTimeMinutes(text),
		cover: toOptionalImage(row.cover_image_key, row.cover_width, row.cover_height),
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
	const isNumber = /^\d+$/.test(idOrSlug)
	const id = parseRecordId(idOrSlug)
	let row = isNumber
		? id === null
			? undefined
			: await published.where('id', '=', id).executeTakeFirst()
		: await published.where('slug', '=', idOrSlug).executeTakeFirst()
	if (!row && !isNumber) {
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
export async function listSitemapBlogs(db: Kysely<DB> = getDb()): Promise<Array<{ slug: string; updatedAt: string }>> {
	const rows = await db
		.selectFrom('blogs')
		.select(['slug', 'updated_at'])
		.where('status', '=', 'published')
		.orderBy('created_at', 'desc')
		.execute()
	return rows.map((r) => ({ slug: r.slug, updatedAt: r.updated_at }))
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

export type AdminBlogListItem = {
	id: number
	title: string
	slug: string
	status: BlogStatus
	createdAt: string
	updatedAt: string
	publishedAt: string | null
}

export type BlogForEdit = AdminBlogFields & {
	id: number
	slug: string
	cover: StoredImage | null
	createdAt: string
	updatedAt: string
	publishedAt: string | null
}

/** The admin list, newest first; `q` matches a part of the title. */
export async function listBlogsForAdmin(q?: string | null, db: Kysely<DB> = getDb()): Promise<AdminBlogListItem[]> {
	let query = db.selectFrom('blogs').select(['id', 'title', 'slug', 'status', 'created_at', 'updated_at', 'published_at'])
	const search = q?.trim()
	if (search) query = query.where(containsText('title', search))
	const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').execute()
	return rows.map((r) => ({
		id: r.id,
		title: r.title,
		slug: r.slug,
		status: r.status,
		createdAt: r.created_at,
		updatedAt: r.updated_at,
		publishedAt: r.published_at,
	}))
}

/** Everything the edit form shows; null when there is no such post. */
export async function getBlogForEdit(id: number, db: Kysely<DB> = getDb()): Promise<BlogForEdit | null> {
	const row = await db.selectFrom('blogs').select(COLUMNS).select('status').where('id', '=', id).executeTakeFirst()
	if (!row) return null
	return {
		id: row.id,
		title: row.title,
		slug: row.slug,
		content: row.content,
		excerpt: row.excerpt,
		authorName: row.author_name,
		status: row.status,
		tags: readTags(row.tags),
		cover: toOptionalImage(row.cover_image_key, row.cover_width, row.cover_height),
		createdAt: row.created_at,
		updatedAt: row.updated_at,
		publishedAt: row.published_at,
	}
}

/** The title of a post (for the delete confirmation); null when missing. */
export async function getBlogTitleForAdmin(id: number, db: Kysely<DB> = getDb()): Promise<{ id: number; title: string } | null> {
	return (await db.selectFrom('blogs').select(['id', 'title']).where('id', '=', id).executeTakeFirst()) ?? null
}

/** A slug is taken while a post uses it or an earlier slug of a post still redirects from it. */
export async function isBlogSlugTaken(slug: string, db: Kysely<DB> = getDb()) {
	const inUse = await db.selectFrom('blogs').select('id').where('slug', '=', slug).executeTakeFirst()
	if (inUse) return true
	return (await db.selectFrom('blog_slug_history').select('blog_id').where('slug', '=', slug).executeTakeFirst()) !== undefined
}

/**
 * Creates a post with a unique slug made from its title; returns its id and slug. `now` is its
 * creation (and, when published, publication) time.
 */
export async function createBlog(fields: AdminBlogFields, cover: StoredImage | null, db: Kysely<DB> = getDb(), now = nowIso()) {
	// Two posts saved at the same moment with the same title: the loser of the UNIQUE race takes the next slug.
	for (let attempt = 0; ; attempt++) {
		const slug = await uniqueSlug(fields.title, (candidate) => isBlogSlugTaken(candidate, db))
		try {
			const { id } = await db
				.insertInto('blogs')
				.values({
					...blogRow(fields),
					slug,
					...coverRow(cover),
					created_at: now,
					updated_at: now,
					published_at: fields.status === 'published' ? now : null,
				})
				.returning('id')
				.executeTakeFirstOrThrow()
			return { id, slug }
		} catch (error) {
			if (!isUniqueViolation(error, 'blogs.slug') || attempt >= 3) throw error
		}
	}
}

/**
 * Saves a post. Its slug stays as it is when the title changes, so links already shared keep working.
 * Returns the media keys no longer used (delete their files after this commits), or null when the
 * post does not exist.
 */
export async function updateBlog(id: number, fields: AdminBlogFields, cover: AdminCoverChange, db: Kysely<DB> = getDb()) {
	const now = nowIso()
	return inTransaction(db, async (trx) => {
		const before = await trx.selectFrom('blogs').select('published_at').where('id', '=', id).executeTakeFirst()
		if (!before) return null
		const replaced = cover.kind === 'keep' ? [] : await mediaKeysOfRecord(trx, 'blogs', id)
		await trx
			.updateTable('blogs')
			.set({
				...blogRow(fields),
				...(cover.kind === 'keep' ? {} : coverRow(cover.kind === 'replace' ? cover.image : null)),
				updated_at: now,
				published_at: before.published_at ?? (fields.status === 'published' ? now : null),
			})
			.where('id', '=', id)
			.execute()
		return replaced
	})
}

/** Deletes a post (its old slugs cascade); returns its media keys for file clean-up, or null if missing. */
export async function deleteBlog(id: number, db: Kysely<DB> = getDb()) {
	return inTransaction(db, async (trx) => {
		const keys = await mediaKeysOfRecord(trx, 'blogs', id)
		const deleted = await trx.deleteFrom('blogs').where('id', '=', id).executeTakeFirst()
		return Number(deleted.numDeletedRows) === 0 ? null : keys
	})
}

function blogRow(fields: AdminBlogFields) {
	return {
		title: fields.title.trim(),
		content: fields.content,
		excerpt: fields.excerpt,
		author_name: fields.authorName,
		tags: writeTags(fields.tags),
		status: fields.status,
	}
}

function coverRow(cover: StoredImage | null) {
	return { cover_image_key: cover?.key ?? null, cover_width: cover?.width ?? null, cover_height: cover?.height ?? null }
}
