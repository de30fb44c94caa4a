import type { AdminProduct, AdminProductsPage } from '@soko/contract/admin'
import { useState } from 'react'
import { Link } from 'react-router'
import { api } from '../../lib/api-client.ts'
import { formatKes } from '../../lib/format.ts'
import {
  AdminDialog,
  failureText,
  ListCount,
  ListFilters,
  Pagination,
  ReasonDialog,
  TableScroll,
  Tag,
  useAdminWrite,
} from './admin-ui.tsx'

type Open = { kind: 'deactivate' | 'reactivate'; product: AdminProduct } | null

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
        <span className="admin-table__sub">Reason: {product.deactivated_reason}</span>
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
  const [open, setOpen] = useState<Open>(null)
  const deactivate = useAdminWrite(
    ({ product, reason }: { product: AdminProduct; reason: string }) =>
      api<AdminProduct>(`/api/admin/products/${product.id}/deactivate/`, { method: 'POST', body: { reason } }),
    (product) => `${product.name} was taken down. It no longer shows in the shop or in search.`,
  )
  const reactivate = useAdminWrite(
    (product: AdminProduct) => api<AdminProduct>(`/api/admin/products/${product.id}/reactivate/`, { method: 'POST' }),
    (product) => `${product.name} is back on sale.`,
  )
  const close = () => {
    deactivate.reset()
    reactivate.reset()
    setOpen(null)
  }

  return (
    <section aria-labelledby="products-title" className="admin-form">
      <h2 id="products-title">Products</h2>
      <ListFilters
        search={search}
        searchLabel="Search products"
        placeholder="Name, slug or shop"
        selects={[{ name: 'status', label: 'Status', options: STATUS_OPTIONS }]}
      />
      <ListCount count={page.count} noun={['product', 'products']} empty="No products match." />
      {page.results.length > 0 && (
        <TableScroll label="Products">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col">Shop</th>
                <th scope="col" className="admin-num">
                  Price
                </th>
                <th scope="col" className="admin-num">
                  Stock
                </th>
                <th scope="col">Status</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {page.results.map((product) => (
                <tr key={product.id}>
                  <th scope="row">
                    <Link to={`/product/${product.slug}`}>{product.name}</Link>
                    <span className="admin-table__sub">{product.category.name}</span>
                  </th>
                  <td>
                    {product.shop.name}
                    {!product.shop.is_active && <span className="admin-table__sub">Shop suspended</span>}
                  </td>
                  <td className="admin-num">
                    {formatKes(product.discounted_price ?? product.price)}
                    {product.discounted_price !== null && (
                      <span className="admin-table__sub">
                        <s>{formatKes(product.price)}</s>
                      </span>
                    )}
                  </td>
                  <td className="admin-num">{product.stock_qty}</td>
                  <td>
                    <ProductState product={product} />
                  </td>
                  <td>
                    {product.is_active ? (
                      <button
                        type="button"
                        className="button button--ghost"
                        aria-label={`Deactivate ${product.name}`}
                        onClick={() => setOpen({ kind: 'deactivate', product })}
                      >
                        Deactivate
                      </button>
                    ) : product.deactivated_reason ? (
                      <button
                        type="button"
                        className="button button--ghost"
                        aria-label={`Reactivate ${product.name}`}
                        onClick={() => setOpen({ kind: 'reactivate', product })}
                      >
                        Reactivate
                      </button>
                    ) : (
                      <span className="admin-table__sub">Switched off by its shop</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <Pagination page={page.page} totalPages={page.total_pages} search={search} label="Products" />

      {open?.kind === 'deactivate' && (
        <ReasonDialog
          title={`Deactivate ${open.product.name}`}
          description="It leaves the storefront and search at once. Its shop sees your reason."
          hint="For example: counterfeit goods, or a misleading description."
          confirmLabel="Deactivate product"
          busyLabel="Deactivating..."
          danger
          isBusy={deactivate.isPending}
          failure={deactivate.isError ? failureText(deactivate.error, 'Could not deactivate the product.') : ''}
          onSubmitReason={(reason) => deactivate.mutate({ product: open.product, reason }, { onSuccess: close })}
          onClose={close}
        />
      )}
      {open?.kind === 'reactivate' && (
        <AdminDialog
          title={`Reactivate ${open.product.name}`}
          description={`It was taken down: ${open.product.deactivated_reason}. Put it back on sale?`}
          confirmLabel="Reactivate product"
          busyLabel="Reactivating..."
          isBusy={reactivate.isPending}
          failure={reactivate.isError ? failureText(reactivate.error, 'Could not reactivate the product.') : ''}
          onConfirm={() => reactivate.mutate(open.product, { onSuccess: close })}
          onClose={close}
        />
      )}
    </section>
  )
}
