import type { FormEvent } from 'react'
import { Link, useNavigate } from 'react-router'

import { useI18n } from '~/hooks/use-i18n'
import {
	CATALOGUE_SORTS,
	catalogueHref,
	type CatalogueQuery,
	filterChips,
	isRefinedQuery,
	parseCatalogueQuery,
	PRICE_BANDS,
	priceRangeLabel,
	SEARCH_MAX_LENGTH,
	sortLabel,
} from '~/utils/catalogue-query'

import { CloseIcon, SearchIcon } from './icons'

/** The id of the search field: the header's search link points at it (`/collections#search`). */
const SEARCH_FIELD_ID = 'search'

const FIELD =
	'min-h-11 w-full rounded-full border border-maroon-800/25 bg-white px-4 text-base text-stone-900 placeholder:text-stone-500 focus:border-maroon-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-maroon-800/30'
const SMALL_BUTTON =
	'inline-flex min-h-11 items-center justify-center gap-2 rounded-full bg-maroon-800 px-5 font-semibold text-white shadow-sm transition-colors hover:bg-maroon-900'
const PILL = 'inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-semibold whitespace-nowrap transition-colors'

/**
 * Search, price, sold-out and sort as one GET form: without JavaScript the browser sends it and the
 * address holds every choice; with JavaScript the form goes to the same canonical address without a
 * full reload, and changing the sort or the sold-out box applies at once. Both stay in the page's language.
 */
export function CatalogueFilters({ query }: { query: CatalogueQuery }) {
	const navigate = useNavigate()
	const i18n = useI18n()
	const { t, path } = i18n
	const refined = isRefinedQuery(query)

	function apply(form: HTMLFormElement) {
		const params = new URLSearchParams()
		for (const [name, value] of new FormData(form)) if (typeof value === 'string') params.append(name, value)
		void navigate(path(catalogueHref(parseCatalogueQuery(params))), { preventScrollReset: true })
	}

	function onSubmit(event: FormEvent<HTMLFormElement>) {
		event.preventDefault()
		apply(event.currentTarget)
	}

	return (
		// Keyed by the address, so its fields show the query again after a chip or a back button changes it.
		<form
			key={catalogueHref(query)}
			method="get"
			action={path('/collections')}
			role="search"
			aria-label={t('shop.searchSarees')}
			onSubmit={onSubmit}
		>
			<div className="mx-auto flex max-w-2xl gap-2">
				<label htmlFor={SEARCH_FIELD_ID} className="sr-only">
					{t('shop.searchSarees')}
				</label>
				<input
					id={SEARCH_FIELD_ID}
					type="search"
					name="q"
					defaultValue={query.q}
					maxLength={SEARCH_MAX_LENGTH}
					placeholder={t('catalogue.searchPlaceholder')}
					autoComplete="off"
					enterKeyHint="search"
					className={FIELD}
				/>
				<button type="submit" className={SMALL_BUTTON}>
					<SearchIcon className="h-5 w-5" />
					<span>{t('catalogue.searchButton')}</span>
				</button>
			</div>
			{query.category ? <input type="hidden" name="category" value={query.category} /> : null}

			<details className="group mx-auto mt-4 max-w-2xl rounded-2xl bg-white/70 ring-1 ring-gold-200" open={refined}>
				<summary className="flex min-h-11 cursor-pointer items-center justify-center px-4 text-sm font-semibold text-maroon-900">
					{t('catalogue.filtersSummary')}
				</summary>
				<div className="grid gap-5 px-4 pt-2 pb-5 sm:px-6">
					<fieldset>
						<legend className="text-sm font-semibold text-stone-800">{t('catalogue.priceLegend')}</legend>
						<div className="mt-2 flex items-center gap-2">
							<PriceInput
								name="min"
								label={t('catalogue.priceMinLabel')}
								placeholder={t('catalogue.priceMinPlaceholder')}
								value={query.min}
							/>
							<span aria-hidden="true">–</span>
							<PriceInput
								name="max"
								label={t('catalogue.priceMaxLabel')}
								placeholder={t('catalogue.priceMaxPlaceholder')}
								value={query.max}
							/>
						</div>
						<ul className="mt-3 flex flex-wrap gap-2" aria-label={t('catalogue.priceRanges')}>
							{PRICE_BANDS.map((band) => {
								const current = band.min === query.min && band.max === query.max
								return (
									<li key={`${band.min}-${band.max}`}>
										<Link
											to={path(catalogueHref(query, { min: band.min, max: band.max }))}
											preventScrollReset
											aria-current={current ? 'true' : undefined}
											className={`${PILL} ${current ? 'border-maroon-800 bg-maroon-800 text-white' : 'border-maroon-800/20 bg-white text-maroon-900 hover:border-maroon-800'}`}
										>
											{priceRangeLabel(band.min, band.max, i18n)}
										</Link>
									</li>
								)
							})}
						</ul>
					</fieldset>
					<div className="flex flex-wrap items-end justify-between gap-4">
						<label className="flex min-h-11 items-center gap-3 text-stone-800">
							<input
								type="checkbox"
								name="soldout"
								value="1"
								defaultChecked={query.soldOut}
								className="h-5 w-5 accent-maroon-800"
								onChange={(e) => apply(e.currentTarget.form!)}
							/>
							{t('catalogue.includeSoldOut')}
						</label>
						<label className="grid gap-1 text-sm font-semibold text-stone-800">
							{t('catalogue.sortBy')}
							<select name="sort" defaultValue={query.sort} className={`${FIELD} pr-8`} onChange={(e) => apply(e.currentTarget.form!)}>
								{CATALOGUE_SORTS.map((sort) => (
									<option key={sort} value={sort}>
										{sortLabel(sort, i18n)}
									</option>
								))}
							</select>
						</label>
						<button type="submit" className={SMALL_BUTTON}>
							{t('catalogue.apply')}
						</button>
					</div>
				</div>
			</details>
		</form>
	)
}

/** The active filters as links that each drop one, and one that drops them all (`categoryLabel`: the category's name in the page's language). */
export function FilterChips({ query, categoryLabel }: { query: CatalogueQuery; categoryLabel?: string | null }) {
	const i18n = useI18n()
	const { t, path } = i18n
	const chips = filterChips(query, i18n, categoryLabel)
	if (chips.length === 0) return null
	return (
		<div className="mb-6 flex flex-wrap items-center gap-2">
			<h2 className="sr-only">{t('catalogue.activeFilters')}</h2>
			<ul className="flex flex-wrap gap-2">
				{chips.map((chip) => (
					<li key={chip.label}>
						<Link
							to={chip.removeHref}
							preventScrollReset
							aria-label={t('catalogue.removeFilter', { filter: chip.label })}
							className="inline-flex min-h-11 items-center gap-1.5 rounded-full bg-maroon-50 px-4 text-sm font-medium text-maroon-900 ring-1 ring-maroon-100 hover:bg-maroon-100"
						>
							{chip.label}
							<CloseIcon className="h-4 w-4" />
						</Link>
					</li>
				))}
			</ul>
			{chips.length > 1 ? (
				<Link to={path('/collections')} preventScrollReset className="min-h-11 px-2 py-3 text-sm font-semibold text-maroon-800 underline">
					{t('catalogue.clearAll')}
				</Link>
			) : null}
		</div>
	)
}

/** One end of the price range: a whole number of rupees, labelled for screen readers only. */
function PriceInput({
	name,
	label,
	placeholder,
	value,
}: {
	name: 'min' | 'max'
	label: string
	placeholder: string
	value: number | null
}) {
	return (
		<>
			<label className="sr-only" htmlFor={`price-${name}`}>
				{label}
			</label>
			<input
				id={`price-${name}`}
				name={name}
				inputMode="numeric"
				defaultValue={value ?? ''}
				placeholder={placeholder}
				maxLength={12}
				className={FIELD}
			/>
		</>
	)
}
