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

/** Spreadsheets (Excel above all) read a file as UTF-8, names in Telugu and Hindi included, when it starts with this mark. */
const BYTE_ORDER_MARK = '\uFEFF'

/**
 * A CSV file written while it is sent: the header line, then each page of rows `nextPage` reads as the
 * reader takes the file, until a page comes back with `last` set. A long file costs the server one page
 * of memory, however many rows it has.
 */
export function csvStream(columns: readonly string[], nextPage: () => Promise<{ rows: string[][]; last: boolean }>) {
	const encoder = new TextEncoder()
	let started = false
	return new ReadableStream<Uint8Array>({
		async pull(controller) {
			if (!started) {
				started = true
				controller.enqueue(encoder.encode(BYTE_ORDER_MARK + csvRow(columns) + CSV_LINE_END))
				return
			}
			const page = await nextPage()
			if (page.rows.length) controller.enqueue(encoder.encode(page.rows.map((fields) => csvRow(fields) + CSV_LINE_END).join('')))
			if (page.last) controller.close()
		},
	})
}

/** A cell as it was before csvField guarded it: the apostrophe in front of a formula's first character taken off. */
export function unguardCsvField(value: string) {
	return /^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value
}
