import { data } from 'react-router'

import { adminMeta, AdminRouteError } from '~/components/admin/admin-page'
import { DeleteConfirmation } from '~/components/admin/delete-confirmation'
import { SellerText } from '~/components/admin/seller-text'
import { useAdminI18n } from '~/hooks/use-admin-i18n'
import { messageRef } from '~/i18n/message-ref'
import { adminMessages, serverTranslator } from '~/i18n/messages.server'
import { getTrashItem } from '~/models/trash.server'
import { TRASH_MESSAGES } from '~/schemas/trash'
import { recordId } from '~/services/admin-records.server'
import { requireAdmin } from '~/services/session.server'
import { deleteTrashedForGood } from '~/services/trash.server'
import { redirectWithFlash } from '~/utils/flash.server'

import type { Route } from './+types/trash-delete'

const TRASH_PATH = '/admin/trash'

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, messageRef('adminTrash.deleteForGood'))

export async function loader({ request, context, params }: Route.LoaderArgs) {
	const admin = await requireAdmin({ request, context })
	// The error page shows this text as it is: it is written in the admin's language here.
	const gone = serverTranslator(admin.locale, 'adminTrash').msg(TRASH_MESSAGES.gone)
	const item = await getTrashItem(recordId(params.id, gone))
	if (!item) throw data(gone, { status: 404 })
	return { ...adminMessages(admin.locale, 'adminTrash'), label: item.label }
}

export async function action({ request, context, params }: Route.ActionArgs) {
	const admin = await requireAdmin({ request, context })
	const { msg } = serverTranslator(admin.locale, 'adminTrash')
	const trashId = recordId(params.id, msg(TRASH_MESSAGES.gone))
	const item = await getTrashItem(trashId)
	let deleted = false
	try {
		deleted = item !== null && (await deleteTrashedForGood(trashId))
	} catch (error) {
		console.error('Deleting from the trash failed:', error)
	}
	if (!item || !deleted) return redirectWithFlash(request, TRASH_PATH, { type: 'error', message: msg(TRASH_MESSAGES.deleteFailed) })
	return redirectWithFlash(request, TRASH_PATH, { type: 'success', message: msg(TRASH_MESSAGES.deletedForGood(item.label)) })
}

export default function TrashDelete({ loaderData }: Route.ComponentProps) {
	const { t, rich } = useAdminI18n()
	return (
		<DeleteConfirmation
			title={t('adminTrash.deleteForGood')}
			question={rich('adminTrash.deleteQuestion', { label: <SellerText>{loaderData.label}</SellerText> })}
			cancelTo={TRASH_PATH}
		>
			{t('adminTrash.deleteNote')}
		</DeleteConfirmation>
	)
}

export function ErrorBoundary() {
	return (
		<AdminRouteError
			title="admin.navTrash"
			width="narrow"
			notFoundText="admin.trashItemGone"
			failedText="admin.loadFailed"
			link={{ to: TRASH_PATH, label: 'admin.backToTrash' }}
		/>
	)
}
