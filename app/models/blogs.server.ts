import type { Kysely, Selectable } from 'kysely'

import { type BlogStatus, LIMITS } from '~/constants'
import { type DB, getDb, nowIso } from '~/db.server'
import type { Locale } from '~/i18n/locales'
import { markdownToText, readTimeMinutes, renderMarkdownAndText } from '~/utils/markdown'
import type { StoredImage } from '~/utils/media'
import { parseRecordId } from '~/utils/record-id'
import { uniqueSlug } from '~/utils/slug'
import { type Localized, localizedColumn, type TranslationColumn, translationColumns, type Translations } from '~/utils/translations'

import { containsText, inTransaction, isUniqueViolation, readTags, toOptionalImage, writeTags } from './columns.server'
import { mediaKeysOfRecord } from './media-columns.server'

// Every function here returns domain values (camelCase, tags as a list, the cover as a StoredImage);
// rows never leave this file. Functions take the database last (`db`, default the shop's).

// ── Storefront reads ──
// Only published posts are public. Markdown is turned into text and safe HTML here, on the server,
// so the browser never downloads the Markdown renderer. Each takes the visitor's `locale`: the
// seller's title, excerpt and post in that language when she gave them, else the English ones, and
// `langs` says which language each is in (utils/translations).

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
	/** The language `title` and `excerpt` are each in: the visitor's, or 'en' when not translated. */
	langs: { title: Locale; excerpt: Locale }
}

export type BlogPost = Omit<BlogCard, 'langs'> & {
	html: string
	/** For the page's description meta: in the language of the excerpt (`langs.excerpt`). */
	description: string
	updatedAt: string
	/** The language `title`, `excerpt` (and `description`) and the post itself (`html`) are each in. */
	langs: { title: Locale; excerpt: Locale; content: Locale }
}

/** The columns the seller may translate. */
const TRANSLATED = ['title', 'excerpt', 'content'] as const

type BlogRow = Pick<Selectable<DB['blogs']>, (typeof COLUMNS)[number]> &
	Partial<Record<TranslationColumn<(typeof TRANSLATED)[number]>, string>>

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

type LocalizedPost = { title: Localized; excerpt: Localized; content: Localized }

/**
 * A post's title, own excerpt and Markdown in `locale` (see pickTranslation). An excerpt goes with its
 * text: a translated post without an excerpt of its own gets one from its translated text (blogExcerpt),
 * as an English post does from its English text, rather than the English excerpt.
 */
function localizedPost(row: BlogRow, locale: Locale): LocalizedPost {
	const content = localizedColumn(row, 'content', locale)
	const excerpt = localizedColumn(row, 'excerpt', locale)
	return {
		title: localizedColumn(row, 'title', locale),
		content,
		excerpt: excerpt.lang === 'en' && content.lang !== 'en' ? { text: '', lang: content.lang } : excerpt,
	}
}

function toCard(row: BlogRow, post: LocalizedPost, text = markdownToText(post.content.text)): BlogCard {
	return {
		id: row.id,
		slug: row.slug,
		title: post.title.text,
		excerpt: blogExcerpt(post.excerpt.text, post.content.text, text),
		tags: readTags(row.tags),
		authorName: row.author_name.trim(),
		date: row.published_at ?? row.created_at,
		readMinutes: readTimeMinutes(text),
		cover: toOptionalImage(row.cover_image_key, row.cover_width, row.cover_height),
		langs: { title: post.title.lang, excerpt: post.excerpt.lang },
	}
}

/** One page of published posts, newest first. `page` counts from 1. */
export async function listPublishedBlogs(
	options: { page: number; pageSize: number },
	locale: Locale = 'en',
	db: Kysely<DB> = getDb(),
): Promise<{ blogs: BlogCard[]; total: number }> {
	const base = db.selectFrom('blogs').where('status', '=', 'published')
	const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow()
	const rows = await base
		.select(COLUMNS)
		.select(translationColumns(TRANSLATED, locale))
		.orderBy((eb) => eb.fn.coalesce('published_at', 'created_at'), 'desc')
		.orderBy('id', 'desc')
		.limit(options.pageSize)
		.offset((options.page - 1) * options.pageSize)
		.execute()
	return { blogs: rows.map((row) => toCard(row, localizedPost(row, locale))), total: Number(total) }
}

/**
 * A published post by its slug, an earlier slug of it, or its numeric id (the result's `slug` is the
 * current one, so a caller can tell when an old address was used).
 */
export async function findPublishedBlog(idOrSlug: string, locale: Locale = 'en', db: Kysely<DB> = getDb()): Promise<BlogPost | null> {
	const published = db.selectFrom('blogs').select(COLUMNS).select(translationColumns(TRANSLATED, locale)).where('status', '=', 'published')
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
	return row ? toBlogPost(row, locale) : null
}

/**
 * A post in any status, drafts included, by its id, for the signed-in seller's preview (never for a
 * visitor: the caller checks the session); null for an unknown id.
 */
export async function findBlogForPreview(
	id: number,
	locale: Locale = 'en',
	db: Kysely<DB> = getDb(),
): Promise<(BlogPost & { status: BlogStatus }) | null> {
	const row = await db
		.selectFrom('blogs')
		.select([...COLUMNS, 'status'])
		.select(translationColumns(TRANSLATED, locale))
		.where('id', '=', id)
		.executeTakeFirst()
	return row ? { ...toBlogPost(row, locale), status: row.status } : null
}

function toBlogPost(row: BlogRow, locale: Locale): BlogPost {
	const post = localizedPost(row, locale)
	const { html, text } = renderMarkdownAndText(post.content.text)
	const card = toCard(row, post, text)
	return {
		...card,
		html,
		description: post.excerpt.text.trim() || (text.length > 160 ? `${text.slice(0, 157).trimEnd()}...` : text),
		updatedAt: row.updated_at,
		langs: { ...card.langs, content: post.content.lang },
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

export type AdminBlogFields = Translations<(typeof TRANSLATED)[number]> & {
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
	const row = await db
		.selectFrom('blogs')
		.select(COLUMNS)
		.select(['status', 'title_te', 'title_hi', 'excerpt_te', 'excerpt_hi', 'content_te', 'content_hi'])
		.where('id', '=', id)
		.executeTakeFirst()
	if (!row) return null
	return {
		id: row.id,
		title: row.title,
		titleTe: row.title_te,
		titleHi: row.title_hi,
		slug: row.slug,
		content: row.content,
		contentTe: row.content_te,
		contentHi: row.content_hi,
		excerpt: row.excerpt,
		excerptTe: row.excerpt_te,
		excerptHi: row.excerpt_hi,
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

function blogRow(fields: AdminBlogFields) {
	return {
		title: fields.title.trim(),
		title_te: fields.titleTe.trim(),
		title_hi: fields.titleHi.trim(),
		content: fields.content,
		// A translation of blanks only is no translation.
		content_te: fields.contentTe.trim() ? fields.contentTe : '',
		content_hi: fields.contentHi.trim() ? fields.contentHi : '',
		excerpt: fields.excerpt,
		excerpt_te: fields.excerptTe.trim(),
		excerpt_hi: fields.excerptHi.trim(),
		author_name: fields.authorName,
		tags: writeTags(fields.tags),
		status: fields.status,
	}
}

function coverRow(cover: StoredImage | null) {
	return { cover_image_key: cover?.key ?? null, cover_width: cover?.width ?? null, cover_height: cover?.height ?? null }
}
