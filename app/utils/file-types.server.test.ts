import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'

import { IMAGE_MESSAGES, notAnImageMessage } from '~/schemas/image-upload'

import { message } from '../../tests/helpers/i18n'
import { detectImageType, detectVideoType } from './file-types.server'
import { isoBrands } from './iso-media'

// Real files: made here by ffmpeg and sharp, and a HEIC photo (HEVC-coded, brands heic, mif1, miaf)
// made by libheif's heif-enc, kept as a fixture since neither tool here writes HEIC.
const HEIC = fs.readFileSync(path.resolve(import.meta.dirname, '../../tests/fixtures/photo.heic'))
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'file-types-'))
const made: Record<string, Buffer> = {}

function ffmpeg(name: string, args: string[]) {
	const file = path.join(dir, name)
	execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args, file])
	made[name] = fs.readFileSync(file)
}

const VIDEO = ['-f', 'lavfi', '-i', 'testsrc=duration=0.2:size=64x48:rate=10', '-c:v', 'libx264', '-pix_fmt', 'yuv420p']
const AUDIO = ['-f', 'lavfi', '-i', 'sine=duration=0.2', '-c:a', 'aac']

beforeAll(async () => {
	ffmpeg('camera.mp4', VIDEO)
	// Android phones write mp42 as the major brand.
	ffmpeg('phone.mp4', [...VIDEO, '-brand', 'mp42'])
	ffmpeg('iphone.mov', VIDEO)
	ffmpeg('old-phone.3gp', [...VIDEO])
	ffmpeg('song.m4a', AUDIO)
	ffmpeg('voice.m4b', [...AUDIO, '-f', 'ipod', '-brand', 'M4B '])
	made['photo.avif'] = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#a33' } })
		.avif()
		.toBuffer()
})
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

describe('ISO media files by their brands', () => {
	test('MP4, MOV and 3GP videos are videos', () => {
		expect(isoBrands(made['camera.mp4']!)?.major).toBe('isom')
		expect(detectVideoType(made['camera.mp4']!)).toBe('mp4')
		expect(isoBrands(made['phone.mp4']!)?.major).toBe('mp42')
		expect(detectVideoType(made['phone.mp4']!)).toBe('mp4')
		expect(detectVideoType(made['iphone.mov']!)).toBe('mov')
		expect(isoBrands(made['old-phone.3gp']!)?.major).toMatch(/^3g/)
		expect(detectVideoType(made['old-phone.3gp']!)).toBe('mp4')
	})

	test('a HEIC photo, an AVIF photo and M4A audio are not videos, though they list MP4 brands', () => {
		expect(isoBrands(HEIC)).toEqual({ major: 'heic', compatible: ['mif1', 'heic', 'miaf'] })
		expect(detectVideoType(HEIC)).toBeNull()
		expect(isoBrands(made['photo.avif']!)?.major).toBe('avif')
		expect(detectVideoType(made['photo.avif']!)).toBeNull()
		const m4a = isoBrands(made['song.m4a']!)
		expect(m4a?.major).toBe('M4A ')
		expect(m4a?.compatible).toContain('isom')
		expect(detectVideoType(made['song.m4a']!)).toBeNull()
		expect(detectVideoType(made['voice.m4b']!)).toBeNull()
		// The ftyp box an iPhone writes for its photos.
		const iphone = ftyp('heic', ['mif1', 'MiHB', 'MiHE', 'MiPr', 'miaf', 'heic', 'tmap'])
		expect(detectVideoType(iphone)).toBeNull()
		// Neither is an image the shop decodes.
		expect(detectImageType(HEIC)).toBeNull()
		expect(detectImageType(made['song.m4a']!)).toBeNull()
	})

	test('a HEIC photo is refused with what to do instead; anything else with the usual message', () => {
		expect(notAnImageMessage('IMG_0042.HEIC', HEIC)).toBe(IMAGE_MESSAGES.heic('IMG_0042.HEIC'))
		expect(message(IMAGE_MESSAGES.heic('IMG_0042.HEIC'))).toBe(
			'File IMG_0042.HEIC is a HEIC photo, which the shop cannot read. Please send it as a JPEG (on an iPhone: Settings › Camera › Formats › Most Compatible).',
		)
		expect(notAnImageMessage('song.m4a', made['song.m4a']!)).toBe(IMAGE_MESSAGES.notSupported('song.m4a'))
		expect(notAnImageMessage('notes.jpg', new TextEncoder().encode('plain text, not a photo'))).toBe(
			IMAGE_MESSAGES.notSupported('notes.jpg'),
		)
	})

	test('an ftyp box that claims to be huge is read only as far as its bytes and a small bound', () => {
		const box = ftyp('isom', Array<string>(2000).fill('avc1'))
		box.set([0x7f, 0xff, 0xff, 0xff], 0)
		expect(isoBrands(box)?.compatible).toHaveLength((1024 - 16) / 4)
		expect(detectVideoType(box)).toBe('mp4')
		expect(detectVideoType(ftyp('zzzz', []))).toBeNull()
		expect(isoBrands(new TextEncoder().encode('not an iso media file'))).toBeNull()
	})
})

/** An ftyp box with these brands, as the first bytes of a file. */
function ftyp(major: string, compatible: string[]) {
	const text = `ftyp${major}\0\0\0\0${compatible.join('')}`
	const bytes = new Uint8Array(4 + text.length)
	new DataView(bytes.buffer).setUint32(0, bytes.length)
	for (let i = 0; i < text.length; i++) bytes[4 + i] = text.charCodeAt(i)
	return bytes
}
