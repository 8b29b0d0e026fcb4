import { createContext, data } from 'react-router'

import { adminMeta, AdminPage, AdminRouteError } from '~/components/admin/admin-page'
import { BackupForm } from '~/components/admin/backup-form'
import { Card } from '~/components/admin/card'
import { useI18n } from '~/hooks/use-i18n'
import { messageRef } from '~/i18n/message-ref'
import { adminMessages } from '~/i18n/messages.server'
import { AUTH_MESSAGES } from '~/schemas/auth'
import { requireAdmin } from '~/services/session.server'

import type { Route } from './+types/backup'
import { type BackupRefusal, downloadBackup } from './backup.server'

// /admin/backup: the backup download (Settings → Backup posts here with the admin's password). A page
// cannot answer its own form with a file (React Router reads an action's Response as data), so the
// middleware does: the right password gets the archive straight away; anything else falls through to
// the action, whose answer renders this page with the message under the field, like any form of ours.

export const meta: Route.MetaFunction = ({ matches }) => [
	...adminMeta(matches, messageRef('adminBackup.title')),
	{ name: 'robots', content: 'noindex, nofollow' },
]

const SETTINGS_PATH = '/admin/settings'

const refusal = createContext<BackupRefusal | null>(null)

export const middleware: Route.MiddlewareFunction[] = [
	async ({ request, context }, next) => {
		// A `.data` request (a client-side form post) could not take a file as its answer.
		if (request.method !== 'POST' || new URL(request.url).pathname.endsWith('.data')) return next()
		const outcome = await downloadBackup({ request, context }, await requireAdmin({ request, context }))
		if (outcome.ok) return outcome.response
		context.set(refusal, outcome)
		return next()
	},
]

export async function loader({ request, context }: Route.LoaderArgs) {
	const admin = await requireAdmin({ request, context })
	// The password's messages (wrong, throttled) come from the sign-in's area.
	return adminMessages(admin.locale, 'adminBackup', 'adminAuth')
}

export async function action({ request, context }: Route.ActionArgs) {
	await requireAdmin({ request, context })
	const refused = context.get(refusal)
	if (!refused) {
		return data({ result: { status: 'error' as const, error: { '': [AUTH_MESSAGES.backupByForm] } } }, { status: 400 })
	}
	return data({ result: refused.result }, { status: refused.status, headers: refused.headers })
}

export default function BackupPage({ actionData }: Route.ComponentProps) {
	const { t } = useI18n()
	return (
		<AdminPage
			width="narrow"
			back={{ to: SETTINGS_PATH, label: t('adminBackup.settings') }}
			title={t('adminBackup.title')}
			description={t('adminBackup.description')}
		>
			<Card>
				<BackupForm lastResult={actionData?.result} />
			</Card>
		</AdminPage>
	)
}

export function ErrorBoundary() {
	return (
		<AdminRouteError
			title="admin.navSettings"
			width="narrow"
			failedText="admin.loadFailed"
			link={{ to: SETTINGS_PATH, label: 'admin.backToSettings' }}
		/>
	)
}
