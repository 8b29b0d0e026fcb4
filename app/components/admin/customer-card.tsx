import { Link } from 'react-router'

import { buttonClass } from '~/components/ui/button'
import { useI18n } from '~/hooks/use-i18n'
import type { Customer } from '~/models/customers.server'
import { customerWhatsappNumber } from '~/schemas/order'
import { customerPath } from '~/utils/customer-path'
import { formatDate } from '~/utils/dates'
import { formatPaise } from '~/utils/money'
import { whatsappUrl } from '~/utils/whatsapp'

import { SellerText } from './seller-text'

/** One customer: who, where, how many orders and what they paid, with a link to their page and one to WhatsApp. */
export function CustomerCard({ customer, linkToPage = true }: { customer: Customer; linkToPage?: boolean }) {
	const hasPhone = customer.key.startsWith('+')
	const { t, rich, locale } = useI18n()
	const name = <SellerText>{customer.name}</SellerText>
	return (
		<div data-testid="customer" className="rounded-lg border border-stone-200 bg-white p-4 shadow-sm">
			<h2 className="min-w-0 font-serif text-lg break-words text-maroon-800" data-seller-text>
				{customer.name}
			</h2>
			<dl className="mt-3 grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
				<div className="col-span-2 min-w-0 sm:col-span-1">
					<dt className="text-xs text-stone-600">{hasPhone ? t('adminCustomers.phone') : t('adminCustomers.email')}</dt>
					<dd className="break-all" data-testid="customer-contact" data-seller-text>
						{hasPhone ? customer.key : customer.email}
					</dd>
				</div>
				<div className="min-w-0">
					<dt className="text-xs text-stone-600">{t('adminCustomers.city')}</dt>
					<dd className="break-words" data-testid="customer-city" data-seller-text>
						{customer.city || '—'}
					</dd>
				</div>
				<div>
					<dt className="text-xs text-stone-600">{t('adminCustomers.orders')}</dt>
					<dd data-testid="customer-orders">{customer.orderCount}</dd>
				</div>
				<div>
					<dt className="text-xs text-stone-600">{t('adminCustomers.totalPaid')}</dt>
					<dd className="font-semibold" data-testid="customer-paid">
						{formatPaise(customer.paidPaise)}
					</dd>
				</div>
				<div>
					<dt className="text-xs text-stone-600">{t('adminCustomers.lastOrder')}</dt>
					<dd>
						<time dateTime={customer.lastOrderDate}>{formatDate(customer.lastOrderDate, locale)}</time>
					</dd>
				</div>
			</dl>
			<div className="mt-4 flex flex-wrap gap-2 border-t border-stone-100 pt-3">
				{linkToPage ? (
					<Link to={customerPath(customer.key)} className={buttonClass('secondary', 'px-3')}>
						{t('adminCustomers.orders')}
						<span className="sr-only">{rich('adminCustomers.ordersOf', { name })}</span>
					</Link>
				) : null}
				{hasPhone ? (
					<a
						href={whatsappUrl(customerWhatsappNumber(customer.key))}
						target="_blank"
						rel="noopener noreferrer"
						className={buttonClass('primary', 'px-3')}
						data-testid="customer-whatsapp"
					>
						{t('adminCustomers.whatsapp')}
						<span className="sr-only">{rich('adminCustomers.whatsappTo', { name })}</span>
					</a>
				) : null}
			</div>
		</div>
	)
}
