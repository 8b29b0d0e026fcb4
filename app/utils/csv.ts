/**
 * One CSV writer for every file the shop hands out (the Meta feed, and any export).
 *
 * RFC 4180: every field quoted, quotes doubled; line breaks stay inside the quotes. A field that a
 * spreadsheet would run as a formula (starting with = + - @, a tab or a carriage return: OWASP's list)
 * gets a leading apostrophe, so the seller (or anyone) opening the file in Excel or Sheets runs nothing.
 * A phone number written +<digits> (how the shop stores one) is a number, not a formula: it stays as it
 * is, so a phone's address book imports it as a number it can dial.
 */
const PHONE_NUMBER = /^\+\d{6,15}$/

export function csvField(value: string) {
	const safe = /^[=+\-@\t\r]/.test(value) && !PHONE_NUMBER.test(value) ? `'${value}` : value
	return `"${safe.replace(/"/g, '""')}"`
}

/** One CSV line (without its line ending) from the fields in order. */
export function csvRow(fields: readonly string[]) {
	return fields.map(csvField).join(',')
}

/** The line ending RFC 4180 names; spreadsheets on every platform read it. */
export const CSV_LINE_END = '\r\n'
