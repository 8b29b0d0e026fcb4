// Record ids in addresses (/product/12, /blog/12, /admin/orders/12/edit, ?step=3): one rule for every
// route, so "12", "012" and nothing else find record 12 ("1e3", " 12", "0x10" and "12.0" do not).

/** The id written in an address: 1 to 15 digits and above zero, else null (the caller answers 404). */
export function parseRecordId(raw: string | null | undefined): number | null {
	if (!raw || !/^\d{1,15}$/.test(raw)) return null
	const id = Number(raw)
	return id > 0 ? id : null
}
