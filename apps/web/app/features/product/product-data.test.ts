import type { ProductDetail } from '@soko/contract/catalog'
import { describe, expect, it } from 'vitest'
import { clampQuantity, jsonForScript, productJsonLd, summary } from './product-data.ts'

const product: ProductDetail = {
  id: 7,
  name: 'Sufuria </script><script>alert(1)</script> Set',
  slug: 'sufuria-set',
  description: 'Aluminium sufurias for every jiko.',
  price: 2500,
  discounted_price: 1999,
  effective_price: 1999,
  discount_percentage: 20,
  images: [
    {
      id: 1,
      thumbnail: '/media/p/1/t.webp',
      medium: '/media/p/1/m.webp',
      original: '/media/p/1/o.webp',
      alt_text: '',
      is_primary: true,
    },
  ],
  category: { id: 3, name: 'Cookware', slug: 'cookware' },
  category_breadcrumb: [],
  business: {
    id: 2,
    name: 'Gikomba Metals',
    slug: 'gikomba-metals',
    is_verified: true,
    type: 'Retailer',
    county: 'Nairobi',
    town: 'Nairobi',
    avg_rating: 4.2,
  },
  avg_rating: 4.5,
  review_count: 2,
  view_count: 10,
  sales_count: 1,
  in_stock: true,
  is_in_stock: true,
  is_low_stock: false,
  stock_qty: 5,
  reviews: [],
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  variants: null,
}

describe('jsonForScript', () => {
  it('escapes < so that no text in the data can close the script element', () => {
    const json = jsonForScript({ name: product.name })
    expect(json).not.toContain('<')
    expect(JSON.parse(json)).toEqual({ name: product.name })
  })
})

describe('productJsonLd', () => {
  it('describes the product with its offer in KES, availability and rating', () => {
    const ld = productJsonLd(product, 'https://soko.co.ke')
    expect(ld).toMatchObject({
      '@type': 'Product',
      url: 'https://soko.co.ke/product/sufuria-set',
      image: ['https://soko.co.ke/media/p/1/o.webp'],
      offers: { price: '1999.00', priceCurrency: 'KES', availability: 'https://schema.org/InStock' },
      aggregateRating: { ratingValue: 4.5, reviewCount: 2 },
    })
  })

  it('says OutOfStock, and has no rating without reviews', () => {
    const ld = productJsonLd({ ...product, is_in_stock: false, review_count: 0, avg_rating: null }, 'https://x.ke')
    expect(ld.offers.availability).toBe('https://schema.org/OutOfStock')
    expect(ld).not.toHaveProperty('aggregateRating')
  })
})

describe('clampQuantity', () => {
  it('keeps a whole number from 1 to the stock', () => {
    expect(clampQuantity(3, 5)).toBe(3)
    expect(clampQuantity(9, 5)).toBe(5)
    expect(clampQuantity(0, 5)).toBe(1)
    expect(clampQuantity(-2, 5)).toBe(1)
    expect(clampQuantity(2.7, 5)).toBe(2)
    expect(clampQuantity(Number.NaN, 5)).toBe(1)
    expect(clampQuantity(4, 0)).toBe(1)
  })
})

describe('summary', () => {
  it('keeps short text and cuts long text at a word with an ellipsis', () => {
    expect(summary('  Short   text ')).toBe('Short text')
    const long = `${'word '.repeat(60)}end`
    const cut = summary(long)
    expect(cut.length).toBeLessThanOrEqual(160)
    expect(cut.endsWith('word…')).toBe(true)
  })
})
