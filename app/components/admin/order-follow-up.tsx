import { Link } from 'react-router'

import { Card } from '~/components/admin/card'
import { buttonClass } from '~/components/ui/button'
import { useI18n } from '~/hooks/use-i18n'
import type { FollowUpMessage } from '~/services/order-follow-up.server'

import { ORDER_STATUS_KEYS } from './order-status-badge'
import { SellerText } from './seller-text'

/** The one-tap WhatsApp message for the order's status, shown as the customer will read it. */
export function OrderFollowUp({ message, customerName }: { message: FollowUpMessage | null; customerName: string }) {
	const { t, rich, locale } = useI18n()
	const name = <SellerText>{customerName}</SellerText>
	return (
		<Card title={t('adminOrders.followUpTitle')}>
			{message ? (
				<div className="space-y-3">
					<p className="text-sm text-stone-700">
						{rich('adminOrders.followUpIntro', {
							status: <strong>{t(ORDER_STATUS_KEYS[message.status]).toLocaleLowerCase(locale)}</strong>,
							name,
						})}
					</p>
					<blockquote
						className="rounded-lg border border-green-200 bg-green-50 p-3 text-sm break-words whitespace-pre-line text-stone-900"
						data-testid="follow-up-text"
						data-seller-text
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
							{t('adminOrders.sendOnWhatsapp')}
							<span className="sr-only">{rich('adminOrders.sendTo', { name })}</span>
						</a>
					) : (
						<p className="text-sm text-amber-800">{t('adminOrders.followUpNoPhone')}</p>
					)}
					<p className="text-xs text-stone-600">
						{rich('adminOrders.editMessagesInSettings', {
							link: (
								<Link to="/admin/settings/orders" className="inline-flex min-h-11 items-center underline">
									{t('adminOrders.editMessages')}
								</Link>
							),
						})}
					</p>
				</div>
			) : (
				<p className="text-sm text-stone-700">{t('adminOrders.followUpLater')}</p>
			)}
		</Card>
	)
}
