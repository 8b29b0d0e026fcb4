import type { shareCard as english } from '~/i18n/en/share-card'

export const shareCard = {
	code: 'కోడ్: {code}',
	scan: 'స్కాన్ చేసి ఆర్డర్ చేయండి',
} satisfies Record<keyof typeof english, string>
