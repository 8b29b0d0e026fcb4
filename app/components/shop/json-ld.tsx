import { jsonLdString } from '~/utils/seo'

/** Structured data for search engines; a data block, so the CSP does not need to allow it. */
export function JsonLd({ data }: { data: unknown }) {
	return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdString(data) }} />
}
