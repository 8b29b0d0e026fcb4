import type { ProductStatus } from '~/constants'
import type { Translations } from '~/utils/translations'

import type { SareeLook, Shot } from './fabric.server'

// The demo catalogue: what a Pochampally weaver-seller might list. Prices are in paise. About half the
// sarees have their name and description in Telugu and Hindi as the seller would write them (some in
// one language only), so the shop shows both translated text and the English it falls back to.

export type DemoSaree = Partial<Translations<'name' | 'description'>> & {
	code: string
	name: string
	/** One of the three categories the shop starts with (migration 0013). */
	category: string
	status: ProductStatus
	originalPaise: number
	/** What the buyer pays; below originalPaise when the saree is on offer. */
	salePaise: number
	stock: number
	tags: string[]
	/** How long ago it was listed, so "newest first" has an order to show. */
	daysAgo: number
	description: string
	/** The photos, in gallery order; the first is the card image. */
	shots: Shot[]
	look: Omit<SareeLook, 'seed'>
}

const rupees = (n: number) => n * 100

export const DEMO_SAREES: DemoSaree[] = [
	{
		code: 'KPI-101',
		name: 'Maroon Kanchi Ikat Silk Saree with Green Temple Border',
		category: 'Kanchipattu Pochampally Ikkat',
		status: 'active',
		originalPaise: rupees(38_500),
		salePaise: rupees(34_900),
		stock: 3,
		tags: ['bridal', 'temple border', 'pure zari'],
		daysAgo: 2,
		description:
			'A deep maroon body woven in Pochampally double ikat, with stepped diamonds in mustard and ivory. The wide bottle-green Kanchi temple border carries real zari, and the pallu repeats the diamonds in a finer scale between gold bands.\n\nPure mulberry silk, 6.5 m including an unstitched blouse piece.',
		nameTe: 'ఆకుపచ్చ టెంపుల్ అంచుతో మెరూన్ కంచి ఇక్కత్ పట్టు చీర',
		nameHi: 'हरे टेंपल बॉर्डर वाली मैरून कांची इकत सिल्क साड़ी',
		descriptionTe:
			'పోచంపల్లి డబుల్ ఇక్కత్‌లో నేసిన ముదురు మెరూన్ పట్టు చీర. చీర అంతటా ఆవ పసుపు, ఐవరీ రంగుల్లో మెట్ల వజ్రాల డిజైన్. వెడల్పైన ముదురు ఆకుపచ్చ కంచి టెంపుల్ అంచులో అసలైన జరీ ఉంది; పల్లులో అవే వజ్రాలు బంగారు పట్టీల మధ్య ఇంకా సన్నగా వస్తాయి.\n\nస్వచ్ఛమైన మల్బరీ పట్టు, కుట్టని బ్లౌజ్ ముక్కతో కలిపి 6.5 మీటర్లు.',
		descriptionHi:
			'पोचमपल्ली डबल इकत में बुनी गहरे मैरून रंग की साड़ी, जिस पर सरसों-पीले और हाथीदाँत रंग के सीढ़ीनुमा डायमंड बने हैं। चौड़े बोतल-हरे कांची टेंपल बॉर्डर में असली ज़री है, और पल्लू में वही डायमंड सुनहरी पट्टियों के बीच और बारीक रूप में दोहराए गए हैं।\n\nशुद्ध मलबरी सिल्क, बिना सिले ब्लाउज़ पीस सहित 6.5 मीटर।',
		shots: ['drape', 'pallu', 'border', 'folded', 'texture'],
		look: {
			body: '#741226',
			shot: '#c23a2c',
			border: '#14553a',
			motifs: ['#e2b23f', '#f3e5c5', '#14553a'],
			pattern: 'diamond',
			borderStyle: 'temple',
			borderWidth: 130,
			repeat: 72,
			pallu: '#5c0e1d',
		},
	},
	{
		code: 'KPI-102',
		name: 'Peacock Blue Kanchi Ikat Silk Saree, Magenta Border',
		category: 'Kanchipattu Pochampally Ikkat',
		status: 'active',
		originalPaise: rupees(42_000),
		salePaise: rupees(42_000),
		stock: 2,
		tags: ['wedding', 'contrast border', 'pure zari'],
		daysAgo: 5,
		description:
			'Peacock blue silk with a chowka (checked) ikat body in teal and gold, framed by a rich magenta border with rudraksha motifs in zari. A saree for weddings and festive mornings.\n\nPure mulberry silk with silver-gold zari, 6.5 m including blouse.',
		nameTe: 'మెజెంటా అంచుతో నెమలి నీలం కంచి ఇక్కత్ పట్టు చీర',
		nameHi: 'मैजेंटा बॉर्डर वाली मोरपंखी नीली कांची इकत सिल्क साड़ी',
		descriptionTe:
			'నెమలి నీలం పట్టుపై టీల్, బంగారు రంగుల చౌకా (గడుల) ఇక్కత్; చుట్టూ జరీలో రుద్రాక్ష మోటిఫ్‌లతో నిండైన మెజెంటా అంచు. పెళ్లిళ్లకూ, పండుగ పూటలకూ తగిన చీర.\n\nవెండి-బంగారు జరీతో స్వచ్ఛమైన మల్బరీ పట్టు, బ్లౌజ్‌తో కలిపి 6.5 మీటర్లు.',
		descriptionHi:
			'मोरपंखी नीले रेशम पर टील और सुनहरे रंग का चौका (चारखाना) इकत, और चारों ओर ज़री के रुद्राक्ष मोटिफ़ वाला गहरा मैजेंटा बॉर्डर। शादियों और त्योहारों की सुबह के लिए ख़ास साड़ी।\n\nचाँदी-सुनहरी ज़री के साथ शुद्ध मलबरी सिल्क, ब्लाउज़ सहित 6.5 मीटर।',
		shots: ['drape', 'border', 'pallu'],
		look: {
			body: '#0b5a70',
			shot: '#2fa3a8',
			border: '#a3125e',
			motifs: ['#1b7d8a', '#d9a83a', '#e8f0e6'],
			pattern: 'chowka',
			borderStyle: 'rudraksha',
			borderWidth: 125,
			repeat: 64,
			pallu: '#8c0f50',
		},
	},
	{
		code: 'KPI-103',
		name: 'Emerald Kanchi Ikat Silk Saree with Rudraksha Zari Border',
		category: 'Kanchipattu Pochampally Ikkat',
		status: 'active',
		originalPaise: rupees(36_000),
		salePaise: rupees(32_500),
		stock: 4,
		tags: ['festive', 'buttas', 'pure zari'],
		daysAgo: 13,
		description:
			'Emerald green silk scattered with small ikat buttas in gold and rose, finished with a maroon border of rudraksha beads woven in zari. Light enough to wear all day.\n\nPure mulberry silk, 6.5 m including blouse.',
		shots: ['drape', 'pallu', 'border'],
		look: {
			body: '#0e6443',
			shot: '#3fae6a',
			border: '#6a1024',
			motifs: ['#e0b64a', '#f2c1c8', '#6a1024'],
			pattern: 'butta',
			borderStyle: 'rudraksha',
			borderWidth: 115,
			repeat: 80,
			pallu: '#6a1024',
		},
	},
	{
		code: 'KPI-104',
		name: 'Magenta Kanchi Ikat Silk Saree, Parrot Green Border',
		category: 'Kanchipattu Pochampally Ikkat',
		status: 'out_of_stock',
		originalPaise: rupees(45_000),
		salePaise: rupees(45_000),
		stock: 0,
		tags: ['bridal', 'telia rumal', 'pure zari'],
		daysAgo: 20,
		description:
			'Magenta silk woven in the telia rumal grid, each square holding an ikat diamond, with a parrot green temple border in zari. Sold out for now: ask on WhatsApp and we will tell you when the loom has the next one.\n\nPure mulberry silk, 6.5 m including blouse.',
		// Telugu only: Hindi visitors read this saree in English.
		nameTe: 'చిలుక పచ్చ అంచుతో మెజెంటా కంచి ఇక్కత్ పట్టు చీర',
		descriptionTe:
			'తేలియా రుమాల్ గడులలో నేసిన మెజెంటా పట్టు, ప్రతి గడిలో ఒక ఇక్కత్ వజ్రం; జరీతో చిలుక పచ్చ టెంపుల్ అంచు. ప్రస్తుతం అమ్ముడైపోయింది: వాట్సాప్‌లో అడగండి, మగ్గం మీద తర్వాతి చీర సిద్ధం కాగానే మీకు చెబుతాం.\n\nస్వచ్ఛమైన మల్బరీ పట్టు, బ్లౌజ్‌తో కలిపి 6.5 మీటర్లు.',
		shots: ['drape', 'border'],
		look: {
			body: '#9e1459',
			shot: '#e0457f',
			border: '#4f8a24',
			motifs: ['#e7c04f', '#f6e6cf', '#4f8a24'],
			pattern: 'telia',
			borderStyle: 'temple',
			borderWidth: 125,
			repeat: 78,
			pallu: '#7d0f46',
		},
	},
	{
		code: 'KPI-105',
		name: 'Black and Red Kanchi Ikat Bridal Silk Saree',
		category: 'Kanchipattu Pochampally Ikkat',
		status: 'draft',
		originalPaise: rupees(44_500),
		salePaise: rupees(44_500),
		stock: 1,
		tags: ['bridal', 'temple border'],
		daysAgo: 1,
		description: 'A black body with red and gold ikat diamonds and a broad red temple border. Photographs still being finalised.',
		shots: ['drape', 'border'],
		look: {
			body: '#1e1a1d',
			shot: '#6b4a5a',
			border: '#b0152b',
			motifs: ['#b0152b', '#e2b54a', '#f1e3c6'],
			pattern: 'diamond',
			borderStyle: 'temple',
			borderWidth: 140,
			repeat: 70,
			pallu: '#b0152b',
		},
	},
	{
		code: 'DPI-201',
		name: 'Mustard Dharmavaram Ikat Silk Saree with Maroon Pallu',
		category: 'Dharmavaram Pochampally Ikkat',
		status: 'active',
		originalPaise: rupees(26_500),
		salePaise: rupees(23_900),
		stock: 5,
		tags: ['festive', 'chevron', 'contrast pallu'],
		daysAgo: 9,
		description:
			'Turmeric-mustard silk with ikat chevrons in maroon and ivory, a broad Dharmavaram border and a contrasting maroon pallu. Bright, cheerful and easy to drape.\n\nPure silk, 6.3 m including blouse.',
		nameTe: 'మెరూన్ పల్లుతో ఆవ పసుపు ధర్మవరం ఇక్కత్ పట్టు చీర',
		nameHi: 'मैरून पल्लू वाली सरसों-पीली धर्मावरम इकत सिल्क साड़ी',
		descriptionTe:
			'పసుపు-ఆవ రంగు పట్టుపై మెరూన్, ఐవరీ రంగుల్లో V ఆకారపు ఇక్కత్ డిజైన్, వెడల్పాటి ధర్మవరం అంచు, దానికి భిన్నంగా మెరూన్ పల్లు. కళకళలాడే రంగు, కట్టుకోవడం సులువు.\n\nస్వచ్ఛమైన పట్టు, బ్లౌజ్‌తో కలిపి 6.3 మీటర్లు.',
		descriptionHi:
			'हल्दी-सरसों रंग के रेशम पर मैरून और हाथीदाँत रंग के V आकार वाले इकत पैटर्न, चौड़ा धर्मावरम बॉर्डर और उससे उलट रंग का मैरून पल्लू। खिला-खिला रंग, पहनने में आसान।\n\nशुद्ध सिल्क, ब्लाउज़ सहित 6.3 मीटर।',
		shots: ['drape', 'pallu', 'folded'],
		look: {
			body: '#c68f17',
			shot: '#f2c14a',
			border: '#6b1023',
			motifs: ['#6b1023', '#f5e9cf', '#1f5b3c'],
			pattern: 'chevron',
			borderStyle: 'stripes',
			borderWidth: 140,
			repeat: 70,
			pallu: '#6b1023',
		},
	},
	{
		code: 'DPI-202',
		name: 'Rani Pink Dharmavaram Ikat Silk Saree with Gold Border',
		category: 'Dharmavaram Pochampally Ikkat',
		status: 'active',
		originalPaise: rupees(28_000),
		salePaise: rupees(28_000),
		stock: 3,
		tags: ['wedding', 'diamonds', 'pure zari'],
		daysAgo: 16,
		description:
			'Rani pink silk with ikat diamonds in purple and gold, a wide zari border edged in deep purple, and a richly banded pallu.\n\nPure silk, 6.3 m including blouse.',
		shots: ['drape', 'border', 'pallu'],
		look: {
			body: '#c0185a',
			shot: '#f0588a',
			border: '#48195a',
			motifs: ['#e4b548', '#48195a', '#f8e3ea'],
			pattern: 'diamond',
			borderStyle: 'temple',
			borderWidth: 150,
			repeat: 66,
			pallu: '#48195a',
		},
	},
	{
		code: 'DPI-203',
		name: 'Royal Purple Dharmavaram Ikat Silk Saree',
		category: 'Dharmavaram Pochampally Ikkat',
		status: 'active',
		originalPaise: rupees(31_500),
		salePaise: rupees(28_500),
		stock: 2,
		tags: ['festive', 'checks', 'contrast border'],
		daysAgo: 24,
		description:
			'Royal purple silk in a chowka check of violet and gold, with a mustard Dharmavaram border and a matching pallu. A classic for Sankranti and family functions.\n\nPure silk, 6.3 m including blouse.',
		nameTe: 'ముదురు ఊదా రంగు ధర్మవరం ఇక్కత్ పట్టు చీర',
		nameHi: 'शाही बैंगनी धर्मावरम इकत सिल्क साड़ी',
		descriptionTe:
			'వయొలెట్, బంగారు రంగుల చౌకా గడులతో ముదురు ఊదా పట్టు; ఆవ పసుపు ధర్మవరం అంచు, దానికి జోడైన పల్లు. సంక్రాంతికీ, ఇంట్లో శుభకార్యాలకూ ఎప్పటికీ నిలిచే చీర.\n\nస్వచ్ఛమైన పట్టు, బ్లౌజ్‌తో కలిపి 6.3 మీటర్లు.',
		descriptionHi:
			'जामुनी और सुनहरे चौका चारखाने वाला शाही बैंगनी रेशम, सरसों-पीला धर्मावरम बॉर्डर और उससे मेल खाता पल्लू। संक्रांति और परिवार के शुभ अवसरों के लिए सदाबहार साड़ी।\n\nशुद्ध सिल्क, ब्लाउज़ सहित 6.3 मीटर।',
		shots: ['drape', 'pallu'],
		look: {
			body: '#4a1e6e',
			shot: '#8c5ac2',
			border: '#c8891a',
			motifs: ['#6a3595', '#e5b64b', '#f3e2c4'],
			pattern: 'chowka',
			borderStyle: 'stripes',
			borderWidth: 145,
			repeat: 60,
			pallu: '#c8891a',
		},
	},
	{
		code: 'DPI-204',
		name: 'Bottle Green Dharmavaram Ikat Silk Saree, Orange Border',
		category: 'Dharmavaram Pochampally Ikkat',
		status: 'out_of_stock',
		originalPaise: rupees(24_000),
		salePaise: rupees(24_000),
		stock: 0,
		tags: ['buttas', 'contrast border'],
		daysAgo: 33,
		description:
			'Bottle green silk with small ikat buttas and a glowing orange border in zari. Sold out: a new piece is on the loom.\n\nPure silk, 6.3 m including blouse.',
		shots: ['drape', 'folded'],
		look: {
			body: '#134538',
			shot: '#2f8a62',
			border: '#d65a17',
			motifs: ['#e3b24a', '#d65a17', '#f4e7cf'],
			pattern: 'butta',
			borderStyle: 'rudraksha',
			borderWidth: 135,
			repeat: 74,
			pallu: '#d65a17',
		},
	},
	{
		code: 'PI-301',
		name: 'Indigo Pochampally Double Ikat Silk Saree',
		category: 'Pochampally Ikkat',
		status: 'active',
		originalPaise: rupees(14_500),
		salePaise: rupees(12_900),
		stock: 6,
		tags: ['double ikat', 'diamonds', 'office wear'],
		daysAgo: 4,
		description:
			'Indigo silk in true double ikat: both warp and weft are tie-dyed before weaving, so the diamonds in red and ivory appear on both sides. A narrow red border keeps it light for everyday wear.\n\nPure silk, 6.2 m including blouse.',
		nameTe: 'నీలిమందు రంగు పోచంపల్లి డబుల్ ఇక్కత్ పట్టు చీర',
		nameHi: 'नील रंग की पोचमपल्ली डबल इकत सिल्क साड़ी',
		descriptionTe:
			'అసలైన డబుల్ ఇక్కత్‌లో నీలిమందు రంగు పట్టు: నేయడానికి ముందే పడుగు, పేక రెండింటినీ కట్టి రంగు వేస్తారు, అందుకే ఎరుపు, ఐవరీ వజ్రాలు చీరకు రెండు వైపులా ఒకేలా కనిపిస్తాయి. సన్నని ఎరుపు అంచుతో రోజూ కట్టుకోవడానికి తేలికగా ఉంటుంది.\n\nస్వచ్ఛమైన పట్టు, బ్లౌజ్‌తో కలిపి 6.2 మీటర్లు.',
		descriptionHi:
			'असली डबल इकत में बुना नील रंग का रेशम: बुनाई से पहले ताना और बाना दोनों बाँधकर रंगे जाते हैं, इसलिए लाल और हाथीदाँत रंग के डायमंड साड़ी के दोनों ओर एक जैसे दिखते हैं। पतला लाल बॉर्डर इसे रोज़ पहनने लायक हल्का रखता है।\n\nशुद्ध सिल्क, ब्लाउज़ सहित 6.2 मीटर।',
		shots: ['drape', 'texture', 'border'],
		look: {
			body: '#1f2c66',
			shot: '#4d64b8',
			border: '#a4162d',
			motifs: ['#a4162d', '#efe6d2', '#d9a83a'],
			pattern: 'diamond',
			borderStyle: 'stripes',
			borderWidth: 80,
			repeat: 58,
			pallu: '#a4162d',
		},
	},
	{
		code: 'PI-302',
		// Quotes, an ampersand, commas and Telugu, as sellers type them: the feeds and pages must carry them intact.
		name: 'Rust "Telia Rumal" Ikat Silk Saree, Grid & Border – తేలియా రుమాల్',
		category: 'Pochampally Ikkat',
		status: 'active',
		originalPaise: rupees(12_000),
		salePaise: rupees(12_000),
		stock: 4,
		tags: ['telia rumal', 'grid', 'office wear'],
		daysAgo: 28,
		description:
			'Rust orange silk in the "telia rumal" grid, the old Chirala & Pochampally pattern, with a charcoal border.\nచేనేత పట్టు చీర, పోచంపల్లి. Lightweight, easy to care for.\n\nPure silk, 6.2 m including blouse.',
		shots: ['drape', 'hanging'],
		look: {
			body: '#ae431d',
			shot: '#e77a3c',
			border: '#231c1d',
			motifs: ['#231c1d', '#f0dfc0', '#dca83d'],
			pattern: 'telia',
			borderStyle: 'stripes',
			borderWidth: 75,
			repeat: 66,
			pallu: '#231c1d',
		},
	},
	{
		code: 'PI-303',
		name: 'Turmeric Yellow Pochampally Ikat Silk Saree',
		category: 'Pochampally Ikkat',
		status: 'active',
		originalPaise: rupees(9_800),
		salePaise: rupees(8_500),
		stock: 5,
		tags: ['haldi', 'chevron', 'lightweight'],
		daysAgo: 37,
		description:
			'Turmeric yellow silk with green and red ikat chevrons: the saree families ask for on haldi mornings. Narrow green border, chevron pallu.\n\nPure silk, 6.2 m including blouse.',
		// Hindi name only: Hindi visitors read its description in English.
		nameTe: 'పసుపు రంగు పోచంపల్లి ఇక్కత్ పట్టు చీర',
		nameHi: 'हल्दी-पीली पोचमपल्ली इकत सिल्क साड़ी',
		descriptionTe:
			'ఆకుపచ్చ, ఎరుపు రంగుల్లో V ఆకారపు ఇక్కత్ డిజైన్‌తో పసుపు పట్టు: హల్దీ వేడుకకు కుటుంబాలు ప్రత్యేకంగా అడిగే చీర. సన్నని ఆకుపచ్చ అంచు, అదే డిజైన్‌తో పల్లు.\n\nస్వచ్ఛమైన పట్టు, బ్లౌజ్‌తో కలిపి 6.2 మీటర్లు.',
		shots: ['drape', 'pallu', 'texture'],
		look: {
			body: '#d39e1d',
			shot: '#f7cf55',
			border: '#1c5b38',
			motifs: ['#1c5b38', '#b3202e', '#f6ecd3'],
			pattern: 'chevron',
			borderStyle: 'stripes',
			borderWidth: 85,
			repeat: 62,
			pallu: '#1c5b38',
		},
	},
	{
		code: 'PI-304',
		name: 'Sea Green Pochampally Ikat Silk Saree with Pink Border',
		category: 'Pochampally Ikkat',
		status: 'active',
		originalPaise: rupees(11_500),
		salePaise: rupees(11_500),
		stock: 3,
		tags: ['buttas', 'contrast border', 'lightweight'],
		daysAgo: 44,
		description:
			'Sea green silk with scattered ikat buttas and a soft pink border edged in zari. A gentle colour for daytime functions.\n\nPure silk, 6.2 m including blouse.',
		shots: ['drape', 'border', 'pallu'],
		look: {
			body: '#1b7a70',
			shot: '#4fc2aa',
			border: '#c23b6c',
			motifs: ['#f1e4c8', '#c23b6c', '#e0b04a'],
			pattern: 'butta',
			borderStyle: 'rudraksha',
			borderWidth: 90,
			repeat: 70,
			pallu: '#c23b6c',
		},
	},
	{
		code: 'PI-305',
		name: 'Coral Pink Pochampally Ikat Silk Saree',
		category: 'Pochampally Ikkat',
		status: 'draft',
		originalPaise: rupees(10_500),
		salePaise: rupees(10_500),
		stock: 2,
		tags: ['checks', 'lightweight'],
		daysAgo: 0,
		description: 'Coral pink silk with a navy chowka check. Price to be confirmed with the weaver.',
		shots: ['drape', 'folded'],
		look: {
			body: '#d4575a',
			shot: '#f38a7a',
			border: '#1c2a55',
			motifs: ['#1c2a55', '#f5e3cf', '#e0b04a'],
			pattern: 'chowka',
			borderStyle: 'stripes',
			borderWidth: 80,
			repeat: 56,
			pallu: '#1c2a55',
		},
	},
]
