import { DELIVERY_ESTIMATE, SAREE_LENGTH } from '~/constants'

// The product page (/product/:id): its meta and JSON-LD texts, the order and share buttons, the
// features and care details, "You may also like", the photo gallery and its full-screen preview, and
// the not-found view (sent with the 404 itself, app/routes/shop/product.tsx). The saree's name and
// description are the seller's (app/models/products-storefront.server.ts).
export const product = {
	metaSiteFallback: 'Handloom Silk Sarees',
	metaSummary: '{name}, a handwoven {category} silk saree. Code {code}, {price}.',
	metaNoDescription: '{length} with a matching blouse piece. Free shipping across India.',
	jsonLdDescription: '{name}, a handwoven {category} silk saree.',
	notFoundTitle: 'Product not found',
	notFoundText: 'This saree may have been sold or is no longer listed.',
	notFoundMetaDescription: 'This saree is no longer listed. Browse our other handwoven silk sarees.',
	breadcrumb: 'Breadcrumb',
	order: 'Order on WhatsApp',
	ask: 'Ask on WhatsApp',
	buyNote: 'To purchase, send the product code {code} to us on WhatsApp.',
	soldOutNote: 'This saree is sold out. Send the code {code} to us on WhatsApp to ask about a similar weave.',
	askSimilar: 'Ask about a similar saree',
	reservedNote: 'This saree is reserved for another customer. Send the code {code} to us on WhatsApp to ask about a similar saree.',
	description: 'Description',
	features: 'Features',
	featureSilk: '100% Pure Silk',
	featureHandloom: 'Traditional Handloom Weaving',
	featureDesign: '{category} design',
	featureLength: '{length} length',
	featureBlouse: 'Matching blouse piece included',
	/** app/constants.ts SAREE_LENGTH: the translations say the same length. */
	sareeLength: SAREE_LENGTH,
	care: 'Care instructions',
	careText: 'Dry clean only',
	shipping: 'Shipping',
	shippingText: 'Free shipping across India',
	delivery: 'Delivery',
	deliveryText: 'Estimated {estimate}',
	/** app/constants.ts DELIVERY_ESTIMATE: the translations say the same days. */
	deliveryEstimate: DELIVERY_ESTIMATE,
	tags: 'Tags',
	similar: 'You may also like',
	share: 'Share',
	shareText: '{name} (code {code})',
	galleryEnlarge: 'Enlarge image',
	galleryEnlargeNumbered: 'Enlarge image {number} of {count}',
	galleryImageAlt: '{name}, image {number} of {count}',
	// The words on the main photo's chip: its link's name (galleryEnlarge…) holds them (WCAG 2.5.3, label in name).
	galleryEnlargeChip: 'Enlarge',
	galleryThumbnails: 'Product images',
	galleryShow: 'Show image {number} of {count}',
	galleryDialog: '{name}: image {number} of {count}',
	galleryPosition: '{number} / {count}',
	galleryPositionZoomed: '{number} / {count} · zoomed',
	galleryClose: 'Close preview',
	galleryPrevious: 'Previous image',
	galleryNext: 'Next image',
	galleryZoomHint: 'Click the image to zoom in or out.',
} as const
