import type { ReactNode } from 'react'
import { Link } from 'react-router'

import { useI18n } from '~/hooks/use-i18n'

import { EditIcon, TrashIcon } from './icons'

// The list of an admin screen (sarees, blog posts, ...). On phones each row becomes a card (the cells
// stack, each with its column name); from 768 px up it is an ordinary table. One markup for both, so
// screen readers and tests see the same thing.

export type RecordColumn<Row> = {
	/** The column's name, already in the admin's language. */
	header: string
	cell: (row: Row) => ReactNode
	/**
	 * `title`: the row's name, the card's heading on a phone; `picture`: a thumbnail beside it on a
	 * phone; otherwise a value with its column name before it on a phone.
	 */
	kind?: 'title' | 'picture'
}

const CELL = {
	title: 'block pb-1 font-semibold break-words text-stone-900 md:table-cell md:px-3 md:py-2 md:align-middle',
	picture: 'float-right ml-3 md:float-none md:ml-0 md:table-cell md:px-3 md:py-2 md:align-middle',
	value: 'flex items-baseline justify-between gap-3 py-1 md:table-cell md:px-3 md:py-2 md:align-middle',
}
/** The look of a row's action link (Edit, Delete, and those a table adds). */
const recordActionClass = 'border-stone-300 text-stone-800 hover:bg-stone-50'
const ACTION = 'inline-flex min-h-11 min-w-11 flex-1 items-center justify-center gap-1 rounded-md border px-3 font-medium md:flex-none'

/** A row action link beside Edit and Delete, in their look. */
export function recordAction(extra = recordActionClass) {
	return `${ACTION} ${extra}`
}

export function RecordTable<Row extends { id: number }>({
	rows,
	columns,
	name,
	editPath,
	deletePath,
	rowAttribute,
	moreActions,
}: {
	rows: Row[]
	columns: Array<RecordColumn<Row>>
	/** What the Edit and Delete links name for screen readers ("Edit Red Ikkat"). */
	name: (row: Row) => string
	editPath: (row: Row) => string
	deletePath: (row: Row) => string
	/** A data attribute carrying the id (`data-product-id`). */
	rowAttribute: `data-${string}`
	/** Actions of this kind of record beside Edit and Delete (a saree's share card); styled with `recordActionClass`. */
	moreActions?: (row: Row) => ReactNode
}) {
	const { t } = useI18n()
	return (
		<table className="block w-full text-sm md:table md:rounded-lg md:border md:border-stone-200 md:bg-white">
			<thead className="sr-only md:not-sr-only md:table-header-group md:bg-stone-50 md:text-left md:text-xs md:uppercase md:tracking-wide md:text-stone-600">
				<tr>
					{columns.map((column) => (
						<th key={column.header} scope="col" className="md:px-3 md:py-2">
							{column.header}
						</th>
					))}
					<th scope="col" className="md:px-3 md:py-2">
						{t('admin.actions')}
					</th>
				</tr>
			</thead>
			<tbody className="block space-y-3 md:table-row-group md:space-y-0 md:divide-y md:divide-stone-100">
				{rows.map((row) => (
					<tr
						key={row.id}
						{...{ [rowAttribute]: row.id }}
						className="block rounded-lg border border-stone-200 bg-white p-3 shadow-sm md:table-row md:rounded-none md:border-0 md:p-0 md:shadow-none"
					>
						{columns.map((column) => (
							<td key={column.header} className={CELL[column.kind ?? 'value']}>
								{column.kind ? null : (
									<span className="text-xs font-semibold tracking-wide text-stone-500 uppercase md:hidden">{column.header}</span>
								)}
								{column.cell(row)}
							</td>
						))}
						<td className="clear-both flex gap-2 pt-2 md:table-cell md:space-x-2 md:px-3 md:py-2 md:align-middle md:whitespace-nowrap">
							{moreActions?.(row)}
							<Link to={editPath(row)} className={recordAction()}>
								<EditIcon className="size-4" />
								{t('admin.edit')}
								<span className="sr-only" data-seller-text>
									{' '}
									{name(row)}
								</span>
							</Link>
							<Link to={deletePath(row)} className={`${ACTION} border-red-200 text-red-800 hover:bg-red-50`}>
								<TrashIcon className="size-4" />
								{t('admin.delete')}
								<span className="sr-only" data-seller-text>
									{' '}
									{name(row)}
								</span>
							</Link>
						</td>
					</tr>
				))}
			</tbody>
		</table>
	)
}
