import { createContext, type ReactNode, useContext } from 'react'

// The CSP nonce of the current document: set by entry.server; none on a shareable page (its CSP names
// its scripts' hashes) nor in the browser (scripts are loaded).
const NonceContext = createContext<string | undefined>(undefined)

export function NonceProvider({ value, children }: { value: string | undefined; children: ReactNode }) {
	return <NonceContext.Provider value={value}>{children}</NonceContext.Provider>
}

export function useNonce() {
	return useContext(NonceContext)
}
