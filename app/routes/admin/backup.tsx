import { createContext, data } from 'react-router'
import type { Route } from './+types/backup'
import { downloadBackup, type BackupRefusal } from './backup.server'
import { BackupForm } from '~/components/admin/backup-form'
import { AUTH_MESSAGES } from '~/schemas/auth'
import { requireAdmin } from '~/utils/session.server'

// /admin/backup: the backup download (Settings → Backup posts here with the admin's password). A page
// cannot answer its own form with a file (React Router reads an action's Response as data), so the
// middleware does: the right password gets the archive straight away; anything else falls through to
// the action, whose answer renders this page with the message under the field, like any form of ours.

export const meta: Route.MetaFunction = () => [{ title: 'Backup | Admin' }, { name: 'robots', content: 'noindex, nofollow' }]

const refusal = createContext<BackupRefusal | null>(null)

export const middleware: Route.MiddlewareFunction[] = [
	async ({ request, context }, next) => {
		// A `.data` request (a client-side form post) could not take a file as its answer.
		if (request.method !== 'POST' || new URL(request.url).pathname.endsWith('.data')) return next()
		const outcome = await downloadBackup(request, await requireAdmin(request))
		if (outcome.ok) return outcome.response
		context.set(refusal, outcome)
		return next()
	},
]

export async function loader({ request }: Route.LoaderArgs) {
	await requireAdmin(request)
	return null
}

export async function action({ request, context }: Route.ActionArgs) {
	await requireAdmin(request)
	const refused = context.get(refusal)
	if (!refused) {
		return data({ result: { status: 'error' as const, error: { '': [AUTH_MESSAGES.backupByForm] } } }, { status: 400 })
	}
	return data({ result: refused.result }, { status: refused.status, headers: refused.headers })
}

export default function BackupPage({ actionData }: Route.ComponentProps) {
	return (
		<main className="mx-auto w-full max-w-xl px-4 py-8 sm:px-6">
			<h1 className="font-serif text-3xl text-maroon-900">Download a backup</h1>
			<p className="mt-2 mb-6 text-sm text-stone-600">
				A copy of the whole shop as it is right now: sarees, blog posts, orders, settings, and every photo and video.
				Keep it somewhere safe, away from this server.
			</p>
			<div className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6">
				<BackupForm lastResult={actionData?.result} />
			</div>
		</main>
	)
}
