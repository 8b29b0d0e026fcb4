import { z } from 'zod'

import { text, translated } from './fields'
import { hsnCode } from './tax-settings'

// Settings → Categories: the Add/Edit Category form, validated the same way in the browser (Conform)
// and on the server, and the messages of the screens.

export const CATEGORY_NAME_MAX_LENGTH = 80
/** Google's taxonomy paths run to about 180 characters. */
const GOOGLE_CATEGORY_MAX_LENGTH = 250

export const CATEGORY_MESSAGES = {
	nameRequired: 'Please enter the category name.',
	nameTaken: 'Another category already has this name.',
	googleProductCategoryRequired: 'Please enter the Google product category (the saree one is filled in for you).',
	added: 'Category added.',
	updated: 'Category saved.',
	saveFailed: 'Failed to save the category. Please try again.',
	moved: 'Order saved.',
	shown: 'Category shown on the shop.',
	hidden: 'Category hidden from the shop.',
	changeFailed: 'Failed to change the category. Please try again.',
	deleted: 'Category deleted successfully!',
	deleteFailed: 'Failed to delete the category. Please try again.',
	notEmpty: (count: string) => `This category still holds ${count === '1' ? '1 saree' : `${count} sarees`}: move or delete them first.`,
} as const

/** Google's product category of sarees, for a new category. */
export const SAREE_PRODUCT_CATEGORY = 'Apparel & Accessories > Clothing > Traditional & Ceremonial Clothing > Saris & Lehengas'

export const categoryFormSchema = z.object({
	name: text(CATEGORY_NAME_MAX_LENGTH, `Keep the name under ${CATEGORY_NAME_MAX_LENGTH} characters.`, {
		required: CATEGORY_MESSAGES.nameRequired,
	}),
	...translated('name', (language) =>
		text(CATEGORY_NAME_MAX_LENGTH, `Keep the name in ${language} under ${CATEGORY_NAME_MAX_LENGTH} characters.`).optional(),
	),
	description: text(300, 'Keep the description under 300 characters.').optional(),
	...translated('description', (language) => text(300, `Keep the description in ${language} under 300 characters.`).optional()),
	googleProductCategory: text(
		GOOGLE_CATEGORY_MAX_LENGTH,
		`Keep the Google product category under ${GOOGLE_CATEGORY_MAX_LENGTH} characters.`,
		{
			required: CATEGORY_MESSAGES.googleProductCategoryRequired,
		},
	),
	hsn: hsnCode(),
	removePicture: text(10, 'Unexpected value.', { trim: false }).optional(),
})

export type CategoryFormValue = z.output<typeof categoryFormSchema>

/** The list's quick changes, each a small form of its own (move up or down, hide or show). */
export const categoryChangeSchema = z.object({
	id: text(12, 'Unknown category.', { required: 'Unknown category.' }),
	change: z.enum(['up', 'down', 'hide', 'show']),
})
