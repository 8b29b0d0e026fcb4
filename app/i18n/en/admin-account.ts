// The admin's own account: its address, the panel's language, the way to the password change.
export const adminAccount = {
	title: 'Your account',
	description: 'Your sign-in address and the language the admin speaks to you in.',
	settings: 'Settings',
	email: 'Email',
	emailNote: 'The address you sign in with and where reset links and codes are sent.',
	language: 'Language of the admin',
	languageHint: 'Every admin page, message and email to you will be in this language.',
	languageRequired: 'Choose a language.',
	save: 'Save',
	saving: 'Saving…',
	saved: 'The admin is now in English.',
	changePassword: 'Change password',
	changePasswordNote: 'Choose a new password; other devices are signed out.',
}
