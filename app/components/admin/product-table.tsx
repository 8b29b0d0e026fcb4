import { shareCardPath } from '~/components/shop/share-button'
import type { AdminProductListItem } from '~/models/products-admin.server'
import { imageUrl, pickWidth } from '~/utils/media'
import { formatPaise } from '~/utils/money'

import { ImageIcon } from './icons'
import { recordAction, type RecordColumn, RecordTable } from './record-table'
import { StatusBadge } from './status-badge'

const COLUMNS: Array<RecordColumn<AdminProductListItem>> = [
	{
		header: 'Image',
		kind: 'picture',
		cell: (product) =>
			product.cover ? (
				<img
					src={imageUrl(product.cover.key, pickWidth(product.cover.width, 120), 'webp')}
					alt=""
					width={56}
					height={56}
					loading="lazy"
					className="size-14 rounded object-cover"
				/>
			) : (
				<span className="flex size-14 items-center justify-center rounded bg-stone-100 text-stone-400" title="No image">
					<ImageIcon />
					<span className="sr-only">No image</span>
				</span>
			),
	},
	{ header: 'Product Name', kind: 'title', cell: (product) => product.name },
	{ header: 'Code', cell: (product) => <span className="font-mono">{product.code}</span> },
	{ header: 'Category', cell: (product) => <span className="text-right md:text-left">{product.category || 'Uncategorized'}</span> },
	{
		header: 'Price',
		cell: (product) => (
			<span className="whitespace-nowrap">
				{formatPaise(product.salePricePaise)}
				{product.salePricePaise < product.originalPricePaise ? (
					<s className="ml-1 text-xs text-stone-500">
						<span className="sr-only">was </span>
						{formatPaise(product.originalPricePaise)}
					</s>
				) : null}
			</span>
		),
	},
	{
		header: 'Stock',
		cell: (product) => <span className={product.stock === 0 ? 'font-semibold text-amber-800' : ''}>{product.stock}</span>,
	},
	{ header: 'Status', cell: (product) => <StatusBadge status={product.status} /> },
]

/** The tick box of a row, for a bulk change: posted with the form `form` as `id`. */
function selectColumn(form: string, checked: boolean): RecordColumn<AdminProductListItem> {
	return {
		header: 'Select',
		cell: (product) => (
			<label className="inline-flex min-h-11 min-w-11 cursor-pointer items-center justify-center">
				<input type="checkbox" name="id" value={product.id} form={form} defaultChecked={checked} className="size-6 accent-maroon-800" />
				<span className="sr-only">Select {product.name}</span>
			</label>
		),
	}
}

export function ProductTable({
	products,
	select,
}: {
	products: AdminProductListItem[]
	/** Tick boxes for the bulk changes: the form they belong to, and whether they start ticked ("Select all on this page"). */
	select?: { form: string; checked: boolean }
}) {
	return (
		<RecordTable
			rows={products}
			columns={select ? [selectColumn(select.form, select.checked), ...COLUMNS] : COLUMNS}
			name={(product) => product.name}
			editPath={(product) => `/admin/products/${product.id}/edit`}
			deletePath={(product) => `/admin/products/${product.id}/delete`}
			rowAttribute="data-product-id"
			moreActions={(product) =>
				// Active sarees with a photo have a share card: saved to the phone, posted to a Status or story.
				product.status === 'active' && product.cover ? (
					<a href={`${shareCardPath(product.id)}?download`} download={`${product.code}-share-card.jpg`} className={recordAction()}>
						Share card<span className="sr-only"> of {product.name}</span>
					</a>
				) : null
			}
		/>
	)
}
