import { serverTranslator } from '~/i18n/messages.server'
import { listStockWarnings } from '~/models/order-stock.server'
import { restoreFromTrash, type TrashKind } from '~/models/trash.server'
import { ORDER_MESSAGES } from '~/schemas/order'
import { TRASH_MESSAGES } from '~/schemas/trash'
import { recordId } from '~/services/admin-records.server'
import { requireAdmin } from '~/services/session.server'
import { notifyChange } from '~/utils/events.server'
import { redirectWithFlash } from '~/utils/flash.server'

import type { Route } from './+types/trash-restore'

// "Restore" on the trash screen and "Undo" in the flash message of a delete post here: the entry is in
// the URL, and `?back=list` returns to the list it was deleted from rather than to the trash.

const LIST_PATHS: Record<TrashKind, string> = { product: '/admin/products', blog: '/admin/blogs', order: '/admin/orders' }

export async function loader({ request, context }: Route.LoaderArgs) {
	await requireAdmin({ request, context })
	return new Response('Method not allowed', { status: 405, headers: { Allow: 'POST' } })
}

export async function action({ request, context, params }: Route.ActionArgs) {
	const admin = await requireAdmin({ request, context })
	// Written here in the admin's language: the flash may show on a list page that lacks the trash's texts.
	const { msg } = serverTranslator(admin.locale, 'adminTrash')
	const trashId = recordId(params.id, msg(TRASH_MESSAGES.gone))
	let outcome
	try {
		outcome = await restoreFromTrash(trashId)
	} catch (error) {
		console.error('Restoring from the trash failed:', error)
		return redirectWithFlash(request, '/admin/trash', { type: 'error', message: msg(TRASH_MESSAGES.restoreFailed) })
	}
	if (outcome === null) return redirectWithFlash(request, '/admin/trash', { type: 'error', message: msg(TRASH_MESSAGES.gone) })
	if (!outcome.restored) {
		const message = msg(
			'missingCategory' in outcome
				? TRASH_MESSAGES.categoryGone(outcome.label, outcome.missingCategory)
				: outcome.taken.field === 'code'
					? TRASH_MESSAGES.codeTaken(outcome.label, outcome.taken.value)
					: TRASH_MESSAGES.slugTaken(outcome.label, outcome.taken.value),
		)
		return redirectWithFlash(request, '/admin/trash', { type: 'error', message })
	}
	notifyChange(outcome.kind, 'created', outcome.id)
	const message = msg(TRASH_MESSAGES.restored(outcome.label))
	// Like a second order for the same last pieces: restored, never refused, and its page names the others.
	if (outcome.kind === 'order' && (await listStockWarnings(outcome.id)).length) {
		return redirectWithFlash(request, `/admin/orders/${outcome.id}`, { type: 'info', message: `${message} ${ORDER_MESSAGES.stockShort}` })
	}
	const back = new URL(request.url).searchParams.get('back') === 'list' ? LIST_PATHS[outcome.kind] : '/admin/trash'
	return redirectWithFlash(request, back, { type: 'success', message })
}
