import type { AdminProduct, AdminProductsPage } from '@soko/contract/admin'
import { Link } from 'react-router'
import { useAnnouncedWrite } from '../../components/ui/announcer.tsx'
import { ConfirmDialog, ReasonDialog, useDialog, writeState } from '../../components/ui/dialog.tsx'
import { ListScreen, RowAction } from '../../components/ui/list.tsx'
import { Tag } from '../../components/ui/tag.tsx'
import { call } from '../../lib/api-client.ts'
import { formatKes } from '../../lib/format.ts'

type Open = { kind: 'deactivate' | 'reactivate'; product: AdminProduct }

const STATUS_OPTIONS = [
  ['', 'All products'],
  ['active', 'Active'],
  ['inactive', 'Inactive'],
  ['out_of_stock', 'Out of stock'],
] as const

/** A product's state as the admin reads it. */
function ProductState({ product }: { product: AdminProduct }) {
  if (product.is_active) {
    return product.stock_qty > 0 ? <Tag tone="good">Active</Tag> : <Tag tone="warn">Out of stock</Tag>
  }
  if (product.deactivated_reason) {
    return (
      <>
        <Tag tone="bad">Taken down</Tag>
        <span className="data-table__sub">Reason: {product.deactivated_reason}</span>
      </>
    )
  }
  return <Tag>Inactive</Tag>
}

/**
 * Every product of every shop (section 2's admin products screen): search, active/inactive filter, taking a
 * product down with a reason its shop sees (it leaves the storefront and search at once), and putting it back.
 */
export function ProductsScreen({ page, search }: { page: AdminProductsPage; search: URLSearchParams }) {
  const deactivate = useAnnouncedWrite(
    ({ product, reason }: { product: AdminProduct; reason: string }) =>
      call('POST /api/admin/products/:id/deactivate/', { params: { id: product.id }, body: { reason } }),
    (product) => `${product.name} was taken down. It no longer shows in the shop or in search.`,
  )
  const reactivate = useAnnouncedWrite(
    (product: AdminProduct) => call('POST /api/admin/products/:id/reactivate/', { params: { id: product.id } }),
    (product) => `${product.name} is back on sale.`,
  )
  const { open, show, close } = useDialog<Open>(deactivate, reactivate)

  return (
    <ListScreen
      id="products"
      title="Products"
      search={search}
      filters={{
        searchLabel: 'Search products',
        placeholder: 'Name, slug or shop',
        selects: [{ name: 'status', label: 'Status', options: STATUS_OPTIONS }],
      }}
      page={page}
      noun={['product', 'products']}
      empty="No products match."
      columns={[
        'Product',
        'Shop',
        { label: 'Price', isNumeric: true },
        { label: 'Stock', isNumeric: true },
        'Status',
        'Actions',
      ]}
      row={(product) => (
        <tr key={product.id}>
          <th scope="row">
            <Link to={`/product/${product.slug}`}>{product.name}</Link>
            <span className="data-table__sub">{product.category.name}</span>
          </th>
          <td>
            {product.shop.name}
            {!product.shop.is_active && <span className="data-table__sub">Shop suspended</span>}
          </td>
          <td className="data-table__num">
            {formatKes(product.discounted_price ?? product.price)}
            {product.discounted_price !== null && (
              <span className="data-table__sub">
                <s>{formatKes(product.price)}</s>
              </span>
            )}
          </td>
          <td className="data-table__num">{product.stock_qty}</td>
          <td>
            <ProductState product={product} />
          </td>
          <td>
            {product.is_active ? (
              <RowAction
                label="Deactivate"
                name={`Deactivate ${product.name}`}
                onClick={() => show({ kind: 'deactivate', product })}
              />
            ) : product.deactivated_reason ? (
              <RowAction
                label="Reactivate"
                name={`Reactivate ${product.name}`}
                onClick={() => show({ kind: 'reactivate', product })}
              />
            ) : (
              <span className="data-table__sub">Switched off by its shop</span>
            )}
          </td>
        </tr>
      )}
      dialogs={
        <>
          {open?.kind === 'deactivate' && (
            <ReasonDialog
              title={`Deactivate ${open.product.name}`}
              description="It leaves the storefront and search at once. Its shop sees your reason."
              hint="For example: counterfeit goods, or a misleading description."
              confirmLabel="Deactivate product"
              busyLabel="Deactivating..."
              danger
              {...writeState(deactivate, 'Could not deactivate the product.')}
              onSubmitReason={(reason) => deactivate.mutate({ product: open.product, reason }, { onSuccess: close })}
              onClose={close}
            />
          )}
          {open?.kind === 'reactivate' && (
            <ConfirmDialog
              title={`Reactivate ${open.product.name}`}
              description={`It was taken down: ${open.product.deactivated_reason}. Put it back on sale?`}
              confirmLabel="Reactivate product"
              busyLabel="Reactivating..."
              {...writeState(reactivate, 'Could not reactivate the product.')}
              onConfirm={() => reactivate.mutate(open.product, { onSuccess: close })}
              onClose={close}
            />
          )}
        </>
      }
    />
  )
}
