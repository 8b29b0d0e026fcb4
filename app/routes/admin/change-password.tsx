import { data } from 'react-router'

import { adminMeta, AdminPage, AdminRouteError } from '~/components/admin/admin-page'
import { Card } from '~/components/admin/card'
import { CHANGE_PASSWORD_FORM_ID, ChangePasswordForm } from '~/components/admin/change-password-form'
import { UnsavedChangesGuard } from '~/components/admin/unsaved-changes-guard'
import { useI18n } from '~/hooks/use-i18n'
import { messageRef } from '~/i18n/message-ref'
import { adminMessages, serverTranslator } from '~/i18n/messages.server'
import { changeAdminPassword } from '~/models/admin.server'
import { AUTH_MESSAGES, changePasswordSchema } from '~/schemas/auth'
import { checkAdminPassword } from '~/services/auth.server'
import { readDeviceId } from '~/services/device-cookie.server'
import { passwordPolicyProblem } from '~/services/password-policy.server'
import { requireAdmin } from '~/services/session.server'
import { attemptSucceeded, beginAttempt, throttledHeaders } from '~/services/throttle.server'
import { endEventStreamsOfEndedSessions } from '~/utils/event-stream.server'
import { redirectWithFlash } from '~/utils/flash.server'
import { readSubmission } from '~/utils/forms.server'
import { requestFacts } from '~/utils/request-context.server'
import { logSecurityEvent } from '~/utils/security-log.server'

import type { Route } from './+types/change-password'

export const meta: Route.MetaFunction = ({ matches }) => [
	...adminMeta(matches, messageRef('adminAuth.changePassword')),
	{ name: 'robots', content: 'noindex, nofollow' },
]

export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
	const retryAfter = actionHeaders.get('Retry-After')
	return retryAfter ? { 'Retry-After': retryAfter } : new Headers()
}

export async function loader({ request, context }: Route.LoaderArgs) {
	const admin = await requireAdmin({ request, context })
	return adminMessages(admin.locale, 'adminAuth')
}

const HIDDEN = ['currentPassword', 'newPassword', 'confirmPassword']

export async function action({ request, context }: Route.ActionArgs) {
	const admin = await requireAdmin({ request, context })
	const submission = await readSubmission({ request, context }, { schema: changePasswordSchema })
	if (submission.status !== 'success') {
		return data({ result: submission.reply({ hideFields: HIDDEN }) }, { status: 400 })
	}
	const refused = await passwordPolicyProblem(submission.value.newPassword!)
	if (refused) {
		return data({ result: submission.reply({ fieldErrors: { newPassword: [refused] }, hideFields: HIDDEN }) }, { status: 400 })
	}
	// The current password is a password guess like any sign-in: same throttle, same keys.
	const facts = requestFacts(context)
	const { clientAddress } = facts
	const deviceId = await readDeviceId(request, admin.email)
	const attempt = await beginAttempt('sign-in', { email: admin.email, clientAddress, deviceId })
	if (attempt.limited) {
		return data(
			{ result: submission.reply({ formErrors: [attempt.message], hideFields: HIDDEN }) },
			{ status: 429, headers: throttledHeaders(attempt.retryAfterSeconds) },
		)
	}
	if ((await checkAdminPassword(submission.value.currentPassword!)) !== admin.id) {
		logSecurityEvent({ event: 'password-changed', outcome: 'failure', clientAddress, detail: 'wrong current password' })
		return data(
			{ result: submission.reply({ fieldErrors: { currentPassword: [AUTH_MESSAGES.currentWrong] }, hideFields: HIDDEN }) },
			{ status: 400 },
		)
	}
	await attemptSucceeded(attempt)
	// Every other device is signed out (their live-dashboard streams too); this one carries on.
	await changeAdminPassword(admin.id, submission.value.newPassword!, await facts.sessionId())
	endEventStreamsOfEndedSessions()
	logSecurityEvent({ event: 'password-changed', outcome: 'success', clientAddress })
	const message = serverTranslator(admin.locale, 'adminAuth').t('adminAuth.passwordChanged')
	return redirectWithFlash(request, '/admin/settings', { type: 'success', message })
}

export default function ChangePasswordPage({ actionData }: Route.ComponentProps) {
	const { t } = useI18n()
	return (
		<AdminPage
			width="narrow"
			back={{ to: '/admin/settings', label: t('adminAuth.settings') }}
			title={t('adminAuth.changePassword')}
			description={t('adminAuth.changePasswordIntro')}
		>
			<UnsavedChangesGuard forms={[CHANGE_PASSWORD_FORM_ID]} />
			<Card>
				<ChangePasswordForm lastResult={actionData?.result} />
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
			link={{ to: '/admin/settings', label: 'admin.backToSettings' }}
		/>
	)
}
