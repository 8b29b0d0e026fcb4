/** Where the installed admin's manifest sends photos shared from the phone (app/routes/admin/shared-photos.ts). */
export const SHARE_TARGET_PATH = '/admin/shared-photos'

/** The multipart field the share sheet puts the photos in (the manifest's share_target files param). */
export const SHARED_PHOTOS_FIELD = 'photos'
