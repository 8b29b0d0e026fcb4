import { useEffect, useRef, useState } from 'react'

import { useI18n } from '~/hooks/use-i18n'
import type { PosterPicture } from '~/utils/media'

import { DecorativeVideo, type VideoSource } from './decorative-video'
import { mayAutoplayVideo } from './motion'
import { Eyebrow } from './page-bits'

// Where the hero box is portrait too (phones held upright), the poster's 3:4 centre crop is all that
// shows of a landscape frame: sending only that crop saves more than half the bytes.
const PORTRAIT_HERO = '(max-width: 639px) and (max-aspect-ratio: 4/5)'

/**
 * The home hero. The poster (or a woven pattern) is what paints first. The video element is added
 * only when it is time to play it: once the scripts run, a moment after the page has loaded, unless
 * the visitor prefers reduced motion or has Save-Data on. Until then it would cost the phone's first
 * style and layout (the browser's media stylesheet and controls) for nothing, and without scripts it
 * would never play. It pauses while scrolled out of view, and stays transparent until it plays.
 * `title` and `subtitle` are the seller's text; `titleLang` / `subtitleLang` (BCP 47 tags) mark one
 * that is not in the page's language (her English title on a Telugu page), for screen readers.
 */
export function Hero({
	title,
	subtitle,
	titleLang,
	subtitleLang,
	poster,
	video,
}: {
	title: string
	subtitle: string
	titleLang?: string
	subtitleLang?: string
	poster: PosterPicture | null
	video: VideoSource | null
}) {
	const { t } = useI18n()
	const [playing, setPlaying] = useState(false)
	const videoUrl = video?.url

	useEffect(() => {
		if (!videoUrl || !mayAutoplayVideo()) return
		let timer: ReturnType<typeof setTimeout> | undefined
		let cancelled = false
		// After the page's load and its web fonts (a Telugu or Hindi title redrawn in its font is a
		// paint the video must not compete with).
		const start = () => {
			void (document.fonts?.ready ?? Promise.resolve()).then(() => {
				if (!cancelled) timer = setTimeout(() => setPlaying(true), 150)
			})
		}
		if (document.readyState === 'complete') start()
		else window.addEventListener('load', start, { once: true })
		return () => {
			cancelled = true
			clearTimeout(timer)
			window.removeEventListener('load', start)
		}
	}, [videoUrl])

	return (
		<section
			aria-labelledby="hero-title"
			className="relative isolate flex min-h-[calc(100svh-7rem)] items-center overflow-hidden bg-maroon-950 text-white sm:min-h-[36rem] lg:min-h-[calc(100svh-8rem)] lg:max-h-[52rem]"
		>
			{poster ? (
				<picture>
					{poster.portraitWebp ? <source media={PORTRAIT_HERO} type="image/webp" srcSet={poster.portraitWebp} sizes="100vw" /> : null}
					{poster.portraitJpg ? <source media={PORTRAIT_HERO} srcSet={poster.portraitJpg} sizes="100vw" /> : null}
					{poster.webpSrcSet ? <source type="image/webp" srcSet={poster.webpSrcSet} sizes="100vw" /> : null}
					{poster.jpgSrcSet ? <source srcSet={poster.jpgSrcSet} sizes="100vw" /> : null}
					<img src={poster.src} alt="" fetchPriority="high" decoding="sync" className="absolute inset-0 -z-20 h-full w-full object-cover" />
				</picture>
			) : (
				<div className="bg-ikat absolute inset-0 -z-20 opacity-60" aria-hidden="true" />
			)}
			{video && playing ? <HeroVideo key={video.url} video={video} /> : null}
			<div
				className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_center,rgb(50_9_16/0.55),rgb(50_9_16/0.85))]"
				aria-hidden="true"
			/>
			<div className="mx-auto w-full max-w-4xl px-5 py-16 text-center">
				<Eyebrow className="text-gold-300!">{t('home.heroEyebrow')}</Eyebrow>
				<h1 id="hero-title" lang={titleLang} className="mt-5 font-serif text-4xl leading-tight text-balance sm:text-6xl lg:text-7xl">
					{title}
				</h1>
				<div className="mx-auto mt-6 flex items-center justify-center gap-3 text-gold-300" aria-hidden="true">
					<span className="h-px w-16 bg-current" />
					<span className="h-2 w-2 rotate-45 bg-current" />
					<span className="h-px w-16 bg-current" />
				</div>
				<p lang={subtitleLang} className="mt-6 font-serif text-xl text-gold-100 italic sm:text-2xl">
					{subtitle}
				</p>
				<div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row sm:gap-4">
					<a
						href="#collections"
						className="inline-flex min-h-12 w-full max-w-xs items-center justify-center rounded-full bg-gold-300 px-8 font-semibold text-maroon-950 shadow-lg transition-colors hover:bg-gold-200 sm:w-auto"
					>
						{t('home.heroExplore')}
					</a>
					<a
						href="#about"
						className="inline-flex min-h-12 w-full max-w-xs items-center justify-center rounded-full border-2 border-gold-200/80 px-8 font-semibold text-white transition-colors hover:bg-white/10 sm:w-auto"
					>
						{t('home.heroStory')}
					</a>
				</div>
			</div>
		</section>
	)
}

/** Plays (and so downloads) only while the hero is on screen: a visitor already scrolled past fetches none of it. */
function HeroVideo({ video }: { video: VideoSource }) {
	const videoRef = useRef<HTMLVideoElement>(null)
	const [videoShown, setVideoShown] = useState(false)

	useEffect(() => {
		const element = videoRef.current
		if (!element) return
		if (typeof IntersectionObserver === 'undefined') {
			element.play().catch(() => {})
			return () => element.pause()
		}
		const observer = new IntersectionObserver(([entry]) => {
			if (entry?.isIntersecting) element.play().catch(() => {})
			else element.pause()
		})
		observer.observe(element)
		return () => {
			observer.disconnect()
			element.pause()
		}
	}, [])

	return (
		<DecorativeVideo
			ref={videoRef}
			video={video}
			onPlaying={() => setVideoShown(true)}
			className={`absolute inset-0 -z-20 h-full w-full object-cover transition-opacity duration-700 ${videoShown ? 'opacity-100' : 'opacity-0'}`}
		/>
	)
}
