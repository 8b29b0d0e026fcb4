import { type DefaultValue, type SubmissionResult, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import type { FormEvent } from 'react'
import type { $ZodType, input, output } from 'zod/v4/core'

/**
 * A Conform form checked by a zod schema in the browser as on the server: browser constraints from the
 * schema, a field checked when it loses focus (or, with `checkWhileTyping`, on every keystroke), then
 * again on every keystroke once it showed an error. Every form of the app is made with it.
 */
export function useZodForm<Schema extends $ZodType<Record<string, unknown>, Record<string, unknown>>>(
	schema: Schema,
	{
		constraintSchema = schema,
		intentSchemas = {},
		checkWhileTyping = false,
		...options
	}: {
		id: string
		lastResult?: SubmissionResult<string[]> | null
		defaultValue?: DefaultValue<input<Schema>>
		/** Where the browser's constraints come from when `schema` is a union of intents (the one with the fields). */
		constraintSchema?: $ZodType
		/** A button whose `intent` asks for less than the form's schema (the order form's "paste"): its own schema, by intent. */
		intentSchemas?: Record<string, $ZodType>
		/** For a form that saves by itself as it is typed in. */
		checkWhileTyping?: boolean
		/** Runs before the form is sent (after it passed the checks); may take over with event.preventDefault(). */
		onSubmit?: (event: FormEvent<HTMLFormElement>) => void
	},
) {
	return useForm<input<Schema>, output<Schema>>({
		...options,
		constraint: getZodConstraint(constraintSchema),
		shouldValidate: checkWhileTyping ? 'onInput' : 'onBlur',
		shouldRevalidate: 'onInput',
		onValidate: ({ formData }) => {
			const intent = formData.get('intent')
			const own = typeof intent === 'string' && Object.hasOwn(intentSchemas, intent) ? intentSchemas[intent] : undefined
			// The value is only ever read on the server, which checks each intent by its own schema too.
			return parseWithZod(formData, { schema: (own ?? schema) as Schema })
		},
	})
}
