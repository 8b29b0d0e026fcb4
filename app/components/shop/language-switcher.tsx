import { useSyncExternalStore } from 'react'

import { useI18n } from '~/hooks/use-i18n'
import { useLanguageHref } from '~/hooks/use-language-href'
import { isLocale, type Locale, LOCALE_INVITATIONS, LOCALE_NAMES, LOCALE_TAGS, LOCALES } from '~/i18n/locales'

import { CloseIcon } from './icons'

// The language switcher: plain links to the same page (and query) in each language. A link loads a
// whole document, so the new page arrives with its own `<html lang>`, texts and fonts. The choice is
// remembered in the browser only (localStorage): the server never varies a page by visitor, so the
// page cache keeps one copy per address.

const CHOICE_KEY = 'shop-language'
const DISMISSED_KEY = 'shop-language-suggestion-dismissed'

function remember(locale: Locale) {
	try {
		localStorage.setItem(CHOICE_KEY, locale)
	} catch {
		// Storage may be off (private mode): the links still work.
	}
}

export function LanguageSwitcher({ className = '', linkClassName }: { className?: string; linkClassName: (current: boolean) => string }) {
	const { locale, t } = useI18n()
	const href = useLanguageHref()
	return (
		<ul className={className} aria-label={t('shop.language')}>
			{LOCALES.map((option) => (
				<li key={option}>
					<a
						href={href(option)}
						hrefLang={LOCALE_TAGS[option]}
						lang={LOCALE_TAGS[option]}
						aria-current={option === locale ? 'true' : undefined}
						onClick={() => remember(option)}
						className={linkClassName(option === locale)}
					>
						{LOCALE_NAMES[option]}
					</a>
				</li>
			))}
		</ul>
	)
}

/** The language a visitor would rather read: the one they chose here before, else a browser preference for one of ours. */
function preferredLocale(): Locale | null {
	try {
		const chosen = localStorage.getItem(CHOICE_KEY)
		if (isLocale(chosen)) return chosen
	} catch {
		// No storage: go by the browser alone.
	}
	// English is every browser's default in India: only a preference for Telugu or Hindi says something.
	for (const tag of navigator.languages ?? [navigator.language]) {
		const language = tag.toLowerCase().split('-')[0]
		if (language === 'en') return null
		if (language === 'te' || language === 'hi') return language
	}
	return null
}

// Dismissing is kept in storage; where there is none, for as long as this page lives.
let dismissedHere = false
const SUGGESTION_CHANGED = 'shop-language-suggestion'

function subscribe(onChange: () => void) {
	window.addEventListener('storage', onChange)
	window.addEventListener(SUGGESTION_CHANGED, onChange)
	return () => {
		window.removeEventListener('storage', onChange)
		window.removeEventListener(SUGGESTION_CHANGED, onChange)
	}
}

function suggestionFor(locale: Locale): Locale | null {
	if (dismissedHere) return null
	try {
		if (localStorage.getItem(DISMISSED_KEY)) return null
	} catch {
		// No storage: the browser's preference alone decides.
	}
	const preferred = preferredLocale()
	return preferred && preferred !== locale ? preferred : null
}

function dismissSuggestion() {
	dismissedHere = true
	try {
		localStorage.setItem(DISMISSED_KEY, '1')
	} catch {
		// Nothing to remember it in: it goes for this page.
	}
	window.dispatchEvent(new Event(SUGGESTION_CHANGED))
}

/**
 * A small note offering the page in the visitor's language, when that is not the page's: never a
 * redirect. Shown only by scripts after hydration (the page the server keeps is the same for all),
 * fixed at the bottom so nothing on the page moves, and gone for good once dismissed.
 */
export function LanguageSuggestion() {
	const { locale, t } = useI18n()
	const href = useLanguageHref()
	const suggested = useSyncExternalStore(
		subscribe,
		() => suggestionFor(locale),
		() => null,
	)
	if (!suggested) return null
	return (
		<aside
			aria-label={t('shop.language')}
			className="fixed right-22 bottom-4 left-4 z-30 flex max-w-md items-center gap-2 rounded-2xl border border-gold-300 bg-cream py-1.5 pr-1.5 pl-4 shadow-lg sm:bottom-6 sm:left-6"
			data-language-suggestion
		>
			<a
				href={href(suggested)}
				hrefLang={LOCALE_TAGS[suggested]}
				lang={LOCALE_TAGS[suggested]}
				onClick={() => remember(suggested)}
				className="flex min-h-11 flex-1 items-center font-semibold text-maroon-800 underline decoration-gold-500 underline-offset-2"
			>
				{LOCALE_INVITATIONS[suggested]}
			</a>
			<button
				type="button"
				onClick={dismissSuggestion}
				className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-stone-700 hover:bg-stone-100"
			>
				<CloseIcon className="h-5 w-5" />
				<span className="sr-only">{t('shop.suggestDismiss')}</span>
			</button>
		</aside>
	)
}
