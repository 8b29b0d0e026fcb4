import { about } from './about'
import { admin } from './admin'
import { adminForms } from './admin-forms'
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
	shareCard,
}
