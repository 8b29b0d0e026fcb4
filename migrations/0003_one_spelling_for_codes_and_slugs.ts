import type { Kysely } from 'kysely'

import { normaliseProductCode, PRODUCT_CODE_MAX_LENGTH } from '../app/utils/product-code'
import { uniqueSlug } from '../app/utils/slug'

// Product codes and blog slugs saved before their rules existed are brought to them:
// - a product code takes its one spelling (normaliseProductCode: full-width letters, invisible
//   characters, look-alike dashes). A row already spelled that way keeps the code; a look-alike of it
//   becomes CODE-2 (CODE-3 ...), so no two rows ever share a code. Order lines that snapshot the old
//   code of that product follow it. Codes with other characters (spaces, other scripts) are left as
//   they are: the product form asks for a new code at the next edit.
// - a blog slug that is a number alone ("2", which /blog/2 would read as post 2's id) becomes
//   "post-2" (or the next free one).
// Safe to run again: what it writes already follows the rules.

type Db = Kysely<{
	products: { id: number; code: string }
	order_items: { product_id: number | null; product_code: string }
	blogs: { id: number; slug: string }
	blog_slug_history: { slug: string }
}>

export async function up(db: Kysely<any>) {
	await (db as Db).transaction().execute(async (trx) => {
		await normaliseProductCodes(trx)
		await renameNumericSlugs(trx)
	})
}

async function normaliseProductCodes(db: Db) {
	const products = await db.selectFrom('products').select(['id', 'code']).orderBy('id').execute()
	// The column compares without ASCII case; lower-casing every code is at least as strict.
	const taken = new Set(products.map((p) => p.code.toLowerCase()))
	for (const product of products) {
		const spelled = normaliseProductCode(product.code)
		if (spelled === product.code || spelled === '') continue
		let code = spelled
		for (let n = 2; taken.has(code.toLowerCase()); n++) {
			code = `${spelled.slice(0, PRODUCT_CODE_MAX_LENGTH - String(n).length - 1)}-${n}`
		}
		taken.delete(product.code.toLowerCase())
		taken.add(code.toLowerCase())
		await db.updateTable('products').set({ code }).where('id', '=', product.id).execute()
		await db
			.updateTable('order_items')
			.set({ product_code: code })
			.where('product_id', '=', product.id)
			.where('product_code', '=', product.code)
			.execute()
		console.warn(`Product ${product.id}: code ${JSON.stringify(product.code)} is now ${JSON.stringify(code)}`)
	}
}

async function renameNumericSlugs(db: Db) {
	const blogs = await db.selectFrom('blogs').select(['id', 'slug']).orderBy('id').execute()
	const isTaken = async (slug: string) =>
		(await db.selectFrom('blogs').select('id').where('slug', '=', slug).executeTakeFirst()) !== undefined ||
		(await db.selectFrom('blog_slug_history').select('slug').where('slug', '=', slug).executeTakeFirst()) !== undefined
	for (const blog of blogs) {
		if (!/^\d+$/.test(blog.slug)) continue
		const slug = await uniqueSlug(blog.slug, isTaken)
		await db.updateTable('blogs').set({ slug }).where('id', '=', blog.id).execute()
		console.warn(`Blog post ${blog.id}: address /blog/${blog.slug} is now /blog/${slug}`)
	}
}

export async function down() {
	throw new Error('Migrations are append-only: restore a backup instead of migrating down.')
}
