import type { shortlist as english } from '~/i18n/en/shortlist'

export const shortlist = {
	title: 'మీ షార్ట్‌లిస్ట్',
	metaTitle: 'మీ షార్ట్‌లిస్ట్ – {shop}',
	eyebrow: 'మీరు దాచుకున్నవి',
	intro: 'మీకు నచ్చిన చీరలను ఇక్కడ దాచుకోండి, తర్వాత అన్నిటి గురించీ ఒకే WhatsApp మెసేజ్‌లో అడగండి.',
	emptyTitle: 'మీ షార్ట్‌లిస్ట్ ఖాళీగా ఉంది',
	emptyText: 'ఏ చీర మీదైనా హార్ట్ గుర్తును నొక్కితే అది ఇక్కడ ఉంటుంది. {max} చీరల వరకు దాచుకోవచ్చు.',
	sareeCount_one: '{count} చీర',
	sareeCount_other: '{count} చీరలు',
	remove: '{name} తీసేయండి',
	send: 'షార్ట్‌లిస్ట్‌ను WhatsAppలో పంపండి',
	clear: 'అన్నీ తీసేయండి',
	sendNote: 'ప్రతి చీర కోడ్, లింక్‌తో ఒకే మెసేజ్ సిద్ధంగా ఉంటుంది, మాకు పంపితే చాలు. అమ్ముడైపోయిన చీరలకు గుర్తు ఉంటుంది, అలాంటి నేతదే మరొకటి చూపిస్తాం.',
	flashAdded: '“{name}” మీ షార్ట్‌లిస్ట్‌లో చేరింది.',
	flashRemoved: '“{name}” ఇప్పుడు మీ షార్ట్‌లిస్ట్‌లో లేదు.',
	flashFull: 'మీ షార్ట్‌లిస్ట్‌లో ఇప్పటికే {max} చీరలు ఉన్నాయి. కొత్తది చేర్చాలంటే ఒకటి తీసేయండి.',
	flashCleared: 'మీ షార్ట్‌లిస్ట్ ఇప్పుడు ఖాళీగా ఉంది.',
	flashUnavailable: 'ఆ చీర ఇప్పుడు మా కలెక్షన్‌లో లేదు.',
	flashFailed: 'మీ షార్ట్‌లిస్ట్‌ను మార్చలేకపోయాం. దయచేసి మళ్ళీ ప్రయత్నించండి.',
} satisfies Record<keyof typeof english, string>
