// The About page (/about): the family's welcome, mission and vision, story, craft, promise and the
// invitation. The achievements band and the slideshow controls on it are the `home` area's.
export const about = {
	metaTitle: 'About Us – {shop}',
	metaTitleShort: 'About Us',
	metaDescription:
		'The story of {shop}: a family of Pochampally weavers with {years} years at the loom and a Best Weaver Award, making pure silk ikat sarees entirely by hand.',
	eyebrow: 'About Us',
	welcomeTitle: 'Welcome to {shop}',
	welcomeText:
		'We are a family of handloom weavers with {years} years of turning pure silk into Pochampally ikat sarees. Thank you for visiting us.',
	missionVision: 'Our mission and vision',
	missionTitle: 'Our Mission',
	missionText:
		'To keep the art of Pochampally ikat alive by bringing handwoven silk sarees from our looms directly to you, with fair work for every weaver and honest prices for every customer.',
	visionTitle: 'Our Vision',
	visionText:
		'A future where every woman who loves silk can own a genuine handloom saree, and where the next generation of weavers is proud to carry the craft forward.',
	storyEyebrow: 'Our Story',
	storyTitle: 'Generations at the loom',
	storyBeginning:
		'Our story began in a small weavers’ village in the Pochampally region of Telangana, where the rhythm of the loom is the sound of every home. What started as a single pit loom has grown into a family workshop where silk is tied, dyed and woven under one roof.',
	storyToday:
		'In {years} years we have woven thousands of sarees for weddings, festivals and everyday elegance. Today we share them with you directly: no middlemen, no showrooms, just the weavers and you, one WhatsApp message apart.',
	uniqueEyebrow: 'What makes us unique',
	uniqueTitle: 'The craft behind every saree',
	uniqueIkatTitle: 'Tie-and-dye before weaving',
	uniqueIkatText:
		'In ikat the pattern is dyed into the threads before the loom is set up, so the design lives inside the cloth rather than printed on it.',
	uniqueHandwovenTitle: 'Woven entirely by hand',
	uniqueHandwovenText: 'Every saree is woven on a pit loom, pick by pick. A single saree can take a weaver two to three weeks.',
	uniqueAwardTitle: 'Recognised craftsmanship',
	uniqueAwardText:
		'Our master weaver’s work has been honoured with a Best Weaver Award, and Pochampally ikat carries a Geographical Indication tag.',
	promiseEyebrow: 'Our Promise',
	promiseTitle: 'Authentic handloom, always',
	promiseText: 'When you buy from {shop} you are buying directly from the people who made your saree. This is what we promise you.',
	promisePureSilk: 'Pure silk, never blends passed off as silk',
	promisePhotos: 'Each saree photographed as it is, so what you see is what you receive',
	promisePrices: 'Honest prices, straight from the weavers',
	promiseShipping: 'Free shipping across India, carefully packed',
	inviteTitle: 'Come, find your saree',
	inviteText:
		'Browse our collection and send us the code of the saree you love on WhatsApp. We will answer every question, share more photos and have it on its way to you.',
	inviteExplore: 'Explore Collection',
	inviteWhatsApp: 'Chat on WhatsApp',
} as const
