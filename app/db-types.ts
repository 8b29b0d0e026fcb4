import type { Generated } from 'kysely'

// Row shapes as SQLite stores them (see migrations/). JSON columns (tags) are text.
interface ProductsTable {
	id: Generated<number>
	name: string
	code: string
	description: Generated<string>
	original_price_paise: number
	sale_price_paise: number
	stock: Generated<number>
	/** Pieces open orders hold (kept by the orders model). */
	held: Generated<number>
	status: 'draft' | 'active' | 'out_of_stock'
	category: string
	tags: Generated<string>
	created_at: string
	updated_at: string
	/** The seller's translations ('' when not translated; the English text is shown then). */
	name_te: Generated<string>
	name_hi: Generated<string>
	description_te: Generated<string>
	description_hi: Generated<string>
}

interface ProductImagesTable {
	id: Generated<number>
	product_id: number
	position: number
	image_key: string
	width: number
	height: number
	created_at: string
}

interface BlogsTable {
	id: Generated<number>
	title: string
	slug: string
	content: string
	excerpt: Generated<string>
	author_name: Generated<string>
	tags: Generated<string>
	status: 'draft' | 'published'
	cover_image_key: string | null
	cover_width: number | null
	cover_height: number | null
	created_at: string
	updated_at: string
	published_at: string | null
	/** The seller's translations ('' when not translated; the English text is shown then). */
	title_te: Generated<string>
	title_hi: Generated<string>
	excerpt_te: Generated<string>
	excerpt_hi: Generated<string>
	content_te: Generated<string>
	content_hi: Generated<string>
}

interface BlogSlugHistoryTable {
	slug: string
	blog_id: number
}

interface OrdersTable {
	id: Generated<number>
	customer_name: string
	customer_phone: Generated<string>
	customer_email: Generated<string>
	/** Whose order it is (customerKey): the phone in one spelling, else the email in lower case. */
	customer_key: Generated<string>
	delivery_address: Generated<string>
	order_date: string
	status: 'pending' | 'confirmed' | 'shipped' | 'delivered' | 'cancelled'
	notes: Generated<string>
	total_paise: number
	total_overridden: Generated<number>
	courier: Generated<string>
	tracking_number: Generated<string>
	/** yyyy-mm-dd (India time) the customer paid; null while unpaid. */
	paid_on: string | null
	created_at: string
	updated_at: string
	/** The private link's token (/o/<token>); null only for a row written without the app (old tests' raw inserts). */
	link_token: string | null
	/** When the order last reached each status (ISO); null when it never did, or before the shop recorded it. */
	confirmed_at: string | null
	shipped_at: string | null
	delivered_at: string | null
	cancelled_at: string | null
}

interface OrderSettingsTable {
	id: number
	upi_id: Generated<string>
	/** null: the shipped default text. */
	confirmed_message: string | null
	shipped_message: string | null
	delivered_message: string | null
	cancelled_message: string | null
	updated_at: string
}

interface OrderItemsTable {
	id: Generated<number>
	order_id: number
	position: number
	product_id: number | null
	product_code: string
	product_name: string
	unit_price_paise: number
	quantity: number
	/** Pieces this line took out of stock when its order shipped. */
	taken: Generated<number>
}

interface HeroSettingsTable {
	id: number
	video_key: string | null
	poster_key: string | null
	video_enabled: number
	title: string
	subtitle: string
	updated_at: string
	/** The seller's translations ('' when not translated; the English text is shown then). */
	title_te: Generated<string>
	title_hi: Generated<string>
	subtitle_te: Generated<string>
	subtitle_hi: Generated<string>
}

interface StoryStepsTable {
	id: Generated<number>
	step_order: number
	step_name: string
	step_text: Generated<string>
	video_key: string | null
	poster_key: string | null
	updated_at: string
	/** The seller's translations ('' when not translated; the English text is shown then). */
	step_name_te: Generated<string>
	step_name_hi: Generated<string>
	step_text_te: Generated<string>
	step_text_hi: Generated<string>
}

interface ShopSettingsTable {
	id: number
	shop_name: string
	whatsapp_number: string
	phone: Generated<string>
	email: Generated<string>
	address: Generated<string>
	instagram_url: Generated<string>
	updated_at: string
}

interface AdminTable {
	id: number
	email: string
	password_hash: string
	password_changed_at: string
	created_at: string
	/** The admin panel's language (migration 0016). */
	locale: Generated<'en' | 'te' | 'hi'>
}

interface SessionsTable {
	id_hash: string
	admin_id: number
	created_at: string
	last_seen_at: string
	expires_at: string
}

interface PasswordResetTokensTable {
	id: Generated<number>
	token_hash: string
	admin_id: number
	created_at: string
	expires_at: string
	used_at: string | null
}

interface AuthFailuresTable {
	id: Generated<number>
	throttle_key: string
	created_at: string
}

interface SignInCodesTable {
	id: Generated<number>
	challenge_hash: string
	code_hash: string | null
	admin_id: number | null
	tries: Generated<number>
	created_at: string
	expires_at: string
}

interface ProductEnquiriesTable {
	product_id: number
	day: string
	count: number
}

interface TaxSettingsTable {
	id: number
	/** '' when the shop gives none: receipts stay plain receipts. */
	gstin: Generated<string>
	updated_at: string
}

/** A category of sarees the seller manages (migration 0013); products.category holds its English name. */
interface CategoriesTable {
	id: Generated<number>
	name: string
	name_te: Generated<string>
	name_hi: Generated<string>
	description: Generated<string>
	description_te: Generated<string>
	description_hi: Generated<string>
	picture_key: string | null
	picture_width: number | null
	picture_height: number | null
	position: number
	hidden: Generated<number>
	google_product_category: string
	/** The HSN code its sarees are invoiced under. */
	hsn: string
	created_at: string
	updated_at: string
}

/** An earlier name of a category: its old addresses redirect to the current one. */
interface CategoryAliasesTable {
	name: string
	category_id: number
}

interface TaxInvoicesTable {
	id: Generated<number>
	/** null once its order was deleted: the number stays taken. */
	order_id: number | null
	/** "2026-27": April to March, India time. */
	financial_year: string
	number: number
	/** yyyy-mm-dd (India time). */
	issued_on: string
	/** The shop's GSTIN when the invoice was issued. */
	gstin: string
}

/** One row, counted up by triggers on every write to what public pages show (migration 0002). */
interface ContentVersionTable {
	id: number
	version: number
}

interface TrashTable {
	id: Generated<number>
	kind: 'product' | 'blog' | 'order'
	/** The record's id when it was deleted. */
	record_id: number
	/** What the Trash screen calls it: the saree's name, the post's title, the order's customer. */
	label: string
	/** The saree's code, the post's slug ('' for an order). */
	detail: Generated<string>
	/** The record's rows as JSON (migrations/0015_trash.ts). */
	record: string
	deleted_at: string
}

interface TrashMediaTable {
	trash_id: number
	media_key: string
}

export interface DB {
	products: ProductsTable
	product_images: ProductImagesTable
	blogs: BlogsTable
	blog_slug_history: BlogSlugHistoryTable
	orders: OrdersTable
	order_items: OrderItemsTable
	order_settings: OrderSettingsTable
	hero_settings: HeroSettingsTable
	story_steps: StoryStepsTable
	shop_settings: ShopSettingsTable
	admin: AdminTable
	sessions: SessionsTable
	password_reset_tokens: PasswordResetTokensTable
	auth_failures: AuthFailuresTable
	sign_in_codes: SignInCodesTable
	product_enquiries: ProductEnquiriesTable
	content_version: ContentVersionTable
	tax_settings: TaxSettingsTable
	categories: CategoriesTable
	category_aliases: CategoryAliasesTable
	tax_invoices: TaxInvoicesTable
	trash: TrashTable
	trash_media: TrashMediaTable
}
