import { useSyncExternalStore } from 'react'

// The voucher code a shopper applied (decision 0023), kept in the browser so that it follows them from the cart to
// the checkout and across a reload; the server's quote says each time whether it still applies.

const KEY = 'soko-voucher'
const listeners = new Set<() => void>()

function read(): string {
  try {
    return window.localStorage.getItem(KEY) ?? ''
  } catch {
    return ''
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY) listener()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

/** Applies a code ('' removes it) for every screen that prices the cart. */
export function setVoucherCode(code: string): void {
  try {
    if (code) window.localStorage.setItem(KEY, code)
    else window.localStorage.removeItem(KEY)
  } catch {
    // Storage refused (private mode): the code lasts as long as the page.
  }
  for (const listener of listeners) listener()
}

/** The applied voucher code ('' for none); none while rendering on the server. */
export function useVoucherCode(): string {
  return useSyncExternalStore(subscribe, read, () => '')
}
