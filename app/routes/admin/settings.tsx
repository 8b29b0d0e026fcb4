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
import { useI18n } from '~/hooks/use-i18n'
import { useIsPending } from '~/hooks/use-pending'
import { useZodForm } from '~/hooks/use-zod-form'
import { messageRef } from '~/i18n/message-ref'
import { adminMessages } from '~/i18n/messages.server'
import { getShopSettings, updateShopSettings } from '~/models/site.server'
import { SETTINGS_MESSAGES, shopSettingsSchema } from '~/schemas/settings'
import { FEED_IMAGE_MIN_SIDE } from '~/services/catalogue-feed.server'
import { readCatalogueFeed } from '~/services/catalogue-feed-response.server'
import { requireAdmin } from '~/services/session.server'
import { saveSettingsForm } from '~/services/settings-form.server'
import { absoluteUrl } from '~/utils/seo'

import type { Route } from './+types/settings'

const PATH = '/admin/settings'
// An example of the address asked for, the same in every language.
const INSTAGRAM_EXAMPLE = 'https://www.instagram.com/yourshop'

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, messageRef('adminSettings.title'))

export async function loader({ request, context }: Route.LoaderArgs) {
	const admin = await requireAdmin({ request, context })
	const [settings, feed] = await Promise.all([getShopSettings(), readCatalogueFeed()])
	return {
		// The change-password form on this page speaks from the sign-in's area.
		...adminMessages(admin.locale, 'adminSettings', 'adminBackup', 'adminAuth'),
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
		to: PATH,
		savedText: SETTINGS_MESSAGES.saved,
		failedText: SETTINGS_MESSAGES.saveFailed,
	})
}

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
	const { settings, feeds } = loaderData
	const [form, fields] = useZodForm(shopSettingsSchema, { id: 'shop-settings', lastResult: actionData?.result, defaultValue: settings })
	const saving = useIsPending()
	const { t } = useI18n()

	return (
		<AdminPage width="form" title={t('adminSettings.title')} actions={<ViewInShop href="/" />}>
			<UnsavedChangesGuard forms={[form.id, CHANGE_PASSWORD_FORM_ID]} />
			<SettingsSection id="shop-details" title={t('adminSettings.shopDetails')} description={t('adminSettings.shopDetailsHint')}>
				<Form method="post" {...getFormProps(form)} className="space-y-4">
					<ErrorList id={`${form.id}-form-error`} errors={form.errors} />
					<Field
						label={t('adminSettings.shopName')}
						{...getInputProps(fields.shopName, { type: 'text' })}
						autoComplete="organization"
						errors={fields.shopName.errors}
					/>
					<Field
						label={t('adminSettings.whatsappNumber')}
						{...getInputProps(fields.whatsappNumber, { type: 'tel' })}
						inputMode="tel"
						autoComplete="off"
						hint={t('adminSettings.whatsappHint')}
						errors={fields.whatsappNumber.errors}
					/>
					<Field
						label={t('adminSettings.phone')}
						{...getInputProps(fields.phone, { type: 'tel' })}
						autoComplete="tel"
						errors={fields.phone.errors}
					/>
					<Field
						label={t('adminSettings.email')}
						{...getInputProps(fields.email, { type: 'email' })}
						autoComplete="email"
						errors={fields.email.errors}
					/>
					<TextareaField
						label={t('adminSettings.address')}
						{...getTextareaProps(fields.address)}
						rows={3}
						autoComplete="street-address"
						errors={fields.address.errors}
					/>
					<Field
						label={t('adminSettings.instagramUrl')}
						{...getInputProps(fields.instagramUrl, { type: 'url' })}
						placeholder={INSTAGRAM_EXAMPLE}
						errors={fields.instagramUrl.errors}
					/>
					<Button type="submit" disabled={saving}>
						{saving ? t('adminSettings.saving') : t('adminSettings.saveSettings')}
					</Button>
				</Form>
			</SettingsSection>

			<SettingsSection id="categories" title={t('adminSettings.categories')} description={t('adminSettings.categoriesHint')}>
				<Link to="/admin/settings/categories" className={buttonClass('secondary')}>
					{t('adminSettings.editCategories')}
				</Link>
			</SettingsSection>

			<SettingsSection id="sell-elsewhere" title={t('adminSettings.sellElsewhere')} description={t('adminSettings.sellElsewhereHint')}>
				<CatalogueFeeds {...feeds} />
			</SettingsSection>

			<SettingsSection id="orders" title={t('adminSettings.orders')} description={t('adminSettings.ordersHint')}>
				<Link to="/admin/settings/orders" className={buttonClass('secondary')}>
					{t('adminSettings.editOrders')}
				</Link>
			</SettingsSection>

			<SettingsSection id="gst" title={t('adminSettings.gst')} description={t('adminSettings.gstHint')}>
				<Link to="/admin/settings/gst" className={buttonClass('secondary')}>
					{t('adminSettings.editGst')}
				</Link>
			</SettingsSection>

			<SettingsSection id="password" title={t('adminSettings.password')} description={t('adminSettings.yourAccountHint')}>
				<Link to="/admin/settings/account" className={buttonClass('secondary', 'mb-4')}>
					{t('adminSettings.yourAccount')}
				</Link>
				<ChangePasswordForm />
			</SettingsSection>

			<SettingsSection id="backup" title={t('adminSettings.backup')} description={t('adminSettings.backupHint')}>
				<BackupForm />
			</SettingsSection>
		</AdminPage>
	)
}

export function ErrorBoundary() {
	return (
		<AdminRouteError title="admin.navSettings" width="form" failedText="admin.loadFailed" link={{ to: PATH, label: 'admin.tryAgain' }} />
	)
}
