import type { Locator } from '@playwright/test'
import jsQR from 'jsqr'
import sharp from 'sharp'

/** Reads the QR code on the page the way a phone's camera would: from the pixels. */
export async function decodeQr(qr: Locator) {
	const { data, info } = await sharp(await qr.screenshot())
		.ensureAlpha()
		.raw()
		.toBuffer({ resolveWithObject: true })
	return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data ?? null
}
