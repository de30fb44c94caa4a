import { createHash } from 'node:crypto'
import type { PlaceOrderBody } from '@soko/contract/checkout'

/** The same JSON for the same request, whatever the order of its keys. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}

/**
 * What an Idempotency-Key stands for: who placed what. The same key with the same request answers the same order;
 * with a different one it is refused (see `IDEMPOTENCY_KEY_REUSED`).
 */
export function placeOrderRequestHash(userId: number | null, body: PlaceOrderBody): string {
  return createHash('sha256')
    .update(canonical({ user: userId, body }))
    .digest('hex')
}

export const IDEMPOTENCY_KEY_REUSED =
  'This Idempotency-Key was already used for a different order. Start a new checkout attempt with a new key.'
