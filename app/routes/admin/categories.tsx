import { data, Form, Link } from 'react-router'

import { adminMeta, AdminPage, AdminRouteError } from '~/components/admin/admin-page'
import { EmptyState } from '~/components/admin/card'
import { AddIcon } from '~/components/admin/icons'
import { type RecordColumn, RecordTable } from '~/components/admin/record-table'
import { SellerText } from '~/components/admin/seller-text'
import { Button, buttonClass } from '~/components/ui/button'
import { useI18n } from '~/hooks/use-i18n'
import { useIsPending } from '~/hooks/use-pending'
import type { Locale } from '~/i18n/locales'
import { messageRef } from '~/i18n/message-ref'
import { adminMessages } from '~/i18n/messages.server'
import { isPluralOne, type MessageKey } from '~/i18n/translate'
import { type AdminCategoryListItem, listCategoriesForAdmin, moveCategory, setCategoryHidden } from '~/models/categories.server'
import { CATEGORY_MESSAGES, categoryChangeSchema } from '~/schemas/category'
import { RecordNotFoundError, saveRecord } from '~/services/admin-records.server'
import { requireAdmin } from '~/services/session.server'
import { redirectWithFlash } from '~/utils/flash.server'
import { readSubmission } from '~/utils/forms.server'
import { listAddress } from '~/utils/list-address'
import { parseRecordId } from '~/utils/record-id'

import type { Route } from './+types/categories'

// Settings → Categories: the seller's categories in the storefront's order, each moved up or down and
// hidden or shown by a small form of its own (so it works without JavaScript), edited and deleted on
// pages of their own.

const PATH = '/admin/settings/categories'
const SETTINGS_PATH = '/admin/settings'
const editPath = (category: AdminCategoryListItem) => `${PATH}/${category.id}/edit`
const deletePath = (category: AdminCategoryListItem) => `${PATH}/${category.id}/delete`

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, messageRef('adminCategories.title'))

export async function loader({ request, context }: Route.LoaderArgs) {
	const admin = await requireAdmin({ request, context })
	return { ...adminMessages(admin.locale, 'adminCategories'), categories: await listCategoriesForAdmin() }
}

export async function action({ request, context }: Route.ActionArgs) {
	await requireAdmin({ request, context })
	const submission = await readSubmission({ request, context }, { schema: categoryChangeSchema })
	const id = submission.status === 'success' ? parseRecordId(submission.value.id) : null
	// Its buttons send fixed values: anything else is a forged post, answered 400 like every refused form.
	if (submission.status !== 'success' || id === null) throw data(CATEGORY_MESSAGES.changeFailed, { status: 400 })
	const { change } = submission.value
	const saved = await saveRecord({
		kind: 'category',
		id,
		update: async (id) => {
			const done = change === 'up' || change === 'down' ? await moveCategory(id, change) : await setCategoryHidden(id, change === 'hide')
			return done ? [] : null
		},
	})
	if (!saved.ok) {
		if (!(saved.error instanceof RecordNotFoundError)) console.error('Changing a category failed', saved.error)
		return redirectWithFlash(request, PATH, { type: 'error', message: CATEGORY_MESSAGES.changeFailed })
	}
	const message = change === 'hide' ? CATEGORY_MESSAGES.hidden : change === 'show' ? CATEGORY_MESSAGES.shown : CATEGORY_MESSAGES.moved
	return redirectWithFlash(request, PATH, { type: 'success', message })
}

const CHANGE_KEYS = {
	up: 'adminCategories.moveUp',
	down: 'adminCategories.moveDown',
	hide: 'adminCategories.hide',
	show: 'adminCategories.show',
} as const satisfies Record<string, MessageKey>

/** One quick change of one category: a form with its button, disabled while any change is being sent. */
function ChangeButton({ category, change }: { category: AdminCategoryListItem; change: keyof typeof CHANGE_KEYS }) {
	const { t } = useI18n()
	const sending = useIsPending({ state: 'submitting' })
	const label = CHANGE_KEYS[change]
	return (
		<Form method="post" className="contents">
			<input type="hidden" name="id" value={category.id} />
			{/* The button's name says which category, its face only what it does (the name is in the row), as Edit and Delete do. */}
			<Button type="submit" name="change" value={change} variant="secondary" disabled={sending} className="min-w-11 px-3">
				{t(label)}
				<span className="sr-only">
					{' '}
					<SellerText>{category.name}</SellerText>
				</span>
			</Button>
		</Form>
	)
}

export default function Categories({ loaderData }: Route.ComponentProps) {
	const { categories } = loaderData
	const { t, rich, locale } = useI18n()
	const columns: RecordColumn<AdminCategoryListItem>[] = [
		{ header: t('adminCategories.columnName'), kind: 'title', cell: (category) => <SellerText>{category.name}</SellerText> },
		{
			header: t('adminCategories.columnSarees'),
			cell: (category) => (
				<Link
					to={listAddress('/admin/products', { category: category.name })}
					className="inline-flex min-h-11 min-w-11 items-center justify-center font-medium text-maroon-800 underline"
				>
					<span aria-hidden="true">{category.productCount}</span>
					<span className="sr-only">
						{rich(sareesInKey(locale, category.productCount), {
							count: category.productCount,
							name: <SellerText>{category.name}</SellerText>,
						})}
					</span>
				</Link>
			),
		},
		{
			header: t('adminCategories.columnOnShop'),
			cell: (category) => {
				const change = category.hidden ? 'show' : 'hide'
				return (
					<span className="inline-flex items-center gap-2">
						<span className={category.hidden ? 'text-stone-600' : 'text-green-800'}>
							{t(category.hidden ? 'adminCategories.hidden' : 'adminCategories.shown')}
						</span>
						<ChangeButton category={category} change={change} />
					</span>
				)
			},
		},
		{
			header: t('adminCategories.columnOrder'),
			cell: (category) => {
				const at = categories.indexOf(category)
				return (
					<span className="inline-flex gap-2">
						{at > 0 ? <ChangeButton category={category} change="up" /> : null}
						{at < categories.length - 1 ? <ChangeButton category={category} change="down" /> : null}
					</span>
				)
			},
		},
	]
	return (
		<AdminPage
			width="list"
			back={{ to: SETTINGS_PATH, label: t('adminCategories.backToSettings') }}
			title={t('adminCategories.listTitle', { count: categories.length })}
			description={t('adminCategories.listDescription')}
			actions={
				<Link to={`${PATH}/new`} className={buttonClass('primary')}>
					<AddIcon className="size-4" /> {t('adminCategories.add')}
				</Link>
			}
		>
			{categories.length === 0 ? (
				<EmptyState
					action={
						<Link to={`${PATH}/new`} className={buttonClass('primary')}>
							{t('adminCategories.add')}
						</Link>
					}
				>
					{t('adminCategories.empty')}
				</EmptyState>
			) : (
				<RecordTable
					rows={categories}
					columns={columns}
					name={(category) => category.name}
					editPath={editPath}
					deletePath={deletePath}
					rowAttribute="data-category-id"
				/>
			)}
		</AdminPage>
	)
}

/** rich() takes no count, so the plural form is chosen here, by the language's rule. */
function sareesInKey(locale: Locale, count: number): MessageKey {
	return isPluralOne(locale, count) ? 'adminCategories.sareesIn_one' : 'adminCategories.sareesIn_other'
}

export function ErrorBoundary() {
	return (
		<AdminRouteError title="admin.navCategories" width="list" failedText="admin.loadFailed" link={{ to: PATH, label: 'admin.tryAgain' }} />
	)
}
