// The trash screen's addresses, shared by the flash message's "Undo" and the trash screen.

/** Where a trashed record goes back from; `back: 'list'` returns to the list it was deleted from. */
export function trashRestorePath(trashId: number, back: 'trash' | 'list') {
	return `/admin/trash/${trashId}/restore${back === 'list' ? '?back=list' : ''}`
}
