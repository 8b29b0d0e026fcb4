import { spawn } from 'node:child_process'
import fs from 'node:fs'
import fsp from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'

import sharp from 'sharp'

import { LIMITS } from '~/constants'
import { VIDEO_MESSAGES } from '~/schemas/hero'
import { detectVideoType, type VideoType } from '~/utils/file-types.server'
import { type BodyRead, type FilePart, type FormFields, readBody } from '~/utils/forms.server'
import { mediaUrl, type PosterPicture, type StoredVideo } from '~/utils/media'
import type { RequestArgs } from '~/utils/request-context.server'

import { commitTempDir, DISK_FULL_MESSAGE, isDiskFull, makeTempDir, removeTempDir, UPLOAD_UNREADABLE, uploadsDir } from './storage.server'

// One uploaded video per slot (hero, each story step), stored as
//   videos/<id>/video.<ext>   what the site plays
//   videos/<id>/poster.jpg    its first frame (only when ffmpeg is available)
//   videos/<id>/poster-<w>w.{webp,jpg}, poster-portrait.{webp,jpg}
//                             the poster resized, and cropped for portrait phones (see writePosterDerivatives)
// With ffmpeg the upload becomes a small web copy (H.264, no audio, ≤ 720p, fast-start), so a visitor
// on a phone does not download a 50 MB camera file; without ffmpeg the upload is served as it is.

export class VideoRejectedError extends Error {}

/** A checked upload waiting in a temp folder until the caller commits it. */
export type PendingVideo = { dir: string; source: string; type: VideoType }

export type ReceivedUpload =
	{ formData: FormData; video: PendingVideo | null; error: null } | { formData: FormData | null; video: null; error: string }

const ONE_MB = 1024 * 1024
// After a refused (too large) upload the rest of the body is read and dropped, so the browser
// receives our answer instead of a reset connection; past this much we stop being polite.
const DRAIN_LIMIT = 4 * LIMITS.maxVideoBytes

/**
 * Reads a multipart form (readBody) whose one file field (`fieldName`) is a video. The file is written
 * to a temp folder only when its first bytes say it is a video we can play; the fields `form` takes come
 * back in `formData`. A refused file leaves nothing behind and gives the message to show.
 */
export async function receiveVideoUpload(posted: RequestArgs, form: FormFields, fieldName = 'video'): Promise<ReceivedUpload> {
	let video: PendingVideo | null = null
	let error: string | null = null
	const keep = async (file: FilePart) => {
		if (file.name !== fieldName || file.size === 0) return
		const type = detectVideoType(file.bytes)
		if (!type) {
			error = VIDEO_MESSAGES.notVideo
			return
		}
		if (type === 'avi') {
			error = VIDEO_MESSAGES.avi
			return
		}
		let dir: string | null = null
		try {
			dir = await makeTempDir()
			const source = path.join(dir, 'source')
			await pipeline(Readable.from(file.content), fs.createWriteStream(source))
			video = { dir, source, type }
		} catch (e) {
			if (dir) await removeTempDir(dir)
			if (!isDiskFull(e)) throw e
			// Reading goes on with the fields after the file, so the form comes back as typed.
			error = diskFull()
		}
	}
	let read: BodyRead
	try {
		read = await readBody(
			posted,
			{ maxBytes: LIMITS.maxVideoBytes + ONE_MB, maxFiles: 1, maxFileBytes: LIMITS.maxVideoBytes, drainBytes: DRAIN_LIMIT, form },
			keep,
		)
	} catch (e) {
		await discardPendingVideo(video)
		throw e
	}
	if (!read.ok) {
		await discardPendingVideo(video)
		const { problem } = read
		if (problem.kind === 'too-large') return { formData: null, video: null, error: VIDEO_MESSAGES.tooLarge }
		if (problem.kind === 'too-many-files') return { formData: null, video: null, error: VIDEO_MESSAGES.oneAtATime }
		if (problem.kind === 'refused') return { formData: read.formData, video: null, error: UPLOAD_UNREADABLE }
		return { formData: null, video: null, error: VIDEO_MESSAGES.unreadable }
	}
	if (error) return { formData: read.formData, video: null, error }
	return { formData: read.formData, video, error: null }
}

/** Drops a pending upload that will not be used (the rest of its form was invalid). */
export async function discardPendingVideo(video: PendingVideo | null) {
	if (video) await removeTempDir(video.dir)
}

/**
 * Turns a pending upload into stored media: a web copy and poster with ffmpeg, the upload itself
 * without. The folder appears under uploads/videos in one rename. The caller writes the keys to the
 * database and, after that commits, deletes the media the row pointed at before.
 */
export async function storePendingVideo(video: PendingVideo): Promise<StoredVideo> {
	try {
		const ffmpeg = await ffmpegCommand()
		let ext: string = video.type
		let poster = false
		if (ffmpeg) {
			const output = path.join(video.dir, 'video.mp4')
			try {
				await exclusive(() => run(ffmpeg, webCopyArgs(video.source, output)))
			} catch (error) {
				throw new VideoRejectedError(isDiskFull(error) ? diskFull() : VIDEO_MESSAGES.unreadable)
			}
			ext = 'mp4'
			poster = await exclusive(() => run(ffmpeg, posterArgs(output, path.join(video.dir, 'poster.jpg')))).then(
				() => true,
				() => false,
			)
			if (poster) await writePosterDerivatives(video.dir)
			await fsp.rm(video.source, { force: true })
			if (!poster) await fsp.rm(path.join(video.dir, 'poster.jpg'), { force: true })
		} else {
			await fsp.rename(video.source, path.join(video.dir, `video.${ext}`))
		}
		for (const file of await fsp.readdir(video.dir)) await fsyncFile(path.join(video.dir, file))
		const key = await commitTempDir(video.dir, 'videos')
		return { videoKey: `${key}/video.${ext}`, posterKey: poster ? `${key}/poster.jpg` : null }
	} catch (error) {
		await removeTempDir(video.dir)
		if (!(error instanceof VideoRejectedError) && isDiskFull(error)) throw new VideoRejectedError(diskFull())
		throw error
	}
}

function diskFull() {
	console.error(`Upload refused: no space left for media in ${uploadsDir()}`)
	return DISK_FULL_MESSAGE
}

async function fsyncFile(file: string) {
	const handle = await fsp.open(file, 'r+')
	try {
		await handle.sync()
	} finally {
		await handle.close()
	}
}

// ── poster derivatives ──
// The hero poster is what a phone paints first (the page's largest image), so it comes in the sizes
// and format a phone needs: WebP (with JPEG beside it) at a few widths, and a 3:4 crop of its centre
// for portrait phones, where the full-bleed hero shows only the middle of a landscape frame anyway.

const POSTER_WIDTHS = [720, 1080, 1600]
const PORTRAIT = 3 / 4

/** Writes the derivatives of `dir`/poster.jpg beside it. Best effort: without them pages use poster.jpg. */
export async function writePosterDerivatives(dir: string) {
	try {
		const source = path.join(dir, 'poster.jpg')
		const { width = 0, height = 0 } = await sharp(source).metadata()
		if (!width || !height) return
		const widths = [...POSTER_WIDTHS.filter((w) => w < width), width]
		const jobs = widths.flatMap((w) => {
			const resized = sharp(source).resize({ width: w })
			return [
				resized
					.clone()
					.webp({ quality: 55, effort: 6 })
					.toFile(path.join(dir, `poster-${w}w.webp`)),
				resized
					.clone()
					.jpeg({ quality: 66, mozjpeg: true, progressive: true })
					.toFile(path.join(dir, `poster-${w}w.jpg`)),
			]
		})
		if (width / height > PORTRAIT) {
			const cropWidth = Math.round(height * PORTRAIT)
			const crop = sharp(source).extract({ left: Math.round((width - cropWidth) / 2), top: 0, width: cropWidth, height })
			jobs.push(
				crop.clone().webp({ quality: 55, effort: 6 }).toFile(path.join(dir, 'poster-portrait.webp')),
				crop.clone().jpeg({ quality: 66, mozjpeg: true, progressive: true }).toFile(path.join(dir, 'poster-portrait.jpg')),
			)
		}
		await Promise.all(jobs)
	} catch (error) {
		console.warn(`Poster derivatives not written: ${error instanceof Error ? error.message : String(error)}`)
		for (const file of await fsp.readdir(dir).catch(() => [])) {
			if (file.startsWith('poster-')) await fsp.rm(path.join(dir, file), { force: true })
		}
	}
}

/** The derivatives a stored poster has: widths (WebP and JPEG each) and the portrait crop's width, when there is one. */
type PosterDerivatives = { widths: number[]; portraitWidth: number | null }

// A stored video folder never changes (new uploads get new folders), so what was found stays true.
const derivativesFound = new Map<string, PosterDerivatives>()

async function findPosterDerivatives(posterKey: string): Promise<PosterDerivatives> {
	const known = derivativesFound.get(posterKey)
	if (known) return known
	const files = await fsp.readdir(path.join(uploadsDir(), path.dirname(posterKey))).catch(() => [] as string[])
	const widths = files
		.map((f) => /^poster-(\d+)w\.webp$/.exec(f)?.[1])
		.filter((w): w is string => !!w && files.includes(`poster-${w}w.jpg`))
		.map(Number)
		.sort((a, b) => a - b)
	const portrait = files.includes('poster-portrait.webp') && files.includes('poster-portrait.jpg')
	// Its width goes in the srcset (with `sizes`), as HTML wants beside the other sources' widths; sharp reads only the header.
	const portraitWidth = portrait
		? ((await sharp(path.join(uploadsDir(), path.dirname(posterKey), 'poster-portrait.jpg'))
				.metadata()
				.then((m) => m.width)
				.catch(() => null)) ?? null)
		: null
	const found = { widths, portraitWidth }
	if (derivativesFound.size >= 200) derivativesFound.clear()
	derivativesFound.set(posterKey, found)
	return found
}

/** What a page needs to show a stored poster: its derivatives where they exist, poster.jpg otherwise. */
export async function posterPicture(posterKey: string): Promise<PosterPicture> {
	const { widths, portraitWidth } = await findPosterDerivatives(posterKey)
	const folder = mediaUrl(path.posix.dirname(posterKey))
	const srcSet = (format: 'webp' | 'jpg') => (widths.length ? widths.map((w) => `${folder}/poster-${w}w.${format} ${w}w`).join(', ') : null)
	return {
		src: mediaUrl(posterKey),
		webpSrcSet: srcSet('webp'),
		jpgSrcSet: srcSet('jpg'),
		portraitWebp: portraitWidth ? `${folder}/poster-portrait.webp ${portraitWidth}w` : null,
		portraitJpg: portraitWidth ? `${folder}/poster-portrait.jpg ${portraitWidth}w` : null,
	}
}

// ── ffmpeg ──

/** H.264 in MP4, no audio, yuv420p (plays everywhere), at most 1280×720 (or 720×1280), ≤ 30 fps, moov first. */
function webCopyArgs(input: string, output: string) {
	return [
		'-hide_banner',
		'-loglevel',
		'error',
		'-nostdin',
		'-y',
		'-i',
		input,
		'-map',
		'0:v:0',
		'-an',
		'-sn',
		'-dn',
		'-map_metadata',
		'-1',
		'-vf',
		"scale=w='min(iw,if(gte(iw,ih),1280,720))':h='min(ih,if(gte(iw,ih),720,1280))':force_original_aspect_ratio=decrease:force_divisible_by=2",
		'-fpsmax',
		'30',
		'-c:v',
		'libx264',
		'-preset',
		'veryfast',
		'-crf',
		'26',
		'-pix_fmt',
		'yuv420p',
		'-movflags',
		'+faststart',
		'-threads',
		'2',
		output,
	]
}

function posterArgs(input: string, output: string) {
	return ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', '-i', input, '-frames:v', '1', '-q:v', '3', output]
}

const FFMPEG_TIMEOUT_MS = 10 * 60 * 1000

function run(command: string, args: string[], timeoutMs = FFMPEG_TIMEOUT_MS) {
	return new Promise<void>((resolve, reject) => {
		const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] })
		let stderr = ''
		child.stderr.on('data', (d: Buffer) => {
			if (stderr.length < 4000) stderr += d.toString()
		})
		const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
		child.on('error', (e) => {
			clearTimeout(timer)
			reject(e)
		})
		child.on('close', (code) => {
			clearTimeout(timer)
			if (code === 0) resolve()
			else reject(new Error(`${path.basename(command)} exited with ${code}: ${stderr.trim()}`))
		})
	})
}

// Two cores serve the whole shop: one transcode at a time.
let queue: Promise<unknown> = Promise.resolve()
function exclusive<T>(task: () => Promise<T>): Promise<T> {
	const result = queue.then(task, task)
	queue = result.catch(() => undefined)
	return result
}

let ffmpegCheck: { setting: string | undefined; found: Promise<string | null> } | undefined

/**
 * The ffmpeg to use, or null. FFMPEG_PATH names it (default: `ffmpeg` on PATH); FFMPEG_PATH=none
 * turns processing off. Checked once per setting.
 */
export function ffmpegCommand(): Promise<string | null> {
	const setting = process.env.FFMPEG_PATH?.trim() || undefined
	if (!ffmpegCheck || ffmpegCheck.setting !== setting) {
		const command = setting ?? 'ffmpeg'
		ffmpegCheck = {
			setting,
			found:
				command.toLowerCase() === 'none'
					? Promise.resolve(null)
					: run(command, ['-hide_banner', '-version'], 10_000).then(
							() => command,
							() => {
								console.warn(`ffmpeg not available (${command}): videos are served as uploaded, without posters`)
								return null
							},
						),
		}
	}
	return ffmpegCheck.found
}
