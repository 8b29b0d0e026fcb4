import type { Kysely } from 'kysely'
import { LIMITS } from '../constants'
import { getDb, type DB } from '../db.server'
import { markdownToText, readTimeMinutes, renderMarkdown } from '../utils/markdown'
import type { StoredImage } from '../utils/media'

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
export function blogExcerpt(excerpt: string, content: string) {
	if (excerpt.trim()) return excerpt.trim()
	const text = markdownToText(content)
	return text.length > LIMITS.blogExcerptLength ? `${text.slice(0, LIMITS.blogExcerptLength).trimEnd()}...` : text
}

function toCard(row: BlogRow): BlogCard {
	return {
		id: row.id,
		slug: row.slug,
		title: row.title,
		excerpt: blogExcerpt(row.excerpt, row.content),
		tags: parseTags(row.tags),
		authorName: row.author_name.trim(),
		date: row.published_at ?? row.created_at,
		readMinutes: readTimeMinutes(row.content),
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
	return { blogs: rows.map(toCard), total: Number(total) }
}

/**
 * A published post by its slug, an earlier slug of it, or its numeric id (the result's `slug` is the
 * current one, so a caller can tell when an old address was used).
 */
export async function findPublishedBlog(idOrSlug: string, db: Kysely<DB> = getDb()): Promise<BlogPost | null> {
	const published = db.selectFrom('blogs').select(COLUMNS).where('status', '=', 'published')
	let row = await published.where('slug', '=', idOrSlug).executeTakeFirst()
	if (!row && /^\d{1,15}$/.test(idOrSlug)) row = await published.where('id', '=', Number(idOrSlug)).executeTakeFirst()
	if (!row) {
		const old = await db.selectFrom('blog_slug_history').select('blog_id').where('slug', '=', idOrSlug).executeTakeFirst()
		if (old) row = await published.where('id', '=', old.blog_id).executeTakeFirst()
	}
	if (!row) return null
	const text = markdownToText(row.content)
	return {
		...toCard(row),
		html: renderMarkdown(row.content),
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
