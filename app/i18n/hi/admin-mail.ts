import type { adminMail as english } from '~/i18n/en/admin-mail'

export const adminMail = {
	hello: 'नमस्ते,',
	resetSubject: '{shop} एडमिन का पासवर्ड बदलें',
	resetAsked: 'किसी ने (शायद आपने) {shop} एडमिन खाते का पासवर्ड बदलने को कहा है।',
	resetAskedShort: 'किसी ने (शायद आपने) एडमिन खाते का पासवर्ड बदलने को कहा है।',
	resetOpenLink: 'नया पासवर्ड रखने के लिए यह लिंक खोलें:',
	resetButton: 'नया पासवर्ड रखें',
	resetExpires: 'यह लिंक एक ही बार चलता है और {minutes} मिनट में खत्म हो जाता है।',
	resetIgnore: 'अगर आपने यह नहीं माँगा, तो इस ईमेल को छोड़ दें: आपका पासवर्ड वैसा ही रहेगा।',
	codeSubject: '{code} — आपका {shop} साइन-इन कोड',
	codeSignedIn: 'किसी ने सही पासवर्ड से, ऐसे ब्राउज़र से जिससे पहले साइन इन नहीं हुआ था, {shop} एडमिन में साइन इन किया है।',
	codeSignedInShort: 'किसी ने सही पासवर्ड से, ऐसे ब्राउज़र से जिससे पहले साइन इन नहीं हुआ था, एडमिन में साइन इन किया है।',
	codeWhy: 'कोई और इस खाते पर पासवर्ड आज़मा रहा है, इसलिए दुकान यह कोड भी माँगती है:',
	codeExpires: 'यह एक ही बार, {minutes} मिनट तक चलता है।',
	codeNotYou: 'अगर यह आप नहीं थीं, तो आपका पासवर्ड किसी और को पता है: इसे सेटिंग्स में बदलें, या सर्वर पर npm run admin:password चलाएँ।',
} satisfies Record<keyof typeof english, string>
