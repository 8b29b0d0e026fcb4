import { type ReactNode, useEffect, useSyncExternalStore } from 'react'
import { Link, type ShouldRevalidateFunctionArgs, useFetcher } from 'react-router'

import { FlashMessage } from '~/components/ui/flash-message'
import { useHydrated } from '~/hooks/use-hydrated'
import { useI18n } from '~/hooks/use-i18n'
import { SHORTLIST_CHANGED, subscribeToShortlist, useShortlist } from '~/hooks/use-shortlist'
import { pathWithoutLocale } from '~/i18n/locales'
import type { Flash } from '~/utils/flash.server'
import { SHORTLIST_PATH } from '~/utils/shortlist'

import { HeartIcon } from './icons'

// The shortlist in the browser (what it is: app/utils/shortlist.ts). Every control is a form posting
// to /shortlist, which works without JavaScript (the answer is the shortlist page with a message).
// With JavaScript the form is sent in the background and the page changes in place: the kept sarees
// are read from the cookie after hydration, so a page the server keeps for everyone never holds them.

/** What the shortlist action answers a form sent by scripts (`inPlace`). */
export type ShortlistActionData = { ids: number[]; flash: Flash }

// The answer to the latest change on this page: only its message shows (a message of an earlier
// change, still on screen, gives way to it).
let latestAnswer: ShortlistActionData | undefined
const readLatestAnswer = () => latestAnswer

/**
 * Pages whose loaders need not run again after a shortlist change made on them in the background:
 * every page but the shortlist itself (nothing else they show depends on it).
 */
export function isShortlistChangeElsewhere({ formAction, currentUrl }: Pick<ShouldRevalidateFunctionArgs, 'formAction' | 'currentUrl'>) {
	return (
		formAction !== undefined &&
		pathWithoutLocale(formAction) === SHORTLIST_PATH &&
		pathWithoutLocale(currentUrl.pathname) !== SHORTLIST_PATH
	)
}

/** A route's `shouldRevalidate` for a page that shows shortlist buttons. */
export function shouldRevalidateAroundShortlist(args: ShouldRevalidateFunctionArgs) {
	return isShortlistChangeElsewhere(args) ? false : args.defaultShouldRevalidate
}

type ShortlistFormProps = {
	intent: 'add' | 'remove' | 'clear'
	productId?: number
	className?: string
	/** The submit button; gets whether the change is being sent. */
	children: (pending: boolean) => ReactNode
}

/** One change to the shortlist as a form: posted normally without JavaScript, in the background with it. */
export function ShortlistForm({ intent, productId, className, children }: ShortlistFormProps) {
	const fetcher = useFetcher<ShortlistActionData>()
	const hydrated = useHydrated()
	const { path } = useI18n()
	const answer = fetcher.state === 'idle' ? fetcher.data : undefined
	useEffect(() => {
		if (!answer) return
		latestAnswer = answer
		// The cookie changed with the answer: every control and count reads it again.
		window.dispatchEvent(new Event(SHORTLIST_CHANGED))
	}, [answer])
	const latest = useSyncExternalStore(subscribeToShortlist, readLatestAnswer, () => undefined)
	return (
		<fetcher.Form method="post" action={path(SHORTLIST_PATH)} className={className}>
			<input type="hidden" name="intent" value={intent} />
			{productId ? <input type="hidden" name="productId" value={productId} /> : null}
			{hydrated ? <input type="hidden" name="inPlace" value="1" /> : null}
			{children(fetcher.state !== 'idle')}
			{answer && answer === latest ? <FlashMessage flash={answer.flash} /> : null}
		</fetcher.Form>
	)
}

type ToggleProps = { productId: number; name: string }

/** The heart on a product card: keeps the saree in the shortlist, or lets it go. */
export function ShortlistHeart({ productId, name }: ToggleProps) {
	const kept = useShortlist().includes(productId)
	const { t } = useI18n()
	return (
		<ShortlistForm intent={kept ? 'remove' : 'add'} productId={productId} className="absolute top-1 right-1 z-10">
			{(pending) => (
				<button
					type="submit"
					disabled={pending}
					className="inline-flex h-11 w-11 items-center justify-center rounded-full text-maroon-800 transition-transform active:scale-90"
				>
					<span className="inline-flex h-9 w-9 items-center justify-center rounded-full bg-white/90 shadow ring-1 ring-stone-900/10">
						<HeartIcon className="h-5 w-5" fill={kept ? 'currentColor' : 'none'} />
					</span>
					<span className="sr-only">{t(kept ? 'shop.shortlistRemoveNamed' : 'shop.shortlistAddNamed', { name })}</span>
				</button>
			)}
		</ShortlistForm>
	)
}

/** The product page's button beside "Order on WhatsApp". */
export function ShortlistButton({ productId, name, className }: ToggleProps & { className: string }) {
	const kept = useShortlist().includes(productId)
	const { t } = useI18n()
	return (
		<ShortlistForm intent={kept ? 'remove' : 'add'} productId={productId} className="contents">
			{(pending) => (
				<button type="submit" disabled={pending} className={className}>
					<HeartIcon className="h-5 w-5" fill={kept ? 'currentColor' : 'none'} />
					{t(kept ? 'shop.shortlistRemove' : 'shop.shortlistAdd')}
					<span className="sr-only">: {name}</span>
				</button>
			)}
		</ShortlistForm>
	)
}

/** The header's way to the shortlist; the number of sarees in it appears once scripts run. */
export function ShortlistLink({ className }: { className: string }) {
	const count = useShortlist().length
	const { t, path } = useI18n()
	return (
		<Link to={path(SHORTLIST_PATH)} className={className} aria-label={count ? t('shop.shortlistCount', { count }) : t('shop.shortlist')}>
			<HeartIcon className="h-6 w-6" />
			{count ? (
				<span
					className="absolute top-0.5 right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-maroon-800 px-1 text-xs leading-none font-bold text-white"
					data-shortlist-count
				>
					{count}
				</span>
			) : null}
		</Link>
	)
}
