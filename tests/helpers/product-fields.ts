import type { AdminProductFields } from '../../app/models/products-admin.server'

/** A valid saree as the admin's editor saves it, for model tests; `overrides` change what a test is about. */
export function productFields(overrides: Partial<AdminProductFields> = {}): AdminProductFields {
	return {
		name: 'Red Ikkat',
		nameTe: '',
		nameHi: '',
		code: 'PS-1',
		description: '',
		descriptionTe: '',
		descriptionHi: '',
		originalPricePaise: 1_000_000,
		salePricePaise: 900_000,
		stock: 1,
		status: 'active',
		category: 'Pochampally Ikkat',
		tags: ['silk'],
		...overrides,
	}
}
