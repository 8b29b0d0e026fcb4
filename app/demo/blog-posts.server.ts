import type { BlogStatus } from '~/constants'

import type { SareeLook, Shot } from './fabric.server'

// The demo journal: three published posts and one draft, in Markdown.

export type DemoPost = {
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
