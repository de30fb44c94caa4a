import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

/** A new secret: 256 random bits, base64url (43 characters). */
export function newSecret(): string {
  return randomBytes(32).toString('base64url')
}

/** Whether a presented secret equals the expected one, in time that does not tell how much of it matched. */
export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/** What the database keeps of a secret: its SHA-256, hex. A stolen table gives no usable token. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex')
}
