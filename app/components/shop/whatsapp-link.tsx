import type { AnchorHTMLAttributes } from 'react'

import { useI18n } from '~/hooks/use-i18n'
import { contactPath } from '~/utils/whatsapp'

// A plain <a> (not <Link>): it leaves the app in a new tab. nofollow keeps crawlers from following
// (and counting) it. The addresses are app/utils/whatsapp.ts's.

export function WhatsAppLink({ href, ...props }: AnchorHTMLAttributes<HTMLAnchorElement>) {
	const { locale } = useI18n()
	// eslint-disable-next-line jsx-a11y/anchor-has-content -- the content comes in props.children
	return <a href={href ?? contactPath(locale)} target="_blank" rel="noopener nofollow" {...props} />
}
