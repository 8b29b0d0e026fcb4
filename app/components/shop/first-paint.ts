/** The id of the storefront's `<main>`, the first element after the header (also the skip link's target). */
export const MAIN_ID = 'main'

/**
 * Holds the first paint of a storefront page until the whole header is parsed. On a slow phone the
 * browser may paint a half-read document: a header painted with only its search button, then again
 * with the Menu button and the shop name wrapped to a second line, is a layout shift the visitor sees.
 * `<link rel=expect href=#main blocking=render>` says "do not render before `<main>` is in" (Chromium
 * lets rendering go once the element is inserted, so the target is the element after the header, not
 * the header itself). The HTML checker still refuses `blocking` on anything but a stylesheet, so this
 * script, run in the head where such a link takes effect, adds it. Other browsers ignore the link.
 */
export const HOLD_PAINT_FOR_HEADER_JS = `(()=>{const l=document.createElement('link');l.rel='expect';l.href='#${MAIN_ID}';l.setAttribute('blocking','render');document.head.append(l)})()`
