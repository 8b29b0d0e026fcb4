import { findUpload, importProgress } from '~/services/catalogue-import.server'
import { requireAdmin } from '~/services/session.server'

import type { Route } from './+types/product-import-progress'

// /admin/products/import/:upload/progress: how far a running import has come, for the import page's
// progress bar (asked every half second while the commit's own request waits). Only the session that
// uploaded the files may ask.

export async function loader({ request, context, params }: Route.LoaderArgs) {
	await requireAdmin({ request, context })
	const upload = await findUpload({ request, context }, params.upload)
	const progress = upload ? importProgress(upload) : null
	return Response.json(progress ?? { phase: 'checking', done: 0, total: 0 }, {
		status: upload ? 200 : 404,
		headers: { 'Cache-Control': 'private, no-store' },
	})
}
