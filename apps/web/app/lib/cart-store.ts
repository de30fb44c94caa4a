import { cartTotals } from '@soko/domain/cart'
import { useSyncExternalStore } from 'react'

// The shopper's cart, kept in the browser and shared by every screen that shows or fills it (product cards, the
// product page, the navigation bar's badge, the cart, the checkout): state several features read, so it lives
// here rather than in any one of them.

/** The cart lives in the browser under this key (specification section 9). */
export const CART_STORAGE_KEY = 'cartItems'

/** Announces a change made in this tab (other tabs hear the storage event). */
export const CART_CHANGED_EVENT = 'soko:cart-changed'

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
  /** The stock when the line was added; null when not known (the cart then sets no upper limit). */
  stock_qty: number | null
  quantity: number
}

/** The picture of a product without one (also what a cart line lacking its image shows). */
export const PLACEHOLDER_IMAGE = '/placeholder-product.svg'

const EMPTY: CartItem[] = []
let cache: { raw: string | null; items: CartItem[] } = { raw: null, items: EMPTY }

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value)
const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0

/**
 * A stored line as the cart shows it, or null when it cannot be one (no id, name, price or quantity). Fields a
 * line may lack (stored by hand, or by an older version) get the specification's fallbacks: the slug from the
 * name, the placeholder image, the price as the original price.
 */
function toCartItem(value: unknown): CartItem | null {
  if (typeof value !== 'object' || value === null) return null
  const item = value as Record<string, unknown>
  const { id, name, price, quantity } = item
  if (!isNumber(id) || !isText(name) || !isNumber(price) || price < 0 || !isNumber(quantity)) return null
  const business = item.business as { name?: unknown } | null | undefined
  return {
    id,
    name,
    price,
    originalPrice: isNumber(item.originalPrice) ? item.originalPrice : price,
    discountedPrice: isNumber(item.discountedPrice) ? item.discountedPrice : null,
    image: isText(item.image) ? item.image : PLACEHOLDER_IMAGE,
    slug: isText(item.slug) ? item.slug : name.toLowerCase().replaceAll(' ', '-'),
    business: { name: typeof business?.name === 'string' ? business.name : '' },
    stock_qty: isNumber(item.stock_qty) ? Math.max(0, Math.floor(item.stock_qty)) : null,
    // Never below 1 (specification section 4).
    quantity: Math.max(1, Math.floor(quantity)),
  }
}

/** The lines of a stored cart; throws when the text is not JSON. Lines that cannot be cart items are left out. */
export function parseCart(raw: string | null): CartItem[] {
  if (!raw) return EMPTY
  const parsed: unknown = JSON.parse(raw)
  if (!Array.isArray(parsed)) return EMPTY
  return parsed.map(toCartItem).filter((item): item is CartItem => item !== null)
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
    items = parseCart(raw)
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

/** Replaces every line at once (the server's quote accepted, or the signed-in shopper's merged cart). */
export function replaceCart(items: CartItem[]): void {
  writeCart(items)
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

/** The number on the navigation bar's cart badge: the sum of the quantities; 0 while rendering on the server. */
export function useCartCount(): number {
  return cartTotals(useCart()).itemCount
}

/** What a product card or page knows of a product's price and stock, as the catalogue API names it. */
export interface SellableProduct {
  id: number
  name: string
  slug: string
  price: number
  discounted_price: number | null
  effective_price: number
  stock_qty: number
}

/** The cart line for a product (specification section 3's cart item), with its picture and its shop's name. */
export function cartItemOf(
  product: SellableProduct,
  image: string | null | undefined,
  businessName: string,
): Omit<CartItem, 'quantity'> {
  return {
    id: product.id,
    name: product.name,
    price: product.effective_price,
    originalPrice: product.price,
    discountedPrice: product.discounted_price,
    image: image ?? PLACEHOLDER_IMAGE,
    slug: product.slug,
    business: { name: businessName },
    stock_qty: product.stock_qty,
  }
}
