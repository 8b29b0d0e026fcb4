import { describe, expect, test } from 'vitest'

import { routeMap } from '../../tests/helpers/route-map'
import { areaOfPath, isShareableHandle, matchRouteChain, routeArea, SHAREABLE_PAGE } from './route-area'

const { entries, files } = routeMap()

describe('route areas', () => {
	test('every route of app/routes.ts has the area of the folder its module lives in', () => {
		const expected = (file: string) => (file.startsWith('routes/admin/') ? 'admin' : file.startsWith('routes/auth/') ? 'auth' : 'public')
		const chain = (id: string): string[] => {
			const parent = entries[id]?.parentId
			return parent ? [...chain(parent), id] : [id]
		}
		for (const [id, file] of Object.entries(files)) expect(routeArea(chain(id)), `${id} (${file})`).toBe(expected(file))
		expect(Object.values(files).filter((f) => f.startsWith('routes/admin/')).length).toBeGreaterThan(15)
	})

	test('the area comes from the matched route, whatever the spelling of the address', () => {
		for (const path of ['/admin', '/admin/orders', '/Admin/Orders', '/ADMIN/orders/5/edit', '/%61dmin/orders', '/admin/add-product']) {
			expect(areaOfPath(entries, path), path).toBe('admin')
		}
		for (const path of ['/auth', '/AUTH', '/auth/sign-out', '/%61uth']) expect(areaOfPath(entries, path), path).toBe('auth')
		for (const path of ['/', '/collections', '/product/3', '/blog/some-post', '/no-such-page', '/administrator', '/authors']) {
			expect(areaOfPath(entries, path), path).toBe('public')
		}
	})

	test('matching follows React Router: ids root first, the page last', () => {
		expect(matchRouteChain(entries, '/admin/orders/7')?.map((m) => m.id)).toEqual(['root', 'routes/admin/layout', 'routes/admin/order'])
		expect(matchRouteChain(entries, '/Blog/x')?.map((m) => m.id)).toEqual(['root', 'routes/shop/layout', 'routes/shop/blog'])
	})

	test('only the exact marker makes a page shareable', () => {
		expect(isShareableHandle(SHAREABLE_PAGE)).toBe(true)
		for (const handle of [undefined, null, 'shareable', { shareable: 'yes' }, { shareable: 1 }, {}])
			expect(isShareableHandle(handle)).toBe(false)
	})
})
