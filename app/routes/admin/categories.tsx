import { data, Form, Link } from 'react-router'

import { adminMeta, AdminPage, AdminRouteError } from '~/components/admin/admin-page'
import { EmptyState } from '~/components/admin/card'
import { AddIcon } from '~/components/admin/icons'
import { RecordTable } from '~/components/admin/record-table'
import { Button, buttonClass } from '~/components/ui/button'
import { useIsPending } from '~/hooks/use-pending'
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

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'Categories')

export async function loader({ request, context }: Route.LoaderArgs) {
	await requireAdmin({ request, context })
	return { categories: await listCategoriesForAdmin() }
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

/** One quick change of one category: a form with its button, disabled while any change is being sent. */
function ChangeButton({ category, change, label }: { category: AdminCategoryListItem; change: string; label: string }) {
	const sending = useIsPending({ state: 'submitting' })
	return (
		<Form method="post" className="contents">
			<input type="hidden" name="id" value={category.id} />
			<Button type="submit" name="change" value={change} variant="secondary" disabled={sending} className="min-w-11 px-3">
				{label}
				<span className="sr-only"> {category.name}</span>
			</Button>
		</Form>
	)
}

export default function Categories({ loaderData }: Route.ComponentProps) {
	const { categories } = loaderData
	return (
		<AdminPage
			width="list"
			back={{ to: '/admin/settings', label: 'Settings' }}
			title={`Categories (${categories.length})`}
			description="Your sarees are arranged by these on the shop, in this order: the tabs of the collections page and the home page's sections. A hidden category is left out of the shop's lists, the sitemap and the catalogue feeds; its sarees' own pages stay open to anyone with the link."
			actions={
				<Link to={`${PATH}/new`} className={buttonClass('primary')}>
					<AddIcon className="size-4" /> Add Category
				</Link>
			}
		>
			{categories.length === 0 ? (
				<EmptyState
					action={
						<Link to={`${PATH}/new`} className={buttonClass('primary')}>
							Add Category
						</Link>
					}
				>
					No categories yet. Add the first kind of saree you weave.
				</EmptyState>
			) : (
				<RecordTable
					rows={categories}
					columns={[
						{ header: 'Name', kind: 'title', cell: (category) => category.name },
						{
							header: 'Sarees',
							cell: (category) => (
								<Link
									to={listAddress('/admin/products', { category: category.name })}
									className="inline-flex min-h-11 min-w-11 items-center justify-center font-medium text-maroon-800 underline"
								>
									{category.productCount}
									<span className="sr-only"> in {category.name}</span>
								</Link>
							),
						},
						{
							header: 'On the shop',
							cell: (category) => (
								<span className="inline-flex items-center gap-2">
									<span className={category.hidden ? 'text-stone-600' : 'text-green-800'}>{category.hidden ? 'Hidden' : 'Shown'}</span>
									<ChangeButton category={category} change={category.hidden ? 'show' : 'hide'} label={category.hidden ? 'Show' : 'Hide'} />
								</span>
							),
						},
						{
							header: 'Order',
							cell: (category) => {
								const at = categories.indexOf(category)
								return (
									<span className="inline-flex gap-2">
										{at > 0 ? <ChangeButton category={category} change="up" label="Move up" /> : null}
										{at < categories.length - 1 ? <ChangeButton category={category} change="down" label="Move down" /> : null}
									</span>
								)
							},
						},
					]}
					name={(category) => category.name}
					editPath={(category) => `${PATH}/${category.id}/edit`}
					deletePath={(category) => `${PATH}/${category.id}/delete`}
					rowAttribute="data-category-id"
				/>
			)}
		</AdminPage>
	)
}

export function ErrorBoundary() {
	return (
		<AdminRouteError
			title="Categories"
			width="list"
			failedText="Failed to load categories. Please try again."
			link={{ to: PATH, label: 'Try again' }}
		/>
	)
}
