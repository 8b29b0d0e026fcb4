// The demo's words for the three categories the shop starts with (migration 0013), by English name:
// a line in each language, and the category whose picture the demo draws (from its first saree's look).

export const DEMO_CATEGORY_TEXT: Record<string, { description: string; descriptionTe: string; descriptionHi: string }> = {
	'Kanchipattu Pochampally Ikkat': {
		description: 'Kanchi silk with a zari border, the ikat woven into its body.',
		descriptionTe: 'జరీ అంచుతో కంచి పట్టు, ఒంటి నిండా ఇక్కత్ నేత.',
		descriptionHi: 'ज़री बॉर्डर वाला कांची सिल्क, बदन में बुना इकत।',
	},
	'Dharmavaram Pochampally Ikkat': {
		description: 'Heavy Dharmavaram silk for weddings, with a broad contrast border.',
		descriptionTe: 'పెళ్లిళ్లకు బరువైన ధర్మవరం పట్టు, వెడల్పాటి అంచుతో.',
		descriptionHi: 'शादियों के लिए भारी धर्मावरम सिल्क, चौड़े बॉर्डर के साथ।',
	},
	'Pochampally Ikkat': {
		description: 'Light double ikat from Pochampally, for every day and every season.',
		descriptionTe: 'పోచంపల్లి తేలికపాటి డబుల్ ఇక్కత్, ప్రతి రోజుకూ.',
		descriptionHi: 'पोचमपल्ली का हल्का डबल इकत, हर दिन के लिए।',
	},
}

/** The category the demo gives a picture of its own (the others show their newest saree's photo). */
export const DEMO_PICTURED_CATEGORY = 'Kanchipattu Pochampally Ikkat'
