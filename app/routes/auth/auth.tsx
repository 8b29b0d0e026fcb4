import { data, Link, redirect, useRouteLoaderData } from 'react-router'

import { FlashMessage } from '~/components/ui/flash-message'
import { GeneralErrorBoundary } from '~/components/ui/general-error-boundary'
import { SERVER_LIMITS } from '~/constants.server'
import { useAdminFlash, useAdminI18n } from '~/hooks/use-admin-i18n'
import { translatorOfMatches } from '~/hooks/use-i18n'
import { adminLocale, adminMessages } from '~/i18n/messages.server'
import { getResetTokenAdminId } from '~/models/password-reset.server'
import { getShopSettings } from '~/models/site.server'
import type { loader as rootLoader } from '~/root'
import { authFormSchema } from '~/schemas/auth'
import { safeRedirectPath } from '~/services/session.server'
import { readFormData } from '~/utils/forms.server'
import { canDeliverResetLinks } from '~/utils/mail.server'
import { requestFacts } from '~/utils/request-context.server'

import type { Route } from './+types/auth'
import { type AuthMode, AuthShell, textLink } from './auth-shell'
import { ResetEmailForm } from './reset-email'
import { requestResetEmail } from './reset-email.server'
import { InvalidResetLink, NewPasswordForm } from './set-password'
import { setNewPassword } from './set-password.server'
import { SignInForm } from './sign-in'
import { signIn } from './sign-in.server'
import { SignInCodeForm } from './sign-in-code'
import { enterSignInCode } from './sign-in-code.server'

// /auth has three modes, each a form with its action beside it: sign-in (sign-in.tsx, sign-in.server.ts,
// and the mailed code it may ask for: sign-in-code.*), the reset email (reset-email.*) and the new
// password from a reset link (set-password.*). This module only picks the form: from the address (and a
// sign-in's answer) for the page, from the posted `intent` for the action.

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
	const { t } = translatorOfMatches(matches)
	const title =
		loaderData?.mode === 'reset-email'
			? t('adminAuth.titleReset')
			: loaderData?.mode === 'set-password'
				? t('adminAuth.titleSetPassword')
				: t('adminAuth.titleSignIn')
	return [
		{ title: t('adminAuth.metaTitle', { title, shop: loaderData?.shopName ?? '' }) },
		{ name: 'robots', content: 'noindex, nofollow' },
	]
}

// Nothing on this page (or its `.data` answers) may be cached: it carries reset tokens and errors. Its
// language follows the browser's Accept-Language (no one is signed in here), so the answer varies by it.
export const middleware: Route.MiddlewareFunction[] = [
	async (_args, next) => {
		const response = await next()
		response.headers.set('Cache-Control', 'no-store')
		response.headers.append('Vary', 'Accept-Language')
		return response
	},
]

// A throttled (429) or busy (503) answer tells clients when to come back.
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
	const retryAfter = actionHeaders.get('Retry-After')
	return retryAfter ? { 'Retry-After': retryAfter } : new Headers()
}

export async function loader({ request, context }: Route.LoaderArgs) {
	const admin = await requestFacts(context).admin()
	if (admin !== null) throw redirect('/admin')
	const texts = adminMessages(adminLocale(request, admin), 'adminAuth')
	const url = new URL(request.url)
	const { shopName } = await getShopSettings()
	const redirectTo = safeRedirectPath(url.searchParams.get('redirectTo'), '')
	const mailConfigured = canDeliverResetLinks()
	if (url.searchParams.get('reset') === 'true') {
		const tokenValid = (await getResetTokenAdminId(url.searchParams.get('token'))) !== null
		return data(
			{ ...texts, mode: 'set-password' as AuthMode, tokenValid, shopName, redirectTo, mailConfigured },
			{ status: tokenValid ? 200 : 400 },
		)
	}
	const mode: AuthMode = url.searchParams.get('mode') === 'reset-email' ? 'reset-email' : 'sign-in'
	return { ...texts, mode, tokenValid: false, shopName, redirectTo, mailConfigured }
}

export async function action({ request, context }: Route.ActionArgs) {
	// The body is read once, here, with the form limits (a few kilobytes: anyone may post here) and only
	// the fields of the mode its `intent` names; each mode checks its own fields.
	const formData = await readFormData({ request, context }, { schema: authFormSchema, maxBytes: SERVER_LIMITS.maxAuthFormBytes })
	switch (formData.get('intent')) {
		case 'sign-in':
			return signIn({ request, context }, formData)
		case 'sign-in-code':
			return enterSignInCode({ request, context }, formData)
		case 'reset-email':
			return requestResetEmail({ request, context }, formData)
		case 'set-password':
			return setNewPassword({ request, context }, formData)
		default:
			throw data('Unknown form', { status: 400 })
	}
}

export default function AuthPage({ loaderData, actionData }: Route.ComponentProps) {
	const { mode, shopName, redirectTo, tokenValid, mailConfigured } = loaderData
	const last = actionData?.intent === mode ? actionData : undefined
	// A sign-in answered with a challenge (and the code form's own answers) shows the code form.
	const challenge = mode === 'sign-in' ? actionData?.challenge : undefined
	const flash = useAdminFlash(useRouteLoaderData<typeof rootLoader>('root')?.flash ?? null, 'adminAuth.dismissMessage')
	const codeResult = actionData?.intent === 'sign-in-code' ? actionData.result : undefined
	let form
	if (challenge) form = <SignInCodeForm key={challenge} challenge={challenge} redirectTo={redirectTo} lastResult={codeResult} />
	else if (mode === 'sign-in') form = <SignInForm redirectTo={redirectTo} lastResult={last?.result} />
	else if (mode === 'reset-email') form = <ResetEmailForm lastResult={last?.result} mailConfigured={mailConfigured} />
	else if (tokenValid && !last?.tokenInvalid) form = <NewPasswordForm lastResult={last?.result} />
	else form = <InvalidResetLink />
	return (
		<AuthShell shopName={shopName}>
			{flash ? <FlashMessage flash={flash} /> : null}
			{form}
		</AuthShell>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary unexpectedErrorHandler={() => <AuthError />} />
}

// When this page's loader or action failed, its texts may not have arrived: then these words stand in.
const WITHOUT_TEXTS = {
	'adminAuth.somethingWrong': 'Something went wrong',
	'adminAuth.unexpected': 'An unexpected error occurred. Please try again.',
	'adminAuth.backToSignIn': 'Back to sign in',
} as const

function AuthError() {
	const i18n = useAdminI18n()
	const t = (key: keyof typeof WITHOUT_TEXTS) => {
		const text = i18n.t(key)
		return text === key ? WITHOUT_TEXTS[key] : text
	}
	return (
		<main className="flex min-h-dvh items-center justify-center bg-cream px-6 text-center">
			<div>
				<h1 className="font-serif text-3xl text-maroon-900">{t('adminAuth.somethingWrong')}</h1>
				<p className="mt-2 text-stone-600">{t('adminAuth.unexpected')}</p>
				<Link to="/auth" className={`mt-6 inline-block ${textLink}`}>
					{t('adminAuth.backToSignIn')}
				</Link>
			</div>
		</main>
	)
}
