/** The encodings the shop keeps copies of, in its order of preference (smallest first). */
export type StoredEncoding = 'br' | 'gzip'

/**
 * Which of the `available` copies to send for a request's Accept-Encoding, or `identity`: the one
 * the client ranks highest by q-value (`br;q=0` refuses br; `*` stands for any coding it does not
 * name), ties going to the order of `available`. No header means identity, as the compression
 * middleware reads it; a client that refuses everything still gets identity, the one it can read.
 */
export function preferredEncoding(acceptEncoding: string | undefined, available: readonly StoredEncoding[]): StoredEncoding | 'identity' {
	if (!acceptEncoding) return 'identity'
	const weights = new Map<string, number>()
	for (const item of acceptEncoding.split(',')) {
		const [coding = '', ...parameters] = item.split(';').map((part) => part.trim().toLowerCase())
		if (!coding) continue
		const q = parameters.find((p) => p.startsWith('q='))
		const weight = q === undefined ? 1 : Number(q.slice(2))
		weights.set(coding, Number.isFinite(weight) ? Math.min(Math.max(weight, 0), 1) : 0)
	}
	const weightOf = (coding: string) => weights.get(coding) ?? weights.get('*') ?? (coding === 'identity' ? 1 : 0)
	let best: StoredEncoding | 'identity' = 'identity'
	let bestWeight = 0
	for (const coding of [...available, 'identity' as const]) {
		const weight = weightOf(coding)
		if (weight > bestWeight) {
			best = coding
			bestWeight = weight
		}
	}
	return best
}
