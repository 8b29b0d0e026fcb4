import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react'

import { useAdminI18n } from '~/hooks/use-admin-i18n'

// Form primitives: a visible label, the control, and its errors right under it (linked by aria-describedby).
// Works with Conform's getInputProps/getSelectProps/getTextareaProps or plain props.

const CONTROL =
	'block w-full min-h-11 rounded-md border border-stone-300 bg-white px-3 py-2 text-base text-stone-900 shadow-sm placeholder:text-stone-400 focus:border-maroon-700 focus:outline-none focus:ring-2 focus:ring-maroon-700/30 aria-[invalid=true]:border-red-600 disabled:bg-stone-100'

type Common = { label: ReactNode; errors?: string[] | null; hint?: ReactNode; className?: string }

/** A field's or a form's messages, each in the reader's language (a schema's messages are refs). */
export function ErrorList({ id, errors }: { id?: string; errors?: string[] | null }) {
	const { msg } = useAdminI18n()
	if (!errors?.length) return null
	return (
		<ul id={id} className="mt-1 space-y-0.5 text-sm text-red-700">
			{errors.map((e) => (
				<li key={e}>{msg(e)}</li>
			))}
		</ul>
	)
}

function describedBy(id: string | undefined, errors?: string[] | null, hint?: ReactNode) {
	const ids = [errors?.length && id ? `${id}-error` : null, hint && id ? `${id}-hint` : null].filter(Boolean)
	return ids.length ? ids.join(' ') : undefined
}

/** What every control gets on top of its own props: its id, the shared look, and the links to its hint and errors. */
function controlProps(id: string | undefined, errors?: string[] | null, hint?: ReactNode) {
	return {
		id,
		className: CONTROL,
		'aria-invalid': errors?.length ? true : undefined,
		'aria-describedby': describedBy(id, errors, hint),
	} as const
}

/** The frame around one control: its label, then the control, its hint and its errors. */
function FieldFrame({ id, label, errors, hint, className, children }: Common & { id: string | undefined; children: ReactNode }) {
	return (
		<div className={className}>
			<label htmlFor={id} className="mb-1 block text-sm font-medium text-stone-800">
				{label}
			</label>
			{children}
			{hint ? (
				<p id={`${id}-hint`} className="mt-1 text-xs text-stone-600">
					{hint}
				</p>
			) : null}
			<ErrorList id={`${id}-error`} errors={errors} />
		</div>
	)
}

export function Field({ label, errors, hint, className, ...input }: Common & InputHTMLAttributes<HTMLInputElement>) {
	const id = input.id ?? input.name
	return (
		<FieldFrame id={id} label={label} errors={errors} hint={hint} className={className}>
			<input {...input} {...controlProps(id, errors, hint)} />
		</FieldFrame>
	)
}

export function TextareaField({ label, errors, hint, className, ...textarea }: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
	const id = textarea.id ?? textarea.name
	return (
		<FieldFrame id={id} label={label} errors={errors} hint={hint} className={className}>
			<textarea {...textarea} {...controlProps(id, errors, hint)} />
		</FieldFrame>
	)
}

/** A select's options that are the seller's own words (category names), as she typed them. */
export function ownOptions(values: readonly string[]) {
	return values.map((value) => ({ value, label: value, own: true }))
}

export function SelectField({
	label,
	errors,
	hint,
	className,
	options,
	...select
}: Common &
	SelectHTMLAttributes<HTMLSelectElement> & {
		/** `own`: the label is the seller's own word (a category's name), shown as she typed it. */
		options: ReadonlyArray<{ value: string; label: string; own?: boolean }>
	}) {
	const id = select.id ?? select.name
	return (
		<FieldFrame id={id} label={label} errors={errors} hint={hint} className={className}>
			<select {...select} {...controlProps(id, errors, hint)}>
				{options.map((o) => (
					<option key={o.value} value={o.value} data-seller-text={o.own || undefined}>
						{o.label}
					</option>
				))}
			</select>
		</FieldFrame>
	)
}
