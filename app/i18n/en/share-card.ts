// The words drawn on a saree's share card (app/services/share-card.server.ts); the name, code, price
// and shop name beside them are the seller's own.
export const shareCard = {
	code: 'Code: {code}',
	scan: 'Scan to order',
} as const
