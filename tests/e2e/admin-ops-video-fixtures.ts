import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { LIMITS } from '../../app/constants'

// Small test videos made with ffmpeg, plus the files that must be refused.
export type VideoFixtures = {
	dir: string
	mp4: string
	otherMp4: string
	textAsMp4: string
	tooBig: string
	avi: string
	/** An iPhone-style HEIC photo and M4A audio: ISO media files like MP4, but no video. */
	heic: string
	m4a: string
}

function ffmpeg(args: string[]) {
	execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args])
}

export function makeVideoFixtures(): VideoFixtures {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-ops-videos-'))
	const mp4 = path.join(dir, 'loom.mp4')
	ffmpeg([
		'-f',
		'lavfi',
		'-i',
		'testsrc=duration=1:size=1280x960:rate=25',
		'-f',
		'lavfi',
		'-i',
		'sine=duration=1',
		'-c:v',
		'libx264',
		'-pix_fmt',
		'yuv444p',
		'-c:a',
		'aac',
		'-shortest',
		mp4,
	])
	const otherMp4 = path.join(dir, 'weaving.mp4')
	ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=duration=1:size=640x360:rate=25', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', otherMp4])
	const textAsMp4 = path.join(dir, 'notes.mp4')
	fs.writeFileSync(textAsMp4, 'These are my notes, not a video.\n'.repeat(20))
	// A real MP4 header followed by zeros past the limit: sparse, so it costs no disk or time to make.
	const tooBig = path.join(dir, 'huge.mp4')
	fs.writeFileSync(tooBig, fs.readFileSync(otherMp4).subarray(0, 64))
	fs.truncateSync(tooBig, LIMITS.maxVideoBytes + 1024 * 1024)
	const avi = path.join(dir, 'old.avi')
	ffmpeg(['-f', 'lavfi', '-i', 'testsrc=duration=1:size=320x240:rate=10', '-c:v', 'mjpeg', avi])
	const heic = path.join(dir, 'IMG_0042.HEIC')
	fs.copyFileSync(path.resolve(import.meta.dirname, '../fixtures/photo.heic'), heic)
	const m4a = path.join(dir, 'song.m4a')
	ffmpeg(['-f', 'lavfi', '-i', 'sine=duration=1', '-c:a', 'aac', m4a])
	return { dir, mp4, otherMp4, textAsMp4, tooBig, avi, heic, m4a }
}

export function probeStreams(file: string) {
	const out = execFileSync('ffprobe', [
		'-v',
		'error',
		'-show_entries',
		'stream=codec_type,codec_name,width,height,pix_fmt',
		'-show_entries',
		'format=format_name',
		'-of',
		'json',
		file,
	])
	return JSON.parse(out.toString()) as { streams: Array<Record<string, string | number>>; format: { format_name: string } }
}

/** Every folder under uploads/videos (and unfinished work under .tmp). */
export function videoFolders(uploadsDir: string) {
	const list = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir) : [])
	return { videos: list(path.join(uploadsDir, 'videos')).sort(), tmp: list(path.join(uploadsDir, '.tmp')) }
}
