import { useSyncExternalStore } from 'react'

/** The cart lives in the browser under this key (specification section 9). */
export const CART_STORAGE_KEY = 'cartItems'

/** The cart count is the sum of the items' quantities; an unreadable cart counts as empty. */
export function countCartItems(stored: string | null): number {
  if (!stored) return 0
  try {
    const items: unknown = JSON.parse(stored)
    if (!Array.isArray(items)) return 0
    return items.reduce<number>((sum, item) => {
      const quantity = (item as { quantity?: unknown } | null)?.quantity
      return sum + (typeof quantity === 'number' && Number.isFinite(quantity) && quantity > 0 ? quantity : 0)
    }, 0)
  } catch {
    return 0
  }
}

export const CART_CHANGED_EVENT = 'soko:cart-changed'

function subscribe(onChange: () => void): () => void {
  window.addEventListener('storage', onChange)
  window.addEventListener(CART_CHANGED_EVENT, onChange)
  return () => {
    window.removeEventListener('storage', onChange)
    window.removeEventListener(CART_CHANGED_EVENT, onChange)
  }
}

function readCount(): number {
  try {
    return countCartItems(window.localStorage.getItem(CART_STORAGE_KEY))
  } catch {
    return 0
  }
}

/** The number shown on the navigation bar's cart badge; 0 while rendering on the server. */
export function useCartCount(): number {
  return useSyncExternalStore(subscribe, readCount, () => 0)
}
