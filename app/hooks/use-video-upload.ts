import type { SubmissionResult } from '@conform-to/react'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useRevalidator } from 'react-router'

import { sendWithProgress } from '~/components/admin/upload-progress'

export type UploadState =
	| { phase: 'idle' }
	| { phase: 'uploading'; percent: number }
	| { phase: 'processing' }
	| { phase: 'error'; message?: string; result?: SubmissionResult<string[]> }

/**
 * Sends a form with XMLHttpRequest so the seller sees the upload progress, then revalidates the
 * page (the endpoint sets the flash cookie). Returns the state to render and `send(form)`.
 */
export function useVideoUpload(endpoint: string, failedMessage: string) {
	const revalidator = useRevalidator()
	const [state, setState] = useState<UploadState>({ phase: 'idle' })
	const abortRef = useRef<AbortController | null>(null)
	useEffect(() => () => abortRef.current?.abort(), [])

	const send = useCallback(
		(form: HTMLFormElement) => {
			const abort = new AbortController()
			abortRef.current = abort
			setState({ phase: 'uploading', percent: 0 })
			sendWithProgress(endpoint, new FormData(form), {
				signal: abort.signal,
				responseType: 'json',
				onProgress: (loaded, total) => setState({ phase: 'uploading', percent: Math.floor((loaded / total) * 100) }),
				// Bytes are all sent; the server now checks and converts the video.
				onSent: () => setState({ phase: 'processing' }),
			}).then(
				(xhr) => {
					abortRef.current = null
					const body = xhr.response as { ok?: boolean; result?: SubmissionResult<string[]>; message?: string } | null
					if (xhr.status >= 200 && xhr.status < 300 && body?.ok) {
						setState({ phase: 'idle' })
						// Only the file is done with: the text fields keep what was saved.
						for (const input of form.querySelectorAll<HTMLInputElement>('input[type="file"]')) input.value = ''
						void revalidator.revalidate()
					} else if (xhr.status === 401 || xhr.status === 403 || xhr.responseURL.includes('/auth')) {
						window.location.assign('/auth')
					} else {
						setState({ phase: 'error', result: body?.result, message: body?.result ? undefined : (body?.message ?? failedMessage) })
					}
				},
				(error: unknown) => {
					abortRef.current = null
					// Left the page mid-upload: nothing to show.
					if (error instanceof DOMException && error.name === 'AbortError') return
					setState({ phase: 'error', message: failedMessage })
				},
			)
		},
		[endpoint, failedMessage, revalidator],
	)

	return { state, send, setState, busy: state.phase === 'uploading' || state.phase === 'processing' }
}
