import type { whatsapp as english } from '~/i18n/en/whatsapp'

export const whatsapp = {
	generalEnquiry: 'నమస్తే, మీ చీరల కలెక్షన్ నాకు నచ్చింది. దయచేసి మరిన్ని వివరాలు పంపండి.',
	order: 'నమస్తే, నేను ఈ చీరను ఆర్డర్ చేయాలనుకుంటున్నాను. ప్రోడక్ట్ కోడ్: {code} - {name}.\n{url}',
	similar: 'నమస్తే, ఈ చీర రిజర్వ్ అయింది; ఇలాంటి చీర కావాలి. ప్రోడక్ట్ కోడ్: {code} - {name}.\n{url}',
	shortlistIntro_one: 'నమస్తే, నా షార్ట్‌లిస్ట్‌లోని ఈ చీర నాకు నచ్చింది.',
	shortlistIntro_other: 'నమస్తే, నా షార్ట్‌లిస్ట్‌లోని ఈ {count} చీరలు నాకు నచ్చాయి.',
	shortlistLine: '{number}. ప్రోడక్ట్ కోడ్: {code} - {name}\n{url}',
	shortlistLineSoldOut: '{number}. ప్రోడక్ట్ కోడ్: {code} - {name} (అమ్ముడైపోయింది)\n{url}',
} satisfies Record<keyof typeof english, string>
