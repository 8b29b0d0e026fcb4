import { Form } from 'react-router'

import { Card } from '~/components/admin/card'
import { Button } from '~/components/ui/button'
import { useI18n } from '~/hooks/use-i18n'
import { useIsPending } from '~/hooks/use-pending'

/** How the follow-up messages name the link (order settings). */
const PLACEHOLDER = '{order_link}'

/**
 * The customer's own page of the order (its private link, sent with the follow-up messages), and the
 * form that replaces the link when it reached someone it should not have.
 */
export function OrderLink({ url }: { url: string | null }) {
	const making = useIsPending({ intent: 'new-link' })
	const { t, rich } = useI18n()
	return (
		<Card title={t('adminOrders.linkTitle')}>
			<div className="space-y-3 text-sm text-stone-700">
				{url ? (
					<>
						<p>{rich('adminOrders.linkIntro', { placeholder: <code data-seller-text>{PLACEHOLDER}</code> })}</p>
						<p className="font-mono break-all text-stone-900 select-all" data-testid="order-link">
							<a href={url} target="_blank" rel="noopener noreferrer" className="inline-flex min-h-11 items-center underline">
								{url}
								<span className="sr-only">{t('adminOrders.newTab')}</span>
							</a>
						</p>
					</>
				) : (
					<p>{t('adminOrders.noLink')}</p>
				)}
				<Form method="post" className="flex flex-wrap items-center gap-3">
					<Button type="submit" name="intent" value="new-link" variant="secondary" disabled={making}>
						{making ? t('adminOrders.making') : url ? t('adminOrders.makeNewLink') : t('adminOrders.makeLink')}
					</Button>
					{url ? <p className="min-w-0 flex-1">{t('adminOrders.linkStops')}</p> : null}
				</Form>
			</div>
		</Card>
	)
}
