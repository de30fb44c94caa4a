import { MAX_CHECKOUT_LINES, MAX_LINE_QUANTITY } from '@soko/domain/checkout'
import { useEffect } from 'react'
import { call } from '../../lib/api-client.ts'
import { CART_CHANGED_EVENT, type CartItem, parseCart, readCart, replaceCart } from '../../lib/cart-store.ts'
import { useViewer } from '../../lib/viewer.ts'

/** Whose server cart the browser cart was last merged with (shared by the tabs, like the cart itself). */
export const CART_OWNER_KEY = 'soko:cart-owner'

/** How long the cart must stay unchanged before it is sent (a few quick taps on + make one request). */
export const CART_SYNC_DELAY_MS = 800

/** The lines as the server cart takes them: ids and quantities, within the contract's limits. */
export function serverCartBody(items: readonly CartItem[]) {
  return {
    items: items
      .slice(0, MAX_CHECKOUT_LINES)
      .map((item) => ({ productId: item.id, quantity: Math.min(item.quantity, MAX_LINE_QUANTITY) })),
  }
}

function readOwner(): string | null {
  try {
    return window.localStorage.getItem(CART_OWNER_KEY)
  } catch {
    return null
  }
}

function writeOwner(owner: string | null): void {
  try {
    if (owner === null) window.localStorage.removeItem(CART_OWNER_KEY)
    else window.localStorage.setItem(CART_OWNER_KEY, owner)
  } catch {
    // Without storage the merge simply happens again on the next page.
  }
}

/**
 * A signed-in shopper's cart is kept on the server too: once per sign-in the browser cart is merged with it (the
 * larger quantity of each product wins) and the merged lines replace the browser's; after that every change is
 * sent, debounced. A visitor's cart stays in the browser only, and signing out leaves it as it is.
 */
export function ServerCartSync() {
  const userId = useViewer()?.id ?? null

  useEffect(() => {
    if (userId === null) {
      writeOwner(null)
      return
    }
    const owner = String(userId)
    let isStopped = false
    let timer: ReturnType<typeof setTimeout> | undefined
    let lastSent = ''
    const signature = (items: readonly CartItem[]) => JSON.stringify(serverCartBody(items))

    const send = async () => {
      const body = serverCartBody(readCart())
      const next = JSON.stringify(body)
      if (next === lastSent) return
      try {
        await call('PUT /api/cart/', { body })
        lastSent = next
      } catch (error) {
        console.warn('Could not save the cart to your account', error)
      }
    }
    const onChange = () => {
      clearTimeout(timer)
      timer = setTimeout(() => void send(), CART_SYNC_DELAY_MS)
    }

    const start = async () => {
      if (readOwner() !== owner) {
        try {
          const merged = await call('POST /api/cart/merge/', { body: serverCartBody(readCart()) })
          if (isStopped) return
          // The server's lines are cart items already; parseCart applies the same checks as a stored cart.
          replaceCart(parseCart(JSON.stringify(merged.items)))
          writeOwner(owner)
        } catch (error) {
          console.warn('Could not merge the cart with your account; trying again on the next page', error)
          return
        }
      }
      lastSent = signature(readCart())
      window.addEventListener(CART_CHANGED_EVENT, onChange)
    }
    void start()

    return () => {
      isStopped = true
      clearTimeout(timer)
      window.removeEventListener(CART_CHANGED_EVENT, onChange)
    }
  }, [userId])

  return null
}
