import { type Locale, LOCALE_TAGS } from '~/i18n/locales'
import { serverTranslator } from '~/i18n/messages.server'

/** What the draft banner says, and in which language. */
export type DraftBannerTexts = { lang: string; text: string; back: string }

/** The draft banner's texts in the admin's own language, whatever the language of the page it tops. */
export function draftBannerOf(locale: Locale): DraftBannerTexts {
	const { t } = serverTranslator(locale, 'admin')
	return { lang: LOCALE_TAGS[locale], text: t('admin.draftBanner'), back: t('admin.draftBack') }
}
