import { createContext, type ReactNode, useContext } from 'react'

// The CSP nonce of the current document: set by entry.server, empty in the browser (scripts are loaded).
const NonceContext = createContext('')

export function NonceProvider({ value, children }: { value: string; children: ReactNode }) {
	return <NonceContext.Provider value={value}>{children}</NonceContext.Provider>
}

export function useNonce() {
	return useContext(NonceContext)
}
