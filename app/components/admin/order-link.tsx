import { Form } from 'react-router'

import { Card } from '~/components/admin/card'
import { Button } from '~/components/ui/button'
import { useIsPending } from '~/hooks/use-pending'

/**
 * The customer's own page of the order (its private link, sent with the follow-up messages), and the
 * form that replaces the link when it reached someone it should not have.
 */
export function OrderLink({ url }: { url: string | null }) {
	const making = useIsPending({ intent: 'new-link' })
	return (
		<Card title="Customer’s order page">
			<div className="space-y-3 text-sm text-stone-700">
				{url ? (
					<>
						<p>
							The customer follows her order, pays and tracks her parcel here. The link goes with the confirmed and shipped messages (
							<code>{'{order_link}'}</code>).
						</p>
						<p className="font-mono break-all text-stone-900 select-all" data-testid="order-link">
							<a href={url} target="_blank" rel="noopener noreferrer" className="inline-flex min-h-11 items-center underline">
								{url}
								<span className="sr-only"> (opens in a new tab)</span>
							</a>
						</p>
					</>
				) : (
					<p>This order has no page for the customer yet. Make a link to send her.</p>
				)}
				<Form method="post" className="flex flex-wrap items-center gap-3">
					<Button type="submit" name="intent" value="new-link" variant="secondary" disabled={making}>
						{making ? 'Making…' : url ? 'Make a new link' : 'Make a link'}
					</Button>
					{url ? <p className="min-w-0 flex-1">The current link stops working at once: send the new one to the customer.</p> : null}
				</Form>
			</div>
		</Card>
	)
}
