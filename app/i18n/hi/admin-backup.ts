import type { adminBackup as english } from '~/i18n/en/admin-backup'

export const adminBackup = {
	title: 'बैकअप डाउनलोड करें',
	description: 'पूरी दुकान की अभी जैसी कॉपी: साड़ियाँ, लेख, ऑर्डर, सेटिंग्स, और हर फ़ोटो और वीडियो। इसे इस सर्वर से दूर, सुरक्षित जगह रखें।',
	settings: 'सेटिंग्स',
	yourPassword: 'आपका पासवर्ड',
	passwordHint: 'फिर से पूछा जा रहा है क्योंकि बैकअप में हर ऑर्डर और ग्राहक की जानकारी होती है।',
	download: 'बैकअप डाउनलोड करें',
	fileNote: 'एक पैक की हुई फ़ाइल; बड़ी दुकानों में शुरू होने में थोड़ा समय लगता है।',
} satisfies Record<keyof typeof english, string>
