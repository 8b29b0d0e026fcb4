import type { SVGProps } from 'react'

// Decorative line icons (aria-hidden); the control that uses one carries the accessible name.
type IconProps = SVGProps<SVGSVGElement>

function Icon({ children, ...props }: IconProps) {
	return (
		<svg
			viewBox="0 0 24 24"
			width="24"
			height="24"
			fill="none"
			stroke="currentColor"
			strokeWidth="1.8"
			strokeLinecap="round"
			strokeLinejoin="round"
			aria-hidden="true"
			focusable="false"
			{...props}
		>
			{children}
		</svg>
	)
}

export function WhatsAppIcon(props: IconProps) {
	return (
		<Icon {...props}>
			<path d="M3.5 20.5l1.3-4.2A8.6 8.6 0 1 1 8 19.4z" />
			<path d="M9.2 8.4c.3-.5.9-.6 1.3-.2l.9 1.3c.2.3.2.7-.1 1l-.5.6c.5 1.1 1.3 1.9 2.4 2.4l.6-.5c.3-.3.7-.3 1-.1l1.3.9c.4.3.4.9 0 1.3-.6.7-1.6.9-2.4.6a8.3 8.3 0 0 1-4.8-4.8c-.3-.8-.1-1.8.3-2.5z" />
		</Icon>
	)
}

export function InstagramIcon(props: IconProps) {
	return (
		<Icon {...props}>
			<rect x="3" y="3" width="18" height="18" rx="5" />
			<circle cx="12" cy="12" r="4" />
			<circle cx="17.4" cy="6.6" r="0.6" fill="currentColor" />
		</Icon>
	)
}

export function MenuIcon(props: IconProps) {
	return (
		<Icon {...props}>
			<path d="M4 7h16M4 12h16M4 17h10" />
		</Icon>
	)
}

export function SearchIcon(props: IconProps) {
	return (
		<Icon {...props}>
			<circle cx="11" cy="11" r="6.5" />
			<path d="M16 16l4.5 4.5" />
		</Icon>
	)
}

export function HeartIcon(props: IconProps) {
	return (
		<Icon {...props}>
			<path d="M12 20s-7.5-4.6-7.5-10.1A4.3 4.3 0 0 1 12 7.3a4.3 4.3 0 0 1 7.5 2.6C19.5 15.4 12 20 12 20z" />
		</Icon>
	)
}

export function LanguageIcon(props: IconProps) {
	return (
		<Icon {...props}>
			<circle cx="12" cy="12" r="9" />
			<path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3z" />
		</Icon>
	)
}

export function CloseIcon(props: IconProps) {
	return (
		<Icon {...props}>
			<path d="M6 6l12 12M18 6L6 18" />
		</Icon>
	)
}

export function ChevronLeftIcon(props: IconProps) {
	return (
		<Icon {...props}>
			<path d="M15 5l-7 7 7 7" />
		</Icon>
	)
}

export function ChevronRightIcon(props: IconProps) {
	return (
		<Icon {...props}>
			<path d="M9 5l7 7-7 7" />
		</Icon>
	)
}

export function ArrowLeftIcon(props: IconProps) {
	return (
		<Icon {...props}>
			<path d="M19 12H5M11 6l-6 6 6 6" />
		</Icon>
	)
}

export function ArrowRightIcon(props: IconProps) {
	return (
		<Icon {...props}>
			<path d="M5 12h14M13 6l6 6-6 6" />
		</Icon>
	)
}

export function PauseIcon(props: IconProps) {
	return (
		<Icon {...props}>
			<path d="M9 6v12M15 6v12" />
		</Icon>
	)
}

export function PlayIcon(props: IconProps) {
	return (
		<Icon {...props}>
			<path d="M8 5.5v13l10-6.5z" />
		</Icon>
	)
}

export function ZoomIcon(props: IconProps) {
	return (
		<Icon {...props}>
			<circle cx="11" cy="11" r="6.5" />
			<path d="M16 16l4.5 4.5M11 8.5v5M8.5 11h5" />
		</Icon>
	)
}

export function MailIcon(props: IconProps) {
	return (
		<Icon {...props}>
			<rect x="3" y="5" width="18" height="14" rx="2" />
			<path d="M3.5 6.5l8.5 6.5 8.5-6.5" />
		</Icon>
	)
}

export function PhoneIcon(props: IconProps) {
	return (
		<Icon {...props}>
			<path d="M5 4h3.5l1.5 4-2 1.5a11 11 0 0 0 6.5 6.5l1.5-2 4 1.5V19a1.5 1.5 0 0 1-1.5 1.5A16.5 16.5 0 0 1 3.5 5.5 1.5 1.5 0 0 1 5 4z" />
		</Icon>
	)
}

export function MapPinIcon(props: IconProps) {
	return (
		<Icon {...props}>
			<path d="M12 21s-6.5-5.8-6.5-11a6.5 6.5 0 0 1 13 0c0 5.2-6.5 11-6.5 11z" />
			<circle cx="12" cy="10" r="2.3" />
		</Icon>
	)
}

/** A silk thread spool: "Pure Silk". */
export function SpoolIcon(props: IconProps) {
	return (
		<Icon {...props}>
			<path d="M6 4h12M6 20h12M8 4v16M16 4v16" />
			<path d="M8 8l8 2M8 12l8 2M8 16l8 2" />
		</Icon>
	)
}

export function TruckIcon(props: IconProps) {
	return (
		<Icon {...props}>
			<path d="M3 6h11v10H3zM14 10h4l3 3v3h-7" />
			<circle cx="7" cy="17.5" r="1.8" />
			<circle cx="17" cy="17.5" r="1.8" />
		</Icon>
	)
}

/** A hand: "Handmade". */
export function HandIcon(props: IconProps) {
	return (
		<Icon {...props}>
			<path d="M8 13V6a1.5 1.5 0 0 1 3 0v5M11 11V4.5a1.5 1.5 0 0 1 3 0V11M14 11V6a1.5 1.5 0 0 1 3 0v7c0 4-2.5 7-6 7-2.5 0-4-1.3-5.3-3.3L3.8 13.5a1.5 1.5 0 0 1 2.5-1.6L8 14" />
		</Icon>
	)
}

export function AwardIcon(props: IconProps) {
	return (
		<Icon {...props}>
			<circle cx="12" cy="9" r="5.5" />
			<path d="M8.5 13.5L7 21l5-2.5 5 2.5-1.5-7.5" />
		</Icon>
	)
}

export function CalendarIcon(props: IconProps) {
	return (
		<Icon {...props}>
			<rect x="3.5" y="5" width="17" height="15" rx="2" />
			<path d="M3.5 10h17M8 3v4M16 3v4" />
		</Icon>
	)
}

export function ClockIcon(props: IconProps) {
	return (
		<Icon {...props}>
			<circle cx="12" cy="12" r="8.5" />
			<path d="M12 7.5V12l3 2" />
		</Icon>
	)
}

export function CheckIcon(props: IconProps) {
	return (
		<Icon {...props}>
			<path d="M5 12.5l4.5 4.5L19 7.5" />
		</Icon>
	)
}

/** The brand mark: a woven ikat diamond. */
export function BrandMark(props: IconProps) {
	return (
		<svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false" {...props}>
			<rect x="4.7" y="4.7" width="22.6" height="22.6" rx="2" transform="rotate(45 16 16)" fill="#6f1522" />
			<rect x="9.6" y="9.6" width="12.8" height="12.8" transform="rotate(45 16 16)" fill="none" stroke="#ecc970" strokeWidth="1.6" />
			<rect x="13.2" y="13.2" width="5.6" height="5.6" transform="rotate(45 16 16)" fill="#ecc970" />
		</svg>
	)
}
