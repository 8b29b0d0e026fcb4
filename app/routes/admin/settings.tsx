import { getFormProps, getInputProps, getTextareaProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { data, Form, useNavigation } from 'react-router'
import type { Route } from './+types/settings'
import { BackupForm } from '~/components/admin/backup-form'
import { ChangePasswordForm } from '~/components/admin/change-password-form'
import { SettingsSection } from '~/components/admin/settings-section'
import { Button } from '~/components/ui/button'
import { ErrorList, Field, TextareaField } from '~/components/ui/field'
import { getShopSettings, updateShopSettings } from '~/models/site.server'
import { shopSettingsSchema } from '~/schemas/settings'
import { notifyChange } from '~/utils/events.server'
import { redirectWithFlash } from '~/utils/flash.server'
import { readFormData } from '~/utils/forms.server'
import { requireAdmin } from '~/utils/session.server'

export const meta: Route.MetaFunction = () => [{ title: 'Settings · Admin' }]

export async function loader({ request }: Route.LoaderArgs) {
	await requireAdmin(request)
	return { settings: await getShopSettings() }
}

export async function action({ request }: Route.ActionArgs) {
	await requireAdmin(request)
	const formData = await readFormData(request)
	const submission = parseWithZod(formData, { schema: shopSettingsSchema })
	if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
	const v = submission.value
	try {
		await updateShopSettings({
			shopName: v.shopName,
			whatsappNumber: v.whatsappNumber,
			phone: v.phone ?? '',
			email: v.email ?? '',
			address: v.address ?? '',
			instagramUrl: v.instagramUrl ?? '',
		})
	} catch (error) {
		console.error('Saving shop settings failed', error)
		return data({ result: submission.reply({ formErrors: ['Failed to save settings. Please try again.'] }) }, { status: 500 })
	}
	notifyChange('settings', 'updated')
	return redirectWithFlash(request, '/admin/settings', { type: 'success', message: 'Settings saved successfully.' })
}

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
	const { settings } = loaderData
	const navigation = useNavigation()
	const [form, fields] = useForm({
		id: 'shop-settings',
		lastResult: actionData?.result,
		constraint: getZodConstraint(shopSettingsSchema),
		defaultValue: settings,
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
		onValidate: ({ formData }) => parseWithZod(formData, { schema: shopSettingsSchema }),
	})
	const saving = navigation.state !== 'idle' && navigation.formAction === '/admin/settings'

	return (
		<main className="mx-auto w-full max-w-3xl space-y-6 px-4 py-6 sm:px-6">
			<h1 className="font-serif text-2xl text-maroon-800 sm:text-3xl">Settings</h1>

			<SettingsSection
				id="shop-details"
				title="Shop details"
				description="Used by the header Contact button, the WhatsApp button, every WhatsApp link and the footer."
			>
				<Form method="post" {...getFormProps(form)} className="space-y-4">
					<ErrorList id={`${form.id}-form-error`} errors={form.errors} />
					<Field label="Shop Name" {...getInputProps(fields.shopName, { type: 'text' })} autoComplete="organization" errors={fields.shopName.errors} />
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
					<TextareaField label="Address" {...getTextareaProps(fields.address)} rows={3} autoComplete="street-address" errors={fields.address.errors} />
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
		</main>
	)
}

export function ErrorBoundary() {
	return (
		<main className="mx-auto max-w-3xl px-4 py-6">
			<h1 className="font-serif text-2xl text-maroon-800">Settings</h1>
			<p role="alert" className="mt-4 text-red-700">
				Failed to load settings. Please try again.
			</p>
		</main>
	)
}
