import { useI18n } from '~/hooks/use-i18n'

/**
 * Pressing Enter in a field submits a form with its first submit button. This invisible first button
 * makes that a plain "save with the Status shown", so Enter never publishes or unpublishes by surprise.
 */
export function DefaultSubmit() {
	const { t } = useI18n()
	return (
		<button type="submit" name="intent" value="save" tabIndex={-1} aria-hidden="true" className="sr-only">
			{t('admin.save')}
		</button>
	)
}
