import type { AdminCategory } from '@soko/contract/admin'
import { CategoryBodySchema } from '@soko/contract/admin'
import { describe, expect, it } from 'vitest'
import { commissionSource } from './categories-screen.tsx'
import { categoryBody, emptyCategory, inheritedRate } from './category-form.tsx'

const category = (overrides: Partial<AdminCategory>): AdminCategory => ({
  id: 1,
  name: 'Electronics',
  slug: 'electronics',
  description: '',
  parent_id: null,
  image: { url: '/media/categories/1/medium.webp', alt_text: 'Electronics' },
  image_url: null,
  image_alt: '',
  is_active: true,
  position: 0,
  product_count: 0,
  commission_percent: null,
  effective_commission_percent: 10,
  commission_inherited_from: null,
  children: [],
  ...overrides,
})

describe('the commission field', () => {
  const table: [string, string, number | null | 'refused'][] = [
    ['blank: inherits', '', null],
    ['spaces: inherits', '   ', null],
    ['a whole number', '12', 12],
    ['two decimals', '12.34', 12.34],
    ['a percent sign is allowed', '7.5 %', 7.5],
    ['zero is a rate', '0', 0],
    ['three decimals', '12.345', 'refused'],
    ['below zero', '-1', 'refused'],
    ['above 100', '101', 'refused'],
    ['text', 'ten', 'refused'],
  ]
  it.each(table)('%s', (_name, typed, expected) => {
    const body = categoryBody({ ...emptyCategory(), name: 'Phones', commission: typed })
    const checked = CategoryBodySchema.safeParse(body)
    if (expected === 'refused') {
      expect(checked.success).toBe(false)
      expect(checked.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['commission_percent'])
    } else {
      expect(checked.success).toBe(true)
      expect(body.commission_percent).toBe(expected)
    }
  })
})

describe('what a blank rate inherits', () => {
  it.each([
    ['no parent', undefined, 'inherits 10% from the marketplace'],
    ['a parent without a rate', category({}), 'inherits 10% from the marketplace'],
    [
      'a parent with one',
      category({ commission_percent: 8, effective_commission_percent: 8 }),
      'inherits 8% from Electronics',
    ],
    [
      'a parent at zero',
      category({ commission_percent: 0, effective_commission_percent: 0 }),
      'inherits 0% from Electronics',
    ],
  ])('%s', (_name, parent, expected) => {
    expect(inheritedRate(parent, 10)).toBe(expected)
  })
})

describe("a category's rate in the tree", () => {
  it.each([
    ['its own', category({ commission_percent: 12.5, effective_commission_percent: 12.5 }), '12.5%, its own'],
    [
      'its parent’s',
      category({ effective_commission_percent: 8, commission_inherited_from: { id: 1, name: 'Electronics' } }),
      '8%, from Electronics',
    ],
    ['the default', category({}), '10%, the marketplace default'],
  ])('%s', (_name, shown, expected) => {
    expect(commissionSource(shown)).toBe(expected)
  })
})
