import { Link } from 'react-router'
import { imageUrl, pickWidth } from '~/utils/media'
import { formatPaise } from '~/utils/money'
import type { AdminProductListItem } from '~/models/products.server'
import { EditIcon, ImageIcon, TrashIcon } from './icons'
import { StatusBadge } from './status-badge'


// On phones each row becomes a card (the cells stack, each with its column name); from 768 px up it
// is an ordinary table. One markup for both, so screen readers and tests see the same thing.
const cell = 'flex items-baseline justify-between gap-3 py-1 md:table-cell md:px-3 md:py-2 md:align-middle'
const label = 'text-xs font-semibold uppercase tracking-wide text-stone-500 md:hidden'

export function ProductTable({ products }: { products: AdminProductListItem[] }) {
	return (
		<table className="block w-full text-sm md:table md:rounded-lg md:border md:border-stone-200 md:bg-white">
			<thead className="sr-only md:not-sr-only md:table-header-group md:bg-stone-50 md:text-left md:text-xs md:uppercase md:tracking-wide md:text-stone-600">
				<tr>
					<th scope="col" className="md:px-3 md:py-2">Image</th>
					<th scope="col" className="md:px-3 md:py-2">Product Name</th>
					<th scope="col" className="md:px-3 md:py-2">Code</th>
					<th scope="col" className="md:px-3 md:py-2">Category</th>
					<th scope="col" className="md:px-3 md:py-2">Price</th>
					<th scope="col" className="md:px-3 md:py-2">Stock</th>
					<th scope="col" className="md:px-3 md:py-2">Status</th>
					<th scope="col" className="md:px-3 md:py-2">Actions</th>
				</tr>
			</thead>
			<tbody className="block space-y-3 md:table-row-group md:space-y-0 md:divide-y md:divide-stone-100">
				{products.map((product) => (
					<tr
						key={product.id}
						data-product-id={product.id}
						className="block rounded-lg border border-stone-200 bg-white p-3 shadow-sm md:table-row md:rounded-none md:border-0 md:p-0 md:shadow-none"
					>
						<td className="float-right ml-3 md:float-none md:ml-0 md:table-cell md:px-3 md:py-2 md:align-middle">
							{product.cover ? (
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
							)}
						</td>
						<td className="block pb-1 font-semibold text-stone-900 md:table-cell md:px-3 md:py-2 md:align-middle">
							<span className="break-words">{product.name}</span>
						</td>
						<td className={cell}>
							<span className={label}>Code</span>
							<span className="font-mono">{product.code}</span>
						</td>
						<td className={cell}>
							<span className={label}>Category</span>
							<span className="text-right md:text-left">{product.category || 'Uncategorized'}</span>
						</td>
						<td className={cell}>
							<span className={label}>Price</span>
							<span className="whitespace-nowrap">
								{formatPaise(product.salePricePaise)}
								{product.salePricePaise < product.originalPricePaise ? (
									<s className="ml-1 text-xs text-stone-500">
										<span className="sr-only">was </span>
										{formatPaise(product.originalPricePaise)}
									</s>
								) : null}
							</span>
						</td>
						<td className={cell}>
							<span className={label}>Stock</span>
							<span className={product.stock === 0 ? 'font-semibold text-amber-800' : ''}>{product.stock}</span>
						</td>
						<td className={cell}>
							<span className={label}>Status</span>
							<StatusBadge status={product.status} />
						</td>
						<td className="clear-both flex gap-2 pt-2 md:table-cell md:whitespace-nowrap md:px-3 md:py-2 md:align-middle">
							<Link
								to={`/admin/edit-product/${product.id}`}
								className="inline-flex min-h-11 min-w-11 flex-1 items-center justify-center gap-1 rounded-md border border-stone-300 px-3 font-medium text-stone-800 hover:bg-stone-50 md:flex-none"
							>
								<EditIcon className="size-4" />
								Edit<span className="sr-only"> {product.name}</span>
							</Link>
							<Link
								to={`/admin/products/${product.id}/delete`}
								className="inline-flex min-h-11 min-w-11 flex-1 items-center justify-center gap-1 rounded-md border border-red-200 px-3 font-medium text-red-800 hover:bg-red-50 md:flex-none"
							>
								<TrashIcon className="size-4" />
								Delete<span className="sr-only"> {product.name}</span>
							</Link>
						</td>
					</tr>
				))}
			</tbody>
		</table>
	)
}
