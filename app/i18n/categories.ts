import type { Category } from '~/constants'

import type { Translator } from './translate'

// A category is stored (and sent in addresses) by its English name; visitors read it in their language.
const CATEGORY_KEYS = {
	'Kanchipattu Pochampally Ikkat': 'shop.categoryKanchipattu',
	'Dharmavaram Pochampally Ikkat': 'shop.categoryDharmavaram',
	'Pochampally Ikkat': 'shop.categoryPochampally',
} as const satisfies Record<Category, string>

/** The name of a category in the page's language (any other text is shown as it is). */
export function categoryLabel(t: Translator['t'], category: string) {
	const key = (CATEGORY_KEYS as Record<string, (typeof CATEGORY_KEYS)[Category] | undefined>)[category]
	return key ? t(key) : category
}
