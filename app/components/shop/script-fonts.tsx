import devanagariRegular from '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff2?url'
import teluguRegular from '@fontsource/noto-sans-telugu/files/noto-sans-telugu-telugu-400-normal.woff2?url'

import type { Locale } from '~/i18n/locales'

// Telugu and Devanagari letters in a font made for them (Noto Sans, OFL, from Fontsource's packages),
// declared only on pages in that language: an English page never asks for them. Each face covers only
// its script (unicode-range), so Latin text, digits and prices keep the shop's own fonts; app.css puts
// the two families first in both font stacks. A phone that has the font already (Android ships Noto)
// uses its own copy (`local()`) and downloads nothing. Otherwise the one file (the regular weight,
// 36–50 KB) is preloaded with the page, and text shows at once in whatever the device has
// (`font-display: swap`). Bolder text is drawn from it by the browser: a second weight would cost a
// product page as much again, and would arrive later than the first paint, moving the text it sets.

type ScriptFont = {
	family: string
	localName: string
	postscript: string
	range: string
	regular: string
}

const SCRIPT_FONTS: Partial<Record<Locale, ScriptFont>> = {
	te: {
		family: 'Shop Telugu',
		localName: 'Noto Sans Telugu',
		postscript: 'NotoSansTelugu',
		range: 'U+0951-0952,U+0964-0965,U+0C00-0C7F,U+1CDA,U+1CF2,U+200C-200D,U+25CC',
		regular: teluguRegular,
	},
	hi: {
		family: 'Shop Devanagari',
		localName: 'Noto Sans Devanagari',
		postscript: 'NotoSansDevanagari',
		range: 'U+0900-097F,U+1CD0-1CF9,U+200C-200D,U+20A8,U+20B9,U+20F0,U+25CC,U+A830-A839,U+A8E0-A8FF',
		regular: devanagariRegular,
	},
}

function scriptFontCss(font: ScriptFont) {
	return (
		`@font-face{font-family:'${font.family}';font-style:normal;font-weight:400;font-display:swap;` +
		`src:local('${font.localName}'),local('${font.postscript}-Regular'),url(${font.regular}) format('woff2');` +
		`unicode-range:${font.range}}`
	)
}

/** The `<head>` part of a page in a language with its own script (nothing for English). */
export function ScriptFonts({ locale, nonce }: { locale: Locale; nonce?: string }) {
	const font = SCRIPT_FONTS[locale]
	if (!font) return null
	return (
		<>
			<link rel="preload" href={font.regular} as="font" type="font/woff2" crossOrigin="anonymous" />
			<style nonce={nonce} data-script-fonts={locale} dangerouslySetInnerHTML={{ __html: scriptFontCss(font) }} />
		</>
	)
}
