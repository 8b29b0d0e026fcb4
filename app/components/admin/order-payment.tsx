import { getFormProps, getInputProps, type SubmissionResult } from '@conform-to/react'
import { Form, Link } from 'react-router'

import { Card } from '~/components/admin/card'
import { Button, buttonClass } from '~/components/ui/button'
import { ErrorList, Field } from '~/components/ui/field'
import { QrCode } from '~/components/ui/qr-code'
import { useI18n } from '~/hooks/use-i18n'
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
	const { t, rich, locale } = useI18n()
	const amount = formatPaise(totalPaise)
	const paidOnInput = getInputProps(fields.paidOn, { type: 'date' })

	return (
		<Card title={t('adminOrders.paymentTitle')}>
			{paidOn ? (
				<Form method="post" className="flex flex-wrap items-center justify-between gap-3">
					<p className="text-sm text-stone-900" data-testid="payment-state">
						{rich('adminOrders.paidOnDate', {
							paid: <span className="font-semibold text-green-800">{t('adminOrders.paid')}</span>,
							date: formatDate(paidOn, locale),
						})}
					</p>
					<Button type="submit" name="intent" value="unpaid" variant="secondary" disabled={saving}>
						{saving ? t('adminOrders.saving') : t('adminOrders.markNotPaid')}
					</Button>
				</Form>
			) : (
				<div className="space-y-4">
					<p className="text-sm text-stone-900" data-testid="payment-state">
						{rich('adminOrders.notPaidToPay', {
							notPaid: <span className="font-semibold text-amber-800">{t('adminOrders.notPaid')}</span>,
							amount,
						})}
					</p>
					{upi ? (
						<div className="flex flex-wrap items-start gap-4">
							<QrCode
								code={upi.qr}
								label={t('adminOrders.upiQr', { amount })}
								className="size-44 shrink-0 rounded border border-stone-200"
							/>
							<div className="min-w-0 flex-1 space-y-2 text-sm">
								<p className="text-stone-700">{t('adminOrders.upiHelp')}</p>
								<a href={upi.url} className={buttonClass('secondary')} data-testid="upi-link">
									{t('adminOrders.payByUpi', { amount })}
								</a>
							</div>
						</div>
					) : (
						<p className="text-sm text-stone-700">
							{rich('adminOrders.addUpiRest', {
								link: (
									<Link to="/admin/settings/orders" className="inline-flex min-h-11 items-center underline">
										{t('adminOrders.addUpi')}
									</Link>
								),
							})}
						</p>
					)}
					<Form method="post" {...getFormProps(form)} className="flex flex-wrap items-end gap-3">
						<ErrorList id={`${form.id}-form-error`} errors={form.errors} />
						<Field label={t('adminOrders.paidOn')} {...paidOnInput} errors={fields.paidOn.errors} className="min-w-40" />
						<Button type="submit" name="intent" value="paid" disabled={saving}>
							{saving ? t('adminOrders.saving') : t('adminOrders.markPaid')}
						</Button>
					</Form>
				</div>
			)}
		</Card>
	)
}
