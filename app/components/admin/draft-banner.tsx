import { CONTAINER } from '~/components/shop/page-bits'
import type { DraftBannerTexts } from '~/services/draft-preview.server'

// Shown only to the signed-in seller, above the preview of her draft: the page below is how the shop
// will show it, and nobody else can open it yet. Written in the admin's language (the page below is in
// the address's), by the preview's loader: `draftBannerOf` (services/draft-preview.server.ts).

export function DraftBanner({ banner, editHref }: { banner: DraftBannerTexts; editHref: string }) {
	return (
		<div role="status" lang={banner.lang} className="bg-stone-900 text-white">
			<div className={`${CONTAINER} flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2 text-sm`}>
				<p className="font-semibold">{banner.text}</p>
				<a href={editHref} className="inline-flex min-h-11 items-center font-semibold text-gold-200 underline">
					{banner.back}
				</a>
			</div>
		</div>
	)
}
