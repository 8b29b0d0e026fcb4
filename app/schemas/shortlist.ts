import { z } from 'zod'

import { SHORTLIST_MAX } from '~/utils/shortlist'

// The shortlist form (product cards, the product page and the shortlist page): keep a saree, let it
// go, or empty the list. `inPlace` is sent only by scripts, which update the page themselves; without
// it the answer is a redirect to the shortlist page.

const productId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER)
const inPlace = z.literal('1').optional()

export const shortlistChangeSchema = z.discriminatedUnion('intent', [
	z.object({ intent: z.literal('add'), productId, inPlace }),
	z.object({ intent: z.literal('remove'), productId, inPlace }),
	z.object({ intent: z.literal('clear'), inPlace }),
])

export const shortlistMessages = {
	added: (name: string) => `“${name}” is in your shortlist.`,
	removed: (name: string) => `“${name}” is no longer in your shortlist.`,
	full: `Your shortlist already holds ${SHORTLIST_MAX} sarees. Remove one to add another.`,
	cleared: 'Your shortlist is empty now.',
	unavailable: 'That saree is no longer in our collection.',
	failed: 'Your shortlist could not be changed. Please try again.',
}
