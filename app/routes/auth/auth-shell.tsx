import { type FieldMetadata, type FormMetadata, getFormProps, getInputProps, type SubmissionResult } from '@conform-to/react'
import { type ReactNode } from 'react'
import { Form, Link } from 'react-router'

import { Button } from '~/components/ui/button'
import { Field } from '~/components/ui/field'
import { useAdminI18n } from '~/hooks/use-admin-i18n'
import { useIsPending } from '~/hooks/use-pending'

// The pieces every /auth form shares: the page around it, its heading, the form frame with its
// errors and busy button, the email and password fields, and the link underneath. Each mode's form
// lives beside its action: sign-in.tsx + sign-in.server.ts, sign-in-code.*, reset-email.*, set-password.*.

/** What the address asks for. */
export type AuthMode = 'sign-in' | 'reset-email' | 'set-password'
/** Which form was posted: one of the modes, or the code form that follows a sign-in (sign-in-code.*). */
export type AuthIntent = AuthMode | 'sign-in-code'

/** What each form's action answers when it does not redirect. */
export type AuthAnswer = {
	intent: AuthIntent
	result: SubmissionResult<string[]>
	tokenInvalid?: boolean
	/** A sign-in that needs the mailed code too: the challenge the code form carries. */
	challenge?: string
}

// A lattice of ikat diamonds in gold, drawn once as a background tile.
const IKAT_TILE = `url("data:image/svg+xml,${encodeURIComponent(
	"<svg xmlns='http://www.w3.org/2000/svg' width='64' height='64' viewBox='0 0 64 64'><g fill='none' stroke='#c9972c' stroke-opacity='.16'><path d='M32 2 62 32 32 62 2 32Z'/><path d='M32 14 50 32 32 50 14 32Z' stroke-dasharray='3 3'/></g><path d='M32 26 38 32 32 38 26 32Z' fill='#c9972c' fill-opacity='.22'/><circle cx='0' cy='0' r='2' fill='#ecc970' fill-opacity='.25'/><circle cx='64' cy='0' r='2' fill='#ecc970' fill-opacity='.25'/><circle cx='0' cy='64' r='2' fill='#ecc970' fill-opacity='.25'/><circle cx='64' cy='64' r='2' fill='#ecc970' fill-opacity='.25'/></svg>",
)}")`

// The zari border of a saree: a thin band of small gold triangles.
const ZARI_BORDER =
	'repeating-linear-gradient(135deg, #c9972c 0 6px, transparent 6px 12px), repeating-linear-gradient(45deg, #8a6414 0 6px, transparent 6px 12px)'

export function AuthShell({ shopName, children }: { shopName: string; children: ReactNode }) {
	const { t } = useAdminI18n()
	return (
		<main className="flex min-h-dvh flex-col bg-cream lg:grid lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
			<aside
				className="relative isolate overflow-hidden bg-maroon-900 px-6 pt-8 pb-14 text-gold-100 lg:flex lg:flex-col lg:justify-between lg:px-14 lg:py-14"
				// eslint-disable-next-line no-restricted-syntax -- a CSS value, not words
				style={{ backgroundImage: `${IKAT_TILE}, radial-gradient(120% 80% at 20% 0%, #8a1c2b 0%, #4f0f18 70%)` }}
			>
				<Link to="/" className="inline-flex min-h-11 items-center gap-2 text-sm text-gold-100/80 hover:text-white">
					<span aria-hidden="true">←</span> {t('adminAuth.backToShop')}
				</Link>
				<div className="mt-6 lg:mt-0">
					<p className="text-xs font-semibold tracking-[0.35em] text-gold-300 uppercase">{t('adminAuth.tagline')}</p>
					<p data-seller-text className="mt-2 font-serif text-3xl leading-tight text-white sm:text-4xl lg:text-5xl">
						{shopName}
					</p>
					<p className="mt-3 hidden max-w-sm text-base text-gold-100/80 lg:block">{t('adminAuth.welcomeNote')}</p>
				</div>
				<p className="hidden text-xs text-gold-100/60 lg:block">{t('adminAuth.privateNote')}</p>
				<div
					aria-hidden="true"
					className="absolute inset-x-0 bottom-0 h-3 opacity-80 lg:inset-x-auto lg:top-0 lg:right-0 lg:h-auto lg:w-3"
					style={{ backgroundImage: ZARI_BORDER }}
				/>
			</aside>
			<section className="relative -mt-6 flex flex-1 items-start justify-center rounded-t-3xl bg-cream px-5 pt-8 pb-12 sm:px-8 lg:mt-0 lg:items-center lg:rounded-none lg:py-16">
				<div className="w-full max-w-md">{children}</div>
			</section>
		</main>
	)
}

export function Heading({ eyebrow, title, children }: { eyebrow: string; title: string; children?: ReactNode }) {
	return (
		<header className="mb-7">
			<p className="text-xs font-semibold tracking-[0.25em] text-gold-700 uppercase">{eyebrow}</p>
			<h1 className="mt-2 font-serif text-3xl text-maroon-900">{title}</h1>
			{children ? <p className="mt-2 text-sm leading-relaxed text-stone-600">{children}</p> : null}
		</header>
	)
}

function FormErrors({ id, errors }: { id: string; errors?: string[] }) {
	const { msg } = useAdminI18n()
	if (!errors?.length) return null
	return (
		<div id={id} role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
			{errors.map((e) => (
				<p key={e}>{msg(e)}</p>
			))}
		</div>
	)
}

function SubmitButton({ children, pending }: { children: string; pending: boolean }) {
	return (
		<Button type="submit" className="w-full text-base" aria-disabled={pending || undefined} data-pending={pending || undefined}>
			{pending ? <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white" /> : null}
			{children}
		</Button>
	)
}

/**
 * One of the page's forms, posted with its `intent`: hidden fields, the form-wide errors, the fields,
 * and the submit button (busy while this form posts).
 */
export function AuthForm({
	intent,
	form,
	hidden,
	submitLabel,
	children,
}: {
	intent: AuthIntent
	form: FormMetadata
	hidden?: ReactNode
	submitLabel: string
	children: ReactNode
}) {
	const pending = useIsPending({ state: 'submitting', intent })
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

export function EmailField({ field }: { field: FieldMetadata<string> }) {
	const { t } = useAdminI18n()
	return (
		<Field
			{...getInputProps(field, { type: 'email' })}
			label={t('adminAuth.email')}
			errors={field.errors}
			autoComplete="username"
			inputMode="email"
			autoCapitalize="none"
			spellCheck={false}
		/>
	)
}

/** A password input that never shows a value sent back: give it a `key` that changes with every answer. */
export function PasswordField({ field, label, autoComplete }: { field: FieldMetadata<string>; label: string; autoComplete: string }) {
	return (
		<Field {...getInputProps(field, { type: 'password', value: false })} label={label} errors={field.errors} autoComplete={autoComplete} />
	)
}

export const textLink =
	'font-medium text-maroon-800 underline decoration-gold-500/60 underline-offset-4 hover:text-maroon-900 hover:decoration-maroon-800'

/** The link under a form: to the other form, or back to sign in. */
export function FooterLink({ to, children }: { to: string; children: string }) {
	return (
		<p className="mt-6 text-center text-sm">
			<Link to={to} className={`inline-flex min-h-11 items-center ${textLink}`}>
				{children}
			</Link>
		</p>
	)
}
