import { about } from './about'
import { admin } from './admin'
import { adminCategories } from './admin-categories'
import { adminForms } from './admin-forms'
import { adminHero } from './admin-hero'
import { adminStory } from './admin-story'
import { blog } from './blog'
import { catalogue } from './catalogue'
import { home } from './home'
import { order } from './order'
import { product } from './product'
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
	adminHero,
	adminStory,
	adminCategories,
}
