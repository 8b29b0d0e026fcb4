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
import { nowIso } from '../db.server'

export async function updateShopSettings(input: ShopSettings) {
	await getDb()
		.updateTable('shop_settings')
		.set({
			shop_name: input.shopName,
			whatsapp_number: input.whatsappNumber,
			phone: input.phone,
			email: input.email,
			address: input.address,
			instagram_url: input.instagramUrl,
			updated_at: nowIso(),
		})
		.where('id', '=', 1)
		.execute()
}

export type StoredVideo = { videoKey: string; posterKey: string | null }

/**
 * Saves the hero text, switch and (when given) a new video in one statement. Returns the keys the
 * row pointed at before, so the caller deletes the old files only after this has committed.
 */
export async function updateHeroSettings(input: {
	title: string
	subtitle: string
	videoEnabled: boolean
	video?: StoredVideo
}) {
	return getDb()
		.transaction()
		.execute(async (trx) => {
			const before = await trx
				.selectFrom('hero_settings')
				.select(['video_key', 'poster_key'])
				.where('id', '=', 1)
				.executeTakeFirstOrThrow()
			await trx
				.updateTable('hero_settings')
				.set({
					title: input.title,
					subtitle: input.subtitle,
					video_enabled: input.videoEnabled ? 1 : 0,
					...(input.video ? { video_key: input.video.videoKey, poster_key: input.video.posterKey } : {}),
					updated_at: nowIso(),
				})
				.where('id', '=', 1)
				.execute()
			return input.video ? [before.video_key, before.poster_key] : []
		})
}

/** Clears the hero video; returns the keys to delete once committed. */
export async function removeHeroVideo() {
	return getDb()
		.transaction()
		.execute(async (trx) => {
			const before = await trx
				.selectFrom('hero_settings')
				.select(['video_key', 'poster_key'])
				.where('id', '=', 1)
				.executeTakeFirstOrThrow()
			await trx
				.updateTable('hero_settings')
				.set({ video_key: null, poster_key: null, updated_at: nowIso() })
				.where('id', '=', 1)
				.execute()
			return [before.video_key, before.poster_key]
		})
}

export async function getStoryStep(id: number) {
	return getDb()
		.selectFrom('story_steps')
		.select(['id', 'step_order', 'step_name', 'step_text', 'video_key', 'poster_key'])
		.where('id', '=', id)
		.executeTakeFirst()
}

/** false when the step does not exist. */
export async function updateStoryText(id: number, text: string) {
	const result = await getDb()
		.updateTable('story_steps')
		.set({ step_text: text, updated_at: nowIso() })
		.where('id', '=', id)
		.executeTakeFirst()
	return Number(result.numUpdatedRows) > 0
}

/**
 * Points a step at a new video (or none). Returns the keys it pointed at before (to delete after
 * the commit), or null when the step does not exist.
 */
export async function setStoryVideo(id: number, video: StoredVideo | null) {
	return getDb()
		.transaction()
		.execute(async (trx) => {
			const before = await trx
				.selectFrom('story_steps')
				.select(['video_key', 'poster_key'])
				.where('id', '=', id)
				.executeTakeFirst()
			if (!before) return null
			await trx
				.updateTable('story_steps')
				.set({ video_key: video?.videoKey ?? null, poster_key: video?.posterKey ?? null, updated_at: nowIso() })
				.where('id', '=', id)
				.execute()
			return [before.video_key, before.poster_key]
		})
}
