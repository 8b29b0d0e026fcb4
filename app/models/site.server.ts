import type { Kysely } from 'kysely'

import { type DB, getDb, nowIso } from '~/db.server'
import type { StoredVideo } from '~/utils/videos.server'

import { inTransaction } from './columns.server'
import { mediaKeysOfRecord } from './media-columns.server'

// The shop's singleton rows: shop settings, hero settings, the four story steps. Every function here
// returns domain values (camelCase); rows never leave this file. Functions take the database last.

export type ShopSettings = {
	shopName: string
	whatsappNumber: string
	phone: string
	email: string
	address: string
	instagramUrl: string
}

export type HeroSettings = {
	title: string
	subtitle: string
	videoEnabled: boolean
	videoKey: string | null
	posterKey: string | null
	updatedAt: string
}

export type StoryStep = {
	id: number
	/** 1 to 4: its place in the slideshow. */
	order: number
	name: string
	text: string
	videoKey: string | null
	posterKey: string | null
	updatedAt: string
}

export async function getShopSettings(db: Kysely<DB> = getDb()): Promise<ShopSettings> {
	const row = await db
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

export async function getHeroSettings(db: Kysely<DB> = getDb()): Promise<HeroSettings> {
	const row = await db
		.selectFrom('hero_settings')
		.select(['video_key', 'poster_key', 'video_enabled', 'title', 'subtitle', 'updated_at'])
		.where('id', '=', 1)
		.executeTakeFirstOrThrow()
	return {
		title: row.title,
		subtitle: row.subtitle,
		videoEnabled: row.video_enabled === 1,
		videoKey: row.video_key,
		posterKey: row.poster_key,
		updatedAt: row.updated_at,
	}
}

const STEP_COLUMNS = ['id', 'step_order', 'step_name', 'step_text', 'video_key', 'poster_key', 'updated_at'] as const

function toStoryStep(row: {
	id: number
	step_order: number
	step_name: string
	step_text: string
	video_key: string | null
	poster_key: string | null
	updated_at: string
}): StoryStep {
	return {
		id: row.id,
		order: row.step_order,
		name: row.step_name,
		text: row.step_text,
		videoKey: row.video_key,
		posterKey: row.poster_key,
		updatedAt: row.updated_at,
	}
}

export async function listStorySteps(db: Kysely<DB> = getDb()): Promise<StoryStep[]> {
	const rows = await db.selectFrom('story_steps').select(STEP_COLUMNS).orderBy('step_order').execute()
	return rows.map(toStoryStep)
}

export async function getStoryStep(id: number, db: Kysely<DB> = getDb()): Promise<StoryStep | null> {
	const row = await db.selectFrom('story_steps').select(STEP_COLUMNS).where('id', '=', id).executeTakeFirst()
	return row ? toStoryStep(row) : null
}

// ── Writes (admin settings screens) ──

export async function updateShopSettings(input: ShopSettings, db: Kysely<DB> = getDb()) {
	await db
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

/**
 * Saves the hero text, switch and (when given) a new video in one statement. Returns the media keys
 * the row pointed at before and no longer does, so the caller deletes those files only after this
 * has committed.
 */
export async function updateHeroSettings(
	input: { title: string; subtitle: string; videoEnabled: boolean; video?: StoredVideo },
	db: Kysely<DB> = getDb(),
) {
	return inTransaction(db, async (trx) => {
		const before = input.video ? await mediaKeysOfRecord(trx, 'hero_settings', 1) : []
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
		return before
	})
}

/** Clears the hero video; returns the keys to delete once committed. */
export async function removeHeroVideo(db: Kysely<DB> = getDb()) {
	return inTransaction(db, async (trx) => {
		const before = await mediaKeysOfRecord(trx, 'hero_settings', 1)
		await trx.updateTable('hero_settings').set({ video_key: null, poster_key: null, updated_at: nowIso() }).where('id', '=', 1).execute()
		return before
	})
}

/** false when the step does not exist. */
export async function updateStoryText(id: number, text: string, db: Kysely<DB> = getDb()) {
	const result = await db.updateTable('story_steps').set({ step_text: text, updated_at: nowIso() }).where('id', '=', id).executeTakeFirst()
	return Number(result.numUpdatedRows) > 0
}

/**
 * Points a step at a new video (or none). Returns the keys it pointed at before (to delete after
 * the commit), or null when the step does not exist.
 */
export async function setStoryVideo(id: number, video: StoredVideo | null, db: Kysely<DB> = getDb()) {
	return inTransaction(db, async (trx) => {
		const step = await trx.selectFrom('story_steps').select('id').where('id', '=', id).executeTakeFirst()
		if (!step) return null
		const before = await mediaKeysOfRecord(trx, 'story_steps', id)
		await trx
			.updateTable('story_steps')
			.set({ video_key: video?.videoKey ?? null, poster_key: video?.posterKey ?? null, updated_at: nowIso() })
			.where('id', '=', id)
			.execute()
		return before
	})
}
