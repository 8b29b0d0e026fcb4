import { adminMeta, AdminRouteError } from '~/components/admin/admin-page'
import { DeleteConfirmation } from '~/components/admin/delete-confirmation'
import { listTrash } from '~/models/trash.server'
import { TRASH_MESSAGES } from '~/schemas/trash'
import { requireAdmin } from '~/services/session.server'
import { emptyTrashForGood } from '~/services/trash.server'
import { redirectWithFlash } from '~/utils/flash.server'

import type { Route } from './+types/trash-empty'

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'Empty trash')

export async function loader({ request, context }: Route.LoaderArgs) {
	await requireAdmin({ request, context })
	return { count: (await listTrash()).length }
}

export async function action({ request, context }: Route.ActionArgs) {
	await requireAdmin({ request, context })
	try {
		await emptyTrashForGood()
	} catch (error) {
		console.error('Emptying the trash failed:', error)
		return redirectWithFlash(request, '/admin/trash', { type: 'error', message: TRASH_MESSAGES.emptyFailed })
	}
	return redirectWithFlash(request, '/admin/trash', { type: 'success', message: TRASH_MESSAGES.emptied })
}

export default function TrashEmpty({ loaderData }: Route.ComponentProps) {
	const { count } = loaderData
	return (
		<DeleteConfirmation
			title="Empty trash"
			question={`Delete everything in the trash (${count} ${count === 1 ? 'item' : 'items'}) for good?`}
			cancelTo="/admin/trash"
		>
			Their photos are removed too. This cannot be undone.
		</DeleteConfirmation>
	)
}

export function ErrorBoundary() {
	return (
		<AdminRouteError
			title="Empty trash"
			width="narrow"
			failedText="Failed to load the trash. Please try again."
			link={{ to: '/admin/trash', label: 'Back to the trash' }}
		/>
	)
}
