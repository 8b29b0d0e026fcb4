import { parseWithZod } from '@conform-to/zod/v4'
import { useEffect, useState } from 'react'
import { data, Form } from 'react-router'

import { adminMeta, AdminPage, AdminRouteError } from '~/components/admin/admin-page'
import { Card } from '~/components/admin/card'
import { Button } from '~/components/ui/button'
import { ErrorList, Field, ownOptions, SelectField } from '~/components/ui/field'
import { useAdminI18n } from '~/hooks/use-admin-i18n'
import { useIsPending } from '~/hooks/use-pending'
import { messageRef } from '~/i18n/message-ref'
import { adminMessages, serverTranslator } from '~/i18n/messages.server'
import { listCategoryNames } from '~/models/categories.server'
import { CATALOGUE_IMPORT_LIMITS, CATALOGUE_IMPORT_MESSAGES, catalogueImportSchema } from '~/schemas/catalogue-import'
import { megabytes } from '~/schemas/image-upload'
import {
	commitImport,
	discardUpload,
	type FileRefusal,
	findUpload,
	type ImportPreview,
	type ImportProgress,
	previewImport,
	receiveImport,
} from '~/services/catalogue-import.server'
import { requireAdmin } from '~/services/session.server'
import { redirectWithFlash } from '~/utils/flash.server'
import { readFormData } from '~/utils/forms.server'

import type { Route } from './+types/product-import'

// /admin/products/import: "Import (CSV)". The files are sent once and checked (a preview, nothing
// written); the preview's "Import" button commits that same upload (services/catalogue-import.server.ts).
// Without JavaScript each step is a plain form post; with it, the commit shows a progress bar.

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, messageRef('adminImport.metaTitle'))

const PRODUCTS = '/admin/products'

type Errors = Partial<Record<FileRefusal['field'] | 'form', string[]>>
type ActionData = { errors: Errors; preview: ImportPreview | null }

export async function loader({ request, context }: Route.LoaderArgs) {
	const admin = await requireAdmin({ request, context })
	return { ...adminMessages(admin.locale, 'adminImport', 'adminProductEditor', 'adminPhotos'), categories: await listCategoryNames() }
}

function refused(errors: Errors, preview: ImportPreview | null = null, status = 400) {
	return data<ActionData>({ errors, preview }, { status })
}

export async function action({ request, context }: Route.ActionArgs) {
	const admin = await requireAdmin({ request, context })
	const posted = { request, context }
	// The upload form sends files (multipart); the preview's Import button sends only the upload's id.
	if (/^multipart\/form-data/i.test(request.headers.get('Content-Type') ?? '')) {
		const received = await receiveImport(posted)
		if (!received.ok) return refused({ [received.field]: [received.message] })
		const preview = await previewImport(received.upload)
		if ('refused' in preview) {
			await discardUpload(received.upload)
			return refused({ [preview.refused.field]: [preview.refused.message] })
		}
		if (preview.problemCount || preview.photoProblems.length) await discardUpload(received.upload)
		return data<ActionData>({ errors: {}, preview })
	}
	const submission = parseWithZod(await readFormData(posted, { schema: catalogueImportSchema }), { schema: catalogueImportSchema })
	if (submission.status !== 'success') return refused({ form: [CATALOGUE_IMPORT_MESSAGES.importGone] })
	const upload = await findUpload(posted, submission.value.upload)
	if (!upload) return refused({ form: [CATALOGUE_IMPORT_MESSAGES.importGone] }, null, 404)
	let outcome: Awaited<ReturnType<typeof commitImport>>
	try {
		outcome = await commitImport(upload)
	} catch (error) {
		console.error('Catalogue import failed:', error)
		return refused({ form: [CATALOGUE_IMPORT_MESSAGES.importFailed] }, null, 500)
	} finally {
		await discardUpload(upload)
	}
	if ('refused' in outcome) return refused({ [outcome.refused.field]: [outcome.refused.message] })
	if (!outcome.ok) return refused({ form: [CATALOGUE_IMPORT_MESSAGES.hasProblems] }, outcome.preview, 409)
	const { t } = serverTranslator(admin.locale, 'adminImport')
	const message =
		outcome.added + outcome.updated
			? t('adminImport.imported', { added: outcome.added, updated: outcome.updated })
			: t('adminImport.nothingToImport')
	return redirectWithFlash(request, '/admin/products', { type: 'success', message })
}

export default function ProductImport({ loaderData, actionData }: Route.ComponentProps) {
	const { t } = useAdminI18n()
	const categoryOptions = [{ value: '', label: t('adminImport.categoryNone') }, ...ownOptions(loaderData.categories)]
	const errors = actionData?.errors ?? {}
	const preview = actionData?.preview ?? null
	const checking = useIsPending({ intent: null })
	const canCommit = preview && !preview.problemCount && !preview.photoProblems.length
	return (
		<AdminPage
			width="form"
			back={{ to: PRODUCTS, label: t('admin.navProducts') }}
			title={t('adminImport.title')}
			description={t('adminImport.description')}
		>
			<Card title={t('adminImport.stepChoose')}>
				<Form method="post" encType="multipart/form-data" className="space-y-4">
					<ErrorList id="import-form-error" errors={preview ? undefined : errors.form} />
					<Field
						name="csv"
						id="import-csv"
						type="file"
						accept=".csv,text/csv"
						required
						label={t('adminImport.csvLabel')}
						hint={t('adminImport.csvHint', { size: megabytes(CATALOGUE_IMPORT_LIMITS.csvBytes) })}
						errors={errors.csv}
					/>
					<Field
						name="photos"
						id="import-photos"
						type="file"
						accept=".zip,application/zip"
						label={t('adminImport.photosLabel')}
						hint={t('adminImport.photosHint')}
						errors={errors.photos}
					/>
					<SelectField
						name="category"
						id="import-category"
						label={t('adminImport.categoryLabel')}
						options={categoryOptions}
						defaultValue=""
						errors={errors.category}
					/>
					<Button type="submit" variant="secondary" disabled={checking}>
						{checking ? t('adminImport.checking') : t('adminImport.check')}
					</Button>
				</Form>
			</Card>
			{preview ? <PreviewCard preview={preview} errors={errors.form} canCommit={!!canCommit} /> : null}
		</AdminPage>
	)
}

function PreviewCard({ preview, errors, canCommit }: { preview: ImportPreview; errors?: string[]; canCommit: boolean }) {
	const { t, msg } = useAdminI18n()
	const importing = useIsPending({ intent: 'commit' })
	const progress = useImportProgress(importing ? preview.upload : null)
	const counts = [
		{ kind: 'new', label: t('adminImport.countNew'), count: preview.added },
		{ kind: 'updated', label: t('adminImport.countUpdated'), count: preview.updated },
		{ kind: 'unchanged', label: t('adminImport.countUnchanged'), count: preview.unchanged },
	]
	return (
		<Card title={t('adminImport.stepPreview')}>
			<ErrorList id="import-commit-error" errors={errors} />
			<dl className="grid grid-cols-3 gap-3 text-center" aria-label={t('adminImport.summaryLabel')}>
				{counts.map(({ kind, label, count }) => (
					<div key={kind} className="rounded-md bg-stone-50 p-3">
						<dt className="text-sm text-stone-600">{label}</dt>
						<dd className="text-2xl font-semibold text-stone-900" data-count={kind}>
							{count}
						</dd>
					</div>
				))}
			</dl>
			{preview.photos ? <p className="mt-3 text-sm text-stone-700">{t('adminImport.photos', { count: preview.photos })}</p> : null}
			{preview.problemCount || preview.photoProblems.length ? (
				<div className="mt-4 space-y-3">
					<p className="font-medium text-red-700" role="alert">
						{preview.problemCount ? t('adminImport.rowProblems', { count: preview.problemCount }) : t('adminImport.photoProblemsIntro')}
					</p>
					{preview.photoProblems.length ? (
						<ul className="list-disc space-y-1 pl-5 text-sm text-red-700" aria-label={t('adminImport.photoProblemsLabel')}>
							{preview.photoProblems.map((problem) => (
								<li key={problem}>{msg(problem)}</li>
							))}
						</ul>
					) : null}
					{preview.problems.length ? (
						<div className="overflow-x-auto">
							<table className="w-full text-left text-sm">
								<caption className="sr-only">{t('adminImport.problemsCaption')}</caption>
								<thead>
									<tr className="border-b border-stone-200">
										<th scope="col" className="py-2 pr-3">
											{t('adminImport.colRow')}
										</th>
										<th scope="col" className="py-2 pr-3">
											{t('adminImport.colColumn')}
										</th>
										<th scope="col" className="py-2">
											{t('adminImport.colProblem')}
										</th>
									</tr>
								</thead>
								<tbody>
									{preview.problems.map((problem, i) => (
										<tr key={i} className="border-b border-stone-100 align-top" data-row={problem.row}>
											<td className="py-2 pr-3 tabular-nums">{problem.row}</td>
											{/* The column as her file names it. */}
											<td className="py-2 pr-3 break-all" data-seller-text>
												{problem.column}
											</td>
											<td className="py-2">{msg(problem.message)}</td>
										</tr>
									))}
								</tbody>
							</table>
						</div>
					) : null}
					{preview.problemCount > preview.problems.length ? (
						<p className="text-sm text-stone-700">{t('adminImport.firstProblems', { count: preview.problems.length })}</p>
					) : null}
				</div>
			) : null}
			{canCommit ? (
				<Form method="post" className="mt-4 space-y-3">
					<input type="hidden" name="upload" value={preview.upload} />
					<Button type="submit" name="intent" value="commit" disabled={importing}>
						{importing ? t('adminImport.importing') : t('adminImport.importCount', { count: preview.added + preview.updated })}
					</Button>
					{progress ? <ImportProgressBar progress={progress} /> : null}
				</Form>
			) : null}
		</Card>
	)
}

const PHASE_KEYS = {
	checking: 'adminImport.phaseChecking',
	photos: 'adminImport.phasePhotos',
	writing: 'adminImport.phaseWriting',
	done: 'adminImport.phaseDone',
} as const satisfies Record<ImportProgress['phase'], string>

function ImportProgressBar({ progress }: { progress: ImportProgress }) {
	const { t } = useAdminI18n()
	const phase = t(PHASE_KEYS[progress.phase])
	const label = progress.total
		? t('adminImport.progressOf', { phase, done: progress.done, total: progress.total })
		: t('adminImport.progress', { phase, done: progress.done })
	return (
		<div>
			<label htmlFor="import-progress" className="block text-sm text-stone-700">
				{label}
			</label>
			<progress
				id="import-progress"
				className="w-full"
				max={progress.total || undefined}
				value={progress.total ? progress.done : undefined}
			/>
		</div>
	)
}

/** While the commit runs (with JavaScript), how far it has come, asked every half second. */
function useImportProgress(upload: string | null) {
	const [progress, setProgress] = useState<{ upload: string; progress: ImportProgress } | null>(null)
	useEffect(() => {
		if (!upload) return
		let stopped = false
		const timer = setInterval(async () => {
			const answer = await fetch(`/admin/products/import/${upload}/progress`, { headers: { Accept: 'application/json' } }).catch(() => null)
			if (!stopped && answer?.ok) setProgress({ upload, progress: (await answer.json()) as ImportProgress })
		}, 500)
		return () => {
			stopped = true
			clearInterval(timer)
		}
	}, [upload])
	return progress && progress.upload === upload ? progress.progress : null
}

export function ErrorBoundary() {
	return (
		<AdminRouteError
			title="admin.navProducts"
			width="form"
			failedText="admin.loadFailed"
			link={{ to: PRODUCTS, label: 'admin.backToProducts' }}
		/>
	)
}
