// What a search looks for in the catalogue's index, shared by the model that builds the index query
// (models/products-search.server.ts) and the page that says when a search had nothing to look for.

/**
 * A word is searched for only from this many letters or digits: the search index keeps prefixes of 2
 * to 4 (migration 0005), and a one-letter prefix has none, so it would read every word of the index
 * that starts with that letter, for almost every saree, on each search.
 */
export const SEARCH_MIN_WORD_LENGTH = 2
/** Words past these are left out of the search: each one read costs the index another lookup. */
const SEARCH_MAX_WORDS = 5

/**
 * The words a search looks for: runs of letters, marks and digits (so nothing typed is read as search
 * syntax), each once whatever its letter case, at least SEARCH_MIN_WORD_LENGTH long, at most
 * SEARCH_MAX_WORDS of them. None for words of one letter alone: the page then lists what the other
 * choices select and says why.
 */
export function searchWords(q: string): string[] {
	const words: string[] = []
	const seen = new Set<string>()
	for (const [word] of q.normalize('NFKC').matchAll(/[\p{L}\p{M}\p{N}\p{Co}]+/gu)) {
		// Counted in code points, as the index counts its prefixes.
		if ([...word].length < SEARCH_MIN_WORD_LENGTH || seen.has(word.toLowerCase())) continue
		seen.add(word.toLowerCase())
		words.push(word)
		if (words.length === SEARCH_MAX_WORDS) break
	}
	return words
}
