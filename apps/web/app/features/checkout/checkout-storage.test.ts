import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { emptyValues } from './checkout-form.ts'
import { ATTEMPT_KEY, attemptKey, clearDraft, DRAFT_KEY, readDraft, writeDraft } from './checkout-storage.ts'

class MemoryStorage {
  private readonly map = new Map<string, string>()
  getItem(key: string) {
    return this.map.get(key) ?? null
  }
  setItem(key: string, value: string) {
    this.map.set(key, value)
  }
  removeItem(key: string) {
    this.map.delete(key)
  }
}

const scope = globalThis as unknown as { window?: { sessionStorage: MemoryStorage } }

beforeEach(() => {
  scope.window = { sessionStorage: new MemoryStorage() }
})
afterEach(() => {
  delete scope.window
})

describe('order attempt key', () => {
  it('is the same for the same body (a retry, a double click, a reload) and new when the body changes', () => {
    const body = { items: [{ productId: 1, quantity: 1 }], firstName: 'Wanjiku' }
    const first = attemptKey(body)
    expect(first).toMatch(/^[A-Za-z0-9_-]{16,128}$/)
    expect(attemptKey({ ...body })).toBe(first)
    const changed = attemptKey({ ...body, items: [{ productId: 1, quantity: 2 }] })
    expect(changed).not.toBe(first)
    expect(attemptKey({ ...body, items: [{ productId: 1, quantity: 2 }] })).toBe(changed)
  })

  it('starts over when the stored attempt is unreadable', () => {
    scope.window?.sessionStorage.setItem(ATTEMPT_KEY, '{oops')
    expect(attemptKey({ a: 1 })).toMatch(/^[0-9a-f]{32}$/)
  })
})

describe('checkout draft', () => {
  it('keeps the step and the typed values across a reload', () => {
    writeDraft({ step: 'payment', values: { ...emptyValues(), firstName: 'Otieno', paymentMethod: 'credit-card' } })
    const draft = readDraft()
    expect(draft.step).toBe('payment')
    expect(draft.values.firstName).toBe('Otieno')
    expect(draft.values.paymentMethod).toBe('credit-card')
  })

  it('reads a damaged draft as a fresh form at the first step, keeping what it can', () => {
    scope.window?.sessionStorage.setItem(DRAFT_KEY, '{oops')
    expect(readDraft()).toEqual({ step: 'shipping', values: emptyValues() })
    scope.window?.sessionStorage.setItem(
      DRAFT_KEY,
      JSON.stringify({
        step: 'confirmation',
        values: { city: 'Kisumu', sameAsShipping: 'yes', paymentMethod: 'paypal' },
      }),
    )
    const draft = readDraft()
    expect(draft.step).toBe('shipping')
    expect(draft.values.city).toBe('Kisumu')
    expect(draft.values.sameAsShipping).toBe(true)
    expect(draft.values.paymentMethod).toBe('mpesa')
  })

  it('is forgotten with its attempt once the order is placed', () => {
    writeDraft({ step: 'review', values: emptyValues() })
    attemptKey({ a: 1 })
    clearDraft()
    expect(scope.window?.sessionStorage.getItem(DRAFT_KEY)).toBeNull()
    expect(scope.window?.sessionStorage.getItem(ATTEMPT_KEY)).toBeNull()
  })
})
