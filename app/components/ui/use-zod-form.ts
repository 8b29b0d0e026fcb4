import { useForm, type DefaultValue, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import type { $ZodType, input, output } from 'zod/v4/core'

/**
 * A Conform form checked by a zod schema in the browser as on the server: browser constraints from the
 * schema, a field checked when it loses focus, then again on every keystroke once it showed an error.
 */
export function useZodForm<Schema extends $ZodType<Record<string, unknown>, Record<string, unknown>>>(
	schema: Schema,
	options: { id: string; lastResult?: SubmissionResult<string[]> | null; defaultValue?: DefaultValue<input<Schema>> },
) {
	return useForm<input<Schema>, output<Schema>>({
		...options,
		constraint: getZodConstraint(schema),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
		onValidate: ({ formData }) => parseWithZod(formData, { schema }),
	})
}
