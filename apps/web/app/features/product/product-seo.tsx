import type { ProductDetail } from '@soko/contract/catalog'
import { formatKes } from '../../lib/format.ts'
import { jsonForScript, primaryImage, productJsonLd, summary } from './product-data.ts'

/**
 * A product page's title, description, canonical URL, Open Graph tags and schema.org Product data (DESIGN D3).
 * React places the title, meta and link elements in the document head, on the server and after client navigations.
 */
export function ProductSeo({ product, origin }: { product: ProductDetail; origin: string }) {
  const url = `${origin}/product/${product.slug}`
  const title = `${product.name} | Soko`
  const description = summary(
    `${product.name}: ${formatKes(product.effective_price)} from ${product.business.name}. ${product.description}`,
  )
  const image = primaryImage(product)
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={url} />
      <meta property="og:type" content="product" />
      <meta property="og:site_name" content="Soko" />
      <meta property="og:title" content={product.name} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      {image && <meta property="og:image" content={`${origin}${image.original}`} />}
      {image && <meta property="og:image:alt" content={image.alt_text || product.name} />}
      <meta property="product:price:amount" content={product.effective_price.toFixed(2)} />
      <meta property="product:price:currency" content="KES" />
      <meta name="twitter:card" content="summary_large_image" />
      <script
        type="application/ld+json"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD must be raw JSON; jsonForScript escapes '<'
        dangerouslySetInnerHTML={{ __html: jsonForScript(productJsonLd(product, origin)) }}
      />
    </>
  )
}
