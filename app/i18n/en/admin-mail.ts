// The mails the shop sends its admin (app/utils/mail.server.ts), in the account's language. Read on
// the server only: no page receives this area.
export const adminMail = {
	hello: 'Hello,',
	resetSubject: 'Reset your {shop} admin password',
	resetAsked: 'Someone (hopefully you) asked to reset the password of the {shop} admin account.',
	resetAskedShort: 'Someone (hopefully you) asked to reset the password of the admin account.',
	resetOpenLink: 'Open this link to choose a new password:',
	resetButton: 'Choose a new password',
	resetExpires: 'The link works once and expires in {minutes} minutes.',
	resetIgnore: 'If you did not ask for it, ignore this email: your password stays as it is.',
	codeSubject: '{code} is your {shop} sign-in code',
	codeSignedIn: 'Someone signed in to the {shop} admin with the right password from a browser that has not signed in before.',
	codeSignedInShort: 'Someone signed in to the admin with the right password from a browser that has not signed in before.',
	codeWhy: 'Someone else has been trying passwords on the account, so the shop asks for this code as well:',
	codeExpires: 'It works once, for {minutes} minutes.',
	codeNotYou:
		'If it was not you, your password is known to someone else: change it in Settings, or run npm run admin:password on the server.',
}
