// Regenerates the demo's short clips in app/demo/assets/ (the hero background and one per story
// step), each with a poster JPEG (its first frame). Run by hand when the clips should change:
//   npx tsx scripts/make-demo-videos.ts [--posters-only] [hero step-1 ...]
// Needs ffmpeg; seeding the demo does not (it copies these files).
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

import sharp from 'sharp'

import { type PhotoKind, renderPixels, type SareeLook } from '../app/demo/fabric.server'
import { DEMO_ASSETS_DIR } from '../app/demo/seed.server'

type Clip = {
	name: string
	kind: PhotoKind
	look: (t: number) => SareeLook
	width: number
	height: number
	seconds: number
	/** Upper bound for the video bitrate, which keeps the file under its size budget. */
	maxKbps: number
}

const FPS = 24

const maroon: SareeLook = {
	seed: 11,
	body: '#741226',
	shot: '#c23a2c',
	border: '#14553a',
	motifs: ['#e2b23f', '#f3e5c5', '#14553a'],
	pattern: 'diamond',
	borderStyle: 'temple',
	borderWidth: 130,
	repeat: 72,
	pallu: '#5c0e1d',
}
const rawSilk = (tone: string): SareeLook => ({
	...maroon,
	seed: 21,
	body: tone,
	shot: '#fff6df',
	border: tone,
	motifs: [tone, tone, tone],
	pallu: tone,
})
const mix = (a: string, b: string, t: number) => {
	const x = Number.parseInt(a.slice(1), 16)
	const y = Number.parseInt(b.slice(1), 16)
	const c = [16, 8, 0].map((s) => Math.round(((x >> s) & 255) * (1 - t) + ((y >> s) & 255) * t))
	return `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`
}
const indigo: SareeLook = { ...maroon, seed: 31, body: '#1f2c66', shot: '#4d64b8', motifs: ['#a4162d', '#efe6d2', '#d9a83a'] }

const CLIPS: Clip[] = [
	{ name: 'hero', kind: 'silk', look: () => maroon, width: 1280, height: 720, seconds: 7, maxKbps: 540 },
	// Acquiring silk: undyed mulberry yarn on the warp
	{ name: 'step-1', kind: 'loom', look: () => rawSilk('#d9c7a0'), width: 854, height: 480, seconds: 6, maxKbps: 260 },
	// Bleaching: the raw, golden silk turns white
	{
		name: 'step-2',
		kind: 'silk',
		look: (t) => rawSilk(mix('#cdb27a', '#f1eee6', Math.min(1, t * 1.3))),
		width: 854,
		height: 480,
		seconds: 6,
		maxKbps: 260,
	},
	// Making the design: the tie-dyed ikat up close
	{
		name: 'step-3',
		kind: 'texture',
		look: () => ({ ...maroon, seed: 41, pattern: 'chevron', body: '#c68f17', shot: '#f2c14a', motifs: ['#6b1023', '#f5e9cf', '#1f5b3c'] }),
		width: 854,
		height: 480,
		seconds: 6,
		maxKbps: 260,
	},
	// Weaving: the dyed warp meets the reed and becomes cloth
	{ name: 'step-4', kind: 'loom', look: () => indigo, width: 854, height: 480, seconds: 6, maxKbps: 260 },
]

// The hero poster is what phones paint first: keep it light.
async function writePoster(clip: Clip, pixels: Buffer) {
	await sharp(pixels, { raw: { width: clip.width, height: clip.height, channels: 3 } })
		.jpeg({ quality: 60, mozjpeg: true, progressive: true })
		.toFile(path.join(DEMO_ASSETS_DIR, `${clip.name}.jpg`))
}

async function makePoster(clip: Clip) {
	await writePoster(clip, await renderPixels(clip.look(0), clip.kind, clip.width, clip.height, { time: 0, grain: false }))
	console.log(`${clip.name}: ${Math.round(fs.statSync(path.join(DEMO_ASSETS_DIR, `${clip.name}.jpg`)).size / 1024)} KB poster`)
}

async function makeClip(clip: Clip) {
	const out = path.join(DEMO_ASSETS_DIR, `${clip.name}.mp4`)
	const frames = clip.seconds * FPS
	const ffmpeg = spawn(
		'ffmpeg',
		[
			'-y',
			'-loglevel',
			'error',
			'-f',
			'rawvideo',
			'-pix_fmt',
			'rgb24',
			'-s',
			`${clip.width}x${clip.height}`,
			'-r',
			String(FPS),
			'-i',
			'-',
			'-vf',
			'gblur=sigma=0.5',
			'-c:v',
			'libx264',
			'-preset',
			'veryslow',
			'-profile:v',
			'main',
			'-pix_fmt',
			'yuv420p',
			'-crf',
			'27',
			'-maxrate',
			`${clip.maxKbps}k`,
			'-bufsize',
			`${clip.maxKbps * 2}k`,
			'-g',
			String(FPS * 2),
			'-an',
			'-movflags',
			'+faststart',
			out,
		],
		{ stdio: ['pipe', 'inherit', 'inherit'] },
	)
	const done = new Promise<void>((resolve, reject) =>
		ffmpeg.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited with ${code}`)))),
	)
	for (let i = 0; i < frames; i++) {
		const t = i / frames
		const pixels = await renderPixels(clip.look(t), clip.kind, clip.width, clip.height, { time: t, grain: false })
		if (i === 0) await writePoster(clip, pixels)
		if (!ffmpeg.stdin.write(pixels)) await new Promise((r) => ffmpeg.stdin.once('drain', r))
	}
	ffmpeg.stdin.end()
	await done
	const kb = (file: string) => Math.round(fs.statSync(file).size / 1024)
	console.log(`${clip.name}: ${kb(out)} KB video, ${kb(path.join(DEMO_ASSETS_DIR, `${clip.name}.jpg`))} KB poster`)
}

const args = process.argv.slice(2)
const postersOnly = args.includes('--posters-only')
const only = args.filter((a) => !a.startsWith('--'))
fs.mkdirSync(DEMO_ASSETS_DIR, { recursive: true })
for (const clip of CLIPS) {
	if (only.length && !only.includes(clip.name)) continue
	await (postersOnly ? makePoster(clip) : makeClip(clip))
}
