import { type BlogStatus, PRODUCT_STATUS_LABELS, type ProductStatus } from '~/constants'

const STYLES: Record<ProductStatus | BlogStatus, string> = {
	active: 'bg-emerald-100 text-emerald-900',
	published: 'bg-emerald-100 text-emerald-900',
	draft: 'bg-stone-200 text-stone-800',
	out_of_stock: 'bg-amber-100 text-amber-900',
}

const LABELS: Record<ProductStatus | BlogStatus, string> = { ...PRODUCT_STATUS_LABELS, published: 'Published' }

export function StatusBadge({ status }: { status: ProductStatus | BlogStatus }) {
	return (
		<span className={`inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ${STYLES[status]}`}>
			{LABELS[status]}
		</span>
	)
}
