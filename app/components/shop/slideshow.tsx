import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react'

import { useHydrated } from '~/hooks/use-hydrated'
import { useI18n } from '~/hooks/use-i18n'

import { ChevronLeftIcon, ChevronRightIcon, PauseIcon, PlayIcon } from './icons'
import { mayAutoplayVideo, prefersReducedMotion } from './motion'

/** `lang`: the BCP 47 tag of a name that is not in the page's language (the seller's untranslated text). */
export type Slide = { id: string; name: string; lang?: string; content: ReactNode }

/**
 * A slideshow that is a plain list without JavaScript (every slide readable, laid out by
 * `staticClassName`, whose classes carry the `nojs:` variant) and a scroll-snap carousel with it: swipe, previous/next, optional name buttons,
 * dots, auto-advance with wrap-around and a pause control. Auto-advance stays off under
 * prefers-reduced-motion and pauses while the pointer or focus is inside. Videos marked
 * `data-autoplay` play only on the current slide, and only while the slideshow is on screen.
 * Its control labels are the `home` area's `slideshow…` keys: a page that shows one is sent them.
 */
export function Slideshow({
	label,
	slides,
	intervalMs,
	startDelayMs = 0,
	showNames = false,
	staticClassName = 'nojs:grid nojs:gap-6',
	idPrefix,
}: {
	label: string
	slides: Slide[]
	intervalMs: number
	startDelayMs?: number
	showNames?: boolean
	staticClassName?: string
	idPrefix: string
}) {
	const { t } = useI18n()
	const trackRef = useRef<HTMLDivElement>(null)
	const [index, setIndex] = useState(0)
	const hydrated = useHydrated()
	// Until the visitor presses play or pause, a reduced-motion preference keeps the slides still.
	const [chosen, setPlaying] = useState<boolean | null>(null)
	const playing = chosen ?? !(hydrated && prefersReducedMotion())
	const [held, setHeld] = useState(false)
	const started = useRef(false)
	const settleTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
	const count = slides.length

	const goTo = useCallback(
		(next: number) => {
			const target = ((next % count) + count) % count
			const track = trackRef.current
			if (track) track.scrollTo({ left: target * track.clientWidth, behavior: prefersReducedMotion() ? 'auto' : 'smooth' })
			setIndex(target)
		},
		[count],
	)

	// Swipes move the track directly: read the slide once scrolling has settled.
	const onScroll = () => {
		clearTimeout(settleTimer.current)
		settleTimer.current = setTimeout(() => {
			const track = trackRef.current
			if (!track || !track.clientWidth) return
			const current = Math.round(track.scrollLeft / track.clientWidth)
			setIndex((i) => (i === current ? i : Math.min(count - 1, Math.max(0, current))))
		}, 120)
	}
	useEffect(() => () => clearTimeout(settleTimer.current), [])

	useEffect(() => {
		if (!hydrated || !playing || held || count < 2) return
		const delay = intervalMs + (started.current ? 0 : startDelayMs)
		const timer = setTimeout(() => {
			started.current = true
			goTo(index + 1)
		}, delay)
		return () => clearTimeout(timer)
	}, [hydrated, playing, held, index, intervalMs, startDelayMs, count, goTo])

	// Keep the current slide in place when the width changes (rotation, resize).
	useEffect(() => {
		const track = trackRef.current
		if (!track || typeof ResizeObserver === 'undefined') return
		const observer = new ResizeObserver(() => {
			track.scrollTo({ left: index * track.clientWidth })
		})
		observer.observe(track)
		return () => observer.disconnect()
	}, [index])

	// Videos load only once the slideshow is on screen: a visitor who never scrolls down to it downloads none.
	const [onScreen, setOnScreen] = useState(false)
	useEffect(() => {
		const track = trackRef.current
		if (!track || typeof IntersectionObserver === 'undefined') {
			setOnScreen(true)
			return
		}
		const observer = new IntersectionObserver(([entry]) => setOnScreen(!!entry?.isIntersecting))
		observer.observe(track)
		return () => observer.disconnect()
	}, [])

	useEffect(() => {
		const track = trackRef.current
		if (!hydrated || !track) return
		const allowed = mayAutoplayVideo() && onScreen
		track.querySelectorAll<HTMLElement>('[data-slide]').forEach((slide, i) => {
			slide.querySelectorAll<HTMLVideoElement>('video[data-autoplay]').forEach((video) => {
				if (i === index && allowed) {
					video.play().catch(() => {})
				} else video.pause()
			})
		})
	}, [hydrated, index, onScreen])

	return (
		<section
			aria-roledescription="carousel"
			aria-label={label}
			onMouseEnter={() => setHeld(true)}
			onMouseLeave={() => setHeld(false)}
			onFocus={() => setHeld(true)}
			onBlur={(e) => {
				if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setHeld(false)
			}}
		>
			{showNames ? (
				<div className="-mx-4 mb-6 hidden overflow-x-auto px-4 pb-1 js:block">
					<div className="flex w-max gap-2 sm:mx-auto">
						{slides.map((slide, i) => (
							<button
								key={slide.id}
								type="button"
								onClick={() => goTo(i)}
								aria-pressed={i === index}
								lang={slide.lang}
								className={`min-h-11 rounded-full border px-4 text-sm font-semibold whitespace-nowrap transition-colors ${
									i === index
										? 'border-maroon-800 bg-maroon-800 text-white'
										: 'border-maroon-800/25 bg-white text-maroon-900 hover:border-maroon-800'
								}`}
							>
								{slide.name}
							</button>
						))}
					</div>
				</div>
			) : null}

			<div
				ref={trackRef}
				onScroll={onScroll}
				// Focusable from the first paint: with the `js` class it is a scroller before hydration too
				// (a scrollable region must be reachable by keyboard).
				// eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
				tabIndex={0}
				aria-live={hydrated && !playing ? 'polite' : 'off'}
				className={`${staticClassName} js:scrollbar-none js:flex js:snap-x js:snap-mandatory js:overflow-x-auto js:rounded-2xl`}
			>
				{slides.map((slide, i) => {
					const current = !hydrated || i === index
					return (
						<div
							key={slide.id}
							id={`${idPrefix}-${i + 1}`}
							data-slide
							role="group"
							aria-roledescription="slide"
							aria-label={t('home.slideshowSlide', { number: i + 1, count, name: slide.name })}
							aria-hidden={current ? undefined : true}
							inert={!current}
							className="js:w-full js:shrink-0 js:snap-start"
						>
							{slide.content}
						</div>
					)
				})}
			</div>

			<div className="mt-6 hidden items-center justify-center gap-3 js:flex">
				<button
					type="button"
					onClick={() => goTo(index - 1)}
					className="flex h-11 w-11 items-center justify-center rounded-full border border-maroon-800/25 bg-white text-maroon-900 hover:border-maroon-800"
					aria-label={t('home.slideshowPrevious')}
				>
					<ChevronLeftIcon className="h-5 w-5" />
				</button>
				<div className="flex items-center">
					{slides.map((slide, i) => (
						<button
							key={slide.id}
							type="button"
							onClick={() => goTo(i)}
							aria-label={t('home.slideshowGoTo', { number: i + 1, name: slide.name })}
							aria-current={i === index ? 'true' : undefined}
							className="group flex h-11 w-7 items-center justify-center"
						>
							<span
								className={`block h-2.5 rounded-full transition-all ${i === index ? 'w-6 bg-maroon-800' : 'w-2.5 bg-maroon-800/30 group-hover:bg-maroon-800/60'}`}
							/>
						</button>
					))}
				</div>
				<button
					type="button"
					onClick={() => goTo(index + 1)}
					className="flex h-11 w-11 items-center justify-center rounded-full border border-maroon-800/25 bg-white text-maroon-900 hover:border-maroon-800"
					aria-label={t('home.slideshowNext')}
				>
					<ChevronRightIcon className="h-5 w-5" />
				</button>
				<button
					type="button"
					onClick={() => setPlaying(!playing)}
					className="ml-2 flex h-11 w-11 items-center justify-center rounded-full bg-maroon-800 text-white hover:bg-maroon-900"
					aria-label={playing ? t('home.slideshowPause') : t('home.slideshowPlay')}
				>
					{playing ? <PauseIcon className="h-5 w-5" /> : <PlayIcon className="h-5 w-5" />}
				</button>
			</div>
		</section>
	)
}
