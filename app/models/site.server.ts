import { getDb } from '../db.server'

// The shop's singleton rows: shop settings, hero settings, the four story steps.

export type ShopSettings = {
	shopName: string
	whatsappNumber: string
	phone: string
	email: string
	address: string
	instagramUrl: string
}

export async function getShopSettings(): Promise<ShopSettings> {
	const row = await getDb()
		.selectFrom('shop_settings')
		.select(['shop_name', 'whatsapp_number', 'phone', 'email', 'address', 'instagram_url'])
		.where('id', '=', 1)
		.executeTakeFirstOrThrow()
	return {
		shopName: row.shop_name,
		whatsappNumber: row.whatsapp_number,
		phone: row.phone,
		email: row.email,
		address: row.address,
		instagramUrl: row.instagram_url,
	}
}

export async function getHeroSettings() {
	return getDb()
		.selectFrom('hero_settings')
		.select(['video_key', 'poster_key', 'video_enabled', 'title', 'subtitle', 'updated_at'])
		.where('id', '=', 1)
		.executeTakeFirstOrThrow()
}

export async function listStorySteps() {
	return getDb()
		.selectFrom('story_steps')
		.select(['id', 'step_order', 'step_name', 'step_text', 'video_key', 'poster_key', 'updated_at'])
		.orderBy('step_order')
		.execute()
}

// ── Writes (admin settings screens) ──
