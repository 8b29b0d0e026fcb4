import { adminMeta, AdminRouteError } from '~/components/admin/admin-page'
import { DeleteConfirmation } from '~/components/admin/delete-confirmation'
import { useI18n } from '~/hooks/use-i18n'
import { messageRef } from '~/i18n/message-ref'
import { adminMessages } from '~/i18n/messages.server'
import { listTrash } from '~/models/trash.server'
import { TRASH_MESSAGES } from '~/schemas/trash'
import { requireAdmin } from '~/services/session.server'
import { emptyTrashForGood } from '~/services/trash.server'
import { redirectWithFlash } from '~/utils/flash.server'

import type { Route } from './+types/trash-empty'

const TRASH_PATH = '/admin/trash'

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, messageRef('adminTrash.emptyTrash'))

export async function loader({ request, context }: Route.LoaderArgs) {
	const admin = await requireAdmin({ request, context })
	return { ...adminMessages(admin.locale, 'adminTrash'), count: (await listTrash()).length }
}

export async function action({ request, context }: Route.ActionArgs) {
	await requireAdmin({ request, context })
	try {
		await emptyTrashForGood()
	} catch (error) {
		console.error('Emptying the trash failed:', error)
		return redirectWithFlash(request, TRASH_PATH, { type: 'error', message: TRASH_MESSAGES.emptyFailed })
	}
	return redirectWithFlash(request, TRASH_PATH, { type: 'success', message: TRASH_MESSAGES.emptied })
}

export default function TrashEmpty({ loaderData }: Route.ComponentProps) {
	const { count } = loaderData
	const { t } = useI18n()
	return (
		<DeleteConfirmation title={t('adminTrash.emptyTrash')} question={t('adminTrash.emptyQuestion', { count })} cancelTo={TRASH_PATH}>
			{t('adminTrash.emptyNote')}
		</DeleteConfirmation>
	)
}

export function ErrorBoundary() {
	return (
		<AdminRouteError
			title="admin.navTrash"
			width="narrow"
			failedText="admin.loadFailed"
			link={{ to: TRASH_PATH, label: 'admin.backToTrash' }}
		/>
	)
}
