import { Outlet } from 'react-router'
import type { Route } from './+types/layout'
import { requireAdmin } from '~/utils/session.server'

// The guard runs for every admin page, `.data` request and action below this layout.
export const middleware: Route.MiddlewareFunction[] = [
	async ({ request }, next) => {
		await requireAdmin(request)
		const response = await next()
		response.headers.set('Cache-Control', 'no-store')
		return response
	},
]

export async function loader({ request }: Route.LoaderArgs) {
	await requireAdmin(request)
	return null
}

export default function AdminLayout() {
	return <Outlet />
}
