import { useNavigation } from 'react-router'

import { useI18n } from '~/hooks/use-i18n'

/** A thin gold bar while the next page loads (client-side navigations only). */
export function NavigationProgress() {
	const navigation = useNavigation()
	const { t } = useI18n()
	if (navigation.state === 'idle') return null
	return (
		<div className="fixed inset-x-0 top-0 z-[60] h-0.5 overflow-hidden" role="progressbar" aria-label={t('shop.loadingPage')}>
			<div className="h-full w-1/3 animate-pulse bg-gold-500" />
		</div>
	)
}
