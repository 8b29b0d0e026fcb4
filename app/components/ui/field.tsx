import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react'

// Form primitives: a visible label, the control, and its errors right under it (linked by aria-describedby).
// Works with Conform's getInputProps/getSelectProps/getTextareaProps or plain props.

const CONTROL =
	'block w-full min-h-11 rounded-md border border-stone-300 bg-white px-3 py-2 text-base text-stone-900 shadow-sm placeholder:text-stone-400 focus:border-maroon-700 focus:outline-none focus:ring-2 focus:ring-maroon-700/30 aria-[invalid=true]:border-red-600 disabled:bg-stone-100'

type Common = { label: ReactNode; errors?: string[] | null; hint?: ReactNode; className?: string }

export function ErrorList({ id, errors }: { id?: string; errors?: string[] | null }) {
	if (!errors?.length) return null
	return (
		<ul id={id} className="mt-1 space-y-0.5 text-sm text-red-700">
			{errors.map((e) => (
				<li key={e}>{e}</li>
			))}
		</ul>
	)
}

function describedBy(id: string | undefined, errors?: string[] | null, hint?: ReactNode) {
	const ids = [errors?.length && id ? `${id}-error` : null, hint && id ? `${id}-hint` : null].filter(Boolean)
	return ids.length ? ids.join(' ') : undefined
}

export function Field({ label, errors, hint, className, ...input }: Common & InputHTMLAttributes<HTMLInputElement>) {
	const id = input.id ?? input.name
	return (
		<div className={className}>
			<label htmlFor={id} className="mb-1 block text-sm font-medium text-stone-800">
				{label}
			</label>
			<input
				{...input}
				id={id}
				className={CONTROL}
				aria-invalid={errors?.length ? true : undefined}
				aria-describedby={describedBy(id, errors, hint)}
			/>
			{hint ? (
				<p id={`${id}-hint`} className="mt-1 text-xs text-stone-600">
					{hint}
				</p>
			) : null}
			<ErrorList id={`${id}-error`} errors={errors} />
		</div>
	)
}

export function TextareaField({ label, errors, hint, className, ...textarea }: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
	const id = textarea.id ?? textarea.name
	return (
		<div className={className}>
			<label htmlFor={id} className="mb-1 block text-sm font-medium text-stone-800">
				{label}
			</label>
			<textarea
				{...textarea}
				id={id}
				className={CONTROL}
				aria-invalid={errors?.length ? true : undefined}
				aria-describedby={describedBy(id, errors, hint)}
			/>
			{hint ? (
				<p id={`${id}-hint`} className="mt-1 text-xs text-stone-600">
					{hint}
				</p>
			) : null}
			<ErrorList id={`${id}-error`} errors={errors} />
		</div>
	)
}

export function SelectField({
	label,
	errors,
	hint,
	className,
	options,
	...select
}: Common & SelectHTMLAttributes<HTMLSelectElement> & { options: ReadonlyArray<{ value: string; label: string }> }) {
	const id = select.id ?? select.name
	return (
		<div className={className}>
			<label htmlFor={id} className="mb-1 block text-sm font-medium text-stone-800">
				{label}
			</label>
			<select
				{...select}
				id={id}
				className={CONTROL}
				aria-invalid={errors?.length ? true : undefined}
				aria-describedby={describedBy(id, errors, hint)}
			>
				{options.map((o) => (
					<option key={o.value} value={o.value}>
						{o.label}
					</option>
				))}
			</select>
			{hint ? (
				<p id={`${id}-hint`} className="mt-1 text-xs text-stone-600">
					{hint}
				</p>
			) : null}
			<ErrorList id={`${id}-error`} errors={errors} />
		</div>
	)
}
