import { z } from 'zod'

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
