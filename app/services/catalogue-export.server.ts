import { getDb } from '~/db.server'
import { listCataloguePage } from '~/models/products-catalogue.server'
import { CATALOGUE_COLUMNS, catalogueRow, photoNameOf } from '~/schemas/catalogue-import'
import { csvStream } from '~/utils/csv'

// "Export catalogue (CSV)": every saree, whatever its status, in the columns the import reads back
// (schemas/catalogue-import.ts), written while it is sent, a page of sarees at a time. A saree's photos
// are named as a ZIP for the import names them (KPI-101.jpg, KPI-101-2.jpg, …).

const PAGE_PRODUCTS = 500

export function catalogueCsvStream(db = getDb()) {
	let after = 0
	return csvStream(CATALOGUE_COLUMNS, async () => {
		const products = await listCataloguePage(after, PAGE_PRODUCTS, db)
		after = products.at(-1)?.id ?? after
		return {
			rows: products.map((product) =>
				catalogueRow(
					product,
					product.photos.map((_, position) => photoNameOf(product.code, position)),
				),
			),
			last: products.length < PAGE_PRODUCTS,
		}
	})
}
