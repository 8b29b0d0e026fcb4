import { useI18n } from '~/hooks/use-i18n'

import type { StoryStepView } from './story-step-card'

/** How the four steps will read on the home page, side by side. */
export function StoryPreviewGrid({ steps }: { steps: StoryStepView[] }) {
	const { t } = useI18n()
	return (
		<section aria-labelledby="story-preview-heading" className="space-y-3">
			<h2 id="story-preview-heading" className="font-serif text-xl text-maroon-800">
				{t('adminStory.preview')}
			</h2>
			<ol className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
				{steps.map((step) => (
					<li key={step.id} className="overflow-hidden rounded-lg border border-stone-200 bg-white shadow-sm">
						<div className="aspect-video bg-stone-800">
							{step.posterUrl ? (
								<img src={step.posterUrl} alt="" loading="lazy" className="h-full w-full object-cover" />
							) : step.videoUrl ? (
								<video src={step.videoUrl} muted playsInline preload="metadata" aria-hidden="true" className="h-full w-full object-cover" />
							) : (
								<div className="flex h-full items-center justify-center text-sm text-stone-200">{t('adminStory.previewNoVideo')}</div>
							)}
						</div>
						<div className="space-y-1 p-2 sm:p-3">
							<p className="text-xs font-semibold tracking-wide text-gold-700 uppercase">
								{t('adminStory.stepLabel', { number: step.order })}
							</p>
							<h3 data-seller-text className="font-serif text-base text-maroon-800 sm:text-lg">
								{step.name}
							</h3>
							<p data-seller-text className="line-clamp-3 text-sm text-stone-700">
								{step.text}
							</p>
						</div>
					</li>
				))}
			</ol>
		</section>
	)
}
