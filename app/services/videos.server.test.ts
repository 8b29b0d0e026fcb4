import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import sharp from 'sharp'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'

import { LIMITS } from '~/constants'
import { heroSchema, VIDEO_MESSAGES } from '~/schemas/hero'
import { resetEnvCache } from '~/utils/env.server'

import { asPosted } from '../../tests/helpers/request-args'
import { ffmpegCommand, posterPicture, receiveVideoUpload, storePendingVideo, writePosterDerivatives } from './videos.server'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'videos-'))
const uploads = path.join(dir, 'uploads')
process.env.UPLOADS_DIR = uploads
process.env.DATABASE_PATH = path.join(dir, 'shop.db')
let mp4: Buffer

beforeAll(() => {
	resetEnvCache()
	const file = path.join(dir, 'clip.mp4')
	execFileSync('ffmpeg', [
		'-hide_banner',
		'-loglevel',
		'error',
		'-y',
		'-f',
		'lavfi',
		'-i',
		'testsrc=duration=1:size=1920x1080:rate=25',
		'-f',
		'lavfi',
		'-i',
		'sine=duration=1',
		'-c:v',
		'libx264',
		'-preset',
		'ultrafast',
		'-pix_fmt',
		'yuv444p',
		'-c:a',
		'aac',
		'-shortest',
		file,
	])
	mp4 = fs.readFileSync(file)
})
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))
afterEach(() => {
	delete process.env.FFMPEG_PATH
	fs.rmSync(uploads, { recursive: true, force: true })
})

function upload(file: { name: string; bytes: Uint8Array | Blob } | null, fields: Record<string, string> = { title: 'Hello' }) {
	const fd = new FormData()
	for (const [k, v] of Object.entries(fields)) fd.append(k, v)
	fd.append('video', file ? new File([file.bytes as BlobPart], file.name) : new File([], ''))
	return new Request('http://shop.test/admin/hero-settings', { method: 'POST', body: fd })
}

/** Files left anywhere under uploads (videos and temp work). */
function storedFiles() {
	if (!fs.existsSync(uploads)) return []
	return (fs.readdirSync(uploads, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(uploads, f)).isFile())
}

function probe(file: string) {
	return JSON.parse(
		execFileSync('ffprobe', [
			'-v',
			'error',
			'-show_entries',
			'stream=codec_type,codec_name,width,height,pix_fmt',
			'-of',
			'json',
			file,
		]).toString(),
	).streams as Array<Record<string, string | number>>
}

/** The hero form's fields: what the page posts beside its video. */
const hero = { schema: heroSchema }

describe('receiving a video', () => {
	test('an MP4 is kept in a temp folder with the other fields', async () => {
		const received = await receiveVideoUpload(asPosted(upload({ name: 'clip.mp4', bytes: mp4 })), hero)
		expect(received.error).toBeNull()
		expect(received.formData?.get('title')).toBe('Hello')
		expect(received.video?.type).toBe('mp4')
		expect(fs.readFileSync(received.video!.source).equals(mp4)).toBe(true)
	})

	test('an empty file input is no video and no error', async () => {
		const received = await receiveVideoUpload(asPosted(upload(null)), hero)
		expect([received.error, received.video]).toEqual([null, null])
		expect(storedFiles()).toEqual([])
	})

	test('a text file named .mp4 is refused and nothing is stored', async () => {
		const received = await receiveVideoUpload(
			asPosted(upload({ name: 'notes.mp4', bytes: new TextEncoder().encode('just some text, not a video at all') })),
			hero,
		)
		expect(received.error).toBe(VIDEO_MESSAGES.notVideo)
		expect(received.formData?.get('title')).toBe('Hello')
		expect(storedFiles()).toEqual([])
	})

	test('a HEIC photo and M4A audio are not taken for videos, and nothing is stored', async () => {
		const heic = fs.readFileSync(path.resolve(import.meta.dirname, '../../tests/fixtures/photo.heic'))
		const m4a = path.join(dir, 'song.m4a')
		execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'sine=duration=1', '-c:a', 'aac', m4a])
		for (const file of [
			{ name: 'IMG_0042.HEIC', bytes: heic },
			{ name: 'song.m4a', bytes: fs.readFileSync(m4a) },
		]) {
			const received = await receiveVideoUpload(asPosted(upload(file)), hero)
			expect(received.error, file.name).toBe(VIDEO_MESSAGES.notVideo)
			expect(received.formData?.get('title')).toBe('Hello')
			expect(storedFiles()).toEqual([])
		}
	})

	test('AVI is refused with the reason', async () => {
		const avi = new Uint8Array(64)
		avi.set(new TextEncoder().encode('RIFF\0\0\0\0AVI LIST'))
		const received = await receiveVideoUpload(asPosted(upload({ name: 'old.avi', bytes: avi })), hero)
		expect(received.error).toBe(VIDEO_MESSAGES.avi)
		expect(storedFiles()).toEqual([])
	})

	test('more than 50MB is refused while streaming and nothing is stored', async () => {
		const big = new Uint8Array(LIMITS.maxVideoBytes + 1024)
		big.set(mp4.subarray(0, 32))
		const received = await receiveVideoUpload(asPosted(upload({ name: 'big.mp4', bytes: big })), hero)
		expect(received.error).toBe(VIDEO_MESSAGES.tooLarge)
		expect(storedFiles()).toEqual([])
	})

	test('two files are refused', async () => {
		const fd = new FormData()
		fd.append('video', new File([new Uint8Array(mp4)], 'a.mp4'))
		fd.append('video', new File([new Uint8Array(mp4)], 'b.mp4'))
		const received = await receiveVideoUpload(asPosted(new Request('http://shop.test/x', { method: 'POST', body: fd })), hero)
		expect(received.error).toBe(VIDEO_MESSAGES.oneAtATime)
		expect(storedFiles()).toEqual([])
	})
})

describe('storing a video', () => {
	test('with ffmpeg: an H.264 web copy without audio, at most 720p, and a poster', async () => {
		expect(await ffmpegCommand()).toBe('ffmpeg')
		const received = await receiveVideoUpload(asPosted(upload({ name: 'clip.mp4', bytes: mp4 })), hero)
		const stored = await storePendingVideo(received.video!)
		expect(stored.videoKey).toMatch(/^videos\/[a-f0-9]{32}\/video\.mp4$/)
		expect(stored.posterKey).toBe(stored.videoKey.replace('video.mp4', 'poster.jpg'))
		const streams = probe(path.join(uploads, stored.videoKey))
		expect(streams).toEqual([{ codec_type: 'video', codec_name: 'h264', width: 1280, height: 720, pix_fmt: 'yuv420p' }])
		expect(fs.readFileSync(path.join(uploads, stored.posterKey!)).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]))
		// The poster's derivatives sit beside it: resized WebP + JPEG, and a portrait crop.
		const folder = path.posix.dirname(stored.videoKey)
		const derivatives = ['720w', '1080w', '1280w', 'portrait'].flatMap((name) => [
			`${folder}/poster-${name}.webp`,
			`${folder}/poster-${name}.jpg`,
		])
		expect(storedFiles().sort()).toEqual([stored.posterKey, stored.videoKey, ...derivatives].sort())
	})

	test('FFMPEG_PATH=none: the upload is served as it is, without a poster', async () => {
		process.env.FFMPEG_PATH = 'none'
		expect(await ffmpegCommand()).toBeNull()
		const received = await receiveVideoUpload(asPosted(upload({ name: 'clip.mp4', bytes: mp4 })), hero)
		const stored = await storePendingVideo(received.video!)
		expect(stored.posterKey).toBeNull()
		expect(fs.readFileSync(path.join(uploads, stored.videoKey)).equals(mp4)).toBe(true)
		expect(storedFiles()).toEqual([stored.videoKey])
	})

	test('a missing ffmpeg binary falls back to serving the upload', async () => {
		process.env.FFMPEG_PATH = path.join(dir, 'no-such-ffmpeg')
		expect(await ffmpegCommand()).toBeNull()
	})

	test('bytes that only look like a video are refused by ffmpeg, leaving nothing', async () => {
		const fake = Buffer.concat([mp4.subarray(0, 32), Buffer.alloc(4096, 7)])
		const received = await receiveVideoUpload(asPosted(upload({ name: 'fake.mp4', bytes: fake })), hero)
		await expect(storePendingVideo(received.video!)).rejects.toThrow(VIDEO_MESSAGES.unreadable)
		expect(storedFiles()).toEqual([])
	})
})

describe('poster derivatives', () => {
	async function posterIn(width: number, height: number) {
		const folder = path.join(uploads, 'videos', `${width}x${height}`)
		fs.mkdirSync(folder, { recursive: true })
		await sharp({ create: { width, height, channels: 3, background: '#6f1522' } })
			.jpeg()
			.toFile(path.join(folder, 'poster.jpg'))
		return { folder, key: `videos/${width}x${height}/poster.jpg` }
	}
	const size = async (file: string) => {
		const { width, height, format } = await sharp(file).metadata()
		return { width, height, format }
	}

	test('a landscape poster: WebP and JPEG at each width up to its own, and a 3:4 centre crop', async () => {
		const { folder, key } = await posterIn(1280, 720)
		await writePosterDerivatives(folder)
		expect(await size(path.join(folder, 'poster-720w.webp'))).toEqual({ width: 720, height: 405, format: 'webp' })
		expect(await size(path.join(folder, 'poster-1280w.jpg'))).toEqual({ width: 1280, height: 720, format: 'jpeg' })
		expect(await size(path.join(folder, 'poster-portrait.webp'))).toEqual({ width: 540, height: 720, format: 'webp' })
		expect(fs.existsSync(path.join(folder, 'poster-1600w.webp'))).toBe(false)
		expect(await posterPicture(key)).toEqual({
			src: `/media/${key}`,
			webpSrcSet:
				'/media/videos/1280x720/poster-720w.webp 720w, /media/videos/1280x720/poster-1080w.webp 1080w, /media/videos/1280x720/poster-1280w.webp 1280w',
			jpgSrcSet:
				'/media/videos/1280x720/poster-720w.jpg 720w, /media/videos/1280x720/poster-1080w.jpg 1080w, /media/videos/1280x720/poster-1280w.jpg 1280w',
			portraitWebp: '/media/videos/1280x720/poster-portrait.webp 540w',
			portraitJpg: '/media/videos/1280x720/poster-portrait.jpg 540w',
		})
	})

	test('a portrait poster needs no crop', async () => {
		const { folder, key } = await posterIn(720, 1280)
		await writePosterDerivatives(folder)
		const picture = await posterPicture(key)
		expect(picture.portraitWebp).toBeNull()
		expect(picture.webpSrcSet).toBe('/media/videos/720x1280/poster-720w.webp 720w')
	})

	test('a poster stored before derivatives existed is shown as it is', async () => {
		const { key } = await posterIn(854, 480)
		expect(await posterPicture(key)).toEqual({
			src: `/media/${key}`,
			webpSrcSet: null,
			jpgSrcSet: null,
			portraitWebp: null,
			portraitJpg: null,
		})
	})
})
