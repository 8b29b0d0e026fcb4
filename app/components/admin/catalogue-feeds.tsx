import { useEffect, useState } from 'react'
import { Link } from 'react-router'

import { Button } from '~/components/ui/button'
import { useHydrated } from '~/hooks/use-hydrated'

// Settings → "Sell on WhatsApp, Instagram and Google": the two feed addresses the seller pastes into
// Meta Commerce Manager and Google Merchant Center, the steps to do it, and the sarees whose photos
// are too small to be sent.

type FeedPhotoReport = { productId: number; code: string; name: string; tooSmall: number[]; leftOut: boolean }

export type CatalogueFeedsProps = {
	metaUrl: string
	googleUrl: string
	/** The minimum photo side in pixels. */
	minSide: number
	problems: FeedPhotoReport[]
}

/** The address in a read-only box (selectable without JavaScript) and, with JavaScript, a Copy button. */
function FeedAddress({ id, label, url }: { id: string; label: string; url: string }) {
	const hydrated = useHydrated()
	const [copied, setCopied] = useState<'yes' | 'failed' | null>(null)
	useEffect(() => {
		if (!copied) return
		const timer = setTimeout(() => setCopied(null), 2500)
		return () => clearTimeout(timer)
	}, [copied])
	return (
		<div>
			<label htmlFor={id} className="block text-sm font-medium text-stone-800">
				{label}
			</label>
			<div className="mt-1 flex gap-2">
				<input
					id={id}
					readOnly
					value={url}
					onFocus={(event) => event.currentTarget.select()}
					className="block min-h-11 w-full min-w-0 rounded-md border border-stone-300 bg-stone-50 px-3 py-2 font-mono text-sm text-stone-900"
				/>
				{hydrated ? (
					<Button
						variant="secondary"
						aria-describedby={`${id}-copied`}
						onClick={() => {
							navigator.clipboard.writeText(url).then(
								() => setCopied('yes'),
								() => setCopied('failed'),
							)
						}}
					>
						Copy
					</Button>
				) : null}
			</div>
			<p id={`${id}-copied`} role="status" className="mt-1 min-h-5 text-sm text-stone-600">
				{copied === 'yes' ? 'Copied.' : copied === 'failed' ? 'Could not copy: select the address and copy it.' : ''}
			</p>
		</div>
	)
}

function photoList(numbers: number[]) {
	const names = numbers.map((n) => (n === 1 ? 'the main photo' : `photo ${n}`))
	return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}` : names[0]!
}

export function CatalogueFeeds({ metaUrl, googleUrl, minSide, problems }: CatalogueFeedsProps) {
	return (
		<div className="space-y-6">
			<div className="space-y-3">
				<h3 className="font-semibold text-stone-900">WhatsApp Business, Instagram and Facebook</h3>
				<FeedAddress id="feed-meta" label="Meta catalogue feed address" url={metaUrl} />
				<ol className="list-decimal space-y-1 pl-5 text-sm text-stone-700">
					<li>
						Open Meta Commerce Manager (business.facebook.com/commerce) and choose your catalogue, or create one of the type “E-commerce”.
					</li>
					<li>Go to Catalogue → Data sources → Add items → Data feed, choose “Use a URL” and paste the address above.</li>
					<li>Choose a daily schedule and the currency Indian rupee (INR), then upload.</li>
					<li>
						In WhatsApp Manager, connect the catalogue to your WhatsApp Business number; in Commerce Manager, add it to your Instagram and
						Facebook shop.
					</li>
				</ol>
			</div>
			<div className="space-y-3">
				<h3 className="font-semibold text-stone-900">Google</h3>
				<FeedAddress id="feed-google" label="Google Merchant Center feed address" url={googleUrl} />
				<ol className="list-decimal space-y-1 pl-5 text-sm text-stone-700">
					<li>Open Google Merchant Center (merchants.google.com) and sign in with the shop’s Google account.</li>
					<li>Go to Products → Add products → Add products from a file, and choose “Add a file from a link”.</li>
					<li>Paste the address above, choose India and English, and a daily fetch.</li>
				</ol>
			</div>
			<p className="text-sm text-stone-700">
				Both services fetch the addresses themselves: every saree you add, edit, mark sold out or delete here follows on their next fetch.
				Drafts are never sent.
			</p>
			{problems.length ? (
				<div className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950" id="feed-photo-problems">
					<p className="font-semibold">
						Photos too small for Google and Meta (both sides must be at least {minSide} px). They are not sent:
					</p>
					<ul className="mt-2 list-disc space-y-1 pl-5">
						{problems.map((p) => (
							<li key={p.productId}>
								<Link to={`/admin/products/${p.productId}/edit`} className="font-medium underline">
									{p.name} ({p.code})
								</Link>
								:{' '}
								{p.leftOut ? 'no photo is large enough, so this saree is left out of both feeds until you add one' : photoList(p.tooSmall)}.
							</li>
						))}
					</ul>
				</div>
			) : (
				<p className="text-sm text-stone-700">Every listed saree has photos large enough for both services.</p>
			)}
		</div>
	)
}
