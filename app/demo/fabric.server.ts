import sharp from 'sharp'

// Procedural "photos" of silk sarees for the demo catalogue, made without any download:
// 1. each repeating part of the textile (the ikat body's motif, the zari border, the narrow top border,
//    the pallu with its fringe) is drawn once as a small SVG tile and rasterised by sharp;
// 2. a per-pixel pass lays the saree out from those tiles and drapes it (dress form, pleats, folds,
//    ripples), lights it like silk (soft key light, coloured sheen on ridges, metallic glints on the
//    zari), adds the handloom's uneven weft and a studio backdrop with a soft shadow.
// Material coordinates are millimetres of cloth: u runs along the saree's length, v across its width
// (v = 0 at the narrow top border, v = SAREE_WIDTH at the main border's edge). The pallu is at the end.

type IkatPattern = 'diamond' | 'chevron' | 'chowka' | 'butta' | 'telia'
type BorderStyle = 'temple' | 'stripes' | 'rudraksha'

export type SareeLook = {
	seed: number
	body: string
	/** The silk's shot colour: the tint its highlights take (two-tone silk). */
	shot: string
	border: string
	/** Ikat motif colours: outline, fill, centre. */
	motifs: [string, string, string]
	pattern: IkatPattern
	borderStyle: BorderStyle
	/** Main border width in mm (Kanchi and Dharmavaram borders are wide, plain Pochampally narrower). */
	borderWidth: number
	/** Motif repeat in mm. */
	repeat: number
	pallu: string
}

export type Shot = 'drape' | 'hanging' | 'pallu' | 'border' | 'folded' | 'texture'

const SAREE_WIDTH = 1150
const PALLU_START = 4600
const PALLU_END = 5500
const FRINGE = 80
const ZARI = '#d2a84e'

// ── small helpers ──

type Rgb = [number, number, number]

function hexToRgb(hex: string): Rgb {
	const n = Number.parseInt(hex.replace('#', ''), 16)
	return [(n >> 16) & 255, (n >> 8) & 255, n & 255]
}

function mixHex(a: string, b: string, t: number) {
	const x = hexToRgb(a)
	const y = hexToRgb(b)
	const c = x.map((v, i) => Math.round(v + (y[i]! - v) * t))
	return `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`
}

/** Small deterministic PRNG, so a saree looks the same on every seed. */
function rng(seed: number) {
	let s = seed >>> 0
	return () => {
		s = (s + 0x6d2b79f5) >>> 0
		let t = s
		t = Math.imul(t ^ (t >>> 15), t | 1)
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296
	}
}

const f = (n: number) => Math.round(n * 100) / 100
const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : v)
const clamp01 = (t: number) => (t < 0 ? 0 : t > 1 ? 1 : t)
const smooth = (t: number) => {
	const c = clamp01(t)
	return c * c * (3 - 2 * c)
}
const lerp = (a: number, b: number, t: number) => a + (b - a) * t

/** A polygon whose slanted edges become stairs, as resist-dyed ikat threads draw them. */
function stairs(points: Array<[number, number]>, steps: number) {
	const out: Array<[number, number]> = []
	for (let i = 0; i < points.length; i++) {
		const [x0, y0] = points[i]!
		const [x1, y1] = points[(i + 1) % points.length]!
		out.push([x0, y0])
		for (let k = 1; k < steps; k++) {
			const t = k / steps
			const px = out[out.length - 1]![0]
			const y = y0 + (y1 - y0) * t
			out.push([px, y], [x0 + (x1 - x0) * t, y])
		}
		out.push([out[out.length - 1]![0], y1])
	}
	return `M${out.map(([x, y]) => `${f(x)} ${f(y)}`).join('L')}Z`
}

function diamond(cx: number, cy: number, a: number, b: number, steps: number) {
	return stairs(
		[
			[cx, cy - b],
			[cx + a, cy],
			[cx, cy + b],
			[cx - a, cy],
		],
		steps,
	)
}

const path = (fill: string, d: string) => `<path fill="${fill}" d="${d}"/>`
const rect = (fill: string, x: number, y: number, w: number, h: number) =>
	`<rect fill="${fill}" x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}"/>`

// ── the tiles, in mm ──

type TileSvg = { w: number; h: number; body: string }

/** One repeat of the ikat body (or pallu) pattern. */
function ikatTile(pattern: IkatPattern, ground: string, motifs: [string, string, string], w: number): TileSvg {
	const [a, b, c] = motifs
	let h = w
	let shapes = ''
	switch (pattern) {
		case 'diamond': {
			h = w * 1.25
			for (const [cx, cy] of [
				[w / 2, h / 2],
				[0, 0],
				[w, 0],
				[0, h],
				[w, h],
			] as const) {
				shapes += path(a, diamond(cx, cy, w * 0.3, h * 0.3, 5))
				shapes += path(ground, diamond(cx, cy, w * 0.22, h * 0.22, 4))
				shapes += path(b, diamond(cx, cy, w * 0.14, h * 0.14, 3))
				shapes += path(c, diamond(cx, cy, w * 0.05, h * 0.05, 1))
			}
			break
		}
		case 'chevron': {
			h = w * 0.9
			const band = (y: number, thick: number, colour: string) =>
				path(
					colour,
					stairs(
						[
							[-1, y],
							[w / 2, y + h * 0.32],
							[w + 1, y],
							[w + 1, y + thick],
							[w / 2, y + h * 0.32 + thick],
							[-1, y + thick],
						],
						5,
					),
				)
			shapes += band(-h * 0.12, h * 0.16, a) + band(h * 0.18, h * 0.07, b) + band(h * 0.88, h * 0.16, a)
			shapes += path(c, diamond(w / 2, h * 0.72, w * 0.1, h * 0.09, 2))
			break
		}
		case 'chowka': {
			shapes += rect(a, 0, 0, w / 2, h / 2) + rect(a, w / 2, h / 2, w / 2, h / 2)
			shapes += path(b, diamond(w * 0.25, h * 0.25, w * 0.15, h * 0.15, 4))
			shapes += path(ground, diamond(w * 0.25, h * 0.25, w * 0.07, h * 0.07, 2))
			shapes += path(c, diamond(w * 0.75, h * 0.25, w * 0.1, h * 0.1, 3))
			shapes += path(b, diamond(w * 0.75, h * 0.75, w * 0.15, h * 0.15, 4))
			shapes += path(ground, diamond(w * 0.75, h * 0.75, w * 0.07, h * 0.07, 2))
			shapes += path(c, diamond(w * 0.25, h * 0.75, w * 0.1, h * 0.1, 3))
			break
		}
		case 'butta': {
			h = w * 1.1
			for (const [cx, cy] of [
				[w / 4, h / 4],
				[(3 * w) / 4, (3 * h) / 4],
			] as const) {
				shapes += path(a, diamond(cx, cy, w * 0.12, h * 0.14, 4))
				shapes += path(b, diamond(cx, cy, w * 0.055, h * 0.065, 2))
				for (const [dx, dy] of [
					[0, -1],
					[1, 0],
					[0, 1],
					[-1, 0],
				] as const) {
					shapes += rect(c, cx + dx * w * 0.18 - w * 0.022, cy + dy * h * 0.2 - w * 0.022, w * 0.044, w * 0.044)
				}
			}
			break
		}
		case 'telia': {
			const t = w * 0.035
			shapes += rect(a, 0, 0, w, t) + rect(c, 0, t * 2, w, t) + rect(a, 0, 0, t, h) + rect(c, t * 2, 0, t, h)
			shapes += path(b, diamond(w * 0.55, h * 0.55, w * 0.22, h * 0.22, 5))
			shapes += path(ground, diamond(w * 0.55, h * 0.55, w * 0.13, h * 0.13, 4))
			shapes += path(a, diamond(w * 0.55, h * 0.55, w * 0.06, h * 0.06, 2))
			break
		}
	}
	return { w, h, body: rect(ground, 0, 0, w, h) + shapes }
}

/** A zari motif (for bands woven in gold), centred on (cx, cy), about `size` mm. */
function zariMotif(look: SareeLook, cx: number, cy: number, size: number) {
	switch (look.borderStyle) {
		case 'rudraksha':
			return `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(size * 0.22)}" fill="${look.border}"/><circle cx="${f(cx)}" cy="${f(cy)}" r="${f(size * 0.09)}" fill="${ZARI}"/>`
		case 'temple':
			return path(look.border, diamond(cx, cy, size * 0.3, size * 0.32, 3))
		default:
			return rect(look.border, cx - size * 0.5, cy - size * 0.08, size, size * 0.16)
	}
}

/**
 * The main border, repeating along the length: temple teeth reaching into the body (transparent
 * between them, so the body shows), then stripes and a zari band with woven motifs.
 */
function borderTile(look: SareeLook): TileSvg & { v0: number } {
	const bw = look.borderWidth
	const period = bw * 0.6
	const top = bw * 0.35
	const h = bw + top
	let s = ''
	if (look.borderStyle === 'temple') {
		for (const u of [0, period / 2]) {
			s += path(
				look.border,
				stairs(
					[
						[u + period * 0.04, top + 1],
						[u + period / 4, top - period * 0.42],
						[u + period * 0.46, top + 1],
					],
					4,
				),
			)
		}
	}
	s += rect(look.border, 0, top, period, bw)
	s += rect(ZARI, 0, top + bw * 0.06, period, bw * 0.04)
	s += rect(ZARI, 0, top + bw * 0.2, period, bw * 0.32)
	for (const u of [period / 4, (3 * period) / 4]) s += zariMotif(look, u, top + bw * 0.36, bw * 0.3)
	s += rect(look.motifs[0], 0, top + bw * 0.6, period, bw * 0.05)
	s += rect(ZARI, 0, top + bw * 0.72, period, bw * 0.16)
	s += rect(mixHex(look.border, '#000000', 0.2), 0, top + bw * 0.95, period, bw * 0.05)
	return { w: period, h, body: s, v0: SAREE_WIDTH - h }
}

/** The narrow border along the other edge. */
function topBorderTile(look: SareeLook): TileSvg {
	const tb = look.borderWidth * 0.45
	const period = tb * 0.5
	let s = rect(look.border, 0, 0, period, tb)
	s += rect(ZARI, 0, tb * 0.28, period, tb * 0.46)
	s += zariMotif(look, period / 2, tb * 0.51, tb * 0.38)
	s += rect(ZARI, 0, tb * 0.86, period, tb * 0.07)
	return { w: period, h: tb, body: s }
}

/**
 * The pallu, from its start to the end of the fringe, repeating across the width: a broad zari band,
 * then bands of finer ikat between gold and contrast stripes, then twisted tassels.
 */
function palluTile(look: SareeLook): TileSvg {
	const fine = ikatTile(look.pattern === 'chevron' ? 'diamond' : 'chevron', look.pallu, look.motifs, look.repeat * 0.55)
	const h = fine.h * Math.max(1, Math.round(60 / fine.h))
	const w = PALLU_END - PALLU_START + FRINGE
	let s = `<defs><pattern id="fine" patternUnits="userSpaceOnUse" width="${f(fine.w)}" height="${f(fine.h)}">${fine.body}</pattern></defs>`
	let u = 0
	const band = (width: number, fill: string) => {
		s += rect(fill, u, 0, width, h)
		u += width
	}
	band(14, ZARI)
	band(10, look.border)
	const zariStart = u
	band(110, ZARI)
	const motifs = Math.max(1, Math.round(h / 40))
	for (let i = 0; i < motifs; i++) s += zariMotif(look, zariStart + 55, ((i + 0.5) * h) / motifs, 34)
	band(10, look.border)
	band(14, ZARI)
	band(160, 'url(#fine)')
	band(8, ZARI)
	band(30, look.motifs[1])
	band(8, ZARI)
	band(220, 'url(#fine)')
	band(8, ZARI)
	band(30, look.motifs[2])
	band(8, ZARI)
	band(PALLU_END - PALLU_START - u, 'url(#fine)')
	const r = rng(look.seed + 7)
	const tassels = Math.max(1, Math.round(h / 9))
	for (let i = 0; i < tassels; i++) {
		const v = ((i + 0.5) * h) / tassels
		const c = i % 2 ? look.pallu : look.border
		const len = FRINGE - 12 - r() * 10
		s += `<path d="M${u} ${f(v)} L${f(u + len)} ${f(v + (r() - 0.5) * 3)}" stroke="${c}" stroke-width="3.4" stroke-linecap="round"/>`
		s += `<circle cx="${u + 12}" cy="${f(v)}" r="2.6" fill="${mixHex(c, '#000000', 0.3)}"/>`
	}
	return { w, h, body: s }
}

// ── rasterised tiles and the textile made of them ──

type Raster = { rgba: Buffer; zari: Buffer; pw: number; ph: number; sx: number; sy: number; w: number; h: number }

/** Renders a tile at `scale` px/mm (rounded to whole pixels, so it wraps seamlessly), plus its zari mask. */
async function rasterise(tile: TileSvg, scale: number): Promise<Raster> {
	const pw = Math.max(2, Math.round(tile.w * scale))
	const ph = Math.max(2, Math.round(tile.h * scale))
	const svg = (body: string) =>
		`<svg xmlns="http://www.w3.org/2000/svg" width="${pw}" height="${ph}" viewBox="0 0 ${f(tile.w)} ${f(tile.h)}" preserveAspectRatio="none">${body}</svg>`
	// The mask: the same drawing with zari white and everything else black.
	const maskBody = tile.body.replace(
		/(fill|stroke)="(#[0-9a-f]{6})"/gi,
		(_, attr, c) => `${attr}="${c.toLowerCase() === ZARI ? '#fff' : '#000'}"`,
	)
	const [colour, mask] = await Promise.all([
		sharp(Buffer.from(svg(tile.body)))
			.ensureAlpha()
			.raw()
			.toBuffer(),
		sharp(Buffer.from(svg(maskBody)))
			.flatten({ background: '#000' })
			.extractChannel(0)
			.raw()
			.toBuffer(),
	])
	return { rgba: colour, zari: mask, pw, ph, sx: pw / tile.w, sy: ph / tile.h, w: tile.w, h: tile.h }
}

type Sample = { r: number; g: number; b: number; a: number; zari: number }

/** Bilinear lookup in a raster; `wrapU` repeats along u (else clamps), v always repeats. */
function lookup(t: Raster, u: number, v: number, wrapU: boolean, out: Sample) {
	let x = u * t.sx - 0.5
	let y = v * t.sy - 0.5
	if (wrapU) x = ((x % t.pw) + t.pw) % t.pw
	else x = x < 0 ? 0 : x > t.pw - 1 ? t.pw - 1 : x
	y = ((y % t.ph) + t.ph) % t.ph
	const x0 = x | 0
	const y0 = y | 0
	const x1 = wrapU ? (x0 + 1) % t.pw : Math.min(x0 + 1, t.pw - 1)
	const y1 = (y0 + 1) % t.ph
	const fx = x - x0
	const fy = y - y0
	const w00 = (1 - fx) * (1 - fy)
	const w10 = fx * (1 - fy)
	const w01 = (1 - fx) * fy
	const w11 = fx * fy
	const a = y0 * t.pw
	const b = y1 * t.pw
	const i00 = (a + x0) * 4
	const i10 = (a + x1) * 4
	const i01 = (b + x0) * 4
	const i11 = (b + x1) * 4
	const d = t.rgba
	const aa = (d[i00 + 3]! * w00 + d[i10 + 3]! * w10 + d[i01 + 3]! * w01 + d[i11 + 3]! * w11) / 255
	// premultiplied mix so transparent texels don't darken edges
	const p00 = d[i00 + 3]! * w00
	const p10 = d[i10 + 3]! * w10
	const p01 = d[i01 + 3]! * w01
	const p11 = d[i11 + 3]! * w11
	const sum = p00 + p10 + p01 + p11 || 1
	out.r = (d[i00]! * p00 + d[i10]! * p10 + d[i01]! * p01 + d[i11]! * p11) / sum
	out.g = (d[i00 + 1]! * p00 + d[i10 + 1]! * p10 + d[i01 + 1]! * p01 + d[i11 + 1]! * p11) / sum
	out.b = (d[i00 + 2]! * p00 + d[i10 + 2]! * p10 + d[i01 + 2]! * p01 + d[i11 + 2]! * p11) / sum
	out.a = aa
	const z = t.zari
	out.zari = (z[a + x0]! * w00 + z[a + x1]! * w10 + z[b + x0]! * w01 + z[b + x1]! * w11) / 255
	return out
}

type Textile = (u: number, v: number) => Sample

/** The whole saree as a function of (u, v), built from its tiles at `scale` px/mm. */
async function makeTextile(look: SareeLook, scale: number): Promise<Textile> {
	const border = borderTile(look)
	const topTile = topBorderTile(look)
	const [body, main, top, pallu] = await Promise.all([
		rasterise(ikatTile(look.pattern, look.body, look.motifs, look.repeat), scale),
		rasterise(border, scale),
		rasterise(topTile, scale),
		rasterise(palluTile(look), scale),
	])
	const out: Sample = { r: 0, g: 0, b: 0, a: 0, zari: 0 }
	const over: Sample = { r: 0, g: 0, b: 0, a: 0, zari: 0 }
	const ground = (u: number, v: number) =>
		u >= PALLU_START ? lookup(pallu, u - PALLU_START, v, false, out) : lookup(body, u, v, true, out)
	return (u, v) => {
		if (v < 0 || v > SAREE_WIDTH) {
			out.a = 0
			return out
		}
		if (u > PALLU_END) return ground(u, v)
		let edge: Raster | null = null
		let ev = 0
		if (v >= border.v0) {
			edge = main
			ev = v - border.v0
		} else if (v < topTile.h) {
			edge = top
			ev = v
		}
		if (!edge) return ground(u, v)
		lookup(edge, u, ev, true, over)
		if (over.a > 0.995) return over
		ground(u, v)
		const k = over.a
		out.r = out.r * (1 - k) + over.r * k
		out.g = out.g * (1 - k) + over.g * k
		out.b = out.b * (1 - k) + over.b * k
		out.zari = out.zari * (1 - k) + over.zari * k
		return out
	}
}

// ── the photo pass ──

type Backdrop = (x: number, y: number) => Rgb

function studioBackdrop(width: number, height: number, top: string, bottom: string): Backdrop {
	const t = hexToRgb(top)
	const b = hexToRgb(bottom)
	const out: Rgb = [0, 0, 0]
	return (x, y) => {
		const k = y / height
		const dx = (x - width * 0.5) / width
		const dy = (y - height * 0.45) / height
		const vignette = 1 - 0.35 * (dx * dx + dy * dy)
		out[0] = (t[0] + (b[0] - t[0]) * k) * vignette
		out[1] = (t[1] + (b[1] - t[1]) * k) * vignette
		out[2] = (t[2] + (b[2] - t[2]) * k) * vignette
		return out
	}
}

/**
 * What one photo pixel sees: the cloth at material point (u, v) lit by `light` (diffuse) and `sheen`
 * (ridge highlight), or a solid surface (`colour`, the dress form), or the backdrop (return false;
 * `shadow` darkens it).
 */
type Surface = { u: number; v: number; light: number; sheen: number; shadow: number; colour: Rgb | null }
type SceneFn = (x: number, y: number, s: Surface) => boolean

type Scene = { pxPerMm: number; surface: SceneFn; backdrop: Backdrop }

function paint(look: SareeLook, textile: Textile, scene: Scene, width: number, height: number, grainSeed: number, withGrain: boolean) {
	const shot = hexToRgb(look.shot)
	const out = Buffer.alloc(width * height * 3)
	const s: Surface = { u: 0, v: 0, light: 1, sheen: 0, shadow: 0, colour: null }
	const rand = rng(grainSeed)
	// Handloom weft is never perfectly even: each pick (row of threads) is a shade lighter or darker,
	// and the resist-dyed edges wander a little from pick to pick (the soft ikat edge).
	const picks = new Float32Array(4096)
	for (let i = 0; i < picks.length; i++) picks[i] = (rand() - 0.5) * 0.07
	const jitter = new Float32Array(4096)
	for (let i = 0; i < jitter.length; i++) jitter[i] = (rand() - 0.5) * 1.6
	const grain = new Float32Array(8192)
	for (let i = 0; i < grain.length; i++) grain[i] = withGrain ? (rand() - 0.5) * 4 : 0
	let o = 0
	for (let y = 0; y < height; y++) {
		for (let x = 0; x < width; x++) {
			let r = 0
			let g = 0
			let b = 0
			s.shadow = 0
			s.colour = null
			const hit = scene.surface(x, y, s)
			if (hit && s.colour) {
				const c = s.colour
				const k = s.light * (1 + picks[y & 4095]! * 0.4)
				r = c[0] * k + (255 - c[0] * 0.3) * s.sheen * 0.5
				g = c[1] * k + (250 - c[1] * 0.3) * s.sheen * 0.5
				b = c[2] * k + (240 - c[2] * 0.3) * s.sheen * 0.5
			} else {
				let a = 0
				if (hit) {
					// about 3 picks per mm
					const pick = ((s.v * 3) | 0) & 4095
					const c = textile(s.u + jitter[pick]!, s.v)
					a = c.a
					if (a > 0.004) {
						const weft = 1 + picks[pick]! + ((((s.u * 3) | 0) & 1) - 0.5) * 0.035
						const z = c.zari
						const light = s.light * weft * (1 + z * 0.08)
						// silk takes a coloured sheen on its ridges; zari a brighter, whiter metallic glint
						const sheen = s.sheen * (0.55 + z * 0.55)
						r = c.r * light + (shot[0] * (1 - z) + 255 * z - c.r * 0.3) * sheen
						g = c.g * light + (shot[1] * (1 - z) + 226 * z - c.g * 0.3) * sheen
						b = c.b * light + (shot[2] * (1 - z) + 150 * z - c.b * 0.3) * sheen
					}
				}
				if (a < 0.996) {
					const bg = scene.backdrop(x, y)
					const k = (1 - a) * (1 - s.shadow)
					r = r * a + bg[0] * k
					g = g * a + bg[1] * k
					b = b * a + bg[2] * k
				}
			}
			const n = grain[((x * 73856093) ^ (y * 19349663)) & 8191]!
			out[o++] = clamp(r + n)
			out[o++] = clamp(g + n)
			out[o++] = clamp(b + n)
		}
	}
	return out
}

// ── the shots ──

/**
 * Hanging folds: a height field across x whose fold wavelength grows downwards (the cloth fans out),
 * the material u follows the arc length, so the pattern compresses inside each fold.
 */
function foldField(width: number, height: number, r: () => number, folds: number, depth: number) {
	const waves = Array.from({ length: 3 }, (_, i) => ({
		k: ((2 * Math.PI * folds) / width) * (i === 0 ? 1 : i === 1 ? 1.9 + r() * 0.3 : 0.55),
		amp: depth * (i === 0 ? 1 : i === 1 ? 0.35 : 0.6),
		phase: r() * Math.PI * 2,
		drift: (r() - 0.5) * 2,
	}))
	// per row: slope and arc-length lookup
	return (y: number) => {
		const spread = 0.55 + 0.75 * (y / height)
		const slope = new Float32Array(width)
		const arc = new Float32Array(width)
		let acc = 0
		for (let x = 0; x < width; x++) {
			let d = 0
			for (const w of waves) {
				const k = w.k / spread
				d += w.amp * spread * k * Math.cos(k * x + w.phase + w.drift * (y / height))
			}
			slope[x] = d
			acc += Math.sqrt(1 + d * d)
			arc[x] = acc
		}
		return { slope, arc }
	}
}

function hangingShot(_look: SareeLook, width: number, height: number, r: () => number): Scene {
	// a saree hung from a rod in soft folds: body ikat above, the zari border along the hem
	const pxPerMm = width / 820
	const visibleV = height / pxPerMm
	const hemV = SAREE_WIDTH
	const v0 = hemV - visibleV * 0.86
	const uStart = 400 + r() * 1500
	const field = foldField(width, height, r, 4.2 + r() * 1.5, 38)
	const rows = Array.from({ length: height }, (_, y) => field(y))
	const backdrop = studioBackdrop(width, height, '#efe7dc', '#d9cdbd')
	const hemY = (x: number) => {
		const row = rows[height - 1]!
		return height * 0.86 + row.slope[x]! * 8
	}
	return {
		pxPerMm,
		backdrop,
		surface: (x, y, s) => {
			const row = rows[y]!
			const hy = hemY(x)
			if (y > hy) {
				const d = (y - hy) / (height * 0.08)
				s.shadow = d < 1 ? 0.28 * (1 - d) * (1 - d) : 0
				return false
			}
			const slope = row.slope[x]!
			s.u = uStart + row.arc[x]! / pxPerMm
			s.v = v0 + ((y - (hy - height * 0.86)) / pxPerMm) * (1 + 0.02 * slope)
			const n = -slope / Math.sqrt(1 + slope * slope)
			s.light = 0.78 + 0.32 * n - 0.12 * (y / height)
			const ridge = Math.max(0, 1 - Math.abs(n + 0.35) * 3.2)
			s.sheen = ridge * ridge * 0.5
			return true
		},
	}
}

function palluShot(_look: SareeLook, width: number, height: number, r: () => number): Scene {
	// the pallu hanging open in soft vertical folds, its fringe at the bottom of the frame
	const pxPerMm = width / 700
	const uEnd = PALLU_END + 70
	const vMid = SAREE_WIDTH * (0.35 + r() * 0.2)
	const waves = [
		{ k: (2 * Math.PI) / (width * (0.42 + r() * 0.1)), amp: width * 0.03, phase: r() * 6, drift: (r() - 0.5) * 1.5 },
		{ k: (2 * Math.PI) / (width * (0.19 + r() * 0.05)), amp: width * 0.009, phase: r() * 6, drift: (r() - 0.5) * 2 },
	]
	const backdrop = studioBackdrop(width, height, '#e8ddd0', '#cbbca8')
	return {
		pxPerMm,
		backdrop,
		surface: (x, y, s) => {
			let h = 0
			let slope = 0
			for (const w of waves) {
				const ph = w.k * x + w.phase + w.drift * (y / height)
				h += w.amp * Math.sin(ph)
				slope += w.amp * w.k * Math.cos(ph)
			}
			// the saree's length runs down the photo; the folds take up cloth across it
			s.u = uEnd + (y - height) / pxPerMm + h * 0.04
			s.v = vMid + (x - width / 2 + h * 0.6) / pxPerMm
			const n = -slope / Math.sqrt(1 + slope * slope)
			s.light = 0.8 + 0.34 * n - 0.08 * (y / height)
			const ridge = Math.max(0, 1 - Math.abs(n + 0.3) * 3)
			s.sheen = ridge * ridge * 0.55
			return true
		},
	}
}

function borderShot(look: SareeLook, width: number, height: number, r: () => number): Scene {
	// a close-up across the zari border, turned a little, one soft fold running through it
	const pxPerMm = width / 300
	const angle = (-20 - r() * 15) * (Math.PI / 180)
	const ca = Math.cos(angle)
	const sa = Math.sin(angle)
	const vCentre = SAREE_WIDTH - look.borderWidth * 0.9
	const uCentre = 1000 + r() * 2000
	const k = (2 * Math.PI) / (height * 0.9)
	const ph = r() * 6
	const backdrop = studioBackdrop(width, height, '#e2d6c6', '#c9b9a3')
	return {
		pxPerMm,
		backdrop,
		surface: (x, y, s) => {
			const px = (x - width / 2) / pxPerMm
			const py = (y - height / 2) / pxPerMm
			const along = px * ca - py * sa
			const across = px * sa + py * ca
			const fold = 0.9 * Math.cos(k * (x * sa + y * ca) + ph)
			s.u = uCentre + along + fold * 6
			s.v = vCentre + across
			if (s.v > SAREE_WIDTH) {
				const d = (s.v - SAREE_WIDTH) / 8
				s.shadow = d < 1 ? 0.3 * (1 - d) : 0
				return false
			}
			s.light = 0.84 + 0.2 * fold
			s.sheen = Math.max(0, fold - 0.4) * 0.9
			return true
		},
	}
}

function foldedShot(look: SareeLook, width: number, height: number, r: () => number): Scene {
	// the saree folded into a neat rectangle on a table: the border along one edge, the layers beneath
	const pxPerMm = width / 420
	const left = width * 0.12
	const right = width * 0.9
	const top = height * 0.1
	const bottom = height * 0.86
	const layers = 5
	const layerPx = height * 0.011
	const uStart = 1200 + r() * 1500
	const wood = hexToRgb('#8a5a3b')
	const out: Rgb = [0, 0, 0]
	const backdrop: Backdrop = (x, y) => {
		// a warm wooden table: long grain streaks
		const grain = Math.sin(y * 0.045 + Math.sin(x * 0.004) * 3) * 0.06 + Math.sin(y * 0.31 + x * 0.002) * 0.03
		const k = 0.85 + grain - 0.15 * (y / height)
		out[0] = wood[0] * k
		out[1] = wood[1] * k
		out[2] = wood[2] * k
		return out
	}
	return {
		pxPerMm,
		backdrop,
		surface: (x, y, s) => {
			const sx = x - (right + 10)
			const sy = y - (bottom + layers * layerPx)
			if (x < left || y < top || x > right || y > bottom + layers * layerPx) {
				// soft shadow to the lower right of the stack
				if (x > left + 20 && y > top + 20 && (sx < 30 || sy < 30) && sx < 30 && sy < 30) {
					const d = Math.max(0, sx, sy) / 30
					s.shadow = 0.45 * (1 - d)
				}
				return false
			}
			if (y > bottom) {
				// the folded layers' edges: border stripes seen from the side
				const layer = Math.floor((y - bottom) / layerPx)
				s.u = uStart + (x - left) / pxPerMm + layer * 37
				s.v = SAREE_WIDTH - look.borderWidth * (0.15 + 0.12 * (layer % 3))
				s.light = 0.62 - layer * 0.03 + (0.1 * ((y - bottom) % layerPx)) / layerPx
				s.sheen = 0.05
				return true
			}
			s.u = uStart + (x - left) / pxPerMm
			s.v = SAREE_WIDTH - (bottom - y) / pxPerMm
			// a soft pillowy rise towards the middle of the stack
			const cx = (x - (left + right) / 2) / (right - left)
			const cy = (y - (top + bottom) / 2) / (bottom - top)
			s.light = 0.92 - 0.25 * (cx * cx + cy * cy) + 0.08 * -cx
			s.sheen = Math.max(0, 0.2 - Math.abs(cx + cy * 0.5 + 0.15)) * 1.6
			return true
		},
	}
}

function textureShot(look: SareeLook, width: number, height: number, r: () => number, time = 0): Scene {
	// a macro of the body ikat with one diagonal crease; in a clip the camera glides one repeat along
	const pxPerMm = width / 220
	const uC = 800 + r() * 2500 + time * look.repeat
	const vC = SAREE_WIDTH * (0.3 + r() * 0.3)
	const k = (2 * Math.PI) / (width * 1.2)
	const ph = r() * 6
	return {
		pxPerMm,
		backdrop: studioBackdrop(width, height, '#ddd', '#ccc'),
		surface: (x, y, s) => {
			const t = k * (x * 0.7 + y * 0.7) + ph - time * Math.PI * 2
			const h = Math.sin(t)
			const slope = Math.cos(t)
			s.u = uC + (x - width / 2) / pxPerMm + h * 4
			s.v = vC + (y - height / 2) / pxPerMm
			s.light = 0.88 + 0.16 * slope
			s.sheen = Math.max(0, slope - 0.55) * 0.9
			return true
		},
	}
}

const pleated = { along: 0, shade: 0, ridge: 0 }

/** Accordion pleats: each pleat shows its own strip of cloth at natural scale; the rest is folded under. */
function pleat(sN: number, n: number, visibleMm: number, totalMm: number) {
	const pos = clamp01(sN) * n
	const j = Math.min(n - 1, pos | 0)
	const f = pos - j
	const step = (totalMm - visibleMm) / (n - 1)
	// lit side of the pleat, a dark crease where it turns under, a bright ridge where it turns out
	const shade = 0.8 + (j % 2 ? 0.07 : -0.05) + 0.12 * Math.sin(Math.PI * f) - 0.3 * Math.max(0, 1 - f * 9)
	const ridge = Math.max(0, 1 - Math.abs(f - 0.82) * 7)
	pleated.along = j * step + f * visibleMm
	pleated.shade = shade
	pleated.ridge = ridge
	return pleated
}

/** The saree worn on a dress form, as most shops photograph it: pleats, pallu over the shoulder. */
function dressFormShot(look: SareeLook, W: number, H: number, r: () => number): Scene {
	const cx = W * 0.5
	const pxPerMm = (H * 0.6) / 1000
	const yCap = H * 0.035
	const yNeckBase = H * 0.088
	const yShoulder = H * 0.148
	const yBust = H * 0.215
	const yWaist = H * 0.36
	const yHip = H * 0.47
	const yHem = H * 0.93
	const neckHalf = W * 0.05
	const shoulderHalf = W * 0.205
	const bustHalf = W * 0.19
	const waistHalf = W * 0.14
	const torsoHalf = (y: number) => {
		if (y < yNeckBase) return neckHalf
		if (y < yShoulder) return neckHalf + (shoulderHalf - neckHalf) * Math.pow((y - yNeckBase) / (yShoulder - yNeckBase), 0.35)
		if (y < yBust) return lerp(shoulderHalf, bustHalf, smooth((y - yShoulder) / (yBust - yShoulder)))
		return lerp(bustHalf, waistHalf, smooth((y - yBust) / (yWaist - yBust)))
	}
	const skirtHalf = (y: number) => {
		if (y < yHip) return lerp(waistHalf * 1.04, W * 0.245, Math.sin(((y - yWaist) / (yHip - yWaist)) * (Math.PI / 2)))
		return lerp(W * 0.245, W * 0.3, (y - yHip) / (yHem - yHip))
	}
	const folds = Array.from({ length: 3 }, (_, i) => ({ k: [7, 12.5, 19][i]! + r() * 2, phase: r() * 6.3, amp: [0.05, 0.025, 0.012][i]! }))
	const fold = { h: 0, d: 0 }
	const skirtFold = (nx: number, depth: number) => {
		fold.h = 0
		fold.d = 0
		for (const w of folds) {
			fold.h += w.amp * depth * Math.sin(w.k * nx + w.phase)
			fold.d += w.amp * depth * w.k * Math.cos(w.k * nx + w.phase)
		}
		return fold
	}
	const hemAt = new Float32Array(W)
	for (let x = 0; x < W; x++) {
		const nx = (x - cx) / (W * 0.3)
		hemAt[x] = yHem + H * 0.02 * Math.sqrt(Math.max(0, 1 - nx * nx)) + skirtFold(nx, 1).h * H * 0.06
	}
	const hemY = (x: number) => hemAt[x]!
	const halfAt = new Float32Array(H)
	for (let y = 0; y < H; y++) halfAt[y] = y < yWaist + 2 ? torsoHalf(y) : skirtHalf(y)
	// u positions along the saree, in wearing order: skirt, pleats, chest, pallu
	const uSkirt = 2700
	const uPleats = 3700
	const uChest = 4150
	const blouse = hexToRgb(r() < 0.5 ? look.border : look.motifs[0])
	const form = hexToRgb('#e6dccb')
	const wood = hexToRgb('#5a3a25')
	const backdrop = studioBackdrop(W, H, '#f1ebe3', '#ddd2c4')
	// the pallu's diagonal across the chest, from the right hip to the left shoulder (as worn)
	const ax = cx - W * 0.17
	const ay = yWaist + H * 0.012
	const bx = cx + W * 0.2
	const by = yShoulder - H * 0.004
	const bandLen = Math.hypot(bx - ax, by - ay)
	const dx = (bx - ax) / bandLen
	const dy = (by - ay) / bandLen
	const hangTop = yShoulder - H * 0.01
	const hangEnd = hangTop + (PALLU_END - PALLU_START + 140) * pxPerMm

	return {
		pxPerMm,
		backdrop,
		surface: (x, y, s) => {
			s.sheen = 0
			// the form's wooden cap and neck
			if (y < yNeckBase + 2 && Math.abs(x - cx) < neckHalf * 1.15) {
				const nx = (x - cx) / (neckHalf * 1.15)
				if (y < yCap - H * 0.012) return false
				const cyl = 0.72 + 0.28 * Math.sqrt(Math.max(0, 1 - nx * nx)) - 0.15 * nx
				if (y < yCap + H * 0.008) {
					s.colour = wood
					s.light = cyl
					s.sheen = Math.max(0, 0.3 - Math.abs(nx + 0.35)) * 1.2
					return true
				}
				if (Math.abs(x - cx) < neckHalf) {
					s.colour = form
					s.light = cyl * (0.85 + 0.15 * ((y - yCap) / (yNeckBase - yCap)))
					return true
				}
				return false
			}
			const half = halfAt[y]!
			const inBody = y >= yNeckBase && Math.abs(x - cx) <= half && y <= hemY(x)
			const nxBody = (x - cx) / half
			const roundness = Math.sqrt(Math.max(0, 1 - nxBody * nxBody))
			const keyLight = 0.62 + 0.3 * roundness - 0.16 * nxBody

			// pallu across the chest: pleated lengthwise
			if (y < yWaist + H * 0.014) {
				const px = x - ax
				const py = y - ay
				const t = (px * dx + py * dy) / bandLen
				const q = -px * dy + py * dx
				const bw = lerp(W * 0.1, W * 0.07, t)
				if (t >= 0 && y >= hangTop - H * 0.008 && Math.abs(q) <= bw && (inBody || t > 0.85)) {
					const p = pleat((q / bw + 1) / 2, 5, (2 * bw) / 5 / pxPerMm, SAREE_WIDTH)
					s.u = uChest + (t * bandLen) / pxPerMm
					s.v = p.along
					s.light = p.shade * (inBody ? keyLight + 0.1 : 0.75) * (t > 0.95 ? 0.85 : 1)
					s.sheen = p.ridge * 0.35
					return true
				}
			}
			if (inBody && y >= yWaist) {
				const depth = smooth((y - yWaist) / (yHem - yWaist)) * 0.8 + 0.2
				// front pleats
				const t = (y - yWaist) / (yHem - yWaist)
				const pc = cx - W * 0.025 - t * W * 0.02
				const pw = lerp(W * 0.03, W * 0.12, Math.pow(t, 0.8))
				if (Math.abs(x - pc) <= pw) {
					const sN = (x - (pc - pw)) / (2 * pw)
					const p = pleat(sN, 7, (2 * pw) / 7 / pxPerMm, 420)
					const j = Math.min(6, (sN * 7) | 0)
					const bottom = hemY(x) + H * 0.006 + (j % 2) * H * 0.004
					if (y > bottom) return false
					s.u = uPleats + p.along
					s.v = SAREE_WIDTH - (bottom - y) / pxPerMm
					s.light = p.shade * (0.95 + 0.08 * -nxBody)
					s.sheen = p.ridge * 0.4
					return true
				}
				// the skirt, wrapped round: the pattern turns away at the sides; soft folds deepen to the hem
				skirtFold(nxBody, depth)
				const n = -fold.d / Math.sqrt(1 + fold.d * fold.d)
				s.u = uSkirt + (Math.asin(Math.max(-1, Math.min(1, nxBody))) * half) / pxPerMm + fold.h * 600
				s.v = SAREE_WIDTH - (hemY(x) - y) / pxPerMm
				s.light = keyLight * (0.92 + 0.3 * n) * (y < yWaist + H * 0.01 ? 0.85 : 1)
				s.sheen = Math.max(0, n - 0.25) * 0.55 * roundness
				return true
			}
			if (inBody && y < yWaist) {
				// the blouse above the bust line, then the form
				const neckline = yNeckBase + H * 0.03 * Math.sqrt(Math.max(0, 1 - ((x - cx) / (neckHalf * 2.1)) ** 2))
				s.colour = y > neckline && y < yBust + H * 0.035 ? blouse : form
				s.light = keyLight * (s.colour === form ? 0.95 : 1)
				s.sheen = s.colour === blouse ? Math.max(0, roundness - 0.75) * 0.8 * (1 - nxBody) : 0
				return true
			}
			// the pallu falling behind the left shoulder, its fringe near the knee
			if (y > hangTop && y < hangEnd + 90 * pxPerMm) {
				const t = (y - hangTop) / (hangEnd - hangTop)
				const left = cx + W * 0.1 + t * W * 0.08
				const right = left + lerp(W * 0.17, W * 0.2, t)
				if (x >= left && x <= right) {
					const sN = (x - left) / (right - left)
					const wave = Math.cos(sN * Math.PI * 5 + t * 2)
					s.u = PALLU_START - 140 + (y - hangTop) / pxPerMm
					s.v = SAREE_WIDTH - (1 - sN) * 460 + wave * 6
					s.light = (0.66 + 0.14 * wave) * (1 - 0.2 * t)
					s.sheen = Math.max(0, wave - 0.6) * 0.5
					return true
				}
			}
			// the skirt's shadow on the floor
			const ex = (x - cx) / (W * 0.4)
			const ey = (y - (yHem + H * 0.025)) / (H * 0.03)
			const d = ex * ex + ey * ey
			if (d < 1) s.shadow = 0.4 * (1 - d)
			return false
		},
	}
}

/**
 * Silk on the loom: ikat-dyed warp threads stretched above, each a little out of register with its
 * neighbours (the tie-dyer's hand), the woven cloth below the reed.
 */
function loomShot(look: SareeLook, W: number, H: number, r: () => number, time = 0): Scene {
	const pxPerMm = W / 420
	const threadPx = Math.max(5, Math.round(W / 110))
	const reedY = H * 0.58
	// in a clip the cloth advances past the reed, one motif repeat per loop
	const uStart = 900 + r() * 400 - time * look.repeat
	const shift = new Float32Array(1024)
	const tone = new Float32Array(1024)
	for (let i = 0; i < shift.length; i++) {
		shift[i] = (r() - 0.5) * 5
		tone[i] = 0.9 + r() * 0.2
	}
	const wood = hexToRgb('#6b4428')
	const dark = hexToRgb('#1d1412')
	return {
		pxPerMm,
		backdrop: () => dark,
		surface: (x, y, s) => {
			if (y < reedY - H * 0.035) {
				// warp threads: round, lit from the left, with dark gaps between them; they converge
				// slightly towards the reed, as they do through the heddles
				const depth = (reedY - y) / reedY
				const xc = (x - W / 2) * (1 - 0.08 * depth) + W / 2 + Math.sin(time * Math.PI * 2 + y * 0.01) * 0.8 * depth
				const i = Math.floor(xc / threadPx)
				const f = xc / threadPx - i
				if (f > 0.82) return false
				const round = Math.sin((f / 0.82) * Math.PI)
				s.u = uStart + (reedY - y) / pxPerMm + shift[i & 1023]!
				s.v = 180 + (i * threadPx) / pxPerMm
				s.light = (0.35 + 0.7 * Math.pow(round, 0.7)) * tone[i & 1023]! * (0.8 + 0.2 * (1 - depth))
				s.sheen = Math.max(0, round - 0.75) * 1.3
				return true
			}
			if (y < reedY) {
				// the reed's wooden beam
				const t = (y - (reedY - H * 0.035)) / (H * 0.035)
				s.colour = wood
				s.light = 0.55 + 0.5 * Math.sin(t * Math.PI) + Math.sin(x * 0.05 + t * 3) * 0.03
				s.sheen = Math.max(0, Math.sin(t * Math.PI) - 0.85) * 1.5
				return true
			}
			s.u = uStart - (y - reedY) / pxPerMm
			s.v = 180 + x / pxPerMm
			s.light = 0.95 - 0.2 * ((y - reedY) / (H - reedY)) - 0.1 * Math.abs(x / W - 0.5)
			s.sheen = Math.max(0, 0.15 - Math.abs(y / H - 0.72)) * 2
			return true
		},
	}
}

/**
 * A length of silk rippling in a breeze, the border running diagonally through the frame: the hero's
 * background. The waves advance a whole number of wavelengths per loop, so the clip loops seamlessly.
 */
function silkShot(look: SareeLook, W: number, H: number, r: () => number, time = 0): Scene {
	const pxPerMm = W / 520
	const angle = -0.28
	const ca = Math.cos(angle)
	const sa = Math.sin(angle)
	const waves = [
		{ k: (2 * Math.PI) / (W * 0.62), dir: 0.35, amp: H * 0.055, cycles: 1, phase: r() * 6 },
		{ k: (2 * Math.PI) / (W * 0.31), dir: -0.5, amp: H * 0.018, cycles: 2, phase: r() * 6 },
		{ k: (2 * Math.PI) / (W * 0.17), dir: 0.9, amp: H * 0.006, cycles: 3, phase: r() * 6 },
	].map((w) => ({ ...w, kx: w.k * Math.cos(w.dir), ky: w.k * Math.sin(w.dir) }))
	// light from the upper left, the camera straight on
	const lx = -0.45
	const ly = -0.55
	const lz = 0.7
	const uC = 2200
	const vC = SAREE_WIDTH - look.borderWidth * 1.6
	return {
		pxPerMm,
		backdrop: studioBackdrop(W, H, '#2a1a16', '#120a08'),
		surface: (x, y, s) => {
			let h = 0
			let dx = 0
			let dy = 0
			for (const w of waves) {
				const ph = w.kx * x + w.ky * y - time * w.cycles * 2 * Math.PI + w.phase
				const sn = Math.sin(ph)
				const cs = Math.cos(ph)
				h += w.amp * sn
				dx += w.amp * w.kx * cs
				dy += w.amp * w.ky * cs
			}
			const inv = 1 / Math.sqrt(dx * dx + dy * dy + 1)
			const nx = -dx * inv
			const ny = -dy * inv
			const nz = inv
			const diffuse = Math.max(0, nx * lx + ny * ly + nz * lz)
			// Blinn highlight: halfway between the light and the camera (0, 0, 1)
			const hx = lx
			const hy = ly
			const hz = lz + 1
			const hl = Math.sqrt(hx * hx + hy * hy + hz * hz)
			const spec = Math.max(0, (nx * hx + ny * hy + nz * hz) / hl)
			const px = (x - W / 2 + h * 0.4) / pxPerMm
			const py = (y - H / 2 + h * 0.3) / pxPerMm
			s.u = uC + px * ca - py * sa
			s.v = vC + px * sa + py * ca
			s.light = 0.25 + 0.85 * diffuse
			s.sheen = Math.pow(spec, 24) * 0.9
			if (s.v > SAREE_WIDTH) {
				s.shadow = 0
				return false
			}
			return true
		},
	}
}

export type PhotoKind = Shot | 'loom' | 'silk'

const SHOTS: Record<PhotoKind, (look: SareeLook, w: number, h: number, r: () => number, time?: number) => Scene> = {
	drape: dressFormShot,
	hanging: hangingShot,
	pallu: palluShot,
	border: borderShot,
	folded: foldedShot,
	texture: textureShot,
	loom: loomShot,
	silk: silkShot,
}

/** Raw RGB pixels of a saree scene; `time` (0–1, one loop) animates the scenes that move. */
export async function renderPixels(
	look: SareeLook,
	kind: PhotoKind,
	width: number,
	height: number,
	options: { time?: number; grain?: boolean } = {},
) {
	const r = rng(look.seed * 31 + kind.length * 7 + kind.charCodeAt(0))
	const scene = SHOTS[kind](look, width, height, r, options.time ?? 0)
	// About half the photo's density is plenty: bilinear sampling softens the dyed edges as ikat's are soft.
	const textile = await makeTextile(look, Math.max(0.3, scene.pxPerMm * 0.6))
	return paint(look, textile, scene, width, height, look.seed * 7 + kind.charCodeAt(1), options.grain ?? true)
}

/** A JPEG "photo" of a saree, `width` × `height` pixels. */
export async function renderPhoto(look: SareeLook, kind: PhotoKind, width: number, height: number): Promise<Buffer> {
	const pixels = await renderPixels(look, kind, width, height)
	return sharp(pixels, { raw: { width, height, channels: 3 } })
		.jpeg({ quality: 90 })
		.toBuffer()
}

/** A portrait 3:4 product photo, `longSide` pixels tall, as a phone camera would take it. */
export function renderSareePhoto(look: SareeLook, shot: Shot, longSide: number) {
	const height = Math.round(longSide)
	return renderPhoto(look, shot, Math.round((height * 3) / 4), height)
}
