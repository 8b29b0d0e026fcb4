import crypto from 'node:crypto'
import fsp from 'node:fs/promises'
import path from 'node:path'

import QRCode from 'qrcode'
import sharp from 'sharp'

import { imageWidths, type StoredImage } from '~/utils/media'
import { formatPaise } from '~/utils/money'
import { xmlText } from '~/utils/xml'

import { mediaDirOf } from './storage.server'

// A 9:16 "status card" per active saree, for WhatsApp Status and Instagram stories: the saree's main
// photo, its name, code and price, the shop's name and a QR code to its page. It is a derivative of the
// main photo, stored in that photo's folder beside its sizes (so it goes when the photo goes) under a
// name that is a hash of everything drawn on it: a new name, price, photo or shop name makes a new file.

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
	/** The product page's absolute address (the QR code's content). */
	url: string
}

/** The card's file name inside the photo's folder. */
function shareCardFileName(input: ShareCardInput) {
	const hash = crypto
		.createHash('sha256')
		.update(
			JSON.stringify([
				DESIGN,
				input.image.key,
				input.name,
				input.code,
				input.salePricePaise,
				input.originalPricePaise,
				input.shopName,
				input.url,
			]),
		)
		.digest('base64url')
		.slice(0, 22)
	return `card-${hash}.jpg`
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

function textLayer(input: ShareCardInput) {
	const left = MARGIN
	const columnRight = SHARE_CARD_WIDTH - MARGIN - QR_SIZE - 40
	const perLine = Math.floor((columnRight - left) / 25)
	const nameLines = wrapText(input.name, perLine, 3)
	const onSale = input.salePricePaise < input.originalPricePaise
	let y = PHOTO_HEIGHT + 100
	const parts: string[] = [
		`<rect x="0" y="${PHOTO_HEIGHT}" width="${SHARE_CARD_WIDTH}" height="${SHARE_CARD_HEIGHT - PHOTO_HEIGHT}" fill="#fbf6ee"/>`,
		`<rect x="0" y="${PHOTO_HEIGHT}" width="${SHARE_CARD_WIDTH}" height="10" fill="#7a1f2b"/>`,
		`<text x="${left}" y="${y}" font-family="DejaVu Sans, Noto Sans, Noto Sans Telugu, sans-serif" font-size="34" letter-spacing="3" fill="#7a1f2b">${xmlText(input.shopName.toUpperCase())}</text>`,
	]
	y += 80
	for (const line of nameLines) {
		parts.push(
			`<text x="${left}" y="${y}" font-family="DejaVu Serif, Noto Serif, Noto Serif Telugu, Noto Sans Telugu, serif" font-size="48" fill="#1c1917">${xmlText(line)}</text>`,
		)
		y += 62
	}
	y += 30
	parts.push(
		`<text x="${left}" y="${y}" font-family="DejaVu Sans Mono, monospace" font-size="38" fill="#44403c">Code: ${xmlText(input.code)}</text>`,
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
	parts.push(
		`<text x="${qrX + QR_SIZE / 2}" y="${qrY + QR_SIZE + 56}" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="30" fill="#44403c">Scan to order</text>`,
	)
	return {
		svg: Buffer.from(
			`<svg xmlns="http://www.w3.org/2000/svg" width="${SHARE_CARD_WIDTH}" height="${SHARE_CARD_HEIGHT}">${parts.join('')}</svg>`,
		),
		qr: { left: qrX, top: qrY },
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
	const text = textLayer(input)
	const canvas = await sharp({ create: { width: SHARE_CARD_WIDTH, height: SHARE_CARD_HEIGHT, channels: 3, background: '#fbf6ee' } })
		.composite([
			{ input: photo, left: 0, top: 0 },
			{ input: text.svg, left: 0, top: 0 },
			{ input: qr, left: text.qr.left, top: text.qr.top },
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
		for (const old of await fsp.readdir(dir)) {
			if (old.startsWith('card-') && old !== path.basename(file)) await fsp.rm(path.join(dir, old), { force: true })
		}
		return file
	})().finally(() => drawing.delete(file))
	drawing.set(file, work)
	return work
}
