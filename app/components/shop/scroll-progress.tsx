import { useEffect, useRef } from 'react'

/**
 * Reading progress along the top of the page. Pure CSS (a scroll-driven animation, see app.css) where
 * supported; a passive scroll listener elsewhere.
 */
export function ScrollProgress() {
	const barRef = useRef<HTMLDivElement>(null)
	useEffect(() => {
		if (typeof CSS !== 'undefined' && CSS.supports('animation-timeline: scroll()')) return
		const bar = barRef.current
		if (!bar) return
		let frame = 0
		const update = () => {
			frame = 0
			const max = document.documentElement.scrollHeight - window.innerHeight
			bar.style.transform = `scaleX(${max > 0 ? Math.min(1, window.scrollY / max) : 0})`
		}
		const onScroll = () => {
			if (!frame) frame = requestAnimationFrame(update)
		}
		update()
		window.addEventListener('scroll', onScroll, { passive: true })
		window.addEventListener('resize', onScroll)
		return () => {
			window.removeEventListener('scroll', onScroll)
			window.removeEventListener('resize', onScroll)
			cancelAnimationFrame(frame)
		}
	}, [])
	return (
		<div className="pointer-events-none fixed inset-x-0 top-0 z-[55] h-1" aria-hidden="true" data-testid="scroll-progress">
			<div ref={barRef} className="scroll-progress h-full origin-left scale-x-0 bg-gradient-to-r from-gold-500 to-gold-300" />
		</div>
	)
}
