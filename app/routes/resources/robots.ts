import { getEnv } from '~/utils/env.server'

// The shop is open to crawlers; the admin, sign-in, the counting WhatsApp redirects and the visitor's
// own shortlist are not. The
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
		'',
		`Sitemap: ${origin}/sitemap.xml`,
		'',
	].join('\n')
	return new Response(body, {
		headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=86400' },
	})
}
