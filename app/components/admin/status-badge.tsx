import type { BlogStatus, ProductStatus } from '~/constants'
import { useAdminI18n } from '~/hooks/use-admin-i18n'
import type { MessageKey } from '~/i18n/translate'

const STYLES: Record<ProductStatus | BlogStatus, string> = {
	active: 'bg-emerald-100 text-emerald-900',
	published: 'bg-emerald-100 text-emerald-900',
	draft: 'bg-stone-200 text-stone-800',
	out_of_stock: 'bg-amber-100 text-amber-900',
}

/** Each status's name, in the admin's language. */
export const STATUS_KEYS: Record<ProductStatus | BlogStatus, MessageKey> = {
	active: 'admin.statusActive',
	published: 'admin.statusPublished',
	draft: 'admin.statusDraft',
	out_of_stock: 'admin.statusOutOfStock',
}

export function StatusBadge({ status }: { status: ProductStatus | BlogStatus }) {
	const { t } = useAdminI18n()
	return (
		<span className={`inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ${STYLES[status]}`}>
			{t(STATUS_KEYS[status])}
		</span>
	)
}
