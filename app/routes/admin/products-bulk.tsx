import { getFormProps, getInputProps, getSelectProps, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link, type ShouldRevalidateFunctionArgs } from 'react-router'

import { adminMeta, AdminPage, AdminRouteError } from '~/components/admin/admin-page'
import { Card } from '~/components/admin/card'
import { Button, buttonClass } from '~/components/ui/button'
import { ErrorList, Field, SelectField } from '~/components/ui/field'
import { PRODUCT_STATUS_LABELS, PRODUCT_STATUSES, type ProductStatus } from '~/constants'
import { useIsPending } from '~/hooks/use-pending'
import { useZodForm } from '~/hooks/use-zod-form'
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
	BULK_CHANGE_LABELS,
	BULK_CHANGES,
	BULK_MESSAGES,
	type BulkChange,
	bulkChangeFromForm,
	type BulkChangeKind,
	PRICE_FIELD_LABELS,
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

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'Change Products')

/**
 * A refused confirm (409: the sarees changed since the summary) shows the summary as it is now, which the
 * router would not load again after an error answer; without JavaScript the page is rendered afresh anyway.
 */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
	return actionStatus === 409 || defaultShouldRevalidate
}

/** The sarees the page lists by name; the count covers all of them, and those that cannot change come first. */
const MAX_LISTED = 200

type SummaryRow = { id: number; name: string; code: string; before: string; after: string; changed: boolean; problem: string | null }

export async function loader({ request, context }: Route.LoaderArgs) {
	await requireAdmin({ request, context })
	const params = new URL(request.url).searchParams
	return readBulkPage(params)
}

export async function action({ request, context }: Route.ActionArgs) {
	await requireAdmin({ request, context })
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
	const message = deleting ? BULK_MESSAGES.deleted(result.changed) : BULK_MESSAGES.updated(result.changed)
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
		before: describeProduct(product, change),
		after: after ? describeProduct(after, change) : 'Deleted',
		changed,
		problem: rowProblem,
	}))
	const refused = rows.filter((row) => row.problem)
	const listed = [...refused, ...rows.filter((row) => !row.problem)].slice(0, MAX_LISTED)
	return {
		...base,
		summary: {
			what: describeChange(change),
			changing: rows.filter((row) => row.changed).length,
			refused: refused.length,
			rows: listed,
			planned: planKey(plan),
		},
	}
}

/** The value a change touches, as the summary shows it before and after. */
function describeProduct(product: BulkProduct, change: BulkChange) {
	switch (change.kind) {
		case 'status':
			return PRODUCT_STATUS_LABELS[product.status]
		case 'category':
			return product.category
		case 'price':
			return `${formatPaise(product.salePricePaise)} (MRP ${formatPaise(product.originalPricePaise)})`
		case 'tag-add':
		case 'tag-remove':
			return product.tags.length ? product.tags.join(', ') : 'No tags'
		case 'delete':
			return `In the catalogue (${PRODUCT_STATUS_LABELS[product.status]})`
	}
}

function describeChange(change: BulkChange) {
	switch (change.kind) {
		case 'status':
			return `Set the status to ${PRODUCT_STATUS_LABELS[change.status]}`
		case 'category':
			return `Move to ${change.category}`
		case 'price': {
			const { field, by, step } = change.price
			const size = by === 'percent' ? `${Math.abs(step) / 100} %` : formatPaise(Math.abs(step))
			return `${step < 0 ? 'Lower' : 'Raise'} the ${PRICE_FIELD_LABELS[field].toLowerCase()} by ${size}, rounded to whole rupees`
		}
		case 'tag-add':
			return `Add the tag “${change.tag}”`
		case 'tag-remove':
			return `Remove the tag “${change.tag}”`
		case 'delete':
			return 'Move these sarees to the Trash: off the shop at once, restorable with their photos for 30 days.'
	}
}

export default function ProductsBulk({ loaderData, actionData }: Route.ComponentProps) {
	const { back, kind, problem, count, matching, summary } = loaderData
	const refusal = actionData?.message ?? null
	return (
		<AdminPage
			width="list"
			back={{ to: back, label: 'Products' }}
			title={kind ? `${BULK_CHANGE_LABELS[kind]}: ${count} ${count === 1 ? 'saree' : 'sarees'}` : 'Change products'}
			description={matching ? 'Every saree that matches the filter, counted again just now.' : 'The sarees you ticked.'}
		>
			{refusal || problem ? (
				<div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
					{refusal ? <p>{refusal}</p> : null}
					{problem && problem !== refusal ? <p>{problem}</p> : null}
				</div>
			) : null}
			{kind && !problem ? <ChangeForm key={loaderData.query} page={loaderData} /> : null}
			{summary && !problem ? <Summary summary={summary} query={loaderData.query} kind={kind!} /> : null}
			{problem ? (
				<Link to={back} className={buttonClass('secondary')}>
					Back to products
				</Link>
			) : null}
		</AdminPage>
	)
}

type PageData = Route.ComponentProps['loaderData']

/** The change's own fields (none for Delete), sent back to this address by "Review". */
function ChangeForm({ page }: { page: PageData }) {
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
	return (
		<Card>
			<Form method="get" {...getFormProps(form)} className="space-y-4">
				{carried.map(([name, value], index) => (
					<input key={`${name}-${index}`} type="hidden" name={name} value={value} />
				))}
				<input type="hidden" name="review" value="1" />
				<ErrorList id={`${form.id}-form-error`} errors={form.errors} />
				{page.kind === 'status' ? (
					<SelectField
						label="New status"
						{...getSelectProps(fields.to)}
						errors={fields.to.errors}
						options={[
							{ value: '', label: 'Choose a status' },
							...PRODUCT_STATUSES.map((s: ProductStatus) => ({ value: s, label: PRODUCT_STATUS_LABELS[s] })),
						]}
					/>
				) : null}
				{page.kind === 'category' ? (
					<SelectField
						label="Move to category"
						{...getSelectProps(fields.to)}
						errors={fields.to.errors}
						options={[{ value: '', label: 'Choose a category' }, ...page.categories.map((c) => ({ value: c, label: c }))]}
					/>
				) : null}
				{page.kind === 'price' ? (
					<div className="grid gap-3 sm:grid-cols-2">
						<SelectField
							label="Which price"
							{...getSelectProps(fields.priceField)}
							errors={fields.priceField.errors}
							options={PRICE_FIELDS.map((f) => ({ value: f, label: PRICE_FIELD_LABELS[f] }))}
						/>
						<SelectField
							label="Up or down"
							{...getSelectProps(fields.priceDirection)}
							errors={fields.priceDirection.errors}
							options={[
								{ value: 'up', label: 'Raise' },
								{ value: 'down', label: 'Lower' },
							]}
						/>
						<SelectField
							label="By"
							{...getSelectProps(fields.priceBy)}
							errors={fields.priceBy.errors}
							options={[
								{ value: 'percent', label: 'A percentage (%)' },
								{ value: 'amount', label: 'An amount (₹)' },
							]}
						/>
						<Field
							label="How much"
							{...getInputProps(fields.priceValue, { type: 'text' })}
							inputMode="decimal"
							autoComplete="off"
							hint="e.g. 10 for 10 % or ₹10. New prices are rounded to whole rupees."
							errors={fields.priceValue.errors}
						/>
					</div>
				) : null}
				{page.kind === 'tag-add' || page.kind === 'tag-remove' ? (
					<Field
						label={page.kind === 'tag-add' ? 'Tag to add' : 'Tag to remove'}
						{...getInputProps(fields.tag, { type: 'text' })}
						autoComplete="off"
						errors={fields.tag.errors}
					/>
				) : null}
				<Button type="submit" variant="secondary">
					Review the change
				</Button>
			</Form>
		</Card>
	)
}

function Summary({ summary, query, kind }: { summary: NonNullable<PageData['summary']>; query: string; kind: BulkChangeKind }) {
	const pending = useIsPending()
	const hidden = [...new URLSearchParams(query)].filter(([name]) => name !== 'review')
	const more = summary.changing + summary.refused > summary.rows.length
	return (
		<section aria-labelledby="bulk-summary" className="space-y-3">
			<h2 id="bulk-summary" className="text-lg font-semibold text-stone-900">
				{summary.what}
			</h2>
			<p className="text-sm text-stone-700">
				{summary.changing} {summary.changing === 1 ? 'saree changes' : 'sarees change'}
				{summary.refused ? `; ${summary.refused} cannot take this change` : ''}.
			</p>
			<ul aria-label="Sarees in this change" className="divide-y divide-stone-100 rounded-lg border border-stone-200 bg-white text-sm">
				{summary.rows.map((row) => (
					<li key={row.id} data-product-id={row.id} className="space-y-1 p-3">
						<p className="font-semibold break-words text-stone-900">
							{row.name} <span className="font-mono text-stone-600">{row.code}</span>
						</p>
						<p className="break-words text-stone-700">
							{row.changed ? (
								<>
									{row.before} → <strong>{row.after}</strong>
								</>
							) : (
								<>No change: {row.before}</>
							)}
						</p>
						{row.problem ? <p className="font-medium text-red-800">{row.problem}</p> : null}
					</li>
				))}
			</ul>
			{more ? <p className="text-sm text-stone-600">The first {summary.rows.length} are listed here.</p> : null}
			{summary.refused ? (
				<p role="alert" className="text-sm font-medium text-red-800">
					{BULK_MESSAGES.refused}
				</p>
			) : summary.changing ? (
				<Form method="post" action={`/admin/products/bulk?${query}`}>
					{hidden.map(([name, value], index) => (
						<input key={`${name}-${index}`} type="hidden" name={name} value={value} />
					))}
					<input type="hidden" name="planned" value={summary.planned} />
					<Button type="submit" variant={kind === 'delete' ? 'danger' : 'primary'} disabled={pending}>
						{pending
							? 'Saving…'
							: kind === 'delete'
								? `Delete ${summary.changing} ${summary.changing === 1 ? 'saree' : 'sarees'}`
								: `Confirm: change ${summary.changing} ${summary.changing === 1 ? 'saree' : 'sarees'}`}
					</Button>
				</Form>
			) : (
				<p className="text-sm text-stone-700">Nothing to change: every saree already has it.</p>
			)}
		</section>
	)
}

export function ErrorBoundary() {
	return (
		<AdminRouteError
			title="Change products"
			width="list"
			failedText="Failed to load the change"
			link={{ to: '/admin/products', label: 'Back to products' }}
		/>
	)
}
