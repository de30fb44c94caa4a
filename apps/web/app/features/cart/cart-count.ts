import { cartTotals } from '@soko/domain/cart'
import { useCart } from './cart-store.ts'

/** The number on the navigation bar's cart badge: the sum of the quantities; 0 while rendering on the server. */
export function useCartCount(): number {
  return cartTotals(useCart()).itemCount
}
