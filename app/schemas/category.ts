import { z } from 'zod'

import { messageRef } from '~/i18n/message-ref'

import { text, translated } from './fields'

// Settings → Categories: the Add/Edit Category form, validated the same way in the browser (Conform)
// and on the server, and the messages of the screens.

export const CATEGORY_NAME_MAX_LENGTH = 80
const DESCRIPTION_MAX_LENGTH = 300
/** Google's taxonomy paths run to about 180 characters. */
const GOOGLE_CATEGORY_MAX_LENGTH = 250

export const CATEGORY_MESSAGES = {
	nameRequired: messageRef('adminCategories.nameRequired'),
	nameTaken: messageRef('adminCategories.nameTaken'),
	googleProductCategoryRequired: messageRef('adminCategories.googleCategoryRequired'),
	added: messageRef('adminCategories.added'),
	updated: messageRef('adminCategories.updated'),
	saveFailed: messageRef('adminCategories.saveFailed'),
	moved: messageRef('adminCategories.moved'),
	shown: messageRef('adminCategories.madeShown'),
	hidden: messageRef('adminCategories.madeHidden'),
	changeFailed: messageRef('adminCategories.changeFailed'),
	deleted: messageRef('adminCategories.deleted'),
	deleteFailed: messageRef('adminCategories.deleteFailed'),
	notEmpty: (count: number) => messageRef('adminCategories.notEmpty', { count }),
} as const

/** Google's product category of sarees, for a new category. */
export const SAREE_PRODUCT_CATEGORY = 'Apparel & Accessories > Clothing > Traditional & Ceremonial Clothing > Saris & Lehengas'

const unknownCategory = messageRef('adminCategories.unknownCategory')

const hsnInvalid = messageRef('adminCategories.hsnInvalid')
/** An HSN code as typed (spaces away): 4, 6 or 8 digits. */
const hsnCode = () =>
	text(8, hsnInvalid, { required: hsnInvalid })
		.transform((v) => v.replace(/\s/g, ''))
		.refine((v) => /^(?:\d{4}|\d{6}|\d{8})$/.test(v), { error: hsnInvalid })

export const categoryFormSchema = z.object({
	name: text(CATEGORY_NAME_MAX_LENGTH, messageRef('adminCategories.nameTooLong', { max: CATEGORY_NAME_MAX_LENGTH }), {
		required: CATEGORY_MESSAGES.nameRequired,
	}),
	...translated('name', (_, locale) =>
		text(
			CATEGORY_NAME_MAX_LENGTH,
			messageRef('adminCategories.nameInTooLong', { language: locale, max: CATEGORY_NAME_MAX_LENGTH }),
		).optional(),
	),
	description: text(DESCRIPTION_MAX_LENGTH, messageRef('adminCategories.descriptionTooLong', { max: DESCRIPTION_MAX_LENGTH })).optional(),
	...translated('description', (_, locale) =>
		text(
			DESCRIPTION_MAX_LENGTH,
			messageRef('adminCategories.descriptionInTooLong', { language: locale, max: DESCRIPTION_MAX_LENGTH }),
		).optional(),
	),
	googleProductCategory: text(
		GOOGLE_CATEGORY_MAX_LENGTH,
		messageRef('adminCategories.googleCategoryTooLong', { max: GOOGLE_CATEGORY_MAX_LENGTH }),
		{ required: CATEGORY_MESSAGES.googleProductCategoryRequired },
	),
	hsn: hsnCode(),
	removePicture: text(10, messageRef('adminCategories.unexpectedValue'), { trim: false }).optional(),
})

export type CategoryFormValue = z.output<typeof categoryFormSchema>

/** The list's quick changes, each a small form of its own (move up or down, hide or show). */
export const categoryChangeSchema = z.object({
	id: text(12, unknownCategory, { required: unknownCategory }),
	change: z.enum(['up', 'down', 'hide', 'show']),
})
