import type { adminAccount as english } from '~/i18n/en/admin-account'

export const adminAccount = {
	title: 'आपका खाता',
	description: 'आपका साइन-इन पता, और वह भाषा जिसमें एडमिन आपसे बात करता है।',
	settings: 'सेटिंग्स',
	email: 'ईमेल',
	emailNote: 'जिस पते से आप साइन इन करती हैं; पासवर्ड के लिंक और कोड यहीं आते हैं।',
	language: 'एडमिन की भाषा',
	languageHint: 'एडमिन का हर पेज, हर संदेश और आपको आने वाला ईमेल इसी भाषा में होगा।',
	languageRequired: 'एक भाषा चुनें।',
	save: 'सहेजें',
	saving: 'सहेजा जा रहा है…',
	saved: 'एडमिन अब हिन्दी में है।',
	changePassword: 'पासवर्ड बदलें',
	changePasswordNote: 'नया पासवर्ड रखें; बाकी डिवाइस से साइन आउट हो जाएगा।',
} satisfies Record<keyof typeof english, string>
