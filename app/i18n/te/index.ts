import { about } from './about'
import { admin } from './admin'
import { adminBlogs } from './admin-blogs'
import { adminForms } from './admin-forms'
import { adminPhotos } from './admin-photos'
import { adminProductEditor } from './admin-product-editor'
import { blog } from './blog'
import { catalogue } from './catalogue'
import { home } from './home'
import { order } from './order'
import { product } from './product'
import { shop } from './shop'
import { shortlist } from './shortlist'
import { whatsapp } from './whatsapp'

export const te = {
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
	adminProductEditor,
	adminBlogs,
	adminPhotos,
}
