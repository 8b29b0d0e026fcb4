import type { ButtonHTMLAttributes } from 'react'

const VARIANTS = {
	primary: 'bg-maroon-800 text-white hover:bg-maroon-900 disabled:bg-maroon-800/60',
	secondary: 'border border-stone-300 bg-white text-stone-900 hover:bg-stone-50 disabled:text-stone-400',
	danger: 'bg-red-700 text-white hover:bg-red-800 disabled:bg-red-700/60',
	ghost: 'text-stone-700 hover:bg-stone-100',
	/** A destructive action beside ordinary ones (Remove, Delete): red text, no fill. */
	quietDanger: 'text-red-700 hover:bg-red-50',
} as const

export type ButtonVariant = keyof typeof VARIANTS

/** Class names for a button-looking element (also for links styled as buttons). */
export function buttonClass(variant: ButtonVariant = 'primary', extra = '') {
	return `inline-flex min-h-11 items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-semibold transition-colors disabled:cursor-not-allowed ${VARIANTS[variant]} ${extra}`
}

export function Button({
	variant = 'primary',
	className = '',
	type = 'button',
	...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant }) {
	return <button type={type} className={buttonClass(variant, className)} {...props} />
}
