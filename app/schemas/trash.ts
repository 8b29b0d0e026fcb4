// What the trash screens say (routes/admin/trash*.tsx and the "Undo" of a delete).

const quoted = (label: string) => `"${label}"`

export const TRASH_MESSAGES = {
	restored: (label: string) => `Restored ${quoted(label)}.`,
	codeTaken: (label: string, code: string) =>
		`${quoted(label)} was not restored: another saree now has the code ${code}. Change that saree's code, then restore this one.`,
	slugTaken: (label: string, slug: string) =>
		`${quoted(label)} was not restored: another post now uses the address /blog/${slug}. Change that post's title, then restore this one.`,
	categoryGone: (label: string, category: string) =>
		`${quoted(label)} was not restored: its category "${category}" is no longer in the shop. Add it again in Settings → Categories (or give another category that name), then restore this saree.`,
	restoreFailed: 'Failed to restore. Please try again.',
	gone: 'That item is no longer in the trash.',
	deletedForGood: (label: string) => `${quoted(label)} was deleted for good.`,
	deleteFailed: 'Failed to delete. Please try again.',
	emptied: 'The trash is empty.',
	emptyFailed: 'Failed to empty the trash. Please try again.',
}
