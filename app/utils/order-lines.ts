// What an order's lines come to, in paise: the editor's running total, the order page and its receipt,
// the WhatsApp message and the stored total all add the same way.

type Line = { unitPricePaise: number; quantity: number }

/** One line's price times its quantity. */
export function linePaise(line: Line) {
	return line.unitPricePaise * line.quantity
}

/** The sum of every line (an order's items total, before any total typed by hand). */
export function sumLines(lines: readonly Line[]) {
	return lines.reduce((sum, line) => sum + linePaise(line), 0)
}
