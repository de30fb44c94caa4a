import { COMMON_PASSWORDS } from './common-passwords.ts'

// The password policy (ASVS V6.2): at least 8 and at most 128 characters, anything Unicode, compared byte for byte
// (no trimming, case folding or normalisation), and not one of the passwords attackers try first.

export const PASSWORD_MIN_LENGTH = 8
export const PASSWORD_MAX_LENGTH = 128

/** The policy's wording (the specification's, where it has one), shared by the server and the web forms. */
export const PASSWORD_MESSAGES = {
  required: 'Password is required',
  tooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  tooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  common: 'This password is too common. Choose one that is harder to guess',
  email: 'Password must not be your email address',
} as const

/** Length in characters as a person counts them (code points: an emoji is one, not two UTF-16 units). */
export function passwordLength(password: string): number {
  let length = 0
  for (const _ of password) length++
  return length
}

/** Whether the password is on the list of common passwords, ignoring case. */
export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase())
}

/** What is wrong with a new password under the policy, or null when it is acceptable. */
export function passwordProblem(password: string, context: { email?: string | undefined } = {}): string | null {
  if (password.length === 0) return PASSWORD_MESSAGES.required
  const length = passwordLength(password)
  if (length < PASSWORD_MIN_LENGTH) return PASSWORD_MESSAGES.tooShort
  if (length > PASSWORD_MAX_LENGTH) return PASSWORD_MESSAGES.tooLong
  if (isCommonPassword(password)) return PASSWORD_MESSAGES.common
  const email = context.email?.trim().toLowerCase()
  if (email) {
    const lowered = password.toLowerCase()
    if (lowered === email || lowered === email.split('@')[0]) return PASSWORD_MESSAGES.email
  }
  return null
}
