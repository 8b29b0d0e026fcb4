import { useState } from 'react'

/**
 * Changes whenever a new answer arrives from the server, so password inputs can be remounted empty:
 * a refused password is never kept in the page, with or without JavaScript. (React's pattern for
 * adjusting state when a prop changes: the extra render happens before anything is painted.)
 */
export function useAnswerKey(result: unknown) {
	const [seen, setSeen] = useState({ result, key: 0 })
	if (seen.result === result) return seen.key
	const next = { result, key: seen.key + 1 }
	setSeen(next)
	return next.key
}
