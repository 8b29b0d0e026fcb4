import { getFormProps, getInputProps, getSelectProps, getTextareaProps, type SubmissionResult } from '@conform-to/react'
import type { ComponentProps } from 'react'
import { Form, Link } from 'react-router'

import { Button, buttonClass } from '~/components/ui/button'
import { ErrorList, Field, SelectField, TextareaField } from '~/components/ui/field'
import { ORDER_STATUSES } from '~/constants'
import { useAdminI18n } from '~/hooks/use-admin-i18n'
import { useHydrated } from '~/hooks/use-hydrated'
import { useIsPending } from '~/hooks/use-pending'
import { useZodForm } from '~/hooks/use-zod-form'
import type { OrderItem, OrderWrite, ProductChoice } from '~/models/orders.server'
import { ORDER_FORM_MESSAGES, ORDER_LIMITS, orderPasteSchema, orderSchema } from '~/schemas/order'
import type { PasteReport } from '~/services/pasted-order.server'
import { formatPaise, paiseToInput, parseRupeesToPaise } from '~/utils/money'
import { linePaise, sumLines } from '~/utils/order-lines'
import { normaliseProductCode } from '~/utils/product-code'

import { ORDER_STATUS_KEYS } from './order-status-badge'
import { SellerText } from './seller-text'

/** A saved line: its snapshot of the product as it was when added. */
type OrderFormLine = Omit<OrderItem, 'productId'>
/** A line not saved yet (read from a pasted message, or typed before it): the catalogue names and prices it. */
type NewOrderFormLine = { code: string; quantity: number }
/** The form's starting values: an order's fields as saved, its total as typed (empty: the items' sum) and its lines. */
export type OrderFormDefaults = Omit<OrderWrite, 'lines' | 'totalOverridePaise'> & {
	total: string
	lines: Array<OrderFormLine | NewOrderFormLine>
}

const BLANK_ROWS_WITHOUT_JS = 5

/**
 * Add Order / Edit Order. Lines are added by product code; with JS the name and current sale price
 * show as the code is typed and the total follows. "Add item" and "Remove" also work without JS
 * (the form comes back from the server with the line added or removed, nothing saved).
 */
export function OrderForm({
	mode,
	defaults,
	products,
	lastResult,
	pasteReport,
	cancelTo,
}: {
	mode: 'create' | 'edit'
	defaults: OrderFormDefaults
	products: ProductChoice[]
	lastResult?: SubmissionResult<string[]> | null
	pasteReport?: PasteReport | null
	cancelTo: string
}) {
	const hydrated = useHydrated()
	const { t, msg } = useAdminI18n()
	const statusOptions = ORDER_STATUSES.map((s) => ({ value: s, label: t(ORDER_STATUS_KEYS[s]) }))
	const [form, fields] = useZodForm(orderSchema, {
		id: 'order-form',
		lastResult,
		intentSchemas: { paste: orderPasteSchema },
		defaultValue: {
			customerName: defaults.customerName,
			phone: defaults.phone,
			email: defaults.email,
			deliveryAddress: defaults.deliveryAddress,
			orderDate: defaults.orderDate,
			status: defaults.status,
			notes: defaults.notes,
			courier: defaults.courier,
			trackingNumber: defaults.trackingNumber,
			total: defaults.total,
			items: defaults.lines.length
				? defaults.lines.map((l) => ({ id: 'id' in l ? String(l.id) : '', code: l.code, quantity: String(l.quantity) }))
				: [{ quantity: '1' }],
		},
	})

	const byCode = new Map(products.map((p) => [p.code.toLowerCase(), p]))
	const snapshots = new Map(defaults.lines.flatMap((l) => ('id' in l ? [[String(l.id), l] as const] : [])))
	const items = fields.items.getFieldList()
	const lines = items.map((item) => {
		const f = item.getFieldset()
		// A doubled field (never sent by this form, but anyone can post) arrives as a list: show it as empty.
		const code = typeof f.code.value === 'string' ? normaliseProductCode(f.code.value) : ''
		const quantity = Number(f.quantity.value ?? '')
		const snapshot = f.id.value ? snapshots.get(String(f.id.value)) : undefined
		const known =
			snapshot && snapshot.code.toLowerCase() === code.toLowerCase()
				? { name: snapshot.name, pricePaise: snapshot.unitPricePaise }
				: code
					? byCode.get(code.toLowerCase())
					: undefined
		return { item, f, code, quantity: Number.isInteger(quantity) && quantity > 0 ? quantity : 0, known }
	})
	const blankRows = lines.filter((l) => !l.code).length
	const paddingRows = Math.max(0, BLANK_ROWS_WITHOUT_JS - blankRows)
	const itemsTotal = sumLines(lines.map((l) => ({ unitPricePaise: l.known?.pricePaise ?? 0, quantity: l.quantity })))
	const typedTotal = fields.total.value ? parseRupeesToPaise(String(fields.total.value)) : null
	// The save buttons, not "Add item" or "Remove" (Conform's list buttons, which send no `intent`).
	const saving = useIsPending({ state: 'submitting', intent: 'save' })
	const reading = useIsPending({ state: 'submitting', intent: 'paste' })
	const creating = mode === 'create'
	const saveLabel = saving ? t('adminOrders.saving') : creating ? t('adminOrders.createOrder') : t('adminOrders.updateOrder')

	return (
		<Form method="post" {...getFormProps(form)} className="space-y-6">
			{/* Enter in a text field submits the form with its first submit button: make that "save", not "Remove". */}
			<button type="submit" name="intent" value="save" hidden tabIndex={-1} aria-hidden="true" />
			<ErrorList id={`${form.id}-form-error`} errors={form.errors} />

			{creating ? (
				<fieldset className="space-y-4 rounded-lg border border-stone-200 bg-white p-4 shadow-sm sm:p-6">
					<legend className="px-1 font-serif text-lg text-maroon-800">{t('adminOrders.pasteLegend')}</legend>
					<TextareaField
						label={t('adminOrders.pasteLabel')}
						{...getTextareaProps(fields.pasted)}
						rows={4}
						hint={t('adminOrders.pasteHint')}
						errors={fields.pasted.errors}
					/>
					{pasteReport ? <PasteSummary report={pasteReport} /> : null}
					{/* Checked on its own (orderPasteSchema): the rest of the form may still be empty. */}
					<Button type="submit" name="intent" value="paste" variant="secondary" disabled={reading}>
						{reading ? t('adminOrders.reading') : t('adminOrders.fillIn')}
					</Button>
				</fieldset>
			) : null}

			<fieldset className="space-y-4 rounded-lg border border-stone-200 bg-white p-4 shadow-sm sm:p-6">
				<legend className="px-1 font-serif text-lg text-maroon-800">{t('adminOrders.customer')}</legend>
				<Field
					label={t('adminOrders.customerName')}
					{...getInputProps(fields.customerName, { type: 'text' })}
					autoComplete="off"
					errors={fields.customerName.errors}
				/>
				<div className="grid gap-4 sm:grid-cols-2">
					<Field
						label={t('adminOrders.phone')}
						{...getInputProps(fields.phone, { type: 'tel' })}
						inputMode="tel"
						autoComplete="off"
						hint={t('adminOrders.phoneHint')}
						errors={fields.phone.errors}
					/>
					<Field
						label={t('adminOrders.emailOptional')}
						{...getInputProps(fields.email, { type: 'email' })}
						autoComplete="off"
						errors={fields.email.errors}
					/>
				</div>
				<TextareaField
					label={t('adminOrders.deliveryAddressLabel')}
					{...getTextareaProps(fields.deliveryAddress)}
					rows={3}
					errors={fields.deliveryAddress.errors}
				/>
			</fieldset>

			<fieldset className="space-y-4 rounded-lg border border-stone-200 bg-white p-4 shadow-sm sm:p-6">
				<legend className="px-1 font-serif text-lg text-maroon-800">{t('adminOrders.items')}</legend>
				<ErrorList id={`${fields.items.id}-error`} errors={fields.items.errors} />
				<ol className="space-y-4">
					{lines.map(({ item, f, code, quantity, known }, index) => (
						<li key={item.key} className="rounded-md border border-stone-200 bg-stone-50 p-3" data-testid="order-line">
							<input type="hidden" name={f.id.name} value={f.id.value ?? ''} />
							<ItemInputs number={index + 1} code={codeInput(f.code)} quantity={quantityInput(f.quantity)} />
							<div className="mt-2 flex items-center justify-between gap-3">
								{known ? (
									<p className="min-w-0 text-sm text-stone-700" data-testid="order-line-info">
										<SellerText>{known.name}</SellerText> · {formatPaise(known.pricePaise)}
										{quantity > 1 ? ` × ${quantity} = ${formatPaise(linePaise({ unitPricePaise: known.pricePaise, quantity }))}` : ''}
									</p>
								) : code && !f.code.errors?.length ? (
									<p className="min-w-0 text-sm text-amber-800">{msg(ORDER_FORM_MESSAGES.unknownCode(code))}</p>
								) : (
									<span />
								)}
								<button
									{...form.remove.getButtonProps({ name: fields.items.name, index })}
									className={buttonClass('quietDanger', 'shrink-0')}
								>
									{t('adminOrders.remove')}
									<span className="sr-only">{t('adminOrders.removeItem', { number: index + 1 })}</span>
								</button>
							</div>
						</li>
					))}
					{/* Without JS, blank rows to fill in (JS users get "Add item" without a round trip). */}
					<noscript>
						{Array.from({ length: paddingRows }, (_, k) => lines.length + k).map((index) => (
							<li key={`blank-${index}`} className="mt-4 rounded-md border border-stone-200 bg-stone-50 p-3">
								<ItemInputs number={index + 1} {...blankRow(index)} />
							</li>
						))}
					</noscript>
				</ol>
				<noscript>
					<p className="text-sm text-stone-600">{t('adminOrders.fillRows')}</p>
				</noscript>
				<button
					{...form.insert.getButtonProps({ name: fields.items.name, defaultValue: { quantity: '1' } })}
					className={buttonClass('secondary')}
				>
					{t('adminOrders.addItem')}
				</button>
				{/* Without JS the sum of new lines is only known once saved. */}
				{hydrated || itemsTotal > 0 ? (
					<p className="text-sm text-stone-600">{t('adminOrders.itemsTotalIs', { amount: formatPaise(itemsTotal) })}</p>
				) : null}
				<datalist id="order-product-codes" data-seller-text>
					{products.map((p) => (
						<option key={p.code} value={p.code}>
							{`${p.name} · ${formatPaise(p.pricePaise)}`}
						</option>
					))}
				</datalist>
			</fieldset>

			<fieldset className="space-y-4 rounded-lg border border-stone-200 bg-white p-4 shadow-sm sm:p-6">
				<legend className="px-1 font-serif text-lg text-maroon-800">{t('adminOrders.orderSection')}</legend>
				<Field
					label={t('adminOrders.totalAmount')}
					{...getInputProps(fields.total, { type: 'text' })}
					inputMode="decimal"
					placeholder={itemsTotal ? paiseToInput(itemsTotal) : t('adminOrders.sumOfItems')}
					hint={typedTotal !== null ? t('adminOrders.totalByHandHint', { amount: formatPaise(itemsTotal) }) : t('adminOrders.totalHint')}
					errors={fields.total.errors}
				/>
				<div className="grid gap-4 sm:grid-cols-2">
					<Field
						label={t('adminOrders.orderDateLabel')}
						{...getInputProps(fields.orderDate, { type: 'date' })}
						errors={fields.orderDate.errors}
					/>
					<SelectField
						label={t('adminOrders.status')}
						{...getSelectProps(fields.status)}
						options={statusOptions}
						errors={fields.status.errors}
					/>
				</div>
				<div className="grid gap-4 sm:grid-cols-2">
					<Field
						label={t('adminOrders.courier')}
						{...getInputProps(fields.courier, { type: 'text' })}
						autoComplete="off"
						placeholder={t('adminOrders.courierPlaceholder')}
						errors={fields.courier.errors}
					/>
					<Field
						label={t('adminOrders.trackingNumberLabel')}
						{...getInputProps(fields.trackingNumber, { type: 'text' })}
						autoComplete="off"
						autoCapitalize="characters"
						errors={fields.trackingNumber.errors}
					/>
				</div>
				<TextareaField label={t('adminOrders.notes')} {...getTextareaProps(fields.notes)} rows={3} errors={fields.notes.errors} />
			</fieldset>

			<div className="flex flex-wrap gap-3">
				<Button type="submit" name="intent" value="save" disabled={saving}>
					{saveLabel}
				</Button>
				<Link to={cancelTo} className={buttonClass('secondary')}>
					{t('adminOrders.cancel')}
				</Link>
			</div>
		</Form>
	)
}

function PasteSummary({ report }: { report: PasteReport }) {
	const { t, rich } = useAdminI18n()
	const added = <SellerText>{report.added.map((p) => `${p.code} (${p.name})`).join(', ')}</SellerText>
	return (
		<div role="status" className="space-y-1 rounded-md bg-stone-50 p-3 text-sm text-stone-800" data-testid="paste-report">
			{report.added.length ? (
				<p>
					{rich(report.added.length === 1 ? 'adminOrders.addedOne' : 'adminOrders.addedMany', {
						count: String(report.added.length),
						list: added,
					})}
				</p>
			) : (
				<p>{t('adminOrders.noNewCodes')}</p>
			)}
			{report.phone ? <p>{t('adminOrders.phoneFilled', { phone: report.phone })}</p> : null}
			{report.notFound.length ? (
				<p className="text-amber-800" data-testid="paste-not-found">
					{rich('adminOrders.notFound', { list: <SellerText>{report.notFound.join(', ')}</SellerText> })}
				</p>
			) : null}
			{report.tooMany ? <p className="text-amber-800">{t('adminOrders.tooMany', { max: ORDER_LIMITS.maxItems })}</p> : null}
		</div>
	)
}

type InputProps = ComponentProps<typeof Field>
type LineField = Parameters<typeof getInputProps>[0]

const codeInput = (field: LineField) => ({ ...getInputProps(field, { type: 'text' }), errors: field.errors })
const quantityInput = (field: LineField) => ({ ...getInputProps(field, { type: 'number' }), errors: field.errors })

/** A blank row's inputs, named as Conform names a list's fields. */
function blankRow(index: number) {
	return {
		code: { id: `order-form-items-${index}-code`, name: `items[${index}].code`, type: 'text' },
		quantity: { id: `order-form-items-${index}-quantity`, name: `items[${index}].quantity`, type: 'number', defaultValue: '1' },
	}
}

/** An item's product code and quantity inputs, the same for a line the form knows and a blank row. */
function ItemInputs({ number, code, quantity }: { number: number; code: Omit<InputProps, 'label'>; quantity: Omit<InputProps, 'label'> }) {
	const { t } = useAdminI18n()
	const which = <span className="sr-only">{t('adminOrders.itemNumber', { number })}</span>
	return (
		<div className="grid grid-cols-[minmax(0,1fr)_6rem] gap-3 sm:grid-cols-[minmax(0,1fr)_8rem]">
			<Field
				label={
					<>
						{t('adminOrders.productCode')}
						{which}
					</>
				}
				{...code}
				list="order-product-codes"
				autoComplete="off"
				autoCapitalize="characters"
			/>
			<Field
				label={
					<>
						{t('adminOrders.quantity')}
						{which}
					</>
				}
				{...quantity}
				min={1}
				step={1}
				inputMode="numeric"
			/>
		</div>
	)
}
