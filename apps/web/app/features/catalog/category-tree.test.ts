import type { Category } from '@soko/contract/catalog'
import { describe, expect, it } from 'vitest'
import { categoryThumbnail, categoryTree, productCount } from './category-tree.ts'

const category = (id: number, parent_id: number | null, position: number, product_count = 0): Category => ({
  id,
  slug: `c${id}`,
  name: `Category ${id}`,
  description: '',
  image: { url: `/media/categories/${id}/medium.webp`, alt_text: '' },
  parent_id,
  position,
  product_count,
})

describe('categoryTree', () => {
  it('puts each subcategory under its parent, both levels in their order', () => {
    const tree = categoryTree([category(2, null, 1), category(1, null, 0), category(3, 1, 1), category(4, 1, 0)])
    expect(tree.map((top) => [top.id, top.children.map((child) => child.id)])).toEqual([
      [1, [4, 3]],
      [2, []],
    ])
  })

  it('shows a subcategory whose parent is missing at the top level', () => {
    expect(categoryTree([category(5, 99, 0)]).map((top) => top.id)).toEqual([5])
  })
})

describe('category labels', () => {
  it('counts products in words', () => {
    expect(productCount(0)).toBe('0 products')
    expect(productCount(1)).toBe('1 product')
    expect(productCount(1234)).toBe('1,234 products')
  })

  it('picks the thumbnail rendition of a media image, and nothing for another URL', () => {
    expect(categoryThumbnail('/media/categories/3/medium.webp')).toBe('/media/categories/3/thumbnail.webp')
    expect(categoryThumbnail('https://cdn.example/kitchen.jpg')).toBeUndefined()
  })
})
