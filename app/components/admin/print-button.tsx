import { Button } from '~/components/ui/button'
import { useHydrated } from '~/hooks/use-hydrated'
import { useI18n } from '~/hooks/use-i18n'

/** Opens the browser's print dialog (where "Save as PDF" is); without JavaScript, says where to find it. */
export function PrintButton({ label }: { label: string }) {
	const hydrated = useHydrated()
	const { t } = useI18n()
	return hydrated ? (
		<Button type="button" onClick={() => window.print()}>
			{label}
		</Button>
	) : (
		<p className="max-w-xs text-sm text-stone-700">{t('adminOrders.printWithoutJs')}</p>
	)
}
