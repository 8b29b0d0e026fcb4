import type { adminBackup as english } from '~/i18n/en/admin-backup'

export const adminBackup = {
	title: 'బ్యాకప్ డౌన్‌లోడ్ చేయండి',
	description: 'ఇప్పుడున్నట్టే మొత్తం షాప్ కాపీ: చీరలు, కథనాలు, ఆర్డర్లు, సెట్టింగ్‌లు, ప్రతి ఫోటో, వీడియో. ఈ సర్వర్‌కు దూరంగా భద్రంగా ఉంచండి.',
	settings: 'సెట్టింగ్‌లు',
	yourPassword: 'మీ పాస్‌వర్డ్',
	passwordHint: 'బ్యాకప్‌లో ప్రతి ఆర్డర్, కస్టమర్ వివరాలు ఉంటాయి, అందుకే మళ్ళీ అడుగుతున్నాం.',
	download: 'బ్యాకప్ డౌన్‌లోడ్',
	fileNote: 'ఒక కుదించిన ఫైల్; పెద్ద షాప్‌లకు మొదలవడానికి కొంచెం సమయం పడుతుంది.',
} satisfies Record<keyof typeof english, string>
