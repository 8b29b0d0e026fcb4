import { CONTAINER } from '~/components/shop/page-bits'

// Shown only to the signed-in seller, above the preview of her draft: the page below is how the shop
// will show it, and nobody else can open it yet. The seller's own words, in English like the admin.

const DRAFT_BANNER_TEXT = 'Draft — only you can see this'

export function DraftBanner({ editHref }: { editHref: string }) {
	return (
		<div role="status" className="bg-stone-900 text-white">
			<div className={`${CONTAINER} flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2 text-sm`}>
				<p lang="en" className="font-semibold">
					{DRAFT_BANNER_TEXT}
				</p>
				<a lang="en" href={editHref} className="inline-flex min-h-11 items-center font-semibold text-gold-200 underline">
					Back to the editor
				</a>
			</div>
		</div>
	)
}
