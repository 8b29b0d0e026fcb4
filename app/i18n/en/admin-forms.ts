// Every admin form's validation messages. Form schemas run in the browser and on the server and know no
// language: they give refs to these texts (messageRef), which each field shows in the admin's language.
// The admin layout sends this area with every admin page.
export const adminForms = {
	formUnreadable: 'The form arrived incomplete or damaged. Please try again.',
	diskFull: "Could not save the upload: the server's disk is full.",
}
