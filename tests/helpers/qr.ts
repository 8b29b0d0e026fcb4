import type { Locator } from '@playwright/test'
import jsQR from 'jsqr'
import sharp from 'sharp'

/** Reads the QR code on the page the way a phone's camera would: from the pixels. */
export async function decodeQr(qr: Locator) {
	return decodeQrImage(await qr.screenshot())
}

/** Reads the QR code in a picture (a PNG or JPEG file's bytes). */
export async function decodeQrImage(bytes: Buffer) {
	const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
	return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data ?? null
}
