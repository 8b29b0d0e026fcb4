// Text inside XML we write (feeds, the sitemap, SVG drawn into images).

// XML 1.0 cannot carry these control characters even escaped; a pasted one is dropped.
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\v\f\u000E-\u001F\u007F\uFFFE\uFFFF]/g

/** Removes the characters XML cannot carry (and DEL, which no listing or picture needs). */
export function withoutControlCharacters(text: string) {
	return text.replace(NOT_XML, '')
}

/** `text` as XML character data or an attribute value: escaped, control characters dropped. */
export function xmlText(text: string) {
	return withoutControlCharacters(text).replace(
		/[<>&'"]/g,
		(c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
	)
}
