// URL slugs for blog posts: plain lower-case ASCII words joined by hyphens, so a shared link stays
// readable in WhatsApp and never needs percent-encoding.

const MAX_SLUG_LENGTH = 80

/**
 * "Weaving a Pochampally Ikat — Part 2!" → "weaving-a-pochampally-ikat-part-2"; "" when nothing is left.
 * Never a number alone: /blog/2 is the address of post 2, so a post titled "2" gets "post-2".
 */
export function slugify(text: string): string {
	const slug = text
		.normalize('NFKD')
		.replace(/[\u0300-\u036f]/g, '')
		.toLowerCase()
		.replace(/&/g, ' and ')
		.replace(/['’]/g, '')
		.replace(/[^a-z0-9]+/g, '-')
		// Each run of other characters is one hyphen by now, so at most one hyphen sits at either end.
		.replace(/^-|-$/g, '')
	const short = slug.length <= MAX_SLUG_LENGTH ? slug : cutAtWord(slug)
	return /^\d+$/.test(short) ? `post-${short}`.slice(0, MAX_SLUG_LENGTH) : short
}

/** Cuts a long slug at a word boundary so it does not end in half a word. */
function cutAtWord(slug: string) {
	const cut = slug.slice(0, MAX_SLUG_LENGTH + 1)
	const lastHyphen = cut.lastIndexOf('-')
	return (lastHyphen > 20 ? cut.slice(0, lastHyphen) : cut.slice(0, MAX_SLUG_LENGTH)).replace(/-$/, '')
}

/**
 * The first free slug for `text`: the base, then base-2, base-3 ... `isTaken` answers whether a
 * candidate is already used (by a post or by an earlier slug that still redirects).
 * Titles with no Latin letters or digits (e.g. only Telugu) fall back to "post".
 */
export async function uniqueSlug(text: string, isTaken: (candidate: string) => boolean | Promise<boolean>) {
	const base = slugify(text) || 'post'
	if (!(await isTaken(base))) return base
	for (let n = 2; ; n++) {
		const candidate = `${base}-${n}`
		if (!(await isTaken(candidate))) return candidate
	}
}
