import { getShopSettings } from '~/models/site.server'
import { SHARE_TARGET_PATH, SHARED_PHOTOS_FIELD } from '~/utils/share-target'

// The web app manifest of the admin, so the seller can add it to her phone's home screen and open it
// like an app (standalone, starting at /admin). It holds nothing private, and browsers fetch manifests
// without cookies, so it is public. There is deliberately no service worker: admin pages and data are
// never kept in a cache on the phone.

export const ADMIN_MANIFEST_PATH = '/admin.webmanifest'

export async function loader() {
	const { shopName } = await getShopSettings()
	const manifest = {
		id: '/admin',
		name: `${shopName} Admin`,
		short_name: 'Shop Admin',
		description: `Sarees, photos, blog posts and orders of ${shopName}.`,
		start_url: '/admin',
		scope: '/admin',
		display: 'standalone',
		orientation: 'portrait',
		// The colour of root.tsx's theme-color meta: the installed admin's bar matches the pages.
		theme_color: '#6f1522',
		background_color: '#fdf8ef',
		icons: [
			{ src: '/icons/admin-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
			{ src: '/icons/admin-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
			{ src: '/icons/admin-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
		],
		// Photos shared from the phone's gallery open Add Product with them attached (app/routes/admin/shared-photos.ts).
		share_target: {
			action: SHARE_TARGET_PATH,
			method: 'POST',
			enctype: 'multipart/form-data',
			params: { files: [{ name: SHARED_PHOTOS_FIELD, accept: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] }] },
		},
	}
	return new Response(JSON.stringify(manifest), {
		headers: { 'Content-Type': 'application/manifest+json; charset=utf-8', 'Cache-Control': 'no-cache' },
	})
}
