import { useI18n } from '~/hooks/use-i18n'
import { formatPaise } from '~/utils/money'

/** Sale price, with the original struck through when it differs. */
export function Price({
	salePricePaise,
	originalPricePaise,
	size = 'md',
}: {
	salePricePaise: number
	originalPricePaise: number
	size?: 'md' | 'lg'
}) {
	const { t } = useI18n()
	const reduced = originalPricePaise > salePricePaise
	const off = reduced ? Math.round(((originalPricePaise - salePricePaise) / originalPricePaise) * 100) : 0
	return (
		<p className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
			<span className={`font-semibold text-maroon-800 ${size === 'lg' ? 'text-3xl' : 'text-base'}`}>
				<span className="sr-only">{t('shop.price')} </span>
				{formatPaise(salePricePaise)}
			</span>
			{originalPricePaise !== salePricePaise && originalPricePaise > 0 ? (
				<del className={`text-stone-600 ${size === 'lg' ? 'text-lg' : 'text-sm'}`}>
					<span className="sr-only">{t('shop.originalPrice')} </span>
					{formatPaise(originalPricePaise)}
				</del>
			) : null}
			{off >= 1 && size === 'lg' ? (
				<span className="rounded-full bg-gold-100 px-2.5 py-0.5 text-sm font-semibold text-gold-700">
					{t('shop.percentOff', { percent: off })}
				</span>
			) : null}
		</p>
	)
}
