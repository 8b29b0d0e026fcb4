import type { adminAccount as english } from '~/i18n/en/admin-account'

export const adminAccount = {
	title: 'మీ ఖాతా',
	description: 'మీరు సైన్ ఇన్ చేసే చిరునామా, అడ్మిన్ మీతో మాట్లాడే భాష.',
	settings: 'సెట్టింగ్‌లు',
	email: 'ఈమెయిల్',
	emailNote: 'మీరు సైన్ ఇన్ చేసే చిరునామా; పాస్‌వర్డ్ లింక్‌లు, కోడ్‌లు ఇక్కడికే వస్తాయి.',
	language: 'అడ్మిన్ భాష',
	languageHint: 'అడ్మిన్‌లో ప్రతి పేజీ, సందేశం, మీకు వచ్చే ఈమెయిల్ ఈ భాషలోనే ఉంటాయి.',
	languageRequired: 'ఒక భాషను ఎంచుకోండి.',
	save: 'సేవ్ చేయండి',
	saving: 'సేవ్ అవుతోంది…',
	saved: 'అడ్మిన్ ఇప్పుడు తెలుగులో ఉంది.',
	changePassword: 'పాస్‌వర్డ్ మార్చండి',
	changePasswordNote: 'కొత్త పాస్‌వర్డ్ పెట్టండి; మిగతా పరికరాల నుండి సైన్ అవుట్ అవుతుంది.',
} satisfies Record<keyof typeof english, string>
