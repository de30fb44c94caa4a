import { useState } from 'react'
import { Link, useLocation } from 'react-router'
import { PortalRouteError } from '../features/vendor/portal-error.tsx'
import { portalTitle } from '../features/vendor/portal-shell.tsx'
import { ProductEditor } from '../features/vendor/product-editor.tsx'
import { ProductStatus } from '../features/vendor/product-status.tsx'
import { VariantsPanel } from '../features/vendor/variants-panel.tsx'
import { vendorLoad } from '../features/vendor/vendor-load.server.ts'
import { call } from '../lib/api-client.ts'
import type { Route } from './+types/vendor-portal-product'

export function meta({ data }: Route.MetaArgs) {
  const screen = data?.product ? `Edit ${data.product.name}` : 'Add product'
  return [{ title: portalTitle(screen) }, { name: 'robots', content: 'noindex' }]
}

// /vendor-portal/products/new and /vendor-portal/products/{id}: one route, so that a product just added keeps its
// form (and the photos still uploading) when the address becomes the product's own.
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const categories = () => vendorLoad(request, call('GET /api/vendor/categories/', {}, { context }))
  if (params.id === 'new') return { product: null, variants: null, categories: await categories() }
  if (!/^\d{1,9}$/.test(params.id)) throw new Response('Not found', { status: 404 })
  const [product, variants, choices] = await Promise.all([
    vendorLoad(request, call('GET /api/vendor/products/:id/', { params: { id: params.id } }, { context })),
    vendorLoad(request, call('GET /api/vendor/products/:id/variants/', { params: { id: params.id } }, { context })),
    categories(),
  ])
  return { product, variants, categories: choices }
}

export default function VendorPortalProduct({ loaderData }: Route.ComponentProps) {
  const { product, variants, categories } = loaderData
  const location = useLocation()
  // The form of a product just added stays the same form at its new address; any other product gets a fresh one.
  const [created, setCreated] = useState<{ id: number; key: string } | null>(null)
  const key =
    product === null ? `new-${location.key}` : created?.id === product.id ? created.key : `product-${product.id}`
  return (
    <section className="vendor-screen" aria-labelledby="product-title">
      <div className="vendor-screen__header">
        <h1 id="product-title">{product ? product.name : 'Add product'}</h1>
        {product && (
          <p className="vendor-screen__tools">
            <ProductStatus product={product} />
            <Link to={`/product/${product.slug}`}>View in store</Link>
          </p>
        )}
      </div>
      <ProductEditor
        key={key}
        product={product}
        categories={categories}
        onCreated={(id) => setCreated({ id, key: `new-${location.key}` })}
      />
      {product && variants && <VariantsPanel key={product.id} productId={product.id} variants={variants} />}
    </section>
  )
}

export const ErrorBoundary = PortalRouteError
