import type { BlogStatus } from '~/constants'
import type { Translations } from '~/utils/translations'

import type { SareeLook, Shot } from './fabric.server'

// The demo journal: three published posts and one draft, in Markdown. The care guide is also in
// Telugu (with its own excerpt) and Hindi (without one: it is made from the Hindi text).

export type DemoPost = Partial<Translations<'title' | 'excerpt' | 'content'>> & {
	/** Its address is made from it, as the editor makes it. */
	title: string
	status: BlogStatus
	author: string
	tags: string[]
	daysAgo: number
	excerpt: string
	content: string
	/** The cover (1200 × 600): which saree it shows and how. */
	cover: { shot: Shot | 'loom'; look: Omit<SareeLook, 'seed'> }
}

const maroonDiamond: Omit<SareeLook, 'seed'> = {
	body: '#741226',
	shot: '#c23a2c',
	border: '#14553a',
	motifs: ['#e2b23f', '#f3e5c5', '#14553a'],
	pattern: 'diamond',
	borderStyle: 'temple',
	borderWidth: 130,
	repeat: 72,
	pallu: '#5c0e1d',
}

export const DEMO_POSTS: DemoPost[] = [
	{
		title: 'What Makes Pochampally Ikat Unique',
		status: 'published',
		author: 'Padma Chintakindi',
		tags: ['pochampally', 'ikat', 'heritage'],
		daysAgo: 26,
		excerpt:
			'The pattern of a Pochampally saree is dyed into the yarn before a single thread is woven. Here is how that works, and how to recognise it.',
		content: `Walk through Bhoodan Pochampally on a weekday and you will hear the looms before you see them. The village, about fifty kilometres from Hyderabad, has given its name to one of India's best-loved handloom traditions.

## Dyed before it is woven

In most printed or embroidered sarees the design is added to finished cloth. In **ikat** it is the other way round: the weaver ties off sections of the yarn with thread or rubber strips, dyes it, and repeats the process for each colour. Only then does the yarn go on the loom, where the dyed sections line up into diamonds, chevrons and grids.

That is why the edges of an ikat motif look slightly feathered. It is not a flaw; it is the signature of the technique.

## Single and double ikat

- **Single ikat**: only the warp (lengthwise threads) or only the weft (crosswise threads) is tie-dyed.
- **Double ikat**: both are dyed, and the weaver aligns them pick by pick. It is slower, rarer and shows the design equally on both sides.
- **Telia rumal**: an old oil-treated style from the same region, with bold grids in red, black and white.

## How to recognise a real one

1. Look at the back: a woven ikat shows the same pattern on the reverse, never a blank side.
2. Look closely at the motif edges: they should be softly stepped, not printed sharp.
3. Ask for the code: every saree in our [collection](/collections) has one, and we will happily send more photos on WhatsApp.

Pochampally ikat received a Geographical Indication (GI) tag in 2004. You can read more about its history on [Wikipedia](https://en.wikipedia.org/wiki/Pochampally_Saree).`,
		cover: { shot: 'texture', look: maroonDiamond },
	},
	{
		title: 'How to Care for Your Silk Saree',
		status: 'published',
		author: 'Lakshmi Gajam',
		tags: ['silk care', 'tips'],
		daysAgo: 15,
		excerpt:
			'A pure silk saree can last for generations. A few simple habits — airing, folding, storing — keep the colour bright and the zari from tarnishing.',
		content: `A handloom silk saree is an heirloom in the making. With a little care it will look as good at your daughter's wedding as it does at yours.

## After every wear

- Air the saree in the shade for an hour before folding it. Sweat and perfume are the enemies of silk.
- Never spray perfume directly on the fabric or the zari.
- Spot-clean a stain gently with cold water; do not rub.

## Washing

We recommend **dry clean only** for the first few washes, especially for sarees with contrast borders. If you do wash at home:

1. Use cold water and a mild, pH-neutral liquid detergent.
2. Wash the body and the border separately the first time, to check the colours.
3. Roll the saree in a towel to remove water. Never wring it.
4. Dry in the shade, flat or over a rod.

## Storing

- Wrap each saree in a soft cotton or muslin cloth, never in plastic.
- Refold it every two or three months along different lines, so the folds do not weaken the threads.
- Keep a few neem leaves or a sachet of cloves in the cupboard instead of naphthalene balls, which can stain the zari.

## Ironing

Iron on the reverse side at a low silk setting, with a cotton cloth between the iron and the saree. Go lightly over the zari border.

Have a question about a saree you bought from us? [Message us on WhatsApp](/whatsapp) with the product code.`,
		titleTe: 'మీ పట్టు చీరను ఎలా జాగ్రత్తగా చూసుకోవాలి',
		titleHi: 'अपनी रेशमी साड़ी की देखभाल कैसे करें',
		excerptTe: 'స్వచ్ఛమైన పట్టు చీర తరతరాలు నిలుస్తుంది. గాలికి ఆరబెట్టడం, మడతపెట్టడం, జాగ్రత్తగా దాచడం: ఈ చిన్న అలవాట్లతో రంగు మెరుస్తూ ఉంటుంది, జరీ నల్లబడదు.',
		contentTe: `చేనేత పట్టు చీర తరతరాలు నిలిచే వారసత్వ సంపద. కొంచెం జాగ్రత్త తీసుకుంటే, మీ పెళ్లిలో ఎంత అందంగా ఉందో మీ అమ్మాయి పెళ్లిలోనూ అంతే అందంగా ఉంటుంది.

## కట్టుకున్న ప్రతిసారీ

- మడతపెట్టే ముందు చీరను ఒక గంట నీడలో గాలికి ఆరనివ్వండి. చెమట, పర్‌ఫ్యూమ్ పట్టుకు శత్రువులు.
- పర్‌ఫ్యూమ్‌ను నేరుగా బట్టపై గానీ జరీపై గానీ ఎప్పుడూ స్ప్రే చేయకండి.
- మరక పడితే చల్లని నీటితో మెల్లగా శుభ్రం చేయండి; రుద్దకండి.

## ఉతకడం

మొదటి కొన్నిసార్లు, ముఖ్యంగా కాంట్రాస్ట్ అంచు ఉన్న చీరలకు, **డ్రై క్లీన్ మాత్రమే** చేయించమని మా సలహా. ఇంట్లోనే ఉతకాలనుకుంటే:

1. చల్లని నీరు, తేలికపాటి pH-న్యూట్రల్ లిక్విడ్ డిటర్జెంట్ వాడండి.
2. రంగు పోతుందేమో తెలుసుకోవడానికి, మొదటిసారి చీర మధ్య భాగాన్నీ అంచునూ విడివిడిగా ఉతకండి.
3. నీరు పోయేలా చీరను టవల్‌లో చుట్టండి. ఎప్పుడూ పిండకండి.
4. నీడలో, పరిచి గానీ కర్రపై వేసి గానీ ఆరబెట్టండి.

## దాచిపెట్టడం

- ప్రతి చీరను మెత్తని కాటన్ లేదా మల్‌మల్ బట్టలో చుట్టండి, ప్లాస్టిక్‌లో ఎప్పుడూ వద్దు.
- మడతల దగ్గర దారాలు బలహీనపడకుండా, రెండు మూడు నెలలకోసారి వేరే గీతల వెంట మళ్లీ మడతపెట్టండి.
- జరీపై మరకలు పడేలా చేసే కలరా ఉండల బదులు, బీరువాలో కొన్ని వేప ఆకులు లేదా లవంగాల చిన్న మూట ఉంచండి.

## ఇస్త్రీ

చీరను వెనుక వైపు నుంచి, తక్కువ సిల్క్ సెట్టింగ్‌లో, ఇస్త్రీ పెట్టెకూ చీరకూ మధ్య ఒక కాటన్ బట్ట వేసి ఇస్త్రీ చేయండి. జరీ అంచుపై తేలికగా మాత్రమే వెళ్లండి.

మా దగ్గర కొన్న చీర గురించి ఏదైనా సందేహం ఉందా? ప్రోడక్ట్ కోడ్‌తో [వాట్సాప్‌లో మాకు మెసేజ్ చేయండి](/whatsapp).`,
		contentHi: `हथकरघा रेशमी साड़ी आने वाली पीढ़ियों की धरोहर बनती है। थोड़ी-सी देखभाल से यह आपकी बेटी की शादी में भी उतनी ही सुंदर लगेगी जितनी आपकी शादी में लगी थी।

## हर बार पहनने के बाद

- तह करने से पहले साड़ी को एक घंटे छाँव में हवा लगने दें। पसीना और परफ़्यूम रेशम के दुश्मन हैं।
- कपड़े या ज़री पर कभी सीधे परफ़्यूम न छिड़कें।
- दाग़ लगे तो ठंडे पानी से हल्के हाथ से साफ़ करें; रगड़ें नहीं।

## धुलाई

शुरू की कुछ धुलाइयों में, ख़ासकर कंट्रास्ट बॉर्डर वाली साड़ियों के लिए, हम **सिर्फ़ ड्राई क्लीन** की सलाह देते हैं। अगर घर पर धोना हो तो:

1. ठंडा पानी और हल्का, pH-न्यूट्रल लिक्विड डिटर्जेंट इस्तेमाल करें।
2. पहली बार साड़ी का बीच का हिस्सा और बॉर्डर अलग-अलग धोएँ, ताकि पता चल जाए कि रंग तो नहीं छूटता।
3. पानी निकालने के लिए साड़ी को तौलिये में लपेटें। कभी निचोड़ें नहीं।
4. छाँव में, फैलाकर या किसी डंडे पर डालकर सुखाएँ।

## सँभालकर रखना

- हर साड़ी को मुलायम सूती या मलमल के कपड़े में लपेटें, प्लास्टिक में कभी नहीं।
- हर दो-तीन महीने में तह की लकीरें बदलकर दोबारा तह करें, ताकि एक ही जगह मुड़ते-मुड़ते धागे कमज़ोर न हों।
- नेफ़्थलीन की गोलियों की जगह, जिनसे ज़री पर दाग़ पड़ सकते हैं, अलमारी में कुछ नीम की पत्तियाँ या लौंग की छोटी पोटली रखें।

## इस्त्री

साड़ी को उलटी तरफ़ से, सिल्क की धीमी सेटिंग पर, इस्त्री और साड़ी के बीच एक सूती कपड़ा रखकर इस्त्री करें। ज़री वाले बॉर्डर पर हल्के हाथ से ही चलाएँ।

हमसे ख़रीदी साड़ी के बारे में कोई सवाल है? प्रोडक्ट कोड के साथ [हमें व्हाट्सऐप पर मैसेज करें](/whatsapp)।`,
		cover: {
			shot: 'folded',
			look: {
				body: '#0b5a70',
				shot: '#2fa3a8',
				border: '#a3125e',
				motifs: ['#d9a83a', '#e8f0e6', '#a3125e'],
				pattern: 'chowka',
				borderStyle: 'rudraksha',
				borderWidth: 125,
				repeat: 64,
				pallu: '#8c0f50',
			},
		},
	},
	{
		title: 'From Yarn to Saree: The Weaving Process',
		status: 'published',
		author: 'Srinivas Bhoodan',
		tags: ['weaving', 'process', 'handloom'],
		daysAgo: 6,
		excerpt:
			'Acquiring the silk, bleaching the yarn, making the design and weaving: the four steps behind every saree, and why one piece takes a weaver two to three weeks.',
		content: `Every saree on our shelves passes through the same four stages, most of them in the weaver's own home.

## 1. Acquiring silk

We buy pure mulberry silk yarn from reelers in Karnataka and sort it by hand. Even thickness matters: an uneven thread shows as a line across the finished saree.

## 2. Bleaching the yarn

Raw silk is coated in a natural gum called sericin. The yarn is boiled and degummed until it is soft and takes dye evenly.

## 3. Making the design

This is the heart of ikat:

- The design is drawn on graph paper, then marked onto the stretched yarn.
- Sections are tied off tightly and the yarn is dyed, one colour at a time, lightest first.
- A single saree can need **thousands of knots** and a week of tying and dyeing.

## 4. Weaving

On a pit loom the weaver throws the shuttle and adjusts the dyed threads by hand, pick by pick, until the pattern lines up. A plain border saree takes about ten days; a double ikat with a zari border, two to three weeks.

## Why it matters

When you buy a handloom saree you pay for that time, and for a skill passed down in families for generations. See the [Handloom Mark scheme](https://handlooms.nic.in/) for more on how India certifies handwoven cloth.`,
		cover: { shot: 'loom', look: { ...maroonDiamond, body: '#1f2c66', shot: '#4d64b8', motifs: ['#a4162d', '#efe6d2', '#d9a83a'] } },
	},
	{
		title: 'Choosing a Bridal Silk Saree: A Short Guide',
		status: 'draft',
		author: 'Padma Chintakindi',
		tags: ['bridal', 'guide'],
		daysAgo: 1,
		excerpt: 'Colour, border, weight and budget: what to decide before you visit the shop.',
		content: `## Start with the colour

Reds and maroons are traditional, but peacock blue, magenta and emerald are just as auspicious.

## Then the border

- A **temple border** suits a classic look.
- A **contrast border** photographs beautifully.

Browse the [collection](/collections) for both.

*Draft: add photos from the last wedding season.*`,
		cover: {
			shot: 'border',
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
	},
]

/** A post the seller deleted a few days ago: the demo's Trash shows it, ready to restore. */
export const DEMO_TRASHED_POST: DemoPost & { deletedDaysAgo: number } = {
	title: 'Festival Offers (last season)',
	status: 'published',
	author: 'Padma Chintakindi',
	tags: ['offers'],
	daysAgo: 40,
	deletedDaysAgo: 3,
	excerpt: "Last season's festival prices, kept for reference.",
	content: `## Festival offers

These prices ended with the season. Ask on WhatsApp for this year's.`,
	cover: { shot: 'texture', look: maroonDiamond },
}
