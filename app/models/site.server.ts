import type { Kysely } from 'kysely'

import { type DB, getDb, nowIso } from '~/db.server'
import type { Locale } from '~/i18n/locales'
import type { StoredVideo } from '~/utils/media'
import { localizedColumn, type TranslationColumn, translationColumns, type Translations } from '~/utils/translations'

import { inTransaction } from './columns.server'
import { mediaKeysOfRecord } from './media-columns.server'

// The shop's singleton rows: shop settings, hero settings, the four story steps. Every function here
// returns domain values (camelCase); rows never leave this file. Functions take the database last.
// The storefront's reads take the visitor's `locale`: the seller's text in that language when she gave
// it, else the English one, and `langs` says which language each is in (utils/translations); the
// admin's reads (…ForEdit) give every language.

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
	/** The language `title` and `subtitle` are each in: the visitor's, or 'en' when not translated. */
	langs: { title: Locale; subtitle: Locale }
}

/** The hero form: the English text and every translation. */
export type HeroForEdit = Omit<HeroSettings, 'langs'> & Translations<'title' | 'subtitle'>

export type StoryStep = {
	id: number
	/** 1 to 4: its place in the slideshow. */
	order: number
	name: string
	text: string
	videoKey: string | null
	posterKey: string | null
	updatedAt: string
	/** The language `name` and `text` are each in: the visitor's, or 'en' when not translated. */
	langs: { name: Locale; text: Locale }
}

/** A step on the story screen: the fixed English name, the English text and every translation. */
export type StoryStepForEdit = Omit<StoryStep, 'langs'> & Translations<'name' | 'text'>

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

const HERO_COLUMNS = ['video_key', 'poster_key', 'video_enabled', 'title', 'subtitle', 'updated_at'] as const
const HERO_TRANSLATED = ['title', 'subtitle'] as const

export async function getHeroSettings(locale: Locale = 'en', db: Kysely<DB> = getDb()): Promise<HeroSettings> {
	const row = await db
		.selectFrom('hero_settings')
		.select(HERO_COLUMNS)
		.select(translationColumns(HERO_TRANSLATED, locale))
		.where('id', '=', 1)
		.executeTakeFirstOrThrow()
	const title = localizedColumn(row, 'title', locale)
	const subtitle = localizedColumn(row, 'subtitle', locale)
	return {
		title: title.text,
		subtitle: subtitle.text,
		videoEnabled: row.video_enabled === 1,
		videoKey: row.video_key,
		posterKey: row.poster_key,
		updatedAt: row.updated_at,
		langs: { title: title.lang, subtitle: subtitle.lang },
	}
}

export async function getHeroForEdit(db: Kysely<DB> = getDb()): Promise<HeroForEdit> {
	const row = await db
		.selectFrom('hero_settings')
		.select(HERO_COLUMNS)
		.select(['title_te', 'title_hi', 'subtitle_te', 'subtitle_hi'])
		.where('id', '=', 1)
		.executeTakeFirstOrThrow()
	return {
		title: row.title,
		titleTe: row.title_te,
		titleHi: row.title_hi,
		subtitle: row.subtitle,
		subtitleTe: row.subtitle_te,
		subtitleHi: row.subtitle_hi,
		videoEnabled: row.video_enabled === 1,
		videoKey: row.video_key,
		posterKey: row.poster_key,
		updatedAt: row.updated_at,
	}
}

const STEP_COLUMNS = ['id', 'step_order', 'step_name', 'step_text', 'video_key', 'poster_key', 'updated_at'] as const
const STEP_TRANSLATED = ['step_name', 'step_text'] as const

type StepRow = {
	id: number
	step_order: number
	step_name: string
	step_text: string
	video_key: string | null
	poster_key: string | null
	updated_at: string
} & Partial<Record<TranslationColumn<(typeof STEP_TRANSLATED)[number]>, string>>

function toStoryStep(row: StepRow, locale: Locale): StoryStep {
	const name = localizedColumn(row, 'step_name', locale)
	const text = localizedColumn(row, 'step_text', locale)
	return {
		id: row.id,
		order: row.step_order,
		name: name.text,
		text: text.text,
		videoKey: row.video_key,
		posterKey: row.poster_key,
		updatedAt: row.updated_at,
		langs: { name: name.lang, text: text.lang },
	}
}

export async function listStorySteps(locale: Locale = 'en', db: Kysely<DB> = getDb()): Promise<StoryStep[]> {
	const rows = await db
		.selectFrom('story_steps')
		.select(STEP_COLUMNS)
		.select(translationColumns(STEP_TRANSLATED, locale))
		.orderBy('step_order')
		.execute()
	return rows.map((row) => toStoryStep(row, locale))
}

export async function listStoryStepsForEdit(db: Kysely<DB> = getDb()): Promise<StoryStepForEdit[]> {
	const rows = await db
		.selectFrom('story_steps')
		.select(STEP_COLUMNS)
		.select(['step_name_te', 'step_name_hi', 'step_text_te', 'step_text_hi'])
		.orderBy('step_order')
		.execute()
	return rows.map((row) => ({
		id: row.id,
		order: row.step_order,
		name: row.step_name,
		nameTe: row.step_name_te,
		nameHi: row.step_name_hi,
		text: row.step_text,
		textTe: row.step_text_te,
		textHi: row.step_text_hi,
		videoKey: row.video_key,
		posterKey: row.poster_key,
		updatedAt: row.updated_at,
	}))
}

/** One step in English (the admin's messages name it). */
export async function getStoryStep(id: number, db: Kysely<DB> = getDb()): Promise<StoryStep | null> {
	const row = await db.selectFrom('story_steps').select(STEP_COLUMNS).where('id', '=', id).executeTakeFirst()
	return row ? toStoryStep(row, 'en') : null
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
	input: { title: string; subtitle: string; videoEnabled: boolean; video?: StoredVideo } & Translations<'title' | 'subtitle'>,
	db: Kysely<DB> = getDb(),
) {
	return inTransaction(db, async (trx) => {
		const before = input.video ? await mediaKeysOfRecord(trx, 'hero_settings', 1) : []
		await trx
			.updateTable('hero_settings')
			.set({
				title: input.title,
				title_te: input.titleTe.trim(),
				title_hi: input.titleHi.trim(),
				subtitle: input.subtitle,
				subtitle_te: input.subtitleTe.trim(),
				subtitle_hi: input.subtitleHi.trim(),
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

/** Saves a step's text and its translated name and text; false when the step does not exist. */
export async function updateStoryText(id: number, input: { text: string } & Translations<'name' | 'text'>, db: Kysely<DB> = getDb()) {
	const result = await db
		.updateTable('story_steps')
		.set({
			step_text: input.text,
			step_name_te: input.nameTe.trim(),
			step_name_hi: input.nameHi.trim(),
			step_text_te: input.textTe.trim(),
			step_text_hi: input.textHi.trim(),
			updated_at: nowIso(),
		})
		.where('id', '=', id)
		.executeTakeFirst()
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
