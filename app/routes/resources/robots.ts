import { TRANSLATED_LOCALES } from '~/i18n/locales'
import { getEnv } from '~/utils/env.server'

// The shop is open to crawlers; the admin, sign-in, the counting WhatsApp redirects, the visitor's
// own shortlist and the customers' order pages (in every language) are not. The
// catalogue feeds are named so the shopping services' fetchers see them allowed in so many words.
export function loader() {
	const origin = getEnv().APP_ORIGIN
	const body = [
		'User-agent: *',
		'Allow: /',
		'Allow: /feeds/google.xml',
		'Allow: /feeds/meta.csv',
		'Disallow: /admin',
		'Disallow: /auth',
		'Disallow: /whatsapp',
		'Disallow: /shortlist',
		...TRANSLATED_LOCALES.map((locale) => `Disallow: /${locale}/shortlist`),
		'Disallow: /o/',
		...TRANSLATED_LOCALES.map((locale) => `Disallow: /${locale}/o/`),
		'',
		`Sitemap: ${origin}/sitemap.xml`,
		'',
	].join('\n')
	return new Response(body, {
		headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=86400' },
	})
}
