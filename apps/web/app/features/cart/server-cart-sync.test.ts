import { describe, expect, it } from 'vitest'
import type { CartItem } from '../../lib/cart-store.ts'
import { serverCartBody } from './server-cart-sync.tsx'

const item = (id: number, quantity: number): CartItem => ({
  id,
  name: `Product ${id}`,
  price: 100,
  originalPrice: 100,
  discountedPrice: null,
  image: '/placeholder-product.svg',
  slug: `product-${id}`,
  business: { name: '' },
  stock_qty: null,
  quantity,
})

describe('serverCartBody', () => {
  it('sends ids and quantities only, within the contract limits', () => {
    expect(serverCartBody([item(1, 2), item(2, 250)])).toEqual({
      items: [
        { productId: 1, quantity: 2 },
        { productId: 2, quantity: 99 },
      ],
    })
    expect(serverCartBody(Array.from({ length: 120 }, (_, i) => item(i + 1, 1))).items).toHaveLength(100)
  })
})
