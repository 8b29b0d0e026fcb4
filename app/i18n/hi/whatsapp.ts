import type { whatsapp as english } from '~/i18n/en/whatsapp'

export const whatsapp = {
	generalEnquiry: 'नमस्ते, मुझे आपकी साड़ियों का कलेक्शन पसंद आया। कृपया और जानकारी भेजें।',
	order: 'नमस्ते, मुझे यह साड़ी ऑर्डर करनी है। प्रोडक्ट कोड: {code} - {name}.\n{url}',
	similar: 'नमस्ते, यह साड़ी आरक्षित है; मुझे ऐसी ही साड़ी चाहिए। प्रोडक्ट कोड: {code} - {name}.\n{url}',
	shortlistIntro_one: 'नमस्ते, मेरी शॉर्टलिस्ट की यह साड़ी मुझे पसंद है।',
	shortlistIntro_other: 'नमस्ते, मेरी शॉर्टलिस्ट की ये {count} साड़ियाँ मुझे पसंद हैं।',
	shortlistLine: '{number}. प्रोडक्ट कोड: {code} - {name}\n{url}',
	shortlistLineSoldOut: '{number}. प्रोडक्ट कोड: {code} - {name} (बिक चुकी है)\n{url}',
} satisfies Record<keyof typeof english, string>
