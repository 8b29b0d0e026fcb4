import { getFormProps, getInputProps, type SubmissionResult } from '@conform-to/react'
import { Form, Link } from 'react-router'

import { Card } from '~/components/admin/card'
import { Button, buttonClass } from '~/components/ui/button'
import { ErrorList, Field } from '~/components/ui/field'
import { QrCode } from '~/components/ui/qr-code'
import { useIsPending } from '~/hooks/use-pending'
import { useZodForm } from '~/hooks/use-zod-form'
import { orderPaymentSchema } from '~/schemas/order'
import { formatDate } from '~/utils/dates'
import { formatPaise } from '~/utils/money'
import type { QrModules } from '~/utils/qr-code.server'

const paidConstraint = orderPaymentSchema.options[0]

/**
 * The order's payment: paid (with the day) or not; while unpaid, the UPI QR code and link for the
 * exact total, and the form that marks it paid.
 */
export function OrderPayment({
	totalPaise,
	paidOn,
	today,
	upi,
	lastResult,
}: {
	totalPaise: number
	paidOn: string | null
	today: string
	upi: { url: string; qr: QrModules } | null
	lastResult?: SubmissionResult<string[]> | null
}) {
	const [form, fields] = useZodForm(orderPaymentSchema, {
		id: 'order-payment',
		lastResult,
		constraintSchema: paidConstraint,
		defaultValue: { intent: 'paid', paidOn: today },
	})
	const saving = useIsPending({ intent: paidOn ? 'unpaid' : 'paid' })

	return (
		<Card title="Payment">
			{paidOn ? (
				<Form method="post" className="flex flex-wrap items-center justify-between gap-3">
					<p className="text-sm text-stone-900" data-testid="payment-state">
						<span className="font-semibold text-green-800">Paid</span> on {formatDate(paidOn)}
					</p>
					<Button type="submit" name="intent" value="unpaid" variant="secondary" disabled={saving}>
						{saving ? 'Saving…' : 'Mark as not paid'}
					</Button>
				</Form>
			) : (
				<div className="space-y-4">
					<p className="text-sm text-stone-900" data-testid="payment-state">
						<span className="font-semibold text-amber-800">Not paid yet</span> · {formatPaise(totalPaise)} to pay
					</p>
					{upi ? (
						<div className="flex flex-wrap items-start gap-4">
							<QrCode
								code={upi.qr}
								label={`UPI QR code to pay ${formatPaise(totalPaise)}`}
								className="size-44 shrink-0 rounded border border-stone-200"
							/>
							<div className="min-w-0 flex-1 space-y-2 text-sm">
								<p className="text-stone-700">
									The customer scans this with any UPI app (Google Pay, PhonePe, Paytm, BHIM), or taps the link in the confirmation message.
								</p>
								<a href={upi.url} className={buttonClass('secondary')} data-testid="upi-link">
									Pay {formatPaise(totalPaise)} by UPI
								</a>
							</div>
						</div>
					) : (
						<p className="text-sm text-stone-700">
							<Link to="/admin/settings/orders" className="inline-flex min-h-11 items-center underline">
								Add your UPI ID in Settings
							</Link>{' '}
							to show a payment QR code and link here and in the confirmation message.
						</p>
					)}
					<Form method="post" {...getFormProps(form)} className="flex flex-wrap items-end gap-3">
						<ErrorList id={`${form.id}-form-error`} errors={form.errors} />
						<Field label="Paid on" {...getInputProps(fields.paidOn, { type: 'date' })} errors={fields.paidOn.errors} className="min-w-40" />
						<Button type="submit" name="intent" value="paid" disabled={saving}>
							{saving ? 'Saving…' : 'Mark as paid'}
						</Button>
					</Form>
				</div>
			)}
		</Card>
	)
}
