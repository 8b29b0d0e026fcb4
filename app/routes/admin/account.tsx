import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { data, Form, Link } from 'react-router'

import { adminMeta, AdminPage, AdminRouteError } from '~/components/admin/admin-page'
import { Card } from '~/components/admin/card'
import { UnsavedChangesGuard } from '~/components/admin/unsaved-changes-guard'
import { Button } from '~/components/ui/button'
import { ErrorList } from '~/components/ui/field'
import { useI18n } from '~/hooks/use-i18n'
import { useIsPending } from '~/hooks/use-pending'
import { useZodForm } from '~/hooks/use-zod-form'
import { type Locale, LOCALE_TAGS, LOCALES } from '~/i18n/locales'
import { messageRef } from '~/i18n/message-ref'
import { adminMessages, serverTranslator } from '~/i18n/messages.server'
import { setAdminLocale } from '~/models/admin.server'
import { accountSchema } from '~/schemas/account'
import { requireAdmin } from '~/services/session.server'
import { redirectWithFlash } from '~/utils/flash.server'
import { readSubmission } from '~/utils/forms.server'

import type { Route } from './+types/account'

// Settings → Your account: the address the admin signs in with, and the language the whole admin (and
// the mails to her) speak. Under /admin/settings, so the layout's texts are sent again after a save.

export const ACCOUNT_FORM_ID = 'account'

// Each language by its own name, as a reader of that language looks for it.
const OWN_NAMES: Record<Locale, string> = { en: 'English', te: 'తెలుగు', hi: 'हिन्दी' }

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, messageRef('adminAccount.title'))

export async function loader({ request, context }: Route.LoaderArgs) {
	const admin = await requireAdmin({ request, context })
	return { ...adminMessages(admin.locale, 'adminAccount'), email: admin.email, accountLocale: admin.locale }
}

export async function action({ request, context }: Route.ActionArgs) {
	const admin = await requireAdmin({ request, context })
	const submission = await readSubmission({ request, context }, { schema: accountSchema })
	if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
	const { locale } = submission.value
	await setAdminLocale(admin.id, locale)
	// Said in the language just chosen: it is the first thing the admin reads in it.
	const message = serverTranslator(locale, 'adminAccount').t('adminAccount.saved')
	return redirectWithFlash(request, '/admin/settings/account', { type: 'success', message })
}

export default function AccountPage({ loaderData, actionData }: Route.ComponentProps) {
	const { t } = useI18n()
	return (
		<AdminPage
			width="narrow"
			back={{ to: '/admin/settings', label: t('adminAccount.settings') }}
			title={t('adminAccount.title')}
			description={t('adminAccount.description')}
		>
			<UnsavedChangesGuard forms={[ACCOUNT_FORM_ID]} />
			<Card>
				<dl>
					<dt className="text-sm font-medium text-stone-700">{t('adminAccount.email')}</dt>
					<dd data-seller-text className="mt-1 text-base break-all text-stone-900">
						{loaderData.email}
					</dd>
					<dd className="mt-1 text-sm text-stone-600">{t('adminAccount.emailNote')}</dd>
				</dl>
			</Card>
			<Card>
				{/* A saved choice comes back as the new default: a new form shows it. */}
				<LanguageForm key={loaderData.accountLocale} locale={loaderData.accountLocale} lastResult={actionData?.result} />
			</Card>
			<Card>
				<Link
					to="/admin/settings/password"
					className="inline-flex min-h-11 items-center font-medium text-maroon-800 underline decoration-gold-500/60 underline-offset-4 hover:text-maroon-900"
				>
					{t('adminAccount.changePassword')}
				</Link>
				<p className="mt-1 text-sm text-stone-600">{t('adminAccount.changePasswordNote')}</p>
			</Card>
		</AdminPage>
	)
}

function LanguageForm({ locale, lastResult }: { locale: Locale; lastResult?: SubmissionResult<string[]> }) {
	const { t } = useI18n()
	const [form, fields] = useZodForm(accountSchema, { id: ACCOUNT_FORM_ID, lastResult, defaultValue: { locale } })
	const saving = useIsPending()
	const field = fields.locale
	const hintId = `${field.id}-hint`
	return (
		<Form method="post" {...getFormProps(form)} className="space-y-4">
			<ErrorList id={form.errorId} errors={form.errors} />
			<fieldset
				aria-describedby={field.errors?.length ? `${hintId} ${field.errorId}` : hintId}
				aria-invalid={field.errors?.length ? true : undefined}
			>
				<legend className="text-sm font-medium text-stone-700">{t('adminAccount.language')}</legend>
				<p id={hintId} className="mt-1 text-sm text-stone-600">
					{t('adminAccount.languageHint')}
				</p>
				<div className="mt-3 space-y-2">
					{LOCALES.map((code) => (
						<label
							key={code}
							className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-stone-200 px-3 py-2 has-[:checked]:border-maroon-700 has-[:checked]:bg-maroon-50"
						>
							<input
								type="radio"
								name={field.name}
								value={code}
								defaultChecked={field.initialValue === code}
								className="size-5 accent-maroon-800"
							/>
							<span lang={LOCALE_TAGS[code]} className="text-base text-stone-900">
								{OWN_NAMES[code]}
							</span>
						</label>
					))}
				</div>
				<ErrorList id={field.errorId} errors={field.errors} />
			</fieldset>
			<Button type="submit" disabled={saving}>
				{saving ? t('adminAccount.saving') : t('adminAccount.save')}
			</Button>
		</Form>
	)
}

export function ErrorBoundary() {
	return (
		<AdminRouteError
			title="admin.navSettings"
			width="narrow"
			failedText="admin.loadFailed"
			link={{ to: '/admin/settings/account', label: 'admin.tryAgain' }}
		/>
	)
}
