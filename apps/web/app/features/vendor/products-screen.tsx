import type { VendorProductPage } from '@soko/contract/vendor'
import { Link } from 'react-router'
import { useAnnouncedWrite } from '../../components/ui/announcer.tsx'
import { FormMessage } from '../../components/ui/form-field.tsx'
import { ListFilters, Pagination } from '../../components/ui/list.tsx'
import { call } from '../../lib/api-client.ts'
import { failureText } from '../../lib/form-errors.ts'
import { formatKes } from '../../lib/format.ts'
import { ProductStatus } from './product-status.tsx'
import { StockEditor } from './stock-editor.tsx'

/** The address of a page of the list, keeping the search. */
export function productsHref(q: string, page: number): string {
  const search = new URLSearchParams()
  if (q) search.set('q', q)
  if (page > 1) search.set('page', String(page))
  const text = search.toString()
  return `/vendor-portal/products${text ? `?${text}` : ''}`
}

/**
 * The shop's products, newest first: search, pages, and for each its photo, name, price, stock (edited in place),
 * whether it is on sale, and an admin's reason when Soko took it down.
 */
export function ProductsScreen({ page, q }: { page: VendorProductPage; q: string }) {
  const totalPages = Math.max(1, Math.ceil(page.total / page.per_page))
  const offSale = useAnnouncedWrite(
    (product: { id: number; name: string }) => call('DELETE /api/vendor/products/:id/', { params: { id: product.id } }),
    (_, product) => `${product.name} is off sale.`,
  )
  return (
    <section className="vendor-screen" aria-labelledby="products-title">
      <div className="vendor-screen__header">
        <h1 id="products-title">Products</h1>
        <p className="vendor-screen__tools">
          <Link to="/vendor-portal/products/import">Import / export CSV</Link>
          <Link to="/vendor-portal/products/new" className="button">
            Add product
          </Link>
        </p>
      </div>
      <ListFilters
        search={new URLSearchParams(q ? { q } : {})}
        label="Your products"
        searchLabel="Search your products"
        isLabelHidden
        placeholder="Search your products"
        maxLength={200}
      />
      <p className="vendor-muted" aria-live="polite">
        {page.total === 0
          ? q
            ? `No products match "${q}".`
            : 'No products yet: add your first one.'
          : `${page.total.toLocaleString('en-KE')} product${page.total === 1 ? '' : 's'}${q ? ` matching "${q}"` : ''}`}
      </p>
      <FormMessage kind="error">
        {offSale.isError ? failureText(offSale.error, 'The product could not be taken off sale.') : ''}
      </FormMessage>
      {page.products.length > 0 && (
        <ul className="vendor-products">
          {page.products.map((product) => (
            <li key={product.id} className="card vendor-product">
              {product.thumbnail ? (
                <img src={product.thumbnail} alt="" width={72} height={72} loading="lazy" />
              ) : (
                <span className="vendor-product__no-photo">No photo</span>
              )}
              <div className="vendor-product__main">
                <h2 className="vendor-product__name">
                  <Link to={`/vendor-portal/products/${product.id}`}>{product.name}</Link>
                </h2>
                <p className="vendor-product__price">
                  {formatKes(product.price)}
                  {product.comparePrice !== null && (
                    <s className="vendor-muted">
                      <span className="visually-hidden"> was </span>
                      {formatKes(product.comparePrice)}
                    </s>
                  )}
                  <span className="vendor-muted"> · {product.category.name}</span>
                  {product.variantCount > 1 && (
                    <span className="vendor-muted"> · one of {product.variantCount} variants</span>
                  )}
                  {product.sku && <span className="vendor-muted"> · SKU {product.sku}</span>}
                </p>
                <p>
                  <ProductStatus product={product} />
                </p>
                {product.deactivatedReason && (
                  <p className="vendor-product__reason" role="note">
                    <strong>Taken down by Soko:</strong> {product.deactivatedReason}
                  </p>
                )}
              </div>
              <div className="vendor-product__side">
                <StockEditor key={`${product.id}:${product.stockQty}`} product={product} />
                <div className="vendor-product__links">
                  <Link to={`/vendor-portal/products/${product.id}`}>
                    Edit<span className="visually-hidden"> {product.name}</span>
                  </Link>
                  {product.isActive && (
                    <button
                      type="button"
                      className="vendor-link-button"
                      disabled={offSale.isPending}
                      onClick={() => offSale.mutate({ id: product.id, name: product.name })}
                    >
                      Take off sale<span className="visually-hidden"> ({product.name})</span>
                    </button>
                  )}
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page.page} totalPages={totalPages} href={(n) => productsHref(q, n)} label="Product" />
    </section>
  )
}
