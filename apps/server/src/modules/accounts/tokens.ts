import { createHash, randomBytes } from 'node:crypto'

/** A new secret: 256 random bits, base64url (43 characters). */
export function newSecret(): string {
  return randomBytes(32).toString('base64url')
}

/** What the database keeps of a secret: its SHA-256, hex. A stolen table gives no usable token. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex')
}
