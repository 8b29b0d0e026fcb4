import { about } from './about'
import { admin } from './admin'
import { adminBulk } from './admin-bulk'
import { adminForms } from './admin-forms'
import { adminImport } from './admin-import'
import { adminProducts } from './admin-products'
import { adminOrders } from './admin-orders'
import { adminReceipt } from './admin-receipt'
import { adminBackup } from './admin-backup'
import { adminDashboard } from './admin-dashboard'
import { adminForms } from './admin-forms'
import { adminReports } from './admin-reports'
import { adminSettings } from './admin-settings'
import { adminTrash } from './admin-trash'
import { adminCategories } from './admin-categories'
import { adminForms } from './admin-forms'
import { adminHero } from './admin-hero'
import { adminStory } from './admin-story'
import { adminBlogs } from './admin-blogs'
import { adminForms } from './admin-forms'
import { adminPhotos } from './admin-photos'
import { adminProductEditor } from './admin-product-editor'
import { adminAccount } from './admin-account'
import { adminAuth } from './admin-auth'
import { adminForms } from './admin-forms'
import { adminMail } from './admin-mail'
import { blog } from './blog'
import { catalogue } from './catalogue'
import { home } from './home'
import { order } from './order'
import { product } from './product'
import { shareCard } from './share-card'
import { shop } from './shop'
import { shortlist } from './shortlist'
import { whatsapp } from './whatsapp'

export const hi = {
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
