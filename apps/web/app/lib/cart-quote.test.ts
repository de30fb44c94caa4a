import type { Quote, QuoteLine } from '@soko/contract/checkout'
import { describe, expect, it } from 'vitest'
import { cartFromQuote, problemMessage, quoteItems, quoteProblems } from './cart-quote.ts'
import type { CartItem } from './cart-store.ts'

const item = (id: number, quantity: number, price: number): CartItem => ({
  id,
  name: `Product ${id}`,
  price,
  originalPrice: price,
  discountedPrice: null,
  image: `/media/product-images/${id}/thumbnail.webp`,
  slug: `product-${id}`,
  business: { name: 'Duka' },
  stock_qty: 10,
  quantity,
})

const line = (productId: number, overrides: Partial<QuoteLine> = {}): QuoteLine => ({
  productId,
  name: `Product ${productId}`,
  slug: `product-${productId}`,
  image: null,
  business: { id: 1, name: 'Duka' },
  unitPrice: 100,
  originalPrice: 100,
  quantity: 1,
  lineTotal: 100,
  stockQty: 10,
  problem: null,
  message: null,
  previousPrice: null,
  ...overrides,
})

const quote = (lines: QuoteLine[], removed: QuoteLine[] = []): Quote => ({
  currency: 'KES',
  lines,
  removed,
  itemCount: lines.reduce((sum, l) => sum + l.quantity, 0),
  subtotal: 0,
  discount: 0,
  voucher: null,
  shipping: 500,
  delivery: null,
  vat: 0,
  vatRate: 0.16,
  total: 500,
  hasProblems: removed.length > 0 || lines.some((l) => l.problem !== null),
})

describe('the cart and the quote', () => {
  it('asks for each line with the price the shopper was shown', () => {
    expect(quoteItems([item(1, 2, 250), item(2, 150, 10)])).toEqual([
      { productId: 1, quantity: 2, price: 250 },
      { productId: 2, quantity: 99, price: 10 },
    ])
  })

  it('accepting a quote lowers quantities, drops removed lines and takes the new prices', () => {
    const cart = [item(1, 5, 100), item(2, 1, 300), item(3, 2, 50)]
    const next = cartFromQuote(
      cart,
      quote(
        [
          line(1, { quantity: 2, stockQty: 2, problem: 'insufficient_stock' }),
          line(3, { unitPrice: 45, originalPrice: 60, quantity: 2, problem: 'price_changed', previousPrice: 50 }),
        ],
        [line(2, { problem: 'unavailable', quantity: 0 })],
      ),
    )
    expect(next.map((l) => [l.id, l.quantity, l.price, l.originalPrice, l.discountedPrice, l.stock_qty])).toEqual([
      [1, 2, 100, 100, null, 2],
      [3, 2, 45, 60, 45, 10],
    ])
    expect(next[0]?.image).toBe(cart[0]?.image)
  })

  it('lists removed lines first, in the server words or ours', () => {
    const q = quote(
      [line(1), line(3, { problem: 'price_changed', message: 'Price changed.' })],
      [line(2, { problem: 'out_of_stock', name: 'Kikoy' })],
    )
    expect(quoteProblems(q).map((l) => l.productId)).toEqual([2, 3])
    expect(problemMessage(line(2, { problem: 'out_of_stock', name: 'Kikoy' }))).toBe('Kikoy is sold out.')
    expect(problemMessage(line(3, { problem: 'price_changed', message: 'Price changed.' }))).toBe('Price changed.')
    expect(problemMessage(line(4, { problem: 'insufficient_stock', stockQty: 2, quantity: 2, name: 'Tea' }))).toBe(
      'Only 2 of Tea left: quantity lowered to 2.',
    )
  })
})
