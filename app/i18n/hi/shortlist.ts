import type { shortlist as english } from '~/i18n/en/shortlist'

export const shortlist = {
	title: 'आपकी शॉर्टलिस्ट',
	metaTitle: 'आपकी शॉर्टलिस्ट – {shop}',
	eyebrow: 'बाद में देखने के लिए',
	intro: 'पसंद आई साड़ियाँ यहाँ रखिए, फिर एक ही WhatsApp मैसेज में सबके बारे में पूछिए।',
	emptyTitle: 'आपकी शॉर्टलिस्ट खाली है',
	emptyText: 'किसी भी साड़ी पर दिल के निशान को दबाइए, वह यहाँ आ जाएगी। यहाँ {max} साड़ियाँ तक रखी जा सकती हैं।',
	sareeCount_one: '{count} साड़ी',
	sareeCount_other: '{count} साड़ियाँ',
	remove: '{name} हटाएँ',
	send: 'शॉर्टलिस्ट WhatsApp पर भेजें',
	clear: 'सब हटाएँ',
	sendNote:
		'हर साड़ी के कोड और लिंक के साथ एक ही मैसेज, हमें भेजने के लिए तैयार। बिक चुकी साड़ियों पर निशान रहता है, ताकि हम वैसी ही बुनाई की कोई दूसरी साड़ी सुझा सकें।',
	flashAdded: '“{name}” आपकी शॉर्टलिस्ट में है।',
	flashRemoved: '“{name}” अब आपकी शॉर्टलिस्ट में नहीं है।',
	flashFull: 'आपकी शॉर्टलिस्ट में पहले से {max} साड़ियाँ हैं। नई जोड़ने के लिए कोई एक हटाइए।',
	flashCleared: 'आपकी शॉर्टलिस्ट अब खाली है।',
	flashUnavailable: 'वह साड़ी अब हमारे कलेक्शन में नहीं है।',
	flashFailed: 'आपकी शॉर्टलिस्ट बदली नहीं जा सकी। कृपया फिर से कोशिश करें।',
} satisfies Record<keyof typeof english, string>
