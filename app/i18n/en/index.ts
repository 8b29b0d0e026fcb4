import { about } from './about'
import { admin } from './admin'
import { adminAccount } from './admin-account'
import { adminAuth } from './admin-auth'
import { adminBackup } from './admin-backup'
import { adminBlogs } from './admin-blogs'
import { adminBulk } from './admin-bulk'
import { adminCategories } from './admin-categories'
import { adminCustomers } from './admin-customers'
import { adminDashboard } from './admin-dashboard'
import { adminForms } from './admin-forms'
import { adminHero } from './admin-hero'
import { adminImport } from './admin-import'
import { adminMail } from './admin-mail'
import { adminOrders } from './admin-orders'
import { adminPhotos } from './admin-photos'
import { adminProductEditor } from './admin-product-editor'
import { adminProducts } from './admin-products'
import { adminReceipt } from './admin-receipt'
import { adminReports } from './admin-reports'
import { adminSettings } from './admin-settings'
import { adminStory } from './admin-story'
import { adminTrash } from './admin-trash'
import { blog } from './blog'
import { catalogue } from './catalogue'
import { home } from './home'
import { order } from './order'
import { product } from './product'
import { shareCard } from './share-card'
import { shop } from './shop'
import { shortlist } from './shortlist'
import { whatsapp } from './whatsapp'

export const en = {
	shop,
	home,
	about,
	catalogue,
	product,
	shortlist,
	blog,
	whatsapp,
	order,
	admin,
	adminForms,
	adminProducts,
	adminBulk,
	adminImport,
	adminOrders,
	adminCustomers,
	adminReceipt,
	adminDashboard,
	adminReports,
	adminSettings,
	adminTrash,
	adminBackup,
	adminHero,
	adminStory,
	adminCategories,
	adminProductEditor,
	adminBlogs,
	adminPhotos,
	adminAuth,
	adminMail,
	adminAccount,
	shareCard,
}
