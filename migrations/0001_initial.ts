import { type Kysely, sql } from 'kysely'

// Raw SQL keeps CHECK constraints, collations and partial indexes exactly as SQLite sees them.
// Timestamps are ISO-8601 UTC strings (they sort as text); money is integer paise.
const statements = [
	`CREATE TABLE products (
		id INTEGER PRIMARY KEY,
		name TEXT NOT NULL CHECK (length(trim(name)) > 0),
		code TEXT NOT NULL COLLATE NOCASE UNIQUE CHECK (length(trim(code)) > 0),
		description TEXT NOT NULL DEFAULT '',
		original_price_paise INTEGER NOT NULL DEFAULT 0 CHECK (original_price_paise >= 0),
		sale_price_paise INTEGER NOT NULL DEFAULT 0 CHECK (sale_price_paise >= 0),
		stock INTEGER NOT NULL DEFAULT 0 CHECK (stock >= 0),
		status TEXT NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'active', 'out_of_stock')),
		category TEXT NOT NULL CHECK (category IN ('Kanchipattu Pochampally Ikkat', 'Dharmavaram Pochampally Ikkat', 'Pochampally Ikkat')),
		tags TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(tags) AND json_type(tags) = 'array'),
		created_at TEXT NOT NULL,
		updated_at TEXT NOT NULL
	) STRICT`,
	`CREATE INDEX products_status_created ON products (status, created_at DESC)`,
	`CREATE INDEX products_category_status ON products (category, status, created_at DESC)`,
	`CREATE INDEX products_updated ON products (updated_at DESC)`,

	`CREATE TABLE product_images (
		id INTEGER PRIMARY KEY,
		product_id INTEGER NOT NULL REFERENCES products (id) ON DELETE CASCADE,
		position INTEGER NOT NULL CHECK (position >= 0),
		image_key TEXT NOT NULL UNIQUE,
		width INTEGER NOT NULL CHECK (width > 0),
		height INTEGER NOT NULL CHECK (height > 0),
		created_at TEXT NOT NULL
	) STRICT`,
	`CREATE INDEX product_images_product ON product_images (product_id, position)`,

	`CREATE TABLE blogs (
		id INTEGER PRIMARY KEY,
		title TEXT NOT NULL CHECK (length(trim(title)) > 0),
		slug TEXT NOT NULL UNIQUE CHECK (length(slug) > 0),
		content TEXT NOT NULL CHECK (length(trim(content)) > 0),
		excerpt TEXT NOT NULL DEFAULT '',
		author_name TEXT NOT NULL DEFAULT '',
		tags TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(tags) AND json_type(tags) = 'array'),
		status TEXT NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published')),
		cover_image_key TEXT,
		cover_width INTEGER,
		cover_height INTEGER,
		created_at TEXT NOT NULL,
		updated_at TEXT NOT NULL,
		published_at TEXT
	) STRICT`,
	`CREATE INDEX blogs_status_created ON blogs (status, created_at DESC)`,
	`CREATE INDEX blogs_updated ON blogs (updated_at DESC)`,
	// Earlier slugs of a post keep resolving after its title (and slug) changes.
	`CREATE TABLE blog_slug_history (
		slug TEXT PRIMARY KEY,
		blog_id INTEGER NOT NULL REFERENCES blogs (id) ON DELETE CASCADE
	) STRICT, WITHOUT ROWID`,

	`CREATE TABLE orders (
		id INTEGER PRIMARY KEY,
		customer_name TEXT NOT NULL CHECK (length(trim(customer_name)) > 0),
		customer_phone TEXT NOT NULL DEFAULT '',
		customer_email TEXT NOT NULL DEFAULT '',
		delivery_address TEXT NOT NULL DEFAULT '',
		order_date TEXT NOT NULL,
		status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'confirmed', 'shipped', 'delivered', 'cancelled')),
		notes TEXT NOT NULL DEFAULT '',
		total_paise INTEGER NOT NULL DEFAULT 0 CHECK (total_paise >= 0),
		total_overridden INTEGER NOT NULL DEFAULT 0 CHECK (total_overridden IN (0, 1)),
		created_at TEXT NOT NULL,
		updated_at TEXT NOT NULL,
		CHECK (length(trim(customer_phone)) > 0 OR length(trim(customer_email)) > 0)
	) STRICT`,
	`CREATE INDEX orders_created ON orders (created_at DESC)`,
	`CREATE INDEX orders_updated ON orders (updated_at DESC)`,
	`CREATE INDEX orders_status ON orders (status)`,

	`CREATE TABLE order_items (
		id INTEGER PRIMARY KEY,
		order_id INTEGER NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
		position INTEGER NOT NULL CHECK (position >= 0),
		product_id INTEGER REFERENCES products (id) ON DELETE SET NULL,
		product_code TEXT NOT NULL,
		product_name TEXT NOT NULL,
		unit_price_paise INTEGER NOT NULL CHECK (unit_price_paise >= 0),
		quantity INTEGER NOT NULL CHECK (quantity >= 1)
	) STRICT`,
	`CREATE INDEX order_items_order ON order_items (order_id, position)`,
	`CREATE INDEX order_items_product ON order_items (product_id)`,

	`CREATE TABLE hero_settings (
		id INTEGER PRIMARY KEY CHECK (id = 1),
		video_key TEXT,
		poster_key TEXT,
		video_enabled INTEGER NOT NULL DEFAULT 0 CHECK (video_enabled IN (0, 1)),
		title TEXT NOT NULL,
		subtitle TEXT NOT NULL,
		updated_at TEXT NOT NULL
	) STRICT`,

	`CREATE TABLE story_steps (
		id INTEGER PRIMARY KEY,
		step_order INTEGER NOT NULL UNIQUE CHECK (step_order BETWEEN 1 AND 4),
		step_name TEXT NOT NULL,
		step_text TEXT NOT NULL DEFAULT '',
		video_key TEXT,
		poster_key TEXT,
		updated_at TEXT NOT NULL
	) STRICT`,

	`CREATE TABLE shop_settings (
		id INTEGER PRIMARY KEY CHECK (id = 1),
		shop_name TEXT NOT NULL,
		whatsapp_number TEXT NOT NULL,
		phone TEXT NOT NULL DEFAULT '',
		email TEXT NOT NULL DEFAULT '',
		address TEXT NOT NULL DEFAULT '',
		instagram_url TEXT NOT NULL DEFAULT '',
		updated_at TEXT NOT NULL
	) STRICT`,

	`CREATE TABLE admin (
		id INTEGER PRIMARY KEY CHECK (id = 1),
		email TEXT NOT NULL COLLATE NOCASE,
		password_hash TEXT NOT NULL,
		password_changed_at TEXT NOT NULL,
		created_at TEXT NOT NULL
	) STRICT`,

	// The cookie carries a random id; only its SHA-256 is stored, so a copy of the database opens no session.
	`CREATE TABLE sessions (
		id_hash TEXT PRIMARY KEY,
		admin_id INTEGER NOT NULL REFERENCES admin (id) ON DELETE CASCADE,
		created_at TEXT NOT NULL,
		last_seen_at TEXT NOT NULL,
		expires_at TEXT NOT NULL
	) STRICT, WITHOUT ROWID`,
	`CREATE INDEX sessions_expires ON sessions (expires_at)`,

	`CREATE TABLE password_reset_tokens (
		id INTEGER PRIMARY KEY,
		token_hash TEXT NOT NULL UNIQUE,
		admin_id INTEGER NOT NULL REFERENCES admin (id) ON DELETE CASCADE,
		created_at TEXT NOT NULL,
		expires_at TEXT NOT NULL,
		used_at TEXT
	) STRICT`,

	// One row per failed attempt; the throttle counts rows of a key inside its window.
	`CREATE TABLE auth_failures (
		id INTEGER PRIMARY KEY,
		throttle_key TEXT NOT NULL,
		created_at TEXT NOT NULL
	) STRICT`,
	`CREATE INDEX auth_failures_key ON auth_failures (throttle_key, created_at)`,

	// WhatsApp enquiry clicks, counted per product per UTC day.
	`CREATE TABLE product_enquiries (
		product_id INTEGER NOT NULL REFERENCES products (id) ON DELETE CASCADE,
		day TEXT NOT NULL,
		count INTEGER NOT NULL DEFAULT 0 CHECK (count >= 0),
		PRIMARY KEY (product_id, day)
	) STRICT, WITHOUT ROWID`,
	`CREATE INDEX product_enquiries_day ON product_enquiries (day)`,
]

const STORY_STEPS = [
	[1, 'Acquiring Silk', 'Pure mulberry silk yarn is sourced from trusted reelers and sorted by hand for an even, lustrous thread.'],
	[2, 'Bleaching Yarn', 'The yarn is degummed and bleached so that every colour of the ikat takes evenly and stays bright for decades.'],
	[3, 'Making Design', 'The pattern is marked on the yarn and tied section by section before dyeing: the heart of Pochampally ikat.'],
	[4, 'Weaving', 'On a pit loom the weaver aligns the dyed threads pick by pick until the design appears in the silk.'],
] as const

export async function up(db: Kysely<any>) {
	for (const statement of statements) await sql.raw(statement).execute(db)
	const now = new Date().toISOString()
	await db
		.insertInto('hero_settings')
		.values({
			id: 1,
			video_enabled: 0,
			title: 'Weaving Tradition, Elegance, and Legacy',
			subtitle: '– Pure Handloom Silk Sarees',
			updated_at: now,
		})
		.execute()
	await db
		.insertInto('story_steps')
		.values(STORY_STEPS.map(([step_order, step_name, step_text]) => ({ step_order, step_name, step_text, updated_at: now })))
		.execute()
	await db
		.insertInto('shop_settings')
		.values({ id: 1, shop_name: 'Pochampally Silk House', whatsapp_number: '919000000000', updated_at: now })
		.execute()
}

export async function down() {
	throw new Error('Migrations are append-only: restore a backup instead of migrating down.')
}
