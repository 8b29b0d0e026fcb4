import { getFormProps, getInputProps, getSelectProps, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { type ReactNode } from 'react'
import { data, Form, Link, type ShouldRevalidateFunctionArgs } from 'react-router'

import { adminMeta, AdminPage, AdminRouteError } from '~/components/admin/admin-page'
import { Card } from '~/components/admin/card'
import { SellerText } from '~/components/admin/seller-text'
import { STATUS_KEYS } from '~/components/admin/status-badge'
import { Button, buttonClass } from '~/components/ui/button'
import { ErrorList, Field, ownOptions, SelectField } from '~/components/ui/field'
import { PRODUCT_STATUSES, type ProductStatus } from '~/constants'
import { useAdminI18n } from '~/hooks/use-admin-i18n'
import { useIsPending } from '~/hooks/use-pending'
import { useZodForm } from '~/hooks/use-zod-form'
import { messageRef } from '~/i18n/message-ref'
import { adminMessages, serverTranslator } from '~/i18n/messages.server'
import { listCategoryNames } from '~/models/categories.server'
import {
	applyBulkChange,
	BulkChangeRefusedError,
	type BulkProduct,
	type BulkSelection,
	planBulkChange,
	planKey,
	readBulkSelection,
} from '~/models/products-bulk.server'
import {
	BULK_CHANGE_KEYS,
	BULK_CHANGES,
	BULK_MESSAGES,
	type BulkChange,
	bulkChangeFromForm,
	type BulkChangeKind,
	PRICE_FIELD_KEYS,
	PRICE_FIELDS,
	productBulkSchema,
	readBulkScope,
} from '~/schemas/product-bulk'
import { productListAddress, readAdminProductFilters } from '~/services/product-list-filters.server'
import { requireAdmin } from '~/services/session.server'
import { notifyChange } from '~/utils/events.server'
import { redirectWithFlash } from '~/utils/flash.server'
import { readFormData } from '~/utils/forms.server'
import { formatPaise } from '~/utils/money'
import type { RequestArgs } from '~/utils/request-context.server'

import type { Route } from './+types/products-bulk'

// The confirm page of a bulk change from the products list (docs/decisions/0039): its address names the
// sarees (ticked ids, or the list's filters with scope=all) and the change. It asks for what the change
// needs (a status, a category, a percentage, a tag), then shows every saree with its value before and
// after; only its Confirm button writes, and the server resolves and checks everything again then.

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, messageRef('adminBulk.title'))

/**
 * A refused confirm (409: the sarees changed since the summary) shows the summary as it is now, which the
 * router would not load again after an error answer; without JavaScript the page is rendered afresh anyway.
 */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
	return actionStatus === 409 || defaultShouldRevalidate
}

/** The sarees the page lists by name; the count covers all of them, and those that cannot change come first. */
const MAX_LISTED = 200

/** What a change may touch of a saree, for the summary's "before → after". */
type BulkValues = Pick<BulkProduct, 'status' | 'category' | 'salePricePaise' | 'originalPricePaise' | 'tags'>

type SummaryRow = {
	id: number
	name: string
	code: string
	before: BulkValues
	/** Null: deleted. */
	after: BulkValues | null
	changed: boolean
	/** A message ref. */
	problem: string | null
}

export async function loader({ request, context }: Route.LoaderArgs) {
	const admin = await requireAdmin({ request, context })
	const params = new URL(request.url).searchParams
	return { ...adminMessages(admin.locale, 'adminBulk'), ...(await readBulkPage(params)) }
}

function bulkValues({ status, category, salePricePaise, originalPricePaise, tags }: BulkProduct): BulkValues {
	return { status, category, salePricePaise, originalPricePaise, tags }
}

export async function action({ request, context }: Route.ActionArgs) {
	const admin = await requireAdmin({ request, context })
	const params = await postedParams({ request, context })
	if (!params) return data({ message: BULK_MESSAGES.formInvalid }, { status: 400 })
	const filters = await readAdminProductFilters(params)
	const back = productListAddress(filters)
	const scope = readBulkScope(params)
	if ('problem' in scope) return data({ message: scope.problem }, { status: 400 })
	const submission = parseWithZod(params, { schema: productBulkSchema })
	if (submission.status !== 'success') {
		const [first] = Object.values(submission.error ?? {}).flat()
		return data({ message: first ?? BULK_MESSAGES.updateFailed }, { status: 400 })
	}
	const change = bulkChangeFromForm(submission.value)
	let result
	try {
		result = await applyBulkChange(
			'ids' in scope ? { ids: scope.ids } : { filters },
			change,
			undefined,
			undefined,
			submission.value.planned,
		)
	} catch (error) {
		if (error instanceof BulkChangeRefusedError) return data({ message: error.message }, { status: 409 })
		console.error('A bulk change of products failed:', error)
		return data({ message: BULK_MESSAGES.updateFailed }, { status: 500 })
	}
	const deleting = change.kind === 'delete'
	if (result.changed) notifyChange('product', deleting ? 'deleted' : 'updated')
	const { t } = serverTranslator(admin.locale, 'adminBulk')
	const message = t(deleting ? 'adminBulk.deletedCount' : 'adminBulk.updated', { count: result.changed })
	return redirectWithFlash(request, back, { type: 'success', message })
}

/**
 * The posted fields as the address would spell them, read through the form gate; null when the gate
 * refuses the body (more fields than any form sends, such as a hundred thousand ids, or too large).
 */
async function postedParams(posted: RequestArgs) {
	let formData: FormData
	try {
		formData = await readFormData(posted, { schema: productBulkSchema })
	} catch (error) {
		// readFormData throws its refusal as data(message, { status }); this page answers with its own words.
		if (typeof error === 'object' && error !== null && 'init' in error) return null
		throw error
	}
	const params = new URLSearchParams()
	for (const [name, value] of formData) if (typeof value === 'string') params.append(name, value)
	return params
}

async function readBulkPage(params: URLSearchParams) {
	const filters = await readAdminProductFilters(params)
	const back = productListAddress(filters)
	const changeParam = params.get('change') ?? ''
	const kind = (BULK_CHANGES as readonly string[]).includes(changeParam) ? (changeParam as BulkChangeKind) : null
	const categories = await listCategoryNames()
	const page = { back, kind, categories, query: params.toString(), matching: params.get('scope') === 'all' }
	const scope = readBulkScope(params)
	const problem = 'problem' in scope ? scope.problem : kind ? null : BULK_MESSAGES.changeRequired
	if ('problem' in scope || !kind) return { ...page, problem, count: 0, lastResult: null, summary: null }

	const selection: BulkSelection = 'ids' in scope ? { ids: scope.ids } : { filters }
	const selected = await readBulkSelection(selection)
	const submission = parseWithZod(params, { schema: productBulkSchema })
	// Coming from the list, the change's own fields are still empty: their messages wait for "Review".
	const lastResult = params.has('review') ? submission.reply() : null
	const base = { ...page, problem: selected.problem, count: selected.products.length, lastResult }
	if (selected.problem || submission.status !== 'success') return { ...base, summary: null }

	const change = bulkChangeFromForm(submission.value)
	const plan = await planBulkChange(selected.products, change)
	if (plan.problem) return { ...base, problem: plan.problem, summary: null }
	const rows: SummaryRow[] = plan.rows.map(({ product, after, changed, problem: rowProblem }) => ({
		id: product.id,
		name: product.name,
		code: product.code,
		before: bulkValues(product),
		after: after ? bulkValues(after) : null,
		changed,
		problem: rowProblem,
	}))
	const refused = rows.filter((row) => row.problem)
	const listed = [...refused, ...rows.filter((row) => !row.problem)].slice(0, MAX_LISTED)
	return {
		...base,
		summary: {
			change,
			changing: rows.filter((row) => row.changed).length,
			refused: refused.length,
			rows: listed,
			planned: planKey(plan),
		},
	}
}

/** The value a change touches, as the summary shows it before and after. */
function ProductValue({ values, change }: { values: BulkValues; change: BulkChange }) {
	const { t } = useAdminI18n()
	switch (change.kind) {
		case 'status':
			return t(STATUS_KEYS[values.status])
		case 'category':
			return <SellerText>{values.category}</SellerText>
		case 'price':
			return t('adminBulk.priceValue', { sale: formatPaise(values.salePricePaise), original: formatPaise(values.originalPricePaise) })
		case 'tag-add':
		case 'tag-remove':
			return values.tags.length ? <SellerText>{values.tags.join(', ')}</SellerText> : t('adminBulk.noTags')
		case 'delete':
			return t('adminBulk.inCatalogue', { status: t(STATUS_KEYS[values.status]) })
	}
}

const PRICE_CHANGE_KEYS = {
	up: { both: 'adminBulk.whatRaiseBoth', sale: 'adminBulk.whatRaiseSale', original: 'adminBulk.whatRaiseOriginal' },
	down: { both: 'adminBulk.whatLowerBoth', sale: 'adminBulk.whatLowerSale', original: 'adminBulk.whatLowerOriginal' },
} as const

/** The change in a sentence ("Raise the sale price by 10 %, rounded to whole rupees"). */
function ChangeDescription({ change }: { change: BulkChange }): ReactNode {
	const { t, rich } = useAdminI18n()
	switch (change.kind) {
		case 'status':
			return t('adminBulk.whatStatus', { status: t(STATUS_KEYS[change.status]) })
		case 'category':
			return rich('adminBulk.whatCategory', { category: <SellerText>{change.category}</SellerText> })
		case 'price': {
			const { field, by, step } = change.price
			const size = by === 'percent' ? `${Math.abs(step) / 100} %` : formatPaise(Math.abs(step))
			return t(PRICE_CHANGE_KEYS[step < 0 ? 'down' : 'up'][field], { size })
		}
		case 'tag-add':
			return rich('adminBulk.whatTagAdd', { tag: <SellerText>{change.tag}</SellerText> })
		case 'tag-remove':
			return rich('adminBulk.whatTagRemove', { tag: <SellerText>{change.tag}</SellerText> })
		case 'delete':
			return t('adminBulk.whatDelete')
	}
}

export default function ProductsBulk({ loaderData, actionData }: Route.ComponentProps) {
	const { back, kind, problem, count, matching, summary } = loaderData
	const { t, msg } = useAdminI18n()
	const refusal = actionData?.message ?? null
	return (
		<AdminPage
			width="list"
			back={{ to: back, label: t('admin.navProducts') }}
			title={kind ? t('adminBulk.heading', { change: t(BULK_CHANGE_KEYS[kind]), count }) : t('adminBulk.title')}
			description={matching ? t('adminBulk.descriptionMatching') : t('adminBulk.descriptionTicked')}
		>
			{refusal || problem ? (
				<div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
					{refusal ? <p>{msg(refusal)}</p> : null}
					{problem && problem !== refusal ? <p>{msg(problem)}</p> : null}
				</div>
			) : null}
			{kind && !problem ? <ChangeForm key={loaderData.query} page={loaderData} /> : null}
			{summary && !problem ? <Summary summary={summary} query={loaderData.query} kind={kind!} /> : null}
			{problem ? (
				<Link to={back} className={buttonClass('secondary')}>
					{t('adminBulk.backToProducts')}
				</Link>
			) : null}
		</AdminPage>
	)
}

type PageData = Route.ComponentProps['loaderData']

const TEXT_INPUT = { type: 'text' } as const

/** The change's own fields (none for Delete), sent back to this address by "Review". */
function ChangeForm({ page }: { page: PageData }) {
	const { t } = useAdminI18n()
	const params = new URLSearchParams(page.query)
	const [form, fields] = useZodForm(productBulkSchema, {
		id: 'bulk-change',
		lastResult: page.lastResult as SubmissionResult<string[]> | null,
		defaultValue: {
			to: params.get('to') ?? '',
			priceField: params.get('priceField') ?? 'both',
			priceBy: params.get('priceBy') ?? 'percent',
			priceDirection: params.get('priceDirection') ?? 'up',
			priceValue: params.get('priceValue') ?? '',
			tag: params.get('tag') ?? '',
		},
	})
	if (page.kind === 'delete') return null
	// The selection and the list's filters go along unchanged.
	const carried = [...params].filter(([name]) => ['scope', 'id', 'q', 'status', 'category', 'photo', 'change'].includes(name))
	const asks = {
		status: page.kind === 'status',
		category: page.kind === 'category',
		price: page.kind === 'price',
		tag: page.kind === 'tag-add' || page.kind === 'tag-remove',
	}
	const tagLabel = page.kind === 'tag-add' ? t('adminBulk.tagToAdd') : t('adminBulk.tagToRemove')
	const directions = [
		{ value: 'up', label: t('adminBulk.raise') },
		{ value: 'down', label: t('adminBulk.lower') },
	]
	const ways = [
		{ value: 'percent', label: t('adminBulk.byPercent') },
		{ value: 'amount', label: t('adminBulk.byAmount') },
	]
	return (
		<Card>
			<Form method="get" {...getFormProps(form)} className="space-y-4">
				{carried.map(([name, value], index) => (
					<input key={`${name}-${index}`} type="hidden" name={name} value={value} />
				))}
				<input type="hidden" name="review" value="1" />
				<ErrorList id={`${form.id}-form-error`} errors={form.errors} />
				{asks.status ? (
					<SelectField
						label={t('adminBulk.newStatus')}
						{...getSelectProps(fields.to)}
						errors={fields.to.errors}
						options={[
							{ value: '', label: t('adminBulk.chooseStatus') },
							...PRODUCT_STATUSES.map((s: ProductStatus) => ({ value: s, label: t(STATUS_KEYS[s]) })),
						]}
					/>
				) : null}
				{asks.category ? (
					<SelectField
						label={t('adminBulk.moveToCategory')}
						{...getSelectProps(fields.to)}
						errors={fields.to.errors}
						options={[{ value: '', label: t('adminBulk.chooseCategory') }, ...ownOptions(page.categories)]}
					/>
				) : null}
				{asks.price ? (
					<div className="grid gap-3 sm:grid-cols-2">
						<SelectField
							label={t('adminBulk.whichPrice')}
							{...getSelectProps(fields.priceField)}
							errors={fields.priceField.errors}
							options={PRICE_FIELDS.map((f) => ({ value: f, label: t(PRICE_FIELD_KEYS[f]) }))}
						/>
						<SelectField
							label={t('adminBulk.upOrDown')}
							{...getSelectProps(fields.priceDirection)}
							errors={fields.priceDirection.errors}
							options={directions}
						/>
						<SelectField label={t('adminBulk.by')} {...getSelectProps(fields.priceBy)} errors={fields.priceBy.errors} options={ways} />
						<Field
							label={t('adminBulk.howMuch')}
							{...getInputProps(fields.priceValue, TEXT_INPUT)}
							inputMode="decimal"
							autoComplete="off"
							hint={t('adminBulk.howMuchHint')}
							errors={fields.priceValue.errors}
						/>
					</div>
				) : null}
				{asks.tag ? (
					<Field label={tagLabel} {...getInputProps(fields.tag, TEXT_INPUT)} autoComplete="off" errors={fields.tag.errors} />
				) : null}
				<Button type="submit" variant="secondary">
					{t('adminBulk.review')}
				</Button>
			</Form>
		</Card>
	)
}

const DANGER = 'danger'
const PRIMARY = 'primary'

function Summary({ summary, query, kind }: { summary: NonNullable<PageData['summary']>; query: string; kind: BulkChangeKind }) {
	const { t, msg, rich } = useAdminI18n()
	const pending = useIsPending()
	const hidden = [...new URLSearchParams(query)].filter(([name]) => name !== 'review')
	const more = summary.changing + summary.refused > summary.rows.length
	const deleting = kind === 'delete'
	const confirmLabel = t(deleting ? 'adminBulk.deleteCount' : 'adminBulk.confirmCount', { count: summary.changing })
	return (
		<section aria-labelledby="bulk-summary" className="space-y-3">
			<h2 id="bulk-summary" className="text-lg font-semibold text-stone-900">
				<ChangeDescription change={summary.change} />
			</h2>
			<p className="text-sm text-stone-700">
				{t('adminBulk.changes', { count: summary.changing })}
				{summary.refused ? ` ${t('adminBulk.cannotTake', { count: summary.refused })}` : null}
			</p>
			<ul aria-label={t('adminBulk.listLabel')} className="divide-y divide-stone-100 rounded-lg border border-stone-200 bg-white text-sm">
				{summary.rows.map((row) => (
					<li key={row.id} data-product-id={row.id} className="space-y-1 p-3">
						<p className="font-semibold break-words text-stone-900" data-seller-text>
							{row.name} <span className="font-mono text-stone-600">{row.code}</span>
						</p>
						<p className="break-words text-stone-700">
							{!row.changed ? (
								rich('adminBulk.noChange', { before: <ProductValue values={row.before} change={summary.change} /> })
							) : (
								<>
									<ProductValue values={row.before} change={summary.change} />
									{' → '}
									<strong>{row.after ? <ProductValue values={row.after} change={summary.change} /> : t('adminBulk.deleted')}</strong>
								</>
							)}
						</p>
						{row.problem ? <p className="font-medium text-red-800">{msg(row.problem)}</p> : null}
					</li>
				))}
			</ul>
			{more ? <p className="text-sm text-stone-600">{t('adminBulk.firstListed', { count: summary.rows.length })}</p> : null}
			{summary.refused ? (
				<p role="alert" className="text-sm font-medium text-red-800">
					{msg(BULK_MESSAGES.refused)}
				</p>
			) : summary.changing ? (
				<Form method="post" action={`/admin/products/bulk?${query}`}>
					{hidden.map(([name, value], index) => (
						<input key={`${name}-${index}`} type="hidden" name={name} value={value} />
					))}
					<input type="hidden" name="planned" value={summary.planned} />
					<Button type="submit" variant={deleting ? DANGER : PRIMARY} disabled={pending}>
						{pending ? t('adminBulk.saving') : confirmLabel}
					</Button>
				</Form>
			) : (
				<p className="text-sm text-stone-700">{t('adminBulk.nothingToChange')}</p>
			)}
		</section>
	)
}

const PRODUCTS = '/admin/products'

export function ErrorBoundary() {
	return (
		<AdminRouteError
			title="admin.navProducts"
			width="list"
			failedText="admin.loadFailed"
			link={{ to: PRODUCTS, label: 'admin.backToProducts' }}
		/>
	)
}
