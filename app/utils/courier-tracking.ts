// Where a customer follows her parcel: the public tracking page of the couriers Indian sellers use.
// Delhivery, DTDC and Blue Dart open the parcel's own page from the number in the address. India Post
// asks for the number (and a captcha) on its own site, and Professional Couriers' result page takes no
// number from the address that stays true for long: for those the link opens the tracking page and the
// page shows the number to copy. A courier not listed here is shown as the seller typed it, without a link.

/** `words`: what the courier's name holds once lower-cased and stripped to letters. */
type Courier = { words: readonly string[]; page: string; numbered?: (n: string) => string }

const COURIERS: readonly Courier[] = [
	{ words: ['indiapost', 'speedpost', 'postoffice'], page: 'https://www.indiapost.gov.in/' },
	{
		words: ['dtdc'],
		page: 'https://www.dtdc.in/',
		numbered: (n) =>
			`https://tracking.dtdc.com/ctbs-tracking/customerInterface.tr?submitName=showCITrackingDetails&cType=Consignment&cnNo=${n}`,
	},
	{
		words: ['delhivery'],
		page: 'https://www.delhivery.com/',
		numbered: (n) => `https://www.delhivery.com/track/package/${n}`,
	},
	{
		words: ['bluedart'],
		page: 'https://www.bluedart.com/',
		numbered: (n) => `https://www.bluedart.com/web/guest/trackdartresult?trackFor=0&trackNo=${n}`,
	},
	{ words: ['professionalcourier', 'tpcindia'], page: 'https://www.tpcindia.com/' },
]

export type CourierTracking = {
	/** The courier's name as the seller typed it. */
	courier: string
	trackingNumber: string
	/** The courier's tracking page, or null for a courier the shop does not know. */
	url: string | null
	/** Whether `url` opens this parcel itself (otherwise the customer types or pastes the number there). */
	opensParcel: boolean
}

/** How the customer tracks this parcel; null until the seller has entered a courier or a number. */
export function courierTracking(courier: string, trackingNumber: string): CourierTracking | null {
	const name = courier.trim()
	const number = trackingNumber.trim()
	if (!name && !number) return null
	// "Blue Dart Express", "bluedart", "India Post (Speed Post)", "DTDC Courier" all name their courier.
	const letters = name.toLowerCase().replace(/[^a-z]/g, '')
	const known = COURIERS.find((c) => c.words.some((word) => letters.includes(word)))
	if (!known) return { courier: name, trackingNumber: number, url: null, opensParcel: false }
	const deep = known.numbered && number ? known.numbered(encodeURIComponent(number)) : null
	return { courier: name, trackingNumber: number, url: deep ?? known.page, opensParcel: deep !== null }
}
