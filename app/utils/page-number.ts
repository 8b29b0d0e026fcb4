/**
 * The page a list's address asks for (`?page=`, or the `page` field a list's form posts back): a whole
 * number from 1 with at most six digits; anything else is page 1. One reading for the shop's lists and
 * the admin's.
 */
export function parsePage(value: FormDataEntryValue | string | null) {
	if (typeof value !== 'string' || !/^\d{1,6}$/.test(value)) return 1
	return Math.max(1, Number(value))
}
