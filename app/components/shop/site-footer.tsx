import { Link } from 'react-router'

import { useI18n } from '~/hooks/use-i18n'
import type { ShopSettings } from '~/models/site.server'

import { BrandMark, InstagramIcon, LanguageIcon, MailIcon, MapPinIcon, PhoneIcon, WhatsAppIcon } from './icons'
import { LanguageSwitcher } from './language-switcher'
import { NAV_LINKS } from './site-header'
import { WhatsAppLink } from './whatsapp-link'

/** Footer: every contact detail comes from the shop settings; empty ones are left out. */
export function SiteFooter({ shop }: { shop: ShopSettings }) {
	const year = new Date().getFullYear()
	const { t, path } = useI18n()
	return (
		<footer className="bg-maroon-950 pb-24 text-maroon-100 md:pb-10">
			<div
				className="h-1.5 bg-[repeating-linear-gradient(90deg,var(--color-gold-400)_0_18px,var(--color-maroon-700)_18px_24px)]"
				aria-hidden="true"
			/>
			<div className="mx-auto grid max-w-7xl gap-10 px-4 pt-14 sm:px-6 md:grid-cols-[1.4fr_1fr_1.2fr] lg:px-8">
				<section aria-labelledby="footer-brand">
					<div className="flex items-center gap-3">
						<BrandMark className="h-10 w-10" />
						<h2 id="footer-brand" className="font-serif text-2xl text-white">
							{shop.shopName}
						</h2>
					</div>
					<p className="mt-4 max-w-sm leading-relaxed text-maroon-100/90">{t('shop.footerAbout')}</p>
					<ul className="mt-6 flex gap-3" aria-label={t('shop.footerFollow')}>
						{shop.instagramUrl ? (
							<li>
								<a
									href={shop.instagramUrl}
									target="_blank"
									rel="noopener"
									aria-label={t('shop.footerInstagram', { shop: shop.shopName })}
									className="flex h-11 w-11 items-center justify-center rounded-full border border-gold-400/60 text-gold-200 transition-colors hover:bg-gold-400 hover:text-maroon-950"
								>
									<InstagramIcon className="h-5 w-5" />
								</a>
							</li>
						) : null}
						<li>
							<WhatsAppLink
								aria-label={t('shop.footerWhatsApp')}
								className="flex h-11 w-11 items-center justify-center rounded-full border border-gold-400/60 text-gold-200 transition-colors hover:bg-gold-400 hover:text-maroon-950"
							>
								<WhatsAppIcon className="h-5 w-5" />
							</WhatsAppLink>
						</li>
					</ul>
				</section>

				<nav aria-labelledby="footer-links">
					<h2 id="footer-links" className="font-serif text-lg text-gold-300">
						{t('shop.footerLinks')}
					</h2>
					<ul className="mt-4 space-y-1">
						{NAV_LINKS.map((link) => (
							<li key={link.to}>
								<Link to={path(link.to)} className="inline-flex min-h-10 items-center hover:text-gold-200 hover:underline">
									{t(link.label)}
								</Link>
							</li>
						))}
					</ul>
				</nav>

				<section aria-labelledby="footer-contact">
					<h2 id="footer-contact" className="font-serif text-lg text-gold-300">
						{t('shop.footerContact')}
					</h2>
					<ul className="mt-4 space-y-3">
						{shop.email ? (
							<li className="flex items-start gap-3">
								<MailIcon className="mt-0.5 h-5 w-5 shrink-0 text-gold-300" />
								<a href={`mailto:${shop.email}`} className="break-all hover:text-gold-200 hover:underline">
									<span className="sr-only">{t('shop.footerEmail')} </span>
									{shop.email}
								</a>
							</li>
						) : null}
						{shop.phone ? (
							<li className="flex items-start gap-3">
								<PhoneIcon className="mt-0.5 h-5 w-5 shrink-0 text-gold-300" />
								<a href={`tel:${shop.phone.replace(/[^\d+]/g, '')}`} className="hover:text-gold-200 hover:underline">
									<span className="sr-only">{t('shop.footerPhone')} </span>
									{shop.phone}
								</a>
							</li>
						) : null}
						{shop.address ? (
							<li className="flex items-start gap-3">
								<MapPinIcon className="mt-0.5 h-5 w-5 shrink-0 text-gold-300" />
								<address className="whitespace-pre-line not-italic">
									<span className="sr-only">{t('shop.footerAddress')} </span>
									{shop.address}
								</address>
							</li>
						) : null}
						<li className="flex items-start gap-3">
							<WhatsAppIcon className="mt-0.5 h-5 w-5 shrink-0 text-gold-300" />
							<WhatsAppLink className="hover:text-gold-200 hover:underline">{t('shop.footerChat')}</WhatsAppLink>
						</li>
					</ul>
				</section>
			</div>
			<div className="mx-auto mt-12 flex max-w-7xl flex-col gap-4 border-t border-white/10 px-4 pt-6 text-sm text-maroon-100/80 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
				<p>{t('shop.footerCopyright', { year, shop: shop.shopName })}</p>
				<div className="flex items-center gap-2">
					<LanguageIcon className="h-5 w-5 shrink-0 text-gold-300" />
					<LanguageSwitcher
						className="flex flex-wrap gap-1"
						linkClassName={(current) =>
							`inline-flex min-h-11 items-center rounded-full px-3 ${current ? 'font-semibold text-gold-200 underline decoration-gold-400 underline-offset-4' : 'hover:text-gold-200 hover:underline'}`
						}
					/>
				</div>
			</div>
		</footer>
	)
}
