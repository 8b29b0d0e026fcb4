import type { Migration } from 'kysely'

import * as m0001 from './0001_initial'
import * as m0002 from './0002_content_version'
import * as m0003 from './0003_one_spelling_for_codes_and_slugs'
import * as m0005 from './0005_product_search'
import * as m0006 from './0006_order_follow_up'
import * as m0007 from './0007_translations'
import * as m0008 from './0008_sign_in_codes'
import * as m0009 from './0009_stock_follows_orders'
import * as m0010 from './0010_customer_key'
import * as m0011 from './0011_order_links'
import * as m0012 from './0012_reports_and_tax_invoices'
import * as m0013 from './0013_categories'
import * as m0015 from './0015_trash'
import * as m0016 from './0016_admin_language'

// Append-only: add each new migration file here, never edit or reorder an applied one.
export const migrations: Record<string, Migration> = {
	'0001_initial': m0001,
	'0002_content_version': m0002,
	'0003_one_spelling_for_codes_and_slugs': m0003,
	'0005_product_search': m0005,
	'0006_order_follow_up': m0006,
	'0007_translations': m0007,
	'0008_sign_in_codes': m0008,
	'0009_stock_follows_orders': m0009,
	'0010_customer_key': m0010,
	'0011_order_links': m0011,
	'0012_reports_and_tax_invoices': m0012,
	'0013_categories': m0013,
	'0015_trash': m0015,
	'0016_admin_language': m0016,
}
