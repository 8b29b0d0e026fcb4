import type { ReactNode } from 'react'
import { Link } from 'react-router'

import { Achievements } from '~/components/shop/achievements'
import { ArrowRightIcon, AwardIcon, CheckIcon, HandIcon, SpoolIcon, WhatsAppIcon } from '~/components/shop/icons'
import { CONTAINER, container, Eyebrow, Ornament, OUTLINE_BUTTON, PageHeading, PRIMARY_BUTTON } from '~/components/shop/page-bits'
import { layoutDataFromMatches, useShopLayoutData } from '~/components/shop/shop-data'
import { Slideshow } from '~/components/shop/slideshow'
import { WhatsAppLink } from '~/components/shop/whatsapp-link'
import { LIMITS, YEARS_OF_EXPERIENCE } from '~/constants'
import { SHAREABLE_PAGE } from '~/utils/route-area'
import { seoMeta } from '~/utils/seo'

import type { Route } from './+types/about'

// The same for every visitor: the server may keep one rendering of it (server/page-cache.ts).
export const handle = SHAREABLE_PAGE

export function meta({ matches }: Route.MetaArgs) {
	const layout = layoutDataFromMatches(matches)
	if (!layout) return [{ title: 'About Us' }]
	const { shop, origin, shareImage } = layout
	return seoMeta({
		origin,
		path: '/about',
		siteName: shop.shopName,
		title: `About Us – ${shop.shopName}`,
		description: `The story of ${shop.shopName}: a family of Pochampally weavers with ${YEARS_OF_EXPERIENCE} years at the loom and a Best Weaver Award, making pure silk ikat sarees entirely by hand.`,
		image: shareImage,
	})
}

const UNIQUE = [
	{
		title: 'Tie-and-dye before weaving',
		text: 'In ikat the pattern is dyed into the threads before the loom is set up, so the design lives inside the cloth rather than printed on it.',
		Icon: SpoolIcon,
	},
	{
		title: 'Woven entirely by hand',
		text: 'Every saree is woven on a pit loom, pick by pick. A single saree can take a weaver two to three weeks.',
		Icon: HandIcon,
	},
	{
		title: 'Recognised craftsmanship',
		text: 'Our master weaver’s work has been honoured with a Best Weaver Award, and Pochampally ikat carries a Geographical Indication tag.',
		Icon: AwardIcon,
	},
] as const

const PROMISES = [
	'Pure silk, never blends passed off as silk',
	'Each saree photographed as it is, so what you see is what you receive',
	'Honest prices, straight from the weavers',
	'Free shipping across India, carefully packed',
]

export default function About() {
	const { shop } = useShopLayoutData()
	return (
		<>
			<PageHeading eyebrow="About Us" title={`Welcome to ${shop.shopName}`}>
				<p>
					We are a family of handloom weavers with {YEARS_OF_EXPERIENCE} years of turning pure silk into Pochampally ikat sarees. Thank you
					for visiting us.
				</p>
			</PageHeading>

			<section aria-label="Our mission and vision" className="py-16 sm:py-20">
				<div className={container('max-w-4xl')}>
					<Slideshow
						label="Our mission and vision"
						idPrefix="about-slide"
						intervalMs={LIMITS.aboutSlideMs}
						startDelayMs={LIMITS.aboutSlideDelayMs}
						staticClassName="nojs:grid nojs:gap-6 nojs:md:grid-cols-2"
						slides={[
							{
								id: 'mission',
								name: 'Our Mission',
								content: (
									<MissionCard title="Our Mission">
										To keep the art of Pochampally ikat alive by bringing handwoven silk sarees from our looms directly to you, with fair
										work for every weaver and honest prices for every customer.
									</MissionCard>
								),
							},
							{
								id: 'vision',
								name: 'Our Vision',
								content: (
									<MissionCard title="Our Vision">
										A future where every woman who loves silk can own a genuine handloom saree, and where the next generation of weavers is
										proud to carry the craft forward.
									</MissionCard>
								),
							},
						]}
					/>
				</div>
			</section>

			<section aria-labelledby="story-title" className="bg-white py-16 sm:py-24">
				<div className={`${CONTAINER} grid gap-10 lg:grid-cols-2 lg:gap-16`}>
					<div>
						<Eyebrow>Our Story</Eyebrow>
						<h2 id="story-title" className="mt-3 font-serif text-3xl text-maroon-900 sm:text-4xl">
							Generations at the loom
						</h2>
					</div>
					<div className="space-y-5 text-lg leading-relaxed text-stone-700">
						<p>
							Our story began in a small weavers’ village in the Pochampally region of Telangana, where the rhythm of the loom is the sound
							of every home. What started as a single pit loom has grown into a family workshop where silk is tied, dyed and woven under one
							roof.
						</p>
						<p>
							In {YEARS_OF_EXPERIENCE} years we have woven thousands of sarees for weddings, festivals and everyday elegance. Today we share
							them with you directly: no middlemen, no showrooms, just the weavers and you, one WhatsApp message apart.
						</p>
					</div>
				</div>
			</section>

			<section aria-labelledby="unique-title" className="py-16 sm:py-24">
				<div className={CONTAINER}>
					<div className="text-center">
						<Eyebrow>What makes us unique</Eyebrow>
						<h2 id="unique-title" className="mt-3 font-serif text-3xl text-maroon-900 sm:text-4xl">
							The craft behind every saree
						</h2>
						<Ornament className="mt-5" />
					</div>
					<ul className="mt-12 grid gap-6 md:grid-cols-3">
						{UNIQUE.map(({ title, text, Icon }) => (
							<li key={title} className="rounded-2xl bg-white p-8 shadow-sm ring-1 ring-stone-900/5">
								<span className="flex h-12 w-12 items-center justify-center rounded-full bg-maroon-800 text-gold-200">
									<Icon className="h-6 w-6" />
								</span>
								<h3 className="mt-5 font-serif text-2xl text-maroon-900">{title}</h3>
								<p className="mt-3 leading-relaxed text-stone-700">{text}</p>
							</li>
						))}
					</ul>
				</div>
			</section>

			<section aria-labelledby="promise-title" className="bg-gold-50 py-16 sm:py-24">
				<div className={`${CONTAINER} grid gap-10 lg:grid-cols-2 lg:gap-16`}>
					<div>
						<Eyebrow>Our Promise</Eyebrow>
						<h2 id="promise-title" className="mt-3 font-serif text-3xl text-maroon-900 sm:text-4xl">
							Authentic handloom, always
						</h2>
						<p className="mt-5 text-lg leading-relaxed text-stone-700">
							When you buy from {shop.shopName} you are buying directly from the people who made your saree. This is what we promise you.
						</p>
					</div>
					<ul className="space-y-4">
						{PROMISES.map((promise) => (
							<li key={promise} className="flex items-start gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-gold-200">
								<CheckIcon className="mt-0.5 h-6 w-6 shrink-0 text-gold-600" />
								<span className="text-lg text-stone-800">{promise}</span>
							</li>
						))}
					</ul>
				</div>
			</section>

			<Achievements />

			<section aria-labelledby="invite-title" className="py-16 sm:py-24">
				<div className={`${container('max-w-3xl')} text-center`}>
					<h2 id="invite-title" className="font-serif text-3xl text-maroon-900 sm:text-4xl">
						Come, find your saree
					</h2>
					<Ornament className="mt-5" />
					<p className="mt-6 text-lg leading-relaxed text-stone-700">
						Browse our collection and send us the code of the saree you love on WhatsApp. We will answer every question, share more photos
						and have it on its way to you.
					</p>
					<div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
						<Link to="/collections" className={PRIMARY_BUTTON}>
							Explore Collection
							<ArrowRightIcon className="h-5 w-5" />
						</Link>
						<WhatsAppLink className={OUTLINE_BUTTON}>
							<WhatsAppIcon className="h-5 w-5" />
							Chat on WhatsApp
						</WhatsAppLink>
					</div>
				</div>
			</section>
		</>
	)
}

function MissionCard({ title, children }: { title: string; children: ReactNode }) {
	return (
		<article className="relative h-full overflow-hidden rounded-2xl bg-maroon-900 px-8 py-12 text-center text-white sm:px-14 sm:py-16">
			<div className="bg-ikat absolute inset-0 opacity-30" aria-hidden="true" />
			<div className="relative">
				<h2 className="font-serif text-3xl text-gold-200 sm:text-4xl">{title}</h2>
				<div className="mx-auto mt-5 flex items-center justify-center gap-3 text-gold-400" aria-hidden="true">
					<span className="h-px w-10 bg-current" />
					<span className="h-1.5 w-1.5 rotate-45 bg-current" />
					<span className="h-px w-10 bg-current" />
				</div>
				<p className="mx-auto mt-6 max-w-2xl font-serif text-xl leading-relaxed text-maroon-50 sm:text-2xl">{children}</p>
			</div>
		</article>
	)
}
