import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, test } from 'vitest'

import { closeDb, getDb, migrateToLatest } from '~/db.server'

import { type AdminBlogFields, createBlog, getBlogForEdit, isBlogSlugTaken, listBlogsForAdmin, updateBlog } from './blogs.server'
import { mediaKeysOfRecord } from './media-columns.server'
import { moveToTrash } from './trash.server'

let dir: string
beforeAll(async () => {
	dir = fs.mkdtempSync(path.join(os.tmpdir(), 'blogs-admin-'))
	process.env.DATABASE_PATH = path.join(dir, 'shop.db')
	await migrateToLatest()
})
afterAll(() => {
	closeDb()
	fs.rmSync(dir, { recursive: true, force: true })
})

const fields = (overrides: Partial<AdminBlogFields> = {}): AdminBlogFields => ({
	title: 'Silk Care',
	titleTe: '',
	titleHi: '',
	content: 'Words.',
	contentTe: '',
	contentHi: '',
	excerpt: 'Words....',
	excerptTe: '',
	excerptHi: '',
	authorName: 'Shop',
	status: 'published',
	tags: [],
	...overrides,
})
const cover = (n: number) => ({ key: `images/${String(n).padStart(32, '0')}`, width: 1200, height: 600 })

describe('blog writes', () => {
	test('slugs come from the title and stay unique, old slugs included', async () => {
		expect((await createBlog(fields({ title: 'Weaving Days' }), null)).slug).toBe('weaving-days')
		expect((await createBlog(fields({ title: 'Weaving  days!' }), null)).slug).toBe('weaving-days-2')
		const { id } = await createBlog(fields({ title: 'Other' }), null)
		await getDb().insertInto('blog_slug_history').values({ slug: 'weaving-days-3', blog_id: id }).execute()
		expect(await isBlogSlugTaken('weaving-days-3')).toBe(true)
		expect((await createBlog(fields({ title: 'Weaving Days' }), null)).slug).toBe('weaving-days-4')
	})

	test('editing keeps the slug, sets the publication time once, and reports the replaced cover', async () => {
		const { id, slug } = await createBlog(fields({ title: 'First Title', status: 'draft' }), cover(1))
		expect((await getBlogForEdit(id))?.publishedAt).toBeNull()
		expect(await updateBlog(id, fields({ title: 'Second Title', status: 'published' }), { kind: 'keep' })).toEqual([])
		const published = await getBlogForEdit(id)
		expect(published).toMatchObject({ title: 'Second Title', slug, cover: cover(1) })
		expect(published?.publishedAt).not.toBeNull()

		expect(await updateBlog(id, fields({ status: 'draft' }), { kind: 'replace', image: cover(2) })).toEqual([cover(1).key])
		const drafted = await getBlogForEdit(id)
		expect(drafted).toMatchObject({ cover: cover(2), status: 'draft', publishedAt: published?.publishedAt })
		expect(await updateBlog(id, fields(), { kind: 'remove' })).toEqual([cover(2).key])
		expect((await getBlogForEdit(id))?.cover).toBeNull()
		expect(await updateBlog(999_999, fields(), { kind: 'keep' })).toBeNull()
	})

	test('delete moves the post to the trash, keeping its cover named, and frees its old slugs', async () => {
		const { id } = await createBlog(fields({ title: 'Gone Soon' }), cover(3))
		await getDb().insertInto('blog_slug_history').values({ slug: 'gone-before', blog_id: id }).execute()
		const [trashId] = await moveToTrash('blog', [id])
		expect(await mediaKeysOfRecord(getDb(), 'trash', trashId!)).toEqual([cover(3).key])
		expect(await isBlogSlugTaken('gone-before')).toBe(false)
		expect(await moveToTrash('blog', [id])).toEqual([null])
	})

	test('the list searches titles', async () => {
		await createBlog(fields({ title: 'Findable Needle' }), null)
		expect((await listBlogsForAdmin('needle')).map((b) => b.title)).toEqual(['Findable Needle'])
		expect(await listBlogsForAdmin('%')).toEqual([])
	})
})
