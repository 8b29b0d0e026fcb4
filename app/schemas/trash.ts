import { messageRef } from '~/i18n/message-ref'

// What the trash screens say (routes/admin/trash*.tsx and the "Undo" of a delete): refs, written in the
// admin's language where they are shown (the restore's flash on the server, as it may land on a list
// page that does not carry the trash's texts).

export const TRASH_MESSAGES = {
	restored: (label: string) => messageRef('adminTrash.restored', { label }),
	codeTaken: (label: string, code: string) => messageRef('adminTrash.codeTaken', { label, code }),
	slugTaken: (label: string, slug: string) => messageRef('adminTrash.slugTaken', { label, slug }),
	categoryGone: (label: string, category: string) => messageRef('adminTrash.categoryGone', { label, category }),
	restoreFailed: messageRef('adminTrash.restoreFailed'),
	gone: messageRef('adminTrash.gone'),
	deletedForGood: (label: string) => messageRef('adminTrash.deletedForGood', { label }),
	deleteFailed: messageRef('adminTrash.deleteFailed'),
	emptied: messageRef('adminTrash.emptied'),
	emptyFailed: messageRef('adminTrash.emptyFailed'),
}
