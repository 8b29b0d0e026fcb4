// UPI payment requests (NPCI's `upi://pay` deep link): every UPI app on the customer's phone opens it,
// or scans the same text from a QR code. The shop takes no payment itself: the money goes straight
// from the customer's bank to the seller's UPI ID.

/** name@bank: letters, digits, dots, dashes and underscores, then the bank's handle (letters). */
const UPI_ID_PATTERN = /^[\w.-]{2,256}@[a-z][a-z\d]{1,63}$/i

export const UPI_ID_MAX_LENGTH = 256 + 1 + 64

/** "Seller.Name@OKSBI " → "seller.name@oksbi"; null when it is not a UPI ID. */
export function normaliseUpiId(input: string): string | null {
	const id = input.trim().toLowerCase()
	return id.length <= UPI_ID_MAX_LENGTH && UPI_ID_PATTERN.test(id) ? id : null
}

/** Rupees with exactly two decimals, as UPI apps expect the amount: 1250050 paise → "12500.50". */
export function upiAmount(paise: number) {
	return `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, '0')}`
}

/**
 * upi://pay?pa=<UPI ID>&pn=<payee name>&am=<amount>&cu=INR&tn=<note>. Values are percent-encoded
 * (spaces as %20: some UPI apps show a "+" literally); the UPI ID needs no encoding by its pattern.
 */
export function upiPayUrl({
	upiId,
	payeeName,
	amountPaise,
	note,
}: {
	upiId: string
	payeeName: string
	amountPaise: number
	note: string
}) {
	return `upi://pay?pa=${upiId}&pn=${encodeURIComponent(payeeName)}&am=${upiAmount(amountPaise)}&cu=INR&tn=${encodeURIComponent(note)}`
}

/** The note on the customer's bank statement and the seller's: which order this payment is for. */
export function orderPaymentNote(orderId: number) {
	return `Order ${orderId}`
}
