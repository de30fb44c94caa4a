import { describe, expect, it } from 'vitest'
import { PLACEHOLDER_IMAGE, parseCart } from './cart-store.ts'

const line = {
  id: 7,
  name: 'Kikoy Beach Towel',
  price: 1200,
  originalPrice: 1450,
  discountedPrice: 1200,
  image: '/media/product-images/7/thumbnail.webp',
  slug: 'kikoy-beach-towel',
  business: { name: 'Pwani Weavers' },
  stock_qty: 12,
  quantity: 2,
}

describe('parseCart', () => {
  it('reads the stored lines', () => {
    expect(parseCart(JSON.stringify([line]))).toEqual([line])
  })

  it('reads a missing or empty cart as empty, and throws on text that is not JSON', () => {
    expect(parseCart(null)).toEqual([])
    expect(parseCart('')).toEqual([])
    expect(parseCart('[]')).toEqual([])
    expect(parseCart('{"id":1}')).toEqual([])
    expect(() => parseCart('{not json')).toThrow()
  })

  it('leaves out lines without an id, name, price or quantity', () => {
    const stored = [
      null,
      3,
      { ...line, id: '7' },
      { ...line, name: '' },
      { ...line, price: -1 },
      { ...line, quantity: 'two' },
    ]
    expect(parseCart(JSON.stringify([...stored, line]))).toEqual([line])
  })

  it('fills what an older or hand-made line lacks with the specification fallbacks', () => {
    expect(parseCart(JSON.stringify([{ id: 1, name: 'Jogoo Maize Flour 2kg', price: 210, quantity: 2 }]))).toEqual([
      {
        id: 1,
        name: 'Jogoo Maize Flour 2kg',
        price: 210,
        originalPrice: 210,
        discountedPrice: null,
        image: PLACEHOLDER_IMAGE,
        slug: 'jogoo-maize-flour-2kg',
        business: { name: '' },
        stock_qty: null,
        quantity: 2,
      },
    ])
  })

  it('keeps quantities whole and at least 1', () => {
    const parsed = parseCart(
      JSON.stringify([
        { ...line, quantity: 0 },
        { ...line, id: 8, quantity: 2.5 },
      ]),
    )
    expect(parsed.map((item) => item.quantity)).toEqual([1, 2])
  })
})
