import { type TextareaHTMLAttributes, useId, useRef, useState } from 'react'

import { ErrorList } from '~/components/ui/field'
import { useHydrated } from '~/hooks/use-hydrated'
import { useI18n } from '~/hooks/use-i18n'
import { renderMarkdown } from '~/utils/markdown'

// Styles for rendered Markdown without a typography plugin (admin preview only).
const MARKDOWN_STYLES =
	'space-y-3 break-words text-stone-800 [&_a]:text-maroon-800 [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:border-gold-300 [&_blockquote]:pl-3 [&_blockquote]:italic [&_code]:rounded [&_code]:bg-stone-100 [&_code]:px-1 [&_h1]:font-serif [&_h1]:text-2xl [&_h2]:font-serif [&_h2]:text-xl [&_h3]:text-lg [&_h3]:font-semibold [&_img]:max-w-full [&_ol]:list-decimal [&_ol]:pl-6 [&_pre]:overflow-x-auto [&_ul]:list-disc [&_ul]:pl-6'

const WRITE = 'write'
const PREVIEW = 'preview'

/**
 * The post's Markdown source. With JS a Write / Preview switch shows the post as the blog will render
 * it (same renderer: raw HTML is escaped). The textarea stays in the form either way.
 */
export function MarkdownEditor({
	label,
	errors,
	...textarea
}: { label: string; errors?: string[] | null } & TextareaHTMLAttributes<HTMLTextAreaElement>) {
	const hydrated = useHydrated()
	const { t } = useI18n()
	const [mode, setMode] = useState<'write' | 'preview'>('write')
	const [html, setHtml] = useState('')
	const ref = useRef<HTMLTextAreaElement>(null)
	const id = textarea.id ?? textarea.name ?? 'content'
	const hintId = useId()
	const previewId = useId()

	function show(next: 'write' | 'preview') {
		if (next === 'preview') setHtml(renderMarkdown(ref.current?.value ?? ''))
		setMode(next)
		if (next === 'write') requestAnimationFrame(() => ref.current?.focus())
	}

	const tab = (value: 'write' | 'preview', text: string) => (
		<button
			type="button"
			aria-pressed={mode === value}
			onClick={() => show(value)}
			className={`min-h-11 rounded-md px-4 text-sm font-semibold ${mode === value ? 'bg-maroon-800 text-white' : 'text-stone-700 hover:bg-stone-100'}`}
		>
			{text}
		</button>
	)

	const previewing = mode === PREVIEW
	const errorId = `${id}-error`

	return (
		<div>
			<div className="mb-1 flex flex-wrap items-end justify-between gap-2">
				<label htmlFor={id} className="block text-sm font-medium text-stone-800">
					{label}
				</label>
				{hydrated ? (
					<div
						className="flex gap-1 rounded-md border border-stone-200 bg-white p-0.5"
						role="group"
						aria-label={t('adminBlogs.editorMode')}
					>
						{tab(WRITE, t('adminBlogs.write'))}
						{tab(PREVIEW, t('adminBlogs.preview'))}
					</div>
				) : null}
			</div>
			<textarea
				{...textarea}
				ref={ref}
				id={id}
				hidden={previewing}
				aria-invalid={errors?.length ? true : undefined}
				aria-describedby={errors?.length ? `${hintId} ${errorId}` : hintId}
				className="block min-h-72 w-full rounded-md border border-stone-300 bg-white px-3 py-2 font-mono text-base text-stone-900 shadow-sm focus:border-maroon-700 focus:outline-none focus:ring-2 focus:ring-maroon-700/30 aria-[invalid=true]:border-red-600"
			/>
			{previewing ? (
				html ? (
					<div
						id={previewId}
						aria-label={t('adminBlogs.preview')}
						role="region"
						className={`min-h-72 rounded-md border border-stone-300 bg-white p-4 ${MARKDOWN_STYLES}`}
						// renderMarkdown escapes raw HTML and checks links: the same safe output the blog shows.
						dangerouslySetInnerHTML={{ __html: html }}
					/>
				) : (
					<div
						id={previewId}
						aria-label={t('adminBlogs.preview')}
						role="region"
						className={`min-h-72 rounded-md border border-stone-300 bg-white p-4 ${MARKDOWN_STYLES}`}
					>
						<p>{t('adminBlogs.nothingToPreview')}</p>
					</div>
				)
			) : null}
			<p id={hintId} className="mt-1 text-xs text-stone-600">
				{t('adminBlogs.markdownHint')}
			</p>
			<ErrorList id={errorId} errors={errors} />
		</div>
	)
}
