import { describe, expect, test } from 'vitest'

import { routeMap } from '../tests/helpers/route-map'
import { canonicalPath, documentPath, isDataPath } from './canonical-path'

const { entries } = routeMap()
const verdict = (path: string) => canonicalPath(path, entries)

describe('canonical addresses', () => {
	test('canonical addresses pass as they are', () => {
		for (const path of [
			'/',
			'/collections',
			'/admin',
			'/admin/orders/12/edit',
			'/blog/%E0%B0%AA%E0%B0%9F%E0%B1%8D%E0%B0%9F%E0%B1%81',
			'/media/images/0123abcd/360.webp',
			'/admin/orders.data',
			'/_.data',
			'/sitemap.xml',
			"/blog/it's-silk",
		]) {
			expect(verdict(path), path).toEqual({ kind: 'canonical' })
		}
	})

	test("letter case of the route's own words, escapes, double and trailing slashes are redirected", () => {
		const cases: Array<[string, string]> = [
			['/Admin/orders', '/admin/orders'],
			['/ADMIN/ORDERS/5/EDIT', '/admin/orders/5/edit'],
			['/%61dmin/orders', '/admin/orders'],
			['/%41DMIN/Orders', '/admin/orders'],
			['//admin///orders/', '/admin/orders'],
			['/admin/', '/admin'],
			['/Collections', '/collections'],
			['/blog/%e0%b0%aa', '/blog/%E0%B0%AA'],
			['/blog/a%2db', '/blog/a-b'],
			['/Admin/orders.data', '/admin/orders.data'],
			['/admin/orders/_.data', '/admin/orders.data'],
			['/Admin/_.data', '/admin.data'],
			['/media/..%5cpackage.json', '/media/..%5Cpackage.json'],
			['/media/x\\y', '/media/x%5Cy'],
		]
		for (const [from, to] of cases) expect(verdict(from), from).toEqual({ kind: 'redirect', path: to })
	})

	test('values keep their letter case: only the words of the route pattern are rewritten', () => {
		expect(verdict('/Product/AbC')).toEqual({ kind: 'redirect', path: '/product/AbC' })
		expect(verdict('/blog/My-Post')).toEqual({ kind: 'canonical' })
		// Unknown addresses (the not-found page's splat) keep theirs.
		expect(verdict('/No-Such//Page')).toEqual({ kind: 'redirect', path: '/No-Such/Page' })
	})

	test('a redirect never leaves the site', () => {
		for (const path of ['//evil.example/', '/\\evil.example', '///evil.example//x', '/%2F%2Fevil.example']) {
			const result = verdict(path)
			if (result.kind === 'redirect') {
				expect(result.path, path).toMatch(/^\/[^/\\]/)
				expect(new URL(result.path, 'https://shop.example').host).toBe('shop.example')
			}
		}
	})

	test('dot segments are not found, broken escapes are bad requests', () => {
		for (const path of ['/media/../package.json', '/media/%2e%2e/package.json', '/./admin', '/admin/%2E'])
			expect(verdict(path), path).toEqual({ kind: 'not-found' })
		for (const path of ['/blog/%zz', '/blog/%E0%B0', '/blog/%ED%A0%80']) expect(verdict(path), path).toEqual({ kind: 'bad-request' })
	})

	test('the document a data request stands for', () => {
		expect(documentPath('/admin/orders.data')).toBe('/admin/orders')
		expect(documentPath('/_.data')).toBe('/')
		expect(documentPath('/about')).toBe('/about')
		expect(['/admin/orders.data', '/_.data', '/media/videos/x/video.mp4.data'].map(isDataPath)).toEqual([true, true, true])
		expect(['/about', '/', '/media/videos/x/video.mp4', '/data'].map(isDataPath)).toEqual([false, false, false, false])
	})
})
