import { shareCardPath } from '~/components/shop/share-button'
import { useI18n } from '~/hooks/use-i18n'
import type { Translator } from '~/i18n/translate'
import type { AdminProductListItem } from '~/models/products-admin.server'
import { imageUrl, pickWidth } from '~/utils/media'
import { formatPaise } from '~/utils/money'

import { ImageIcon } from './icons'
import { recordAction, type RecordColumn, RecordTable } from './record-table'
import { SellerText } from './seller-text'
import { StatusBadge } from './status-badge'

const columns = ({ t }: Translator): Array<RecordColumn<AdminProductListItem>> => [
	{
		header: t('adminProducts.colImage'),
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
				<span className="flex size-14 items-center justify-center rounded bg-stone-100 text-stone-400" title={t('adminProducts.noImage')}>
					<ImageIcon />
					<span className="sr-only">{t('adminProducts.noImage')}</span>
				</span>
			),
	},
	{ header: t('adminProducts.colName'), kind: 'title', cell: (product) => <SellerText>{product.name}</SellerText> },
	{
		header: t('adminProducts.colCode'),
		cell: (product) => (
			<span className="font-mono" data-seller-text>
				{product.code}
			</span>
		),
	},
	{
		header: t('adminProducts.colCategory'),
		cell: (product) =>
			product.category ? (
				<span className="text-right md:text-left" data-seller-text>
					{product.category}
				</span>
			) : (
				<span className="text-right md:text-left">{t('adminProducts.uncategorized')}</span>
			),
	},
	{
		header: t('adminProducts.colPrice'),
		cell: (product) => (
			<span className="whitespace-nowrap">
				{formatPaise(product.salePricePaise)}
				{product.salePricePaise < product.originalPricePaise ? (
					<s className="ml-1 text-xs text-stone-500">
						<span className="sr-only">{t('adminProducts.was')} </span>
						{formatPaise(product.originalPricePaise)}
					</s>
				) : null}
			</span>
		),
	},
	{
		header: t('adminProducts.colStock'),
		cell: (product) => <span className={product.stock === 0 ? 'font-semibold text-amber-800' : ''}>{product.stock}</span>,
	},
	{ header: t('adminProducts.colStatus'), cell: (product) => <StatusBadge status={product.status} /> },
]

/** The tick box of a row, for a bulk change: posted with the form `form` as `id`. */
function selectColumn({ t, rich }: Translator, form: string, checked: boolean): RecordColumn<AdminProductListItem> {
	return {
		header: t('adminProducts.colSelect'),
		cell: (product) => (
			<label className="inline-flex min-h-11 min-w-11 cursor-pointer items-center justify-center">
				<input type="checkbox" name="id" value={product.id} form={form} defaultChecked={checked} className="size-6 accent-maroon-800" />
				<span className="sr-only">{rich('adminProducts.selectNamed', { name: <SellerText>{product.name}</SellerText> })}</span>
			</label>
		),
	}
}

const editPath = (product: AdminProductListItem) => `/admin/products/${product.id}/edit`
const deletePath = (product: AdminProductListItem) => `/admin/products/${product.id}/delete`
const hasShareCard = (product: AdminProductListItem) => product.status === 'active' && product.cover !== null
const shareCardName = (product: AdminProductListItem) => `${product.code}-share-card.jpg`

export function ProductTable({
	products,
	select,
}: {
	products: AdminProductListItem[]
	/** Tick boxes for the bulk changes: the form they belong to, and whether they start ticked ("Select all on this page"). */
	select?: { form: string; checked: boolean }
}) {
	const i18n = useI18n()
	const { t, rich } = i18n
	return (
		<RecordTable
			rows={products}
			columns={select ? [selectColumn(i18n, select.form, select.checked), ...columns(i18n)] : columns(i18n)}
			name={(product) => product.name}
			editPath={editPath}
			deletePath={deletePath}
			rowAttribute="data-product-id"
			moreActions={(product) =>
				// Active sarees with a photo have a share card: saved to the phone, posted to a Status or story.
				hasShareCard(product) ? (
					<a href={`${shareCardPath(product.id)}?download`} download={shareCardName(product)} className={recordAction()}>
						{t('adminProducts.shareCard')}
						<span className="sr-only">{rich('adminProducts.shareCardOf', { name: <SellerText>{product.name}</SellerText> })}</span>
					</a>
				) : null
			}
		/>
	)
}
