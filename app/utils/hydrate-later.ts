// What the shop layout's first inline script and the stream rewrite that starts hydration
// (hydrate-later.server.ts) agree on.

/**
 * Marks the document while its lazy images wait for the largest paint (app.css hides them meanwhile):
 * set by the shop layout's first inline script, removed by the script that starts hydration
 * (hydrate-later.server.ts).
 */
export const MEDIA_LATER_ATTRIBUTE = 'data-media-later'
