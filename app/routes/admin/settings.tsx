import { getFormProps, getInputProps, getTextareaProps } from '@conform-to/react'
import { Form, Link } from 'react-router'

import { adminMeta, AdminPage, AdminRouteError } from '~/components/admin/admin-page'
import { BackupForm } from '~/components/admin/backup-form'
import { CatalogueFeeds } from '~/components/admin/catalogue-feeds'
import { CHANGE_PASSWORD_FORM_ID, ChangePasswordForm } from '~/components/admin/change-password-form'
import { SettingsSection } from '~/components/admin/settings-section'
import { UnsavedChangesGuard } from '~/components/admin/unsaved-changes-guard'
import { ViewInShop } from '~/components/admin/view-in-shop'
import { Button, buttonClass } from '~/components/ui/button'
import { ErrorList, Field, TextareaField } from '~/components/ui/field'
import { useIsPending } from '~/hooks/use-pending'
import { useZodForm } from '~/hooks/use-zod-form'
import { adminMessages } from '~/i18n/messages.server'
import { getShopSettings, updateShopSettings } from '~/models/site.server'
import { SETTINGS_MESSAGES, shopSettingsSchema } from '~/schemas/settings'
import { FEED_IMAGE_MIN_SIDE } from '~/services/catalogue-feed.server'
import { readCatalogueFeed } from '~/services/catalogue-feed-response.server'
import { requireAdmin } from '~/services/session.server'
import { saveSettingsForm } from '~/services/settings-form.server'
import { absoluteUrl } from '~/utils/seo'

import type { Route } from './+types/settings'

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'Settings')

export async function loader({ request, context }: Route.LoaderArgs) {
	const admin = await requireAdmin({ request, context })
	const [settings, feed] = await Promise.all([getShopSettings(), readCatalogueFeed()])
	return {
		// The change-password form on this page speaks from this area.
		...adminMessages(admin.locale, 'adminAuth'),
		settings,
		feeds: {
			metaUrl: absoluteUrl(feed.origin, '/feeds/meta.csv'),
			googleUrl: absoluteUrl(feed.origin, '/feeds/google.xml'),
			minSide: FEED_IMAGE_MIN_SIDE,
			problems: feed.problems,
		},
	}
}

export async function action({ request, context }: Route.ActionArgs) {
	return saveSettingsForm({
		request,
		context,
		schema: shopSettingsSchema,
		save: (v) =>
			updateShopSettings({
				shopName: v.shopName,
				whatsappNumber: v.whatsappNumber,
				phone: v.phone ?? '',
				email: v.email ?? '',
				address: v.address ?? '',
				instagramUrl: v.instagramUrl ?? '',
			}),
		to: '/admin/settings',
		savedText: SETTINGS_MESSAGES.saved,
		failedText: SETTINGS_MESSAGES.saveFailed,
	})
}

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
	const { settings, feeds } = loaderData
	const [form, fields] = useZodForm(shopSettingsSchema, { id: 'shop-settings', lastResult: actionData?.result, defaultValue: settings })
	const saving = useIsPending()

	return (
		<AdminPage width="form" title="Settings" actions={<ViewInShop href="/" />}>
			<UnsavedChangesGuard forms={[form.id, CHANGE_PASSWORD_FORM_ID]} />
			<SettingsSection
				id="shop-details"
				title="Shop details"
				description="Used by the header Contact button, the WhatsApp button, every WhatsApp link and the footer."
			>
				<Form method="post" {...getFormProps(form)} className="space-y-4">
					<ErrorList id={`${form.id}-form-error`} errors={form.errors} />
					<Field
						label="Shop Name"
						{...getInputProps(fields.shopName, { type: 'text' })}
						autoComplete="organization"
						errors={fields.shopName.errors}
					/>
					<Field
						label="WhatsApp Number"
						{...getInputProps(fields.whatsappNumber, { type: 'tel' })}
						inputMode="tel"
						autoComplete="off"
						hint="With the country code, e.g. 919876543210 for an Indian number."
						errors={fields.whatsappNumber.errors}
					/>
					<Field label="Phone" {...getInputProps(fields.phone, { type: 'tel' })} autoComplete="tel" errors={fields.phone.errors} />
					<Field label="Email" {...getInputProps(fields.email, { type: 'email' })} autoComplete="email" errors={fields.email.errors} />
					<TextareaField
						label="Address"
						{...getTextareaProps(fields.address)}
						rows={3}
						autoComplete="street-address"
						errors={fields.address.errors}
					/>
					<Field
						label="Instagram URL"
						{...getInputProps(fields.instagramUrl, { type: 'url' })}
						placeholder="https://www.instagram.com/yourshop"
						errors={fields.instagramUrl.errors}
					/>
					<Button type="submit" disabled={saving}>
						{saving ? 'Saving…' : 'Save Settings'}
					</Button>
				</Form>
			</SettingsSection>

			<SettingsSection
				id="categories"
				title="Categories"
				description="The kinds of saree your shop is arranged by: their names in English, Telugu and Hindi, their order on the shop, a picture for the home page, and the HSN code each is invoiced under."
			>
				<Link to="/admin/settings/categories" className={buttonClass('secondary')}>
					Edit Categories
				</Link>
			</SettingsSection>

			<SettingsSection
				id="sell-elsewhere"
				title="Sell on WhatsApp, Instagram and Google"
				description="Your sarees in the WhatsApp Business catalogue, on Instagram and Facebook, and in Google Shopping, kept up to date from this shop: paste each address once."
			>
				<CatalogueFeeds {...feeds} />
			</SettingsSection>

			<SettingsSection
				id="orders"
				title="Orders and payments"
				description="Your UPI ID for payment links and QR codes, and the WhatsApp messages sent as an order is confirmed, shipped, delivered or cancelled."
			>
				<Link to="/admin/settings/orders" className={buttonClass('secondary')}>
					Edit UPI ID and Messages
				</Link>
			</SettingsSection>

			<SettingsSection
				id="gst"
				title="GST"
				description="Your GSTIN, if the shop is registered: each receipt then becomes a tax invoice with its own number."
			>
				<Link to="/admin/settings/gst" className={buttonClass('secondary')}>
					Edit GSTIN
				</Link>
			</SettingsSection>

			<SettingsSection id="password" title="Password">
				<ChangePasswordForm />
			</SettingsSection>

			<SettingsSection
				id="backup"
				title="Backup"
				description="A copy of the whole shop as it is right now: sarees, blog posts, orders, settings, and every photo and video. Keep it somewhere safe, away from this server."
			>
				<BackupForm />
			</SettingsSection>
		</AdminPage>
	)
}

export function ErrorBoundary() {
	return (
		<AdminRouteError
			title="Settings"
			width="form"
			failedText="Failed to load settings. Please try again."
			link={{ to: '/admin/settings', label: 'Try again' }}
		/>
	)
}
