import type { VendorProductDetail } from '@soko/contract/vendor'
import { describe, expect, it } from 'vitest'
import {
  checkProduct,
  emptyProduct,
  firstProductError,
  groupCategories,
  productValues,
  readNumber,
  shownProductErrors,
  suggestSlug,
} from './product-values.ts'

const filled = () => ({
  ...emptyProduct(),
  name: 'Kikoi beach wrap',
  slug: 'kikoi-beach-wrap',
  categoryId: '12',
  price: '1,250',
  stockQty: '8',
})

describe('product form values', () => {
  it('suggests the slug from the name', () => {
    expect(suggestSlug('Mama Mboga’s Sukuma & Spinach (1 kg)')).toBe('mama-mbogas-sukuma-and-spinach-1-kg')
  })

  it('reads amounts as Kenyans type them', () => {
    expect(readNumber('1,250')).toBe(1250)
    expect(readNumber('KSh 99.50')).toBe(99.5)
    expect(readNumber(' ')).toBeUndefined()
    expect(readNumber('12abc')).toBeNaN()
  })

  it('builds the body the API takes', () => {
    const check = checkProduct(filled())
    expect(check).toEqual({
      ok: true,
      body: {
        name: 'Kikoi beach wrap',
        slug: 'kikoi-beach-wrap',
        description: '',
        categoryId: 12,
        price: 1250,
        comparePrice: null,
        stockQty: 8,
        lowStockThreshold: 5,
        isActive: true,
        sku: '',
      },
    })
  })

  it('says what is missing or wrong at each field, in the API’s words', () => {
    const check = checkProduct(emptyProduct())
    expect(check.ok).toBe(false)
    if (check.ok) return
    expect(check.errors).toMatchObject({
      name: 'Product name is required',
      categoryId: 'Category is required',
      price: 'Price is required',
      stockQty: 'Stock is required',
    })
    const cheaper = checkProduct({ ...filled(), comparePrice: '1000' })
    expect(cheaper.ok ? {} : cheaper.errors).toEqual({ comparePrice: 'Compare-at price must be higher than the price' })
    const fraction = checkProduct({ ...filled(), stockQty: '2.5' })
    expect(fraction.ok ? {} : fraction.errors).toEqual({ stockQty: 'Stock must be a whole number' })
  })

  it('fills the edit form from the product', () => {
    const product = {
      name: 'Kikoi',
      slug: 'kikoi',
      description: 'Cotton',
      category: { id: 3, name: 'Wraps', slug: 'wraps', parent: 'Fashion' },
      price: 900,
      comparePrice: 1200,
      stockQty: 4,
      lowStockThreshold: 2,
      isActive: false,
      sku: 'KK-9',
    } as VendorProductDetail
    expect(productValues(product)).toEqual({
      name: 'Kikoi',
      slug: 'kikoi',
      description: 'Cotton',
      categoryId: '3',
      price: '900',
      comparePrice: '1200',
      stockQty: '4',
      lowStockThreshold: '2',
      sku: 'KK-9',
      isActive: false,
    })
  })

  it('groups leaf categories under their parents', () => {
    const groups = groupCategories([
      { id: 1, name: 'Phones', parent: 'Electronics' },
      { id: 2, name: 'Dresses', parent: 'Fashion' },
      { id: 3, name: 'Laptops', parent: 'Electronics' },
      { id: 4, name: 'Gift cards', parent: null },
    ])
    expect(groups.map((group) => [group.label, group.options.map((option) => option.name)])).toEqual([
      [null, ['Gift cards']],
      ['Electronics', ['Laptops', 'Phones']],
      ['Fashion', ['Dresses']],
    ])
  })
})

describe('after a refused submit', () => {
  it('puts the cursor in the first field in the form’s order', () => {
    const check = checkProduct(emptyProduct())
    expect(check.ok ? undefined : firstProductError(check.errors)).toBe('name')
    expect(firstProductError({ stockQty: 'x', price: 'y' })).toBe('price')
  })

  it("shows the server's error at a field only until the vendor changes what was sent", () => {
    const sent = filled()
    const server = { slug: 'That slug is taken', isActive: 'The product was taken down' }
    expect(shownProductErrors({}, server, sent, sent)).toEqual(server)
    expect(shownProductErrors({}, server, sent, { ...sent, slug: 'kikoi-wrap' })).toEqual({
      isActive: 'The product was taken down',
    })
    expect(shownProductErrors({ slug: 'Slug is too long' }, server, sent, sent).slug).toBe('Slug is too long')
    expect(shownProductErrors({}, server, null, sent)).toEqual(server)
  })
})
