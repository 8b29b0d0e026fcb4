import { useI18n } from '~/hooks/use-i18n'

import { WhatsAppIcon } from './icons'
import { WhatsAppLink } from './whatsapp-link'

export function FloatingWhatsAppButton() {
	const { t } = useI18n()
	return (
		<WhatsAppLink
			aria-label={t('shop.floatingWhatsApp')}
			className="fixed right-4 bottom-4 z-30 flex h-14 w-14 items-center justify-center rounded-full bg-whatsapp text-white shadow-lg ring-4 ring-white/70 transition-transform hover:scale-105 sm:right-6 sm:bottom-6"
		>
			<WhatsAppIcon className="h-7 w-7" />
		</WhatsAppLink>
	)
}
