import { Form, Link } from 'react-router'

import { Button, buttonClass } from '~/components/ui/button'
import { useI18n } from '~/hooks/use-i18n'
import { useIsLoading } from '~/hooks/use-pending'

import { SearchIcon } from './icons'

// The search of an admin list: a GET form on the list's own address (?q=), so a search is a link the
// seller can refresh or share, and works without JavaScript.

/** The text box: a magnifier, the field `q`, and what was searched for. */
export function SearchInput({
	id,
	label,
	defaultValue,
	placeholder,
}: {
	id: string
	label: string
	defaultValue: string
	placeholder?: string
}) {
	return (
		<div className="min-w-0 flex-1">
			<label htmlFor={id} className="mb-1 block text-sm font-medium text-stone-800">
				{label}
			</label>
			<div className="relative">
				<SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-stone-500" />
				<input
					id={id}
					type="search"
					name="q"
					defaultValue={defaultValue}
					placeholder={placeholder}
					className="block min-h-11 w-full rounded-md border border-stone-300 bg-white py-2 pr-3 pl-9 text-base text-stone-900 placeholder:text-stone-500"
				/>
			</div>
		</div>
	)
}

/** The search form of a list at `listPath`: the box, Search ("Searching…" while the list loads) and Clear. */
export function ListSearch({
	id,
	label,
	formLabel,
	q,
	listPath,
	placeholder,
}: {
	id: string
	label: string
	/** The search landmark's name, when the page has more than one form. */
	formLabel?: string
	q: string
	listPath: string
	placeholder?: string
}) {
	const { t } = useI18n()
	const searching = useIsLoading(listPath)
	return (
		<Form
			method="get"
			action={listPath}
			role="search"
			aria-label={formLabel}
			className="flex flex-col gap-2 rounded-lg border border-stone-200 bg-white p-3 sm:flex-row sm:items-end"
		>
			{/* Remounted by a new search (or Clear), so the box shows what the list now holds. */}
			<SearchInput key={q} id={id} label={label} defaultValue={q} placeholder={placeholder} />
			<Button type="submit" variant="secondary">
				{t(searching ? 'admin.searching' : 'admin.search')}
			</Button>
			{q ? (
				<Link to={listPath} className={buttonClass('ghost')}>
					{t('admin.clear')}
				</Link>
			) : null}
		</Form>
	)
}
