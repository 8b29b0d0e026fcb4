import type { QrModules } from '~/utils/qr-code.server'

const QUIET_ZONE = 4

/** A QR code drawn from its modules (see qrModules), black on white with the standard quiet zone. */
export function QrCode({ code, label, className = '' }: { code: QrModules; label: string; className?: string }) {
	const side = code.size + QUIET_ZONE * 2
	return (
		<svg
			role="img"
			aria-label={label}
			viewBox={`-${QUIET_ZONE} -${QUIET_ZONE} ${side} ${side}`}
			shapeRendering="crispEdges"
			className={`block bg-white ${className}`}
			data-testid="upi-qr"
		>
			<rect x={-QUIET_ZONE} y={-QUIET_ZONE} width={side} height={side} fill="#fff" />
			<path d={code.path} fill="#000" />
		</svg>
	)
}
