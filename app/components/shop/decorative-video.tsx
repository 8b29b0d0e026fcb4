import type { ComponentPropsWithRef } from 'react'

export type VideoSource = { url: string; type: string | null }

/**
 * A video that decorates (the home hero, the weaving story): muted, looped, inline, hidden from screen
 * readers and the tab order, and downloading nothing until something plays it. No `poster` attribute:
 * it would be fetched at once, however far down the page the video is; the picture under it shows
 * the poster at the size the screen needs.
 */
export function DecorativeVideo({ video, ...props }: { video: VideoSource } & Omit<ComponentPropsWithRef<'video'>, 'children' | 'poster'>) {
	return (
		<video muted loop playsInline preload="none" aria-hidden="true" tabIndex={-1} {...props}>
			<source src={video.url} type={video.type ?? undefined} />
		</video>
	)
}
