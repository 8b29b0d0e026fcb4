/** A quiet red button/link for destructive actions (Remove, Delete) beside ordinary ones. */
export const orderDangerClass =
	'inline-flex min-h-11 items-center justify-center gap-2 rounded-md px-3 py-2 text-sm font-semibold text-red-700 transition-colors hover:bg-red-50'
