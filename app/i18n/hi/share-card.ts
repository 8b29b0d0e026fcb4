import type { shareCard as english } from '~/i18n/en/share-card'

export const shareCard = {
	code: 'कोड: {code}',
	scan: 'स्कैन करके ऑर्डर करें',
} satisfies Record<keyof typeof english, string>
