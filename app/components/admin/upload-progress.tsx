import { redirect, UNSAFE_decodeViaTurboStream as decodeViaTurboStream } from 'react-router'

import { useI18n } from '~/hooks/use-i18n'
import { setUploadProgress, useUploadProgress } from '~/hooks/use-upload-progress'
import { messageRef } from '~/i18n/translate'

import { downscalePhotos, formatBytes, type Savings } from './downscale-photos'

// Upload progress for forms with files (JS only). fetch() cannot report upload progress over
// HTTP/1.1, so a route's clientAction sends the form with XMLHttpRequest to the same endpoint React
// Router's own submission would use (`<path>.data`) and decodes the answer the same way: a redirect
// navigates (the flash cookie arrives with it), anything else becomes the action data.

/** True when the submitted form carries at least one chosen file. */
function hasFiles(formData: FormData) {
	for (const value of formData.values()) if (value instanceof File && value.size > 0) return true
	return false
}

function dataUrl(url: string) {
	const target = new URL(url)
	target.pathname = target.pathname.endsWith('/') ? `${target.pathname}_.data` : `${target.pathname}.data`
	return target.toString()
}

type SendOptions = {
	signal?: AbortSignal
	responseType: XMLHttpRequestResponseType
	/** Bytes sent so far, of the total. */
	onProgress: (loaded: number, total: number) => void
	/** Every byte is sent: the server now works on them. */
	onSent?: () => void
}

/**
 * Posts `body` with XMLHttpRequest, the one way the shop shows upload progress (photos and videos
 * alike): fetch() cannot report it over HTTP/1.1. Resolves with the finished request whatever its
 * status; rejects when the connection fails or `signal` aborts it.
 */
export function sendWithProgress(url: string, body: FormData, { signal, responseType, onProgress, onSent }: SendOptions) {
	return new Promise<XMLHttpRequest>((resolve, reject) => {
		const xhr = new XMLHttpRequest()
		xhr.open('POST', url)
		xhr.responseType = responseType
		xhr.upload.addEventListener('progress', (event) => {
			if (event.lengthComputable) onProgress(event.loaded, event.total)
		})
		if (onSent) xhr.upload.addEventListener('load', onSent)
		xhr.addEventListener('load', () => resolve(xhr))
		xhr.addEventListener('error', () => reject(new Error(messageRef('admin.uploadFailed'))))
		xhr.addEventListener('abort', () => reject(new DOMException('Upload cancelled', 'AbortError')))
		signal?.addEventListener('abort', () => xhr.abort(), { once: true })
		xhr.send(body)
	})
}

function send(url: string, formData: FormData, signal: AbortSignal, savings: Savings | null = null) {
	setUploadProgress({ loaded: 0, total: 1, savings })
	return sendWithProgress(url, formData, {
		signal,
		responseType: 'arraybuffer',
		onProgress: (loaded, total) => setUploadProgress({ loaded, total, savings }),
	})
}

/** Posts the form to the route's action with upload progress; returns what the action returned. */
async function submitWithProgress<T>(request: Request, formData: FormData, savings: Savings | null = null): Promise<T | Response> {
	try {
		const xhr = await send(dataUrl(request.url), formData, request.signal, savings)
		if (xhr.status >= 400 && !xhr.getResponseHeader('X-Remix-Response')) {
			throw new Error(messageRef('admin.serverAnswered', { status: xhr.status }))
		}
		const body = new Response(xhr.response as ArrayBuffer).body
		if (!body) throw new Error(messageRef('admin.emptyAnswer'))
		const { value } = await decodeViaTurboStream(body, window)
		const result = value as { redirect: string; status?: number; replace?: boolean; reload?: boolean } | { data: T } | { error: unknown }
		if ('redirect' in result) {
			if (result.reload) {
				window.location.assign(result.redirect)
				return new Promise<never>(() => {})
			}
			return redirect(result.redirect, { status: result.status ?? 302, headers: result.replace ? { 'X-Remix-Replace': 'yes' } : undefined })
		}
		if ('error' in result) throw result.error
		return result.data
	} finally {
		setUploadProgress(null)
	}
}

/**
 * The clientAction of a form with file fields: with a file chosen it is posted with upload progress
 * (the answer is what the server action returns), anything else goes to the server action the usual way.
 */
export async function submitFilesWithProgress<T>(request: Request, serverAction: () => Promise<T>): Promise<T | Response> {
	const formData = await request.clone().formData()
	if (!hasFiles(formData)) return serverAction()
	setUploadProgress({ loaded: 0, total: 1 })
	const smaller = await downscalePhotos(formData)
	return submitWithProgress<T>(request, smaller.formData, smaller.savings)
}

/** "Uploading images… 42%" with a bar, while a clientAction upload runs. */
export function UploadProgressBar({ label }: { label?: string }) {
	const { t } = useI18n()
	const progress = useUploadProgress()
	if (!progress) return null
	const name = label ?? t('admin.uploadingImages')
	const percent = Math.min(100, Math.round((progress.loaded / Math.max(progress.total, 1)) * 100))
	return (
		<div className="rounded-md border border-stone-200 bg-white p-3" role="status">
			<div className="mb-1 flex justify-between text-sm text-stone-700">
				<span>{percent >= 100 ? t('admin.processingImages') : `${name}…`}</span>
				<span>{percent}%</span>
			</div>
			<progress className="h-2 w-full accent-maroon-800" max={100} value={percent} aria-label={name}>
				{percent}%
			</progress>
			{progress.savings ? (
				<p className="mt-1 text-xs text-stone-600" data-testid="upload-savings">
					{t('admin.photosSmaller', {
						before: formatBytes(progress.savings.before),
						after: formatBytes(progress.savings.after),
						saved: formatBytes(progress.savings.before - progress.savings.after),
					})}
				</p>
			) : null}
		</div>
	)
}
