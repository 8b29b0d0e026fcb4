import { useCallback, useEffect, useRef } from 'react'
import { useBlocker, useLoaderData } from 'react-router'

// What an editor's forms hold, as the browser would send it: a typed letter, a ticked box, a picked
// file (its name, size and date) or a photo moved all change it; the submit buttons are not part of it.
function serialize(form: HTMLFormElement) {
	return JSON.stringify(
		[...new FormData(form)].map(([name, value]) => [
			name,
			typeof value === 'string' ? value : [value.name, value.size, value.lastModified],
		]),
	)
}

function formsOf(ids: readonly string[]) {
	return ids.flatMap((id) => {
		const element = document.getElementById(id)
		return element instanceof HTMLFormElement ? [element] : []
	})
}

/**
 * Whether the forms `formIds` hold anything the seller has not saved, checked when she is about to
 * leave: in-app navigation to another address is held (the returned blocker, for a "Leave without
 * saving?" dialog) and closing or reloading the tab asks the browser's own question. Posting the form
 * itself never counts as leaving (it goes to the page's own address); what was loaded is read again
 * whenever the page's data is (after a save), so a saved form is not dirty. Without JavaScript nothing
 * of this runs and the forms post as ever.
 */
export function useUnsavedChanges(formIds: readonly string[]) {
	const loaded = useLoaderData()
	const baseline = useRef(new Map<string, string>())
	const key = formIds.join(' ')

	useEffect(() => {
		baseline.current = new Map(formsOf(key.split(' ')).map((form) => [form.id, serialize(form)]))
	}, [key, loaded])

	const isDirty = useCallback(
		() => formsOf(key.split(' ')).some((form) => baseline.current.has(form.id) && baseline.current.get(form.id) !== serialize(form)),
		[key],
	)

	useEffect(() => {
		const warn = (event: BeforeUnloadEvent) => {
			if (!isDirty()) return
			event.preventDefault()
			// Older browsers ask only when returnValue is set.
			event.returnValue = ''
		}
		window.addEventListener('beforeunload', warn)
		return () => window.removeEventListener('beforeunload', warn)
	}, [isDirty])

	return useBlocker(({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname && isDirty())
}
