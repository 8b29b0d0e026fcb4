import crypto from 'node:crypto'
import fsp from 'node:fs/promises'
import path from 'node:path'

import QRCode from 'qrcode'
import sharp, { type OverlayOptions } from 'sharp'

import type { Locale } from '~/i18n/locales'
import { imageWidths, type StoredImage } from '~/utils/media'
import { formatPaise } from '~/utils/money'
import { xmlText } from '~/utils/xml'

import { type CardFont, cardFont } from './card-fonts.server'
import { mediaDirOf } from './storage.server'

// A 9:16 "status card" per active saree, for WhatsApp Status and Instagram stories: the saree's main
// photo, its name, code and price, the shop's name and a QR code to its page. It is a derivative of the
// main photo, stored in that photo's folder beside its sizes (so it goes when the photo goes) under a
// name that is a hash of everything drawn on it: a new name, price, photo or shop name makes a new file.
// A page in Telugu or Hindi shares its own card (its name, words and QR address in that language), kept
// beside the English one under a name that starts with the language: `card-te-<hash>.jpg`.

export const SHARE_CARD_WIDTH = 1080
export const SHARE_CARD_HEIGHT = 1920
/** WhatsApp Status and most chat previews drop or recompress larger files. */
export const SHARE_CARD_MAX_BYTES = 300 * 1024

/** Changes whenever the drawing below changes, so every card is drawn again. */
const DESIGN = 1

const PHOTO_HEIGHT = 1280
const QR_SIZE = 330
const MARGIN = 64

export type ShareCardInput = {
	image: StoredImage
	name: string
	code: string
	salePricePaise: number
	originalPricePaise: number
	shopName: string
	/** The product page's absolute address in `locale` (the QR code's content). */
	url: string
	/** The language of the page the card is shared from: its name and words are in it. */
	locale: Locale
	/** The card's words in `locale`: "Code: …" (with the code) and the invitation under the QR code. */
	labels: { code: string; scan: string }
}

const CARD_FILE = /^card-(?:(te|hi)-)?[\w-]{22}\.jpg$/

/** The language of a card file in a photo's folder (null for anything else there). */
function cardFileLocale(fileName: string): Locale | null {
	const match = CARD_FILE.exec(fileName)
	return match ? ((match[1] as Locale | undefined) ?? 'en') : null
}

/** The card's file name inside the photo's folder. */
function shareCardFileName(input: ShareCardInput) {
	const drawn: unknown[] = [
		DESIGN,
		input.image.key,
		input.name,
		input.code,
		input.salePricePaise,
		input.originalPricePaise,
		input.shopName,
		input.url,
	]
	// English words are part of the design; a translated card also changes with its catalogue's words.
	if (input.locale !== 'en') drawn.push(input.locale, input.labels.code, input.labels.scan)
	const hash = crypto.createHash('sha256').update(JSON.stringify(drawn)).digest('base64url').slice(0, 22)
	return input.locale === 'en' ? `card-${hash}.jpg` : `card-${input.locale}-${hash}.jpg`
}

/** Splits `text` into at most `maxLines` lines of about `perLine` characters, the last one cut with "…". */
export function wrapText(text: string, perLine: number, maxLines: number): string[] {
	const words = text.replace(/\s+/g, ' ').trim().split(' ')
	const lines: string[] = []
	let line = ''
	for (const word of words) {
		const candidate = line ? `${line} ${word}` : word
		if (candidate.length <= perLine || !line) {
			line = candidate
			continue
		}
		lines.push(line)
		line = word
	}
	if (line) lines.push(line)
	if (lines.length <= maxLines) return lines.map((l) => (l.length > perLine ? `${l.slice(0, perLine - 1)}…` : l))
	const kept = lines.slice(0, maxLines)
	const last = kept[maxLines - 1]!
	kept[maxLines - 1] = `${last.length >= perLine ? last.slice(0, perLine - 1) : last}…`
	return kept
}

/** Words drawn in a script font by Pango, beside the SVG (whose renderer cannot be handed a font file). */
type ScriptRun = { text: string; size: number; color: string; serif: boolean; left: number; baseline: number; centreAt?: number }

/**
 * The card's lower part. With a script font (Telugu, Hindi) the name, code and QR invitation are left out
 * of the SVG and returned as runs to draw with that font; prices, digits and the shop's name stay in the
 * SVG's Latin fonts either way.
 */
function textLayer(input: ShareCardInput, scripted: boolean) {
	const left = MARGIN
	const columnRight = SHARE_CARD_WIDTH - MARGIN - QR_SIZE - 40
	const perLine = Math.floor((columnRight - left) / 25)
	const nameLines = wrapText(input.name, perLine, 3)
	const onSale = input.salePricePaise < input.originalPricePaise
	const runs: ScriptRun[] = []
	let y = PHOTO_HEIGHT + 100
	const parts: string[] = [
		`<rect x="0" y="${PHOTO_HEIGHT}" width="${SHARE_CARD_WIDTH}" height="${SHARE_CARD_HEIGHT - PHOTO_HEIGHT}" fill="#fbf6ee"/>`,
		`<rect x="0" y="${PHOTO_HEIGHT}" width="${SHARE_CARD_WIDTH}" height="10" fill="#7a1f2b"/>`,
		`<text x="${left}" y="${y}" font-family="DejaVu Sans, Noto Sans, Noto Sans Telugu, sans-serif" font-size="34" letter-spacing="3" fill="#7a1f2b">${xmlText(input.shopName.toUpperCase())}</text>`,
	]
	y += 80
	for (const line of nameLines) {
		if (scripted) runs.push({ text: line, size: 48, color: '#1c1917', serif: true, left, baseline: y })
		else
			parts.push(
				`<text x="${left}" y="${y}" font-family="DejaVu Serif, Noto Serif, Noto Serif Telugu, Noto Sans Telugu, serif" font-size="48" fill="#1c1917">${xmlText(line)}</text>`,
			)
		y += 62
	}
	y += 30
	if (scripted) runs.push({ text: input.labels.code, size: 38, color: '#44403c', serif: false, left, baseline: y })
	else
		parts.push(
			`<text x="${left}" y="${y}" font-family="DejaVu Sans Mono, monospace" font-size="38" fill="#44403c">${xmlText(input.labels.code)}</text>`,
		)
	y += 90
	parts.push(
		`<text x="${left}" y="${y}" font-family="DejaVu Sans, sans-serif" font-size="64" font-weight="bold" fill="#7a1f2b">${xmlText(formatPaise(input.salePricePaise))}${
			onSale
				? `<tspan dx="24" font-size="38" font-weight="normal" fill="#78716c" text-decoration="line-through">${xmlText(formatPaise(input.originalPricePaise))}</tspan>`
				: ''
		}</text>`,
	)
	const qrX = SHARE_CARD_WIDTH - MARGIN - QR_SIZE
	const qrY = PHOTO_HEIGHT + 90
	if (scripted)
		runs.push({
			text: input.labels.scan,
			size: 30,
			color: '#44403c',
			serif: false,
			left: qrX,
			baseline: qrY + QR_SIZE + 56,
			centreAt: qrX + QR_SIZE / 2,
		})
	else
		parts.push(
			`<text x="${qrX + QR_SIZE / 2}" y="${qrY + QR_SIZE + 56}" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="30" fill="#44403c">${xmlText(input.labels.scan)}</text>`,
		)
	return {
		svg: Buffer.from(
			`<svg xmlns="http://www.w3.org/2000/svg" width="${SHARE_CARD_WIDTH}" height="${SHARE_CARD_HEIGHT}">${parts.join('')}</svg>`,
		),
		qr: { left: qrX, top: qrY },
		runs,
	}
}

/**
 * A run drawn by Pango with the script's font file (Latin letters in it fall back to DejaVu), placed so
 * its letters sit on the run's baseline: Pango's image is cut to the ink, so its top is put where a
 * letter's top would be.
 */
async function drawRun(run: ScriptRun, font: CardFont): Promise<OverlayOptions> {
	const { data, info } = await sharp({
		text: {
			text: `<span foreground="${run.color}">${xmlText(run.text)}</span>`,
			font: `${font.family}, ${run.serif ? 'DejaVu Serif' : 'DejaVu Sans'} ${run.size}`,
			fontfile: font.file,
			dpi: 72,
			rgba: true,
		},
	})
		.png()
		.toBuffer({ resolveWithObject: true })
	const left = run.centreAt === undefined ? run.left : Math.round(run.centreAt - info.width / 2)
	return {
		input: data,
		left: Math.max(0, Math.min(left, SHARE_CARD_WIDTH - info.width)),
		top: Math.round(run.baseline - run.size * 0.8),
	}
}

/** Draws the card as a JPEG under SHARE_CARD_MAX_BYTES, from the photo's largest stored JPEG. */
async function renderShareCard(input: ShareCardInput, photoDir: string): Promise<Buffer> {
	const widths = imageWidths(input.image.width)
	const source = path.join(photoDir, `${widths[widths.length - 1]}.jpg`)
	const photo = await sharp(source)
		.resize({ width: SHARE_CARD_WIDTH, height: PHOTO_HEIGHT, fit: 'cover', position: 'attention' })
		.toBuffer()
	const qr = await QRCode.toBuffer(input.url, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: QR_SIZE })
	const font = await cardFont(input.locale)
	const text = textLayer(input, font !== null)
	const runs = font ? await Promise.all(text.runs.map((run) => drawRun(run, font))) : []
	const canvas = await sharp({ create: { width: SHARE_CARD_WIDTH, height: SHARE_CARD_HEIGHT, channels: 3, background: '#fbf6ee' } })
		.composite([
			{ input: photo, left: 0, top: 0 },
			{ input: text.svg, left: 0, top: 0 },
			{ input: qr, left: text.qr.left, top: text.qr.top },
			...runs,
		])
		.png()
		.toBuffer()
	// A busy weave compresses poorly: lower the quality until the card fits WhatsApp's limit.
	for (const quality of [82, 74, 66, 58, 50]) {
		const jpeg = await sharp(canvas).jpeg({ quality, mozjpeg: true, progressive: true }).toBuffer()
		if (jpeg.length <= SHARE_CARD_MAX_BYTES || quality === 50) return jpeg
	}
	throw new Error('unreachable')
}

const drawing = new Map<string, Promise<string>>()

/**
 * The card's file, drawn if it is not there yet (written under a temporary name, then renamed; the
 * cards drawn from older inputs are removed). Concurrent requests for one card share one drawing.
 */
export function ensureShareCard(input: ShareCardInput): Promise<string> {
	const dir = mediaDirOf(input.image.key)
	if (!dir) return Promise.reject(new Error('not a stored image'))
	const file = path.join(dir, shareCardFileName(input))
	const inFlight = drawing.get(file)
	if (inFlight) return inFlight
	const work = (async () => {
		if (await fsp.stat(file).catch(() => null)) return file
		const jpeg = await renderShareCard(input, dir)
		const temp = path.join(dir, `.${path.basename(file)}.${process.pid}.tmp`)
		try {
			await fsp.writeFile(temp, jpeg)
			await fsp.rename(temp, file)
		} catch (error) {
			await fsp.rm(temp, { force: true })
			throw error
		}
		// Only this language's older cards go: the other languages' cards of the same photo stay.
		for (const old of await fsp.readdir(dir)) {
			if (cardFileLocale(old) === input.locale && old !== path.basename(file)) await fsp.rm(path.join(dir, old), { force: true })
		}
		return file
	})().finally(() => drawing.delete(file))
	drawing.set(file, work)
	return work
}
