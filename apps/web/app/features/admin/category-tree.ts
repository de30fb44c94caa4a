import type { AdminCategory } from '@soko/contract/admin'

/** The ids of one level of the tree, in order: the top level (parent null) or a parent's subcategories. */
export function levelIds(tree: AdminCategory[], parentId: number | null): number[] {
  if (parentId === null) return tree.map((category) => category.id)
  return tree.find((category) => category.id === parentId)?.children.map((child) => child.id) ?? []
}

/** The level's order with `id` moved one place up (-1) or down (+1); null when it cannot move that way. */
export function moveWithin(ids: number[], id: number, delta: -1 | 1): number[] | null {
  const from = ids.indexOf(id)
  const to = from + delta
  if (from < 0 || to < 0 || to >= ids.length) return null
  const next = [...ids]
  next[from] = ids[to] as number
  next[to] = id
  return next
}
