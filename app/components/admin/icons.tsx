import type { SVGProps } from 'react'

// Small stroke icons for the admin (inline SVG: no icon font, no extra request). Decorative by
// default: the text next to them (visible or sr-only) names the action.

type IconProps = SVGProps<SVGSVGElement> & { title?: string }

function Icon({ children, className = 'size-5', ...props }: IconProps) {
	return (
		<svg
			viewBox="0 0 24 24"
			fill="none"
			stroke="currentColor"
			strokeWidth={1.8}
			strokeLinecap="round"
			strokeLinejoin="round"
			aria-hidden="true"
			focusable="false"
			className={`shrink-0 ${className}`}
			{...props}
		>
			{children}
		</svg>
	)
}

export const DashboardIcon = (p: IconProps) => (
	<Icon {...p}>
		<rect x="3" y="3" width="7" height="9" rx="1" />
		<rect x="14" y="3" width="7" height="5" rx="1" />
		<rect x="14" y="12" width="7" height="9" rx="1" />
		<rect x="3" y="16" width="7" height="5" rx="1" />
	</Icon>
)
export const ProductsIcon = (p: IconProps) => (
	<Icon {...p}>
		<path d="M21 8 12 3 3 8v8l9 5 9-5V8Z" />
		<path d="m3 8 9 5 9-5M12 13v8" />
	</Icon>
)
export const AddIcon = (p: IconProps) => (
	<Icon {...p}>
		<rect x="3" y="3" width="18" height="18" rx="2" />
		<path d="M12 8v8M8 12h8" />
	</Icon>
)
export const BlogsIcon = (p: IconProps) => (
	<Icon {...p}>
		<path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8l-5-5Z" />
		<path d="M14 3v5h5M9 13h6M9 17h6M9 9h2" />
	</Icon>
)
export const PenIcon = (p: IconProps) => (
	<Icon {...p}>
		<path d="M12 20h9" />
		<path d="M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4 12.5-12.5Z" />
	</Icon>
)
export const OrdersIcon = (p: IconProps) => (
	<Icon {...p}>
		<path d="M6 2 3 6v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6l-3-4H6Z" />
		<path d="M3 6h18M16 10a4 4 0 0 1-8 0" />
	</Icon>
)
export const CustomersIcon = (p: IconProps) => (
	<Icon {...p}>
		<circle cx="9" cy="8" r="4" />
		<path d="M2 21v-1a6 6 0 0 1 6-6h2a6 6 0 0 1 6 6v1M16 4a4 4 0 0 1 0 8M22 21v-1a6 6 0 0 0-4-5.7" />
	</Icon>
)
export const ReportsIcon = (p: IconProps) => (
	<Icon {...p}>
		<path d="M4 20V4M4 20h16" />
		<path d="M8 16v-4M12 16V8M16 16v-6" />
	</Icon>
)

export const HeroIcon = (p: IconProps) => (
	<Icon {...p}>
		<rect x="3" y="4" width="18" height="16" rx="2" />
		<path d="m10 9 5 3-5 3V9Z" />
	</Icon>
)
export const StoryIcon = (p: IconProps) => (
	<Icon {...p}>
		<rect x="2" y="6" width="14" height="12" rx="2" />
		<path d="m16 10 6-3v10l-6-3" />
	</Icon>
)
export const CategoriesIcon = (p: IconProps) => (
	<Icon {...p}>
		<path d="M20.6 13.4 13.4 20.6a2 2 0 0 1-2.8 0L3 13V3h10l7.6 7.6a2 2 0 0 1 0 2.8Z" />
		<circle cx="7.5" cy="7.5" r="1.5" />
	</Icon>
)
export const SettingsIcon = (p: IconProps) => (
	<Icon {...p}>
		<circle cx="12" cy="12" r="3" />
		<path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1Z" />
	</Icon>
)
export const SignOutIcon = (p: IconProps) => (
	<Icon {...p}>
		<path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4" />
		<path d="m16 17 5-5-5-5M21 12H9" />
	</Icon>
)
export const MenuIcon = (p: IconProps) => (
	<Icon {...p}>
		<path d="M4 6h16M4 12h16M4 18h16" />
	</Icon>
)
export const CloseIcon = (p: IconProps) => (
	<Icon {...p}>
		<path d="M18 6 6 18M6 6l12 12" />
	</Icon>
)
export const CollapseIcon = (p: IconProps) => (
	<Icon {...p}>
		<rect x="3" y="3" width="18" height="18" rx="2" />
		<path d="M9 3v18M16 15l-3-3 3-3" />
	</Icon>
)
export const ExpandIcon = (p: IconProps) => (
	<Icon {...p}>
		<rect x="3" y="3" width="18" height="18" rx="2" />
		<path d="M9 3v18M14 9l3 3-3 3" />
	</Icon>
)
export const RefreshIcon = (p: IconProps) => (
	<Icon {...p}>
		<path d="M21 12a9 9 0 0 1-15.5 6.2L3 16M3 12a9 9 0 0 1 15.5-6.2L21 8" />
		<path d="M21 3v5h-5M3 21v-5h5" />
	</Icon>
)
export const SearchIcon = (p: IconProps) => (
	<Icon {...p}>
		<circle cx="11" cy="11" r="7" />
		<path d="m20 20-3.5-3.5" />
	</Icon>
)
export const UpIcon = (p: IconProps) => (
	<Icon {...p}>
		<path d="m18 15-6-6-6 6" />
	</Icon>
)
export const DownIcon = (p: IconProps) => (
	<Icon {...p}>
		<path d="m6 9 6 6 6-6" />
	</Icon>
)
export const EditIcon = (p: IconProps) => (
	<Icon {...p}>
		<path d="M11 4H4a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2v-7" />
		<path d="M18.5 2.5a2.1 2.1 0 0 1 3 3L12 15l-4 1 1-4 9.5-9.5Z" />
	</Icon>
)
export const TrashIcon = (p: IconProps) => (
	<Icon {...p}>
		<path d="M3 6h18M8 6V4a2 2 0 0 1 2-2h4a2 2 0 0 1 2 2v2M19 6l-1 14a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2L5 6" />
		<path d="M10 11v6M14 11v6" />
	</Icon>
)
export const ImageIcon = (p: IconProps) => (
	<Icon {...p}>
		<rect x="3" y="3" width="18" height="18" rx="2" />
		<circle cx="9" cy="9" r="2" />
		<path d="m21 15-5-5L5 21" />
	</Icon>
)
