import { Link } from 'react-router'

import { Card } from '~/components/admin/card'
import { buttonClass } from '~/components/ui/button'
import { ORDER_STATUS_LABELS } from '~/schemas/order'
import type { FollowUpMessage } from '~/services/order-follow-up.server'

/** The one-tap WhatsApp message for the order's status, shown as the customer will read it. */
export function OrderFollowUp({ message, customerName }: { message: FollowUpMessage | null; customerName: string }) {
	return (
		<Card title="Follow up on WhatsApp">
			{message ? (
				<div className="space-y-3">
					<p className="text-sm text-stone-700">
						The <strong>{ORDER_STATUS_LABELS[message.status].toLowerCase()}</strong> message, as {customerName} will read it:
					</p>
					<blockquote
						className="rounded-lg border border-green-200 bg-green-50 p-3 text-sm break-words whitespace-pre-line text-stone-900"
						data-testid="follow-up-text"
					>
						{message.text}
					</blockquote>
					{message.whatsappUrl ? (
						<a
							href={message.whatsappUrl}
							target="_blank"
							rel="noopener noreferrer"
							className={buttonClass('primary', 'w-full sm:w-auto')}
							data-testid="follow-up-link"
						>
							Send on WhatsApp
							<span className="sr-only"> to {customerName} (opens in a new tab)</span>
						</a>
					) : (
						<p className="text-sm text-amber-800">This order has no phone number: add one to send the message on WhatsApp.</p>
					)}
					<p className="text-xs text-stone-600">
						<Link to="/admin/settings/orders" className="inline-flex min-h-11 items-center underline">
							Edit the messages
						</Link>{' '}
						in Settings.
					</p>
				</div>
			) : (
				<p className="text-sm text-stone-700">
					Once the order is confirmed, a ready-made message for each status (confirmed, shipped, delivered, cancelled) appears here to send
					in one tap.
				</p>
			)}
		</Card>
	)
}
