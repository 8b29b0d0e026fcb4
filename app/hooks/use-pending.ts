import { useFormAction, useNavigation } from 'react-router'

// Pending UI (the Epic Stack's useIsPending): "Saving…" on the button that was pressed, a list dimmed
// while its next page loads. Every screen asks these hooks instead of reading useNavigation() itself.

/**
 * Whether a form of this page is being sent: by default any POST to the current route's action, while
 * submitting or loading the answer. `formAction` names another route's action; `intent` one submit
 * button (the value of the `intent` field it sends; `null`: a submit that sends none).
 */
export function useIsPending({
	formAction,
	formMethod = 'POST',
	state = 'non-idle',
	intent,
}: {
	formAction?: string
	formMethod?: 'POST' | 'GET'
	state?: 'submitting' | 'loading' | 'non-idle'
	intent?: string | null
} = {}) {
	const contextualFormAction = useFormAction()
	const navigation = useNavigation()
	const inState = state === 'non-idle' ? navigation.state !== 'idle' : navigation.state === state
	if (!inState || navigation.formMethod !== formMethod || navigation.formAction !== (formAction ?? contextualFormAction)) return false
	if (intent === undefined) return true
	return (navigation.formData?.get('intent') ?? null) === intent
}

/** Whether the page at `pathname` is loading (a search or another page of a list), to dim what is shown meanwhile. */
export function useIsLoading(pathname: string) {
	const navigation = useNavigation()
	return navigation.state === 'loading' && navigation.location.pathname === pathname
}
