import { buttonClass } from '~/components/ui/button'
import { useI18n } from '~/hooks/use-i18n'

// "View in shop" beside an editor's title: the page the editor's work shows on, in a tab of its own
// so the editor (and anything typed in it) stays open. A draft's address is its preview (app/utils/shop-paths.ts).

export function ViewInShop({ href }: { href: string }) {
	const { t } = useI18n()
	return (
		<a href={href} target="_blank" rel="noopener" className={buttonClass('secondary')}>
			{t('admin.viewInShop')}
		</a>
	)
}
