import { data } from 'react-router'

import { adminMeta, AdminRouteError } from '~/components/admin/admin-page'
import { DeleteConfirmation } from '~/components/admin/delete-confirmation'
import { getTrashItem } from '~/models/trash.server'
import { TRASH_MESSAGES } from '~/schemas/trash'
import { recordId } from '~/services/admin-records.server'
import { requireAdmin } from '~/services/session.server'
import { deleteTrashedForGood } from '~/services/trash.server'
import { redirectWithFlash } from '~/utils/flash.server'

import type { Route } from './+types/trash-delete'

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'Delete for good')

export async function loader({ request, context, params }: Route.LoaderArgs) {
	await requireAdmin({ request, context })
	const item = await getTrashItem(recordId(params.id, TRASH_MESSAGES.gone))
	if (!item) throw data(TRASH_MESSAGES.gone, { status: 404 })
	return { label: item.label }
}

export async function action({ request, context, params }: Route.ActionArgs) {
	await requireAdmin({ request, context })
	const trashId = recordId(params.id, TRASH_MESSAGES.gone)
	const item = await getTrashItem(trashId)
	let deleted = false
	try {
		deleted = item !== null && (await deleteTrashedForGood(trashId))
	} catch (error) {
		console.error('Deleting from the trash failed:', error)
	}
	if (!item || !deleted) return redirectWithFlash(request, '/admin/trash', { type: 'error', message: TRASH_MESSAGES.deleteFailed })
	return redirectWithFlash(request, '/admin/trash', { type: 'success', message: TRASH_MESSAGES.deletedForGood(item.label) })
}

export default function TrashDelete({ loaderData }: Route.ComponentProps) {
	return (
		<DeleteConfirmation title="Delete for good" question={`Delete "${loaderData.label}" for good?`} cancelTo="/admin/trash">
			Its photos are removed too. This cannot be undone.
		</DeleteConfirmation>
	)
}

export function ErrorBoundary() {
	return (
		<AdminRouteError
			title="Delete for good"
			width="narrow"
			notFoundText={TRASH_MESSAGES.gone}
			failedText="Failed to load the trash. Please try again."
			link={{ to: '/admin/trash', label: 'Back to the trash' }}
		/>
	)
}
