import { data } from 'react-router'

import { adminMeta, AdminRouteError } from '~/components/admin/admin-page'
import { DeleteConfirmation } from '~/components/admin/delete-confirmation'
import { SellerText } from '~/components/admin/seller-text'
import { TRASH_DAYS } from '~/constants'
import { useI18n } from '~/hooks/use-i18n'
import { messageRef } from '~/i18n/message-ref'
import { adminMessages, serverTranslator } from '~/i18n/messages.server'
import { getProductNameForAdmin } from '~/models/products-admin.server'
import { deleteRecord, recordId, toTrash } from '~/services/admin-records.server'
import { requireAdmin } from '~/services/session.server'

import type { Route } from './+types/product-delete'

const PRODUCTS_PATH = '/admin/products'

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, messageRef('adminProductEditor.titleDelete'))

export async function loader({ request, context, params }: Route.LoaderArgs) {
	const admin = await requireAdmin({ request, context })
	const product = await getProductNameForAdmin(recordId(params.id, 'Product not found'))
	if (!product) throw data('Product not found', { status: 404 })
	return { ...adminMessages(admin.locale, 'adminProductEditor'), product }
}

export async function action({ request, context, params }: Route.ActionArgs) {
	const admin = await requireAdmin({ request, context })
	const { t } = serverTranslator(admin.locale, 'adminProductEditor')
	return deleteRecord(request, {
		kind: 'product',
		id: recordId(params.id, 'Product not found'),
		remove: toTrash('product'),
		listPath: PRODUCTS_PATH,
		messages: { deleted: t('adminProductEditor.deleted'), deleteFailed: t('adminProductEditor.deleteFailed') },
		failureLog: 'Deleting a product failed:',
	})
}

export default function DeleteProduct({ loaderData }: Route.ComponentProps) {
	const { product } = loaderData
	const { t, rich } = useI18n()
	return (
		<DeleteConfirmation
			title={t('adminProductEditor.titleDelete')}
			question={rich('adminProductEditor.deleteQuestion', { name: <SellerText>{product.name}</SellerText> })}
			cancelTo={PRODUCTS_PATH}
		>
			{rich('adminProductEditor.deleteText', { code: <SellerText>{product.code}</SellerText>, days: TRASH_DAYS })}
		</DeleteConfirmation>
	)
}

export function ErrorBoundary() {
	return (
		<AdminRouteError
			title="admin.navProducts"
			width="narrow"
			notFoundText="admin.productNotFound"
			failedText="admin.productLoadFailed"
			link={{ to: PRODUCTS_PATH, label: 'admin.backToProducts' }}
		/>
	)
}
