import { useCallback, useEffect, useRef } from 'react'
import { useBlocker, useLoaderData } from 'react-router'

// What an editor's forms hold, as the browser would send it: a typed letter, a ticked box, a picked
// file (its name, size and date) or a photo moved all change it; the submit buttons are not part of it.
// An empty file input is sent as an unnamed file made at that moment: its date would differ every time.
function serialize(form: HTMLFormElement) {
	return JSON.stringify(
		[...new FormData(form)].map(([name, value]) => [
			name,
			typeof value === 'string' ? value : value.name === '' ? '' : [value.name, value.size, value.lastModified],
		]),
	)
}

// Every way a change to a form starts, caught before it happens (capture phase).
const FIRST_TOUCH = ['pointerdown', 'keydown', 'focusin', 'paste', 'drop'] as const

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

	// What was loaded is read at the seller's first touch (before that touch changes anything), not at
	// mount: hydration and the pickers' effects still change the forms' markup after the first render.
	// Loaded again (a save that comes back to this page, an autosave), it is read again at the next touch.
	useEffect(() => {
		baseline.current = new Map()
		const take = () => {
			for (const form of formsOf(key.split(' '))) if (!baseline.current.has(form.id)) baseline.current.set(form.id, serialize(form))
		}
		for (const type of FIRST_TOUCH) document.addEventListener(type, take, true)
		return () => {
			for (const type of FIRST_TOUCH) document.removeEventListener(type, take, true)
		}
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
