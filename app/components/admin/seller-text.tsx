import type { ReactNode } from 'react'

/**
 * The seller's own words inside an interface sentence (a name, a title, a code): shown as she typed
 * them, never translated, and marked so the language walk does not take them for interface text
 * (docs/decisions/0045).
 */
export function SellerText({ children }: { children: ReactNode }) {
	return <span data-seller-text>{children}</span>
}
