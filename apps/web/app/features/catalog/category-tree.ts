import type { Category } from '@soko/contract/catalog'

export interface CategoryBranch extends Category {
  children: Category[]
}

/**
 * The category list (parents first, each level in its admin order) as a tree: the top-level categories, each with
 * its subcategories in order. A subcategory whose parent is not in the list shows at the top level, not nowhere.
 */
export function categoryTree(categories: readonly Category[]): CategoryBranch[] {
  const ids = new Set(categories.map((category) => category.id))
  const byPosition = (a: Category, b: Category) => a.position - b.position || a.name.localeCompare(b.name)
  return categories
    .filter((category) => category.parent_id === null || !ids.has(category.parent_id))
    .sort(byPosition)
    .map((category) => ({
      ...category,
      children: categories.filter((child) => child.parent_id === category.id).sort(byPosition),
    }))
}

/** '1 product', '1,234 products'. */
export function productCount(count: number): string {
  return `${count.toLocaleString('en-KE')} ${count === 1 ? 'product' : 'products'}`
}

/** The 200 px rendition beside the 600 px one the API names, when the URL follows the media layout. */
export function categoryThumbnail(url: string): string | undefined {
  return url.endsWith('/medium.webp') ? url.replace(/\/medium\.webp$/, '/thumbnail.webp') : undefined
}
