// The shortlist page (/shortlist) and the messages its form action answers with (a flash message after
// a redirect, or in place when scripts sent the form).
export const shortlist = {
	title: 'Your shortlist',
	metaTitle: 'Your shortlist – {shop}',
	eyebrow: 'Saved for later',
	intro: 'Keep the sarees you like here, then ask about all of them in one WhatsApp message.',
	emptyTitle: 'Your shortlist is empty',
	emptyText: 'Tap the heart on any saree to keep it here. You can keep up to {max}.',
	sareeCount_one: '{count} saree',
	sareeCount_other: '{count} sarees',
	remove: 'Remove {name}',
	send: 'Send my shortlist on WhatsApp',
	clear: 'Clear shortlist',
	sendNote:
		'One message with each saree’s code and link, ready to send to us. Sold-out sarees are marked, so we can suggest a similar weave.',
	flashAdded: '“{name}” is in your shortlist.',
	flashRemoved: '“{name}” is no longer in your shortlist.',
	flashFull: 'Your shortlist already holds {max} sarees. Remove one to add another.',
	flashCleared: 'Your shortlist is empty now.',
	flashUnavailable: 'That saree is no longer in our collection.',
	flashFailed: 'Your shortlist could not be changed. Please try again.',
} as const
