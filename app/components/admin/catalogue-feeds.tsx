import { useEffect, useState } from 'react'
import { Link } from 'react-router'

import { Button } from '~/components/ui/button'
import { useHydrated } from '~/hooks/use-hydrated'
import { useI18n } from '~/hooks/use-i18n'
import type { Translator } from '~/i18n/translate'

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

const COPY_STATUS = { yes: 'adminSettings.copied', failed: 'adminSettings.copyFailed' } as const

/** The address in a read-only box (selectable without JavaScript) and, with JavaScript, a Copy button. */
function FeedAddress({ id, label, url }: { id: string; label: string; url: string }) {
	const hydrated = useHydrated()
	const [copied, setCopied] = useState<'yes' | 'failed' | null>(null)
	const { t } = useI18n()
	const statusId = `${id}-copied`
	const copy = () => {
		navigator.clipboard.writeText(url).then(
			() => setCopied('yes'),
			() => setCopied('failed'),
		)
	}
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
					<Button variant="secondary" aria-describedby={statusId} onClick={copy}>
						{t('adminSettings.copy')}
					</Button>
				) : null}
			</div>
			<p id={statusId} role="status" className="mt-1 min-h-5 text-sm text-stone-600">
				{copied ? t(COPY_STATUS[copied]) : null}
			</p>
		</div>
	)
}

function photoList(numbers: number[], t: Translator['t']) {
	const names = numbers.map((n) => (n === 1 ? t('adminSettings.mainPhoto') : t('adminSettings.photoNumber', { number: n })))
	return names.length > 1
		? t('adminSettings.photoListAnd', { list: names.slice(0, -1).join(', '), last: names[names.length - 1]! })
		: names[0]!
}

export function CatalogueFeeds({ metaUrl, googleUrl, minSide, problems }: CatalogueFeedsProps) {
	const { t } = useI18n()
	return (
		<div className="space-y-6">
			<div className="space-y-3">
				<h3 className="font-semibold text-stone-900">{t('adminSettings.feedsMeta')}</h3>
				<FeedAddress id="feed-meta" label={t('adminSettings.feedMetaAddress')} url={metaUrl} />
				<ol className="list-decimal space-y-1 pl-5 text-sm text-stone-700">
					<li>{t('adminSettings.feedMetaStep1')}</li>
					<li>{t('adminSettings.feedMetaStep2')}</li>
					<li>{t('adminSettings.feedMetaStep3')}</li>
					<li>{t('adminSettings.feedMetaStep4')}</li>
				</ol>
			</div>
			<div className="space-y-3">
				<h3 className="font-semibold text-stone-900">{t('adminSettings.feedsGoogle')}</h3>
				<FeedAddress id="feed-google" label={t('adminSettings.feedGoogleAddress')} url={googleUrl} />
				<ol className="list-decimal space-y-1 pl-5 text-sm text-stone-700">
					<li>{t('adminSettings.feedGoogleStep1')}</li>
					<li>{t('adminSettings.feedGoogleStep2')}</li>
					<li>{t('adminSettings.feedGoogleStep3')}</li>
				</ol>
			</div>
			<p className="text-sm text-stone-700">{t('adminSettings.feedsFollow')}</p>
			{problems.length ? (
				<div className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950" id="feed-photo-problems">
					<p className="font-semibold">{t('adminSettings.photosTooSmall', { min: minSide })}</p>
					<ul className="mt-2 list-disc space-y-1 pl-5">
						{problems.map((p) => (
							<li key={p.productId}>
								<Link to={`/admin/products/${p.productId}/edit`} className="font-medium underline" data-seller-text>
									{p.name} ({p.code})
								</Link>
								: {p.leftOut ? t('adminSettings.photoLeftOut') : photoList(p.tooSmall, t)}.
							</li>
						))}
					</ul>
				</div>
			) : (
				<p className="text-sm text-stone-700">{t('adminSettings.photosFine')}</p>
			)}
		</div>
	)
}
