import { Button } from '~/components/ui/button'
import { useHydrated } from '~/hooks/use-hydrated'

/** Opens the browser's print dialog (where "Save as PDF" is); without JavaScript, says where to find it. */
export function PrintButton({ label }: { label: string }) {
	const hydrated = useHydrated()
	return hydrated ? (
		<Button type="button" onClick={() => window.print()}>
			{label}
		</Button>
	) : (
		<p className="max-w-xs text-sm text-stone-700">
			Print it or save it as a PDF with your browser's Print command (on Android: ⋮ → Share → Print).
		</p>
	)
}
