// Downloading a backup: the form in Settings → Backup and the /admin/backup page it answers with.
export const adminBackup = {
	title: 'Download a backup',
	description:
		'A copy of the whole shop as it is right now: sarees, blog posts, orders, settings, and every photo and video. Keep it somewhere safe, away from this server.',
	settings: 'Settings',
	yourPassword: 'Your password',
	passwordHint: "Asked again because a backup holds every order and customer's details.",
	download: 'Download backup',
	fileNote: 'A .tar.gz file; large shops take a moment to start.',
	busy: 'A backup is already being made. Try again when it has finished downloading.',
	failed: 'The backup could not be made. Please try again.',
	byForm: 'Download the backup with the form in Settings.',
}
