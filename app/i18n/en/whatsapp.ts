// The messages a visitor sends the seller on WhatsApp. Codes, names and links go in as they are, so the
// seller recognises each saree whatever language the message is in.
export const whatsapp = {
	generalEnquiry: "Hi, I'm interested in your saree collection. Please provide more details.",
	order: 'Hi, I want to order this saree. Product Code: {code} - {name}.\n{url}',
	similar: "Hi, I'd like a saree similar to this one, which is reserved. Product Code: {code} - {name}.\n{url}",
	shortlistIntro_one: "Hi, I'm interested in this saree from my shortlist.",
	shortlistIntro_other: "Hi, I'm interested in these {count} sarees from my shortlist.",
	shortlistLine: '{number}. Product Code: {code} - {name}\n{url}',
	shortlistLineSoldOut: '{number}. Product Code: {code} - {name} (sold out)\n{url}',
} as const
