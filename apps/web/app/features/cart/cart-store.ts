import { useSyncExternalStore } from 'react'
import { CART_CHANGED_EVENT, CART_STORAGE_KEY } from './cart-count.ts'

/** A cart line as the specification stores it under `cartItems` (section 3). */
export interface CartItem {
  id: number
  name: string
  /** What the shopper pays each: the discounted price if there is one, else the price (KES). */
  price: number
  originalPrice: number
  discountedPrice: number | null
  image: string
  slug: string
  business: { name: string }
  stock_qty: number
  quantity: number
}

export const PLACEHOLDER_IMAGE = '/placeholder-product.svg'

const EMPTY: CartItem[] = []
let cache: { raw: string | null; items: CartItem[] } = { raw: null, items: EMPTY }

function isCartItem(value: unknown): value is CartItem {
  const item = value as Partial<CartItem> | null
  return (
    typeof item === 'object' &&
    item !== null &&
    typeof item.id === 'number' &&
    typeof item.name === 'string' &&
    typeof item.price === 'number' &&
    typeof item.quantity === 'number'
  )
}

/** The stored cart; an unreadable one counts as empty (specification section 8). */
export function readCart(): CartItem[] {
  let raw: string | null
  try {
    raw = window.localStorage.getItem(CART_STORAGE_KEY)
  } catch (error) {
    console.warn('Could not read the cart', error)
    return EMPTY
  }
  if (raw === cache.raw) return cache.items
  let items: CartItem[] = EMPTY
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : []
    items = Array.isArray(parsed) ? parsed.filter(isCartItem) : EMPTY
  } catch (error) {
    console.warn('The stored cart is unreadable; starting an empty one', error)
  }
  cache = { raw, items }
  return items
}

function writeCart(items: CartItem[]): void {
  try {
    window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(items))
  } catch (error) {
    console.warn('Could not save the cart', error)
  }
  window.dispatchEvent(new Event(CART_CHANGED_EVENT))
}

/** Adds `quantity` (default 1) of an item, or raises the quantity of the line already there. */
export function addToCart(item: Omit<CartItem, 'quantity'>, quantity = 1): void {
  const items = readCart()
  const existing = items.find((line) => line.id === item.id)
  writeCart(
    existing
      ? items.map((line) => (line.id === item.id ? { ...line, ...item, quantity: line.quantity + quantity } : line))
      : [...items, { ...item, quantity }],
  )
}

export function removeFromCart(id: number): void {
  writeCart(readCart().filter((line) => line.id !== id))
}

/** Sets a line's quantity, never below 1. */
export function setCartQuantity(id: number, quantity: number): void {
  const next = Math.max(1, Math.floor(quantity))
  writeCart(readCart().map((line) => (line.id === id ? { ...line, quantity: next } : line)))
}

export function clearCart(): void {
  writeCart([])
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('storage', onChange)
  window.addEventListener(CART_CHANGED_EVENT, onChange)
  return () => {
    window.removeEventListener('storage', onChange)
    window.removeEventListener(CART_CHANGED_EVENT, onChange)
  }
}

/** The cart's lines, live; empty while rendering on the server (the cart lives in the browser). */
export function useCart(): CartItem[] {
  return useSyncExternalStore(subscribe, readCart, () => EMPTY)
}

/** Whether a product is in the cart ('Added to Cart'). */
export function useIsInCart(productId: number): boolean {
  return useCart().some((line) => line.id === productId)
}
