import { PAYMENT_METHODS } from '@soko/contract/checkout-options'
import { type CheckoutValues, emptyValues, STEPS, type Step } from './checkout-form.ts'

// What this tab keeps of a checkout in sessionStorage: the typed details and the step (so a reload or a failure
// loses nothing), and the current order attempt's idempotency key. Never a card detail (there is none) and never
// the terms checkbox.

export const DRAFT_KEY = 'soko:checkout'
export const ATTEMPT_KEY = 'soko:checkout-attempt'

export interface Draft {
  step: Exclude<Step, 'confirmation'>
  values: CheckoutValues
}

function session(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage
  } catch {
    return null
  }
}

/** The saved draft, with whatever it lacks (or holds of the wrong type) filled from an empty form. */
export function readDraft(): Draft {
  const fallback: Draft = { step: 'shipping', values: emptyValues() }
  const raw = session()?.getItem(DRAFT_KEY)
  if (!raw) return fallback
  try {
    const parsed = JSON.parse(raw) as { step?: unknown; values?: Record<string, unknown> }
    const values = emptyValues()
    const stored = parsed.values ?? {}
    for (const key of Object.keys(values) as (keyof CheckoutValues)[]) {
      const value = stored[key]
      if (typeof value === typeof values[key]) (values as unknown as Record<string, unknown>)[key] = value
    }
    if (!PAYMENT_METHODS.includes(values.paymentMethod)) values.paymentMethod = 'mpesa'
    if (values.deliveryMethod !== 'home' && values.deliveryMethod !== 'pickup') values.deliveryMethod = 'home'
    const step = STEPS.find((name) => name === parsed.step && name !== 'confirmation') ?? 'shipping'
    return { step: step as Draft['step'], values }
  } catch {
    return fallback
  }
}

export function writeDraft(draft: Draft): void {
  try {
    session()?.setItem(DRAFT_KEY, JSON.stringify(draft))
  } catch (error) {
    console.warn('Could not keep the checkout details', error)
  }
}

export function clearDraft(): void {
  session()?.removeItem(DRAFT_KEY)
  session()?.removeItem(ATTEMPT_KEY)
}

/** A random key of 32 hex digits (crypto.getRandomValues works outside secure contexts too, unlike randomUUID). */
export function randomKey(): string {
  const bytes = new Uint8Array(16)
  crypto.getRandomValues(bytes)
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}

/**
 * The Idempotency-Key of this order attempt: the same key for the same body (a retry, a double click, a reload
 * and Place Order again), a new one as soon as the cart or the form changed.
 */
export function attemptKey(body: unknown): string {
  const fingerprint = JSON.stringify(body)
  const storage = session()
  try {
    const stored = JSON.parse(storage?.getItem(ATTEMPT_KEY) ?? 'null') as { key?: unknown; fingerprint?: unknown }
    if (stored && stored.fingerprint === fingerprint && typeof stored.key === 'string') return stored.key
  } catch {
    // An unreadable attempt is a new attempt.
  }
  const key = randomKey()
  try {
    storage?.setItem(ATTEMPT_KEY, JSON.stringify({ key, fingerprint }))
  } catch (error) {
    console.warn('Could not keep the order attempt', error)
  }
  return key
}

const CARD_REDIRECT_KEY = 'soko:card-redirect'

/** Marks an order just placed with a card: its confirmation sends the browser on to the provider's page, once. */
export function markCardRedirect(orderNumber: string): void {
  session()?.setItem(CARD_REDIRECT_KEY, orderNumber)
}

/** Whether this order was just placed with a card (and forgets it, so the way back does not bounce forward). */
export function takeCardRedirect(orderNumber: string): boolean {
  const storage = session()
  if (storage?.getItem(CARD_REDIRECT_KEY) !== orderNumber) return false
  storage.removeItem(CARD_REDIRECT_KEY)
  return true
}
