import { getFormProps, getInputProps, type FieldMetadata, type FormMetadata, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { useRef, type ReactNode } from 'react'
import { data, Form, Link, redirect, useNavigation, useSearchParams } from 'react-router'
import type { Route } from './+types/auth'
import { Button } from '~/components/ui/button'
import { Field } from '~/components/ui/field'
import { useZodForm } from '~/components/ui/use-zod-form'
import { LIMITS } from '~/constants'
import { getAdmin } from '~/models/admin.server'
import { createPasswordResetToken, getResetTokenAdminId, resetPasswordWithToken } from '~/models/password-reset.server'
import { deleteExpiredSessions, deleteSession } from '~/models/sessions.server'
import { getShopSettings } from '~/models/site.server'
import { AUTH_MESSAGES, newPasswordSchema, resetEmailSchema, signInSchema } from '~/schemas/auth'
import { authenticator, getAdminEmail, isAdminEmail, SignInError } from '~/utils/auth.server'
import { getClientAddress } from '~/utils/client-ip.server'
import { getEnv } from '~/utils/env.server'
import { redirectWithFlash } from '~/utils/flash.server'
import { readFormData } from '~/utils/forms.server'
import { sendPasswordResetEmail } from '~/utils/mail.server'
import { getAdminId, readSessionId, safeRedirectPath, sessionCookie, startSession } from '~/utils/session.server'
import { attemptSucceeded, beginAttempt, throttledHeaders } from '~/utils/throttle.server'

type Mode = 'sign-in' | 'reset-email' | 'set-password'

export const meta: Route.MetaFunction = ({ loaderData }) => {
	const shop = loaderData?.shopName ?? 'Shop'
	const title =
		loaderData?.mode === 'reset-email'
			? 'Reset your password'
			: loaderData?.mode === 'set-password'
				? 'Choose a new password'
				: 'Admin sign-in'
	return [{ title: `${title} | ${shop}` }, { name: 'robots', content: 'noindex, nofollow' }]
}

// Nothing on this page (or its `.data` answers) may be cached: it carries reset tokens and errors.
export const middleware: Route.MiddlewareFunction[] = [
	async (_args, next) => {
		const response = await next()
		response.headers.set('Cache-Control', 'no-store')
		return response
	},
]

// A throttled answer tells clients when to come back.
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
	const retryAfter = actionHeaders.get('Retry-After')
	return retryAfter ? { 'Retry-After': retryAfter } : new Headers()
}

export async function loader({ request }: Route.LoaderArgs) {
	if ((await getAdminId(request)) !== null) throw redirect('/admin')
	const url = new URL(request.url)
	const { shopName } = await getShopSettings()
	const redirectTo = safeRedirectPath(url.searchParams.get('redirectTo'), '')
	if (url.searchParams.get('reset') === 'true') {
		const tokenValid = (await getResetTokenAdminId(url.searchParams.get('token'))) !== null
		return data({ mode: 'set-password' as Mode, tokenValid, shopName, redirectTo }, { status: tokenValid ? 200 : 400 })
	}
	const mode: Mode = url.searchParams.get('mode') === 'reset-email' ? 'reset-email' : 'sign-in'
	return { mode, tokenValid: false, shopName, redirectTo }
}

type ActionResult = {
	intent: Mode
	result: SubmissionResult<string[]>
	tokenInvalid?: boolean
}

function reply(payload: ActionResult, status: number, headers?: HeadersInit) {
	return data(payload, { status, headers })
}

export async function action({ request }: Route.ActionArgs) {
	// The body is read once, here, with the form limits (a clone would keep every byte its twin has not
	// read in memory, and a refused body could not be drained through it); the strategy gets a copy.
	const formData = await readFormData(request, { maxBytes: LIMITS.maxAuthFormBytes })
	switch (formData.get('intent')) {
		case 'sign-in':
			return signIn(request, formData)
		case 'reset-email':
			return requestResetEmail(request, formData)
		case 'set-password':
			return setNewPassword(request, formData)
		default:
			throw data('Unknown form', { status: 400 })
	}
}

async function signIn(request: Request, formData: FormData) {
	const submission = parseWithZod(formData, { schema: signInSchema })
	const hideFields = ['password']
	if (submission.status !== 'success') {
		return reply({ intent: 'sign-in', result: submission.reply({ hideFields }) }, 400)
	}
	const { email, redirectTo } = submission.value
	const attempt = await beginAttempt('sign-in', { email, clientAddress: getClientAddress(request) })
	if (attempt.limited) {
		return reply(
			{ intent: 'sign-in', result: submission.reply({ formErrors: [attempt.message], hideFields }) },
			429,
			throttledHeaders(attempt.retryAfterSeconds),
		)
	}
	let adminId: number
	try {
		adminId = await authenticator.authenticate('admin-password', withBody(request, formData))
	} catch (error) {
		if (!(error instanceof SignInError)) throw error
		const result =
			error.reason === 'not-admin'
				? submission.reply({ fieldErrors: { email: [error.message] }, hideFields })
				: submission.reply({ formErrors: [error.message], hideFields })
		return reply({ intent: 'sign-in', result }, error.reason === 'not-admin' ? 403 : 401)
	}
	await attemptSucceeded(attempt)
	// A new random session id at every sign-in; an older session this browser held is ended.
	const previous = await readSessionId(request)
	if (previous) await deleteSession(previous)
	// Dead sessions are refused anyway; sign-in is a rare, fitting moment to sweep their rows away.
	await deleteExpiredSessions()
	const headers = new Headers({ 'Set-Cookie': await startSession(adminId) })
	return redirectWithFlash(request, safeRedirectPath(redirectTo), { type: 'success', message: AUTH_MESSAGES.signedIn }, { headers })
}

/** The same request carrying `formData` as its body (the FormStrategy reads the body itself). */
function withBody(request: Request, formData: FormData) {
	const headers = new Headers(request.headers)
	headers.delete('content-type')
	headers.delete('content-length')
	headers.delete('transfer-encoding')
	const body = new URLSearchParams()
	for (const [name, value] of formData) if (typeof value === 'string') body.append(name, value)
	return new Request(request.url, { method: request.method, headers, body })
}

async function requestResetEmail(request: Request, formData: FormData) {
	const submission = parseWithZod(formData, { schema: resetEmailSchema })
	if (submission.status !== 'success') {
		return reply({ intent: 'reset-email', result: submission.reply() }, 400)
	}
	const { email } = submission.value
	// Every request counts here, not only failures: each one may send a mail.
	const attempt = await beginAttempt('reset', { email, clientAddress: getClientAddress(request) })
	if (attempt.limited) {
		return reply(
			{ intent: 'reset-email', result: submission.reply({ formErrors: [attempt.message] }) },
			429,
			throttledHeaders(attempt.retryAfterSeconds),
		)
	}
	if (!(await isAdminEmail(email))) {
		return reply({ intent: 'reset-email', result: submission.reply({ fieldErrors: { email: [AUTH_MESSAGES.resetNotAdmin] } }) }, 403)
	}
	const admin = await getAdmin()
	const to = await getAdminEmail()
	if (!admin || !to) {
		return reply({ intent: 'reset-email', result: submission.reply({ formErrors: [AUTH_MESSAGES.noAdminYet] }) }, 409)
	}
	const token = await createPasswordResetToken(admin.id)
	// APP_ORIGIN only: a Host or X-Forwarded-Host header must never choose where the token is sent.
	const link = `${getEnv().APP_ORIGIN}/auth?reset=true&token=${token}`
	try {
		const { shopName } = await getShopSettings()
		await sendPasswordResetEmail({ to, link, shopName, minutes: LIMITS.resetTokenMinutes })
	} catch (error) {
		console.error(`[mail] The password reset email could not be sent: ${error instanceof Error ? error.message : String(error)}`)
		return reply({ intent: 'reset-email', result: submission.reply({ formErrors: [AUTH_MESSAGES.unexpected] }) }, 502)
	}
	return redirectWithFlash(request, '/auth', { type: 'success', message: AUTH_MESSAGES.resetSent })
}

async function setNewPassword(request: Request, formData: FormData) {
	const submission = parseWithZod(formData, { schema: newPasswordSchema })
	const hideFields = ['password', 'confirmPassword']
	if (submission.status !== 'success') {
		return reply({ intent: 'set-password', result: submission.reply({ hideFields }) }, 400)
	}
	const { token, password } = submission.value
	if (!(await resetPasswordWithToken(token, password!))) {
		return reply(
			{
				intent: 'set-password',
				result: submission.reply({ formErrors: [AUTH_MESSAGES.invalidResetLink], hideFields }),
				tokenInvalid: true,
			},
			400,
		)
	}
	// Every session ended with the reset; this browser's cookie goes too. Not signed in: sign in anew.
	const headers = new Headers({ 'Set-Cookie': await sessionCookie().serialize('', { maxAge: 0 }) })
	return redirectWithFlash(request, '/auth', { type: 'success', message: AUTH_MESSAGES.passwordUpdated }, { headers })
}

export default function AuthPage({ loaderData, actionData }: Route.ComponentProps) {
	const { mode, shopName, redirectTo, tokenValid } = loaderData
	const last = actionData?.intent === mode ? actionData : undefined
	return (
		<AuthShell shopName={shopName}>
			{mode === 'sign-in' ? (
				<SignInForm redirectTo={redirectTo} lastResult={last?.result} />
			) : mode === 'reset-email' ? (
				<ResetEmailForm lastResult={last?.result} />
			) : tokenValid && !last?.tokenInvalid ? (
				<NewPasswordForm lastResult={last?.result} />
			) : (
				<InvalidResetLink />
			)}
		</AuthShell>
	)
}

// A lattice of ikat diamonds in gold, drawn once as a background tile.
const IKAT_TILE = `url("data:image/svg+xml,${encodeURIComponent(
	"<svg xmlns='http://www.w3.org/2000/svg' width='64' height='64' viewBox='0 0 64 64'><g fill='none' stroke='#c9972c' stroke-opacity='.16'><path d='M32 2 62 32 32 62 2 32Z'/><path d='M32 14 50 32 32 50 14 32Z' stroke-dasharray='3 3'/></g><path d='M32 26 38 32 32 38 26 32Z' fill='#c9972c' fill-opacity='.22'/><circle cx='0' cy='0' r='2' fill='#ecc970' fill-opacity='.25'/><circle cx='64' cy='0' r='2' fill='#ecc970' fill-opacity='.25'/><circle cx='0' cy='64' r='2' fill='#ecc970' fill-opacity='.25'/><circle cx='64' cy='64' r='2' fill='#ecc970' fill-opacity='.25'/></svg>",
)}")`

// The zari border of a saree: a thin band of small gold triangles.
const ZARI_BORDER =
	'repeating-linear-gradient(135deg, #c9972c 0 6px, transparent 6px 12px), repeating-linear-gradient(45deg, #8a6414 0 6px, transparent 6px 12px)'

function AuthShell({ shopName, children }: { shopName: string; children: ReactNode }) {
	return (
		<main className="flex min-h-dvh flex-col bg-cream lg:grid lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
			<aside
				className="relative isolate overflow-hidden bg-maroon-900 px-6 pt-8 pb-14 text-gold-100 lg:flex lg:flex-col lg:justify-between lg:px-14 lg:py-14"
				style={{ backgroundImage: `${IKAT_TILE}, radial-gradient(120% 80% at 20% 0%, #8a1c2b 0%, #4f0f18 70%)` }}
			>
				<Link to="/" className="inline-flex min-h-11 items-center gap-2 text-sm text-gold-100/80 hover:text-white">
					<span aria-hidden="true">←</span> Back to the shop
				</Link>
				<div className="mt-6 lg:mt-0">
					<p className="text-xs font-semibold tracking-[0.35em] text-gold-300 uppercase">Pure handloom silk</p>
					<p className="mt-2 font-serif text-3xl leading-tight text-white sm:text-4xl lg:text-5xl">{shopName}</p>
					<p className="mt-3 hidden max-w-sm text-base text-gold-100/80 lg:block">
						Handwoven silk, looked after with care. This door leads to the shop's workroom.
					</p>
				</div>
				<p className="hidden text-xs text-gold-100/60 lg:block">Private area: for the shop's administrator only.</p>
				<div aria-hidden="true" className="absolute inset-x-0 bottom-0 h-3 opacity-80 lg:inset-x-auto lg:top-0 lg:right-0 lg:h-auto lg:w-3" style={{ backgroundImage: ZARI_BORDER }} />
			</aside>
			<section className="relative -mt-6 flex flex-1 items-start justify-center rounded-t-3xl bg-cream px-5 pt-8 pb-12 sm:px-8 lg:mt-0 lg:items-center lg:rounded-none lg:py-16">
				<div className="w-full max-w-md">{children}</div>
			</section>
		</main>
	)
}

function Heading({ eyebrow, title, children }: { eyebrow: string; title: string; children?: ReactNode }) {
	return (
		<header className="mb-7">
			<p className="text-xs font-semibold tracking-[0.25em] text-gold-700 uppercase">{eyebrow}</p>
			<h1 className="mt-2 font-serif text-3xl text-maroon-900">{title}</h1>
			{children ? <p className="mt-2 text-sm leading-relaxed text-stone-600">{children}</p> : null}
		</header>
	)
}

function FormErrors({ id, errors }: { id: string; errors?: string[] }) {
	if (!errors?.length) return null
	return (
		<div id={id} role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
			{errors.map((e) => (
				<p key={e}>{e}</p>
			))}
		</div>
	)
}

function SubmitButton({ children, pending }: { children: string; pending: boolean }) {
	return (
		<Button type="submit" className="w-full text-base" aria-disabled={pending || undefined} data-pending={pending || undefined}>
			{pending ? (
				<span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white" />
			) : null}
			{children}
		</Button>
	)
}

/**
 * One of the page's forms, posted with its `intent`: hidden fields, the form-wide errors, the fields,
 * and the submit button (busy while this form posts).
 */
function AuthForm({
	intent,
	form,
	hidden,
	submitLabel,
	children,
}: {
	intent: Mode
	form: FormMetadata
	hidden?: ReactNode
	submitLabel: string
	children: ReactNode
}) {
	const navigation = useNavigation()
	const pending = navigation.state === 'submitting' && navigation.formData?.get('intent') === intent
	return (
		<Form method="post" {...getFormProps(form)} noValidate className="space-y-5">
			<input type="hidden" name="intent" value={intent} />
			{hidden}
			<FormErrors id={form.errorId} errors={form.errors} />
			{children}
			<SubmitButton pending={pending}>{submitLabel}</SubmitButton>
		</Form>
	)
}

function EmailField({ field }: { field: FieldMetadata<string> }) {
	return (
		<Field
			{...getInputProps(field, { type: 'email' })}
			label="Email"
			errors={field.errors}
			autoComplete="username"
			inputMode="email"
			autoCapitalize="none"
			spellCheck={false}
		/>
	)
}

/** A password input that never shows a value sent back: give it a `key` that changes with every answer. */
function PasswordField({ field, label, autoComplete }: { field: FieldMetadata<string>; label: string; autoComplete: string }) {
	return (
		<Field
			{...getInputProps(field, { type: 'password', value: false })}
			label={label}
			errors={field.errors}
			autoComplete={autoComplete}
		/>
	)
}

/**
 * Changes whenever a new answer arrives from the server, so password inputs can be remounted empty:
 * a refused password is never kept in the page, with or without JavaScript.
 */
function useAnswerKey(result: unknown) {
	const ref = useRef({ result, key: 0 })
	if (ref.current.result !== result) ref.current = { result, key: ref.current.key + 1 }
	return ref.current.key
}

const textLink = 'font-medium text-maroon-800 underline decoration-gold-500/60 underline-offset-4 hover:text-maroon-900 hover:decoration-maroon-800'

/** The link under a form: to the other form, or back to sign in. */
function FooterLink({ to, children }: { to: string; children: string }) {
	return (
		<p className="mt-6 text-center text-sm">
			<Link to={to} className={textLink}>
				{children}
			</Link>
		</p>
	)
}

function SignInForm({ redirectTo, lastResult }: { redirectTo: string; lastResult?: SubmissionResult<string[]> }) {
	const answerKey = useAnswerKey(lastResult)
	const [form, fields] = useZodForm(signInSchema, { id: 'sign-in', lastResult })
	return (
		<>
			<Heading eyebrow="Admin sign-in" title="Welcome back">
				Sign in to look after the catalogue, the stories and the orders.
			</Heading>
			<AuthForm
				intent="sign-in"
				form={form}
				hidden={redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
				submitLabel="Sign In"
			>
				<EmailField field={fields.email} />
				<PasswordField key={`password-${answerKey}`} field={fields.password} label="Password" autoComplete="current-password" />
			</AuthForm>
			<FooterLink to="/auth?mode=reset-email">Forgot your password?</FooterLink>
		</>
	)
}

function ResetEmailForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
	const [form, fields] = useZodForm(resetEmailSchema, { id: 'reset-email', lastResult })
	return (
		<>
			<Heading eyebrow="Password help" title="Reset your password">
				Enter the admin email address. We will send a link to choose a new password; it works once, for{' '}
				{LIMITS.resetTokenMinutes} minutes.
			</Heading>
			<AuthForm intent="reset-email" form={form} submitLabel="Send Reset Link">
				<EmailField field={fields.email} />
			</AuthForm>
			<FooterLink to="/auth">Back to sign in</FooterLink>
		</>
	)
}

function NewPasswordForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
	const answerKey = useAnswerKey(lastResult)
	const [form, fields] = useZodForm(newPasswordSchema, { id: 'set-password', lastResult })
	// The token travels in the form body, taken from the link the admin opened.
	const [searchParams] = useSearchParams()
	return (
		<>
			<Heading eyebrow="Password help" title="Choose a new password" />
			<div role="status" className="mb-6 rounded-lg border border-gold-300 bg-gold-100/60 px-4 py-3 text-sm text-stone-800">
				<p className="font-semibold text-maroon-900">Password Reset</p>
				<p className="mt-0.5">
					Choose a new password for the admin account ({LIMITS.passwordMinLength} characters or more). Every device
					signed in now will be signed out.
				</p>
			</div>
			<AuthForm
				intent="set-password"
				form={form}
				hidden={<input type="hidden" name="token" value={searchParams.get('token') ?? ''} />}
				submitLabel="Update Password"
			>
				<PasswordField key={`password-${answerKey}`} field={fields.password} label="New Password" autoComplete="new-password" />
				<PasswordField key={`confirm-${answerKey}`} field={fields.confirmPassword} label="Confirm Password" autoComplete="new-password" />
			</AuthForm>
			<FooterLink to="/auth">Back to sign in</FooterLink>
		</>
	)
}

function InvalidResetLink() {
	return (
		<>
			<Heading eyebrow="Password help" title="This link no longer works" />
			<div role="alert" className="mb-6 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900">
				<p className="font-semibold">Password Reset</p>
				<p className="mt-0.5">
					{AUTH_MESSAGES.invalidResetLink} Reset links work once and expire after {LIMITS.resetTokenMinutes} minutes.
				</p>
			</div>
			<Link to="/auth?mode=reset-email" className="inline-flex min-h-11 w-full items-center justify-center rounded-md bg-maroon-800 px-4 py-2 text-base font-semibold text-white hover:bg-maroon-900">
				Request a new reset link
			</Link>
			<FooterLink to="/auth">Back to sign in</FooterLink>
		</>
	)
}

export function ErrorBoundary() {
	return (
		<main className="flex min-h-dvh items-center justify-center bg-cream px-6 text-center">
			<div>
				<h1 className="font-serif text-3xl text-maroon-900">Something went wrong</h1>
				<p className="mt-2 text-stone-600">{AUTH_MESSAGES.unexpected}</p>
				<Link to="/auth" className={`mt-6 inline-block ${textLink}`}>
					Back to sign in
				</Link>
			</div>
		</main>
	)
}
