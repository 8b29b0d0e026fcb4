import type { Shop } from './shop'

// The admin screens the language walk visits (tests/e2e/admin-languages.spec.ts). A screen is listed
// here once every text on it comes from the catalogues; `setup` seeds what the screen needs and returns
// the address to open. Screens not translated yet are walked for the frame alone (sidebar, top bar).

export type PageSetup = (shop: Shop) => Promise<string>

/** `ownWords`: words of the seller's own data the screen shows inside interface text (seeded names). */
export const ADMIN_PAGES: Array<{ path: string; setup?: PageSetup; ownWords?: string[] }> = []

/** Screens whose frame is translated and whose own texts are not yet. */
export const FRAME_ONLY = ['/admin']

// The admin's own account: its page and the password change.
ADMIN_PAGES.push({ path: '/admin/settings/account' }, { path: '/admin/settings/password' })
