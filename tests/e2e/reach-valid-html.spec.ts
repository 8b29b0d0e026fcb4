import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

import { expect, test } from '@playwright/test'

import { writePosterDerivatives } from '../../app/services/videos.server'
import { seedBlog, seedProduct, seedVideo, setHero } from '../helpers/seed'
import { useShop } from '../helpers/shop'
import { skipWithout } from '../helpers/test-tools'

// Every public page, with a hero poster (and its portrait crop), an active and a sold-out saree and a
// post, is checked by the W3C Nu HTML checker (vnu.jar, the checker validator.w3.org runs): zero errors.
const shop = useShop()
const vnuJar = String(createRequire(import.meta.url)('vnu-jar'))

const pages: string[] = ['/', '/collections', '/about', '/blogs', '/no-such-page']

test.beforeAll(async () => {
	const video = await seedVideo(shop(), { video: true })
	await writePosterDerivatives(path.join(shop().uploadsDir, path.dirname(video.posterKey)))
	await setHero(shop(), { videoEnabled: true, videoKey: video.videoKey, posterKey: video.posterKey })
	const active = await seedProduct(shop(), { name: 'Lotus "Ikat" Saree & Border', images: 2 })
	const soldOut = await seedProduct(shop(), { status: 'out_of_stock' })
	const post = await seedBlog(shop(), { title: 'Draping Guide' })
	pages.push(`/product/${active.id}`, `/product/${soldOut.id}`, `/blog/${post.slug}`, '/shortlist')
	shortlisted.push(active.id, soldOut.id)
})

/** Sarees the checker's visitor keeps in their shortlist, so /shortlist is checked with its list. */
const shortlisted: number[] = []

test('every public page validates with zero errors in the Nu HTML checker', async ({ request }) => {
	skipWithout('java')
	test.setTimeout(120_000)
	const dir = fs.mkdtempSync(path.join(shop().dir, 'html-'))
	const files: string[] = []
	for (const productId of shortlisted) {
		const added = await request.post(`${shop().url}/shortlist`, { form: { intent: 'add', productId }, headers: { Origin: shop().url } })
		expect(added.status()).toBe(200)
	}
	for (const [i, page] of pages.entries()) {
		const response = await request.get(`${shop().url}${page}`)
		expect(response.headers()['content-type']).toContain('text/html')
		const file = path.join(dir, `${i}.html`)
		fs.writeFileSync(file, await response.body())
		files.push(file)
	}
	expect(await (await request.get(`${shop().url}/`)).text()).toContain('poster-portrait.webp')
	let output = ''
	try {
		execFileSync('java', ['-jar', vnuJar, '--errors-only', '--format', 'text', ...files], { stdio: 'pipe' })
	} catch (error) {
		output = String((error as { stderr?: Buffer }).stderr ?? error)
	}
	const named = files.reduce((text, file, i) => text.replaceAll(`file:${file}`, pages[i]!), output)
	expect(named).toBe('')
})
