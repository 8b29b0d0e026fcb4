/** Moving media only when the visitor has not asked for less motion or less data. */
export function prefersReducedMotion() {
	return typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
}

function saveDataOn() {
	const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection
	return connection?.saveData === true
}

export function mayAutoplayVideo() {
	return !prefersReducedMotion() && !saveDataOn()
}
