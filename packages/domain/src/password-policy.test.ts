import { describe, expect, it } from 'vitest'
import { COMMON_PASSWORDS } from './common-passwords.ts'
import { isCommonPassword, PASSWORD_MESSAGES, passwordLength, passwordProblem } from './password-policy.ts'

describe('password policy', () => {
  it('requires a password of at least 8 characters', () => {
    expect(passwordProblem('')).toBe('Password is required')
    expect(passwordProblem('Kx7#pQ2')).toBe('Password must be at least 8 characters')
    expect(passwordProblem('Kx7#pQ2m')).toBeNull()
  })

  it('accepts up to 128 characters and refuses more', () => {
    expect(passwordProblem('a1'.repeat(64))).toBeNull()
    expect(passwordProblem(`${'a1'.repeat(64)}x`)).toBe('Password must be at most 128 characters')
  })

  it('counts characters, not UTF-16 units or bytes', () => {
    expect(passwordLength('🦁🦁🦁🦁')).toBe(4)
    expect(passwordProblem('🦁🦁🦁🦁🦁🦁🦁')).toBe(PASSWORD_MESSAGES.tooShort)
    expect(passwordProblem('🦁🦁🦁🦁🦁🦁🦁🦁')).toBeNull()
    // 128 four-byte characters: 512 bytes, still within the limit.
    expect(passwordProblem('🦁'.repeat(128))).toBeNull()
    expect(passwordProblem('ñandú-çà-été-ß')).toBeNull()
  })

  it('does not trim: spaces are part of the password', () => {
    expect(passwordProblem('  abc  ')).toBe(PASSWORD_MESSAGES.tooShort)
    expect(passwordProblem('   abc   ')).toBeNull()
  })

  it('refuses common passwords whatever their case', () => {
    expect(COMMON_PASSWORDS.size).toBeGreaterThan(900)
    for (const password of ['password', 'Password', 'PASSWORD', 'iloveyou', 'qwertyuiop', 'Safaricom', '12345678']) {
      expect(isCommonPassword(password)).toBe(true)
      expect(passwordProblem(password)).toBe(PASSWORD_MESSAGES.common)
    }
    expect(isCommonPassword('Mti-wa-mwembe-7')).toBe(false)
  })

  it('lists lowercase entries of 8 characters or more only', () => {
    for (const entry of COMMON_PASSWORDS) {
      expect(entry).toBe(entry.toLowerCase())
      expect(passwordLength(entry)).toBeGreaterThanOrEqual(8)
    }
  })

  it('refuses the account email address or its local part', () => {
    expect(passwordProblem('wanjiku.kamau@example.co.ke', { email: 'Wanjiku.Kamau@example.co.ke' })).toBe(
      PASSWORD_MESSAGES.email,
    )
    expect(passwordProblem('wanjiku.kamau', { email: 'wanjiku.kamau@example.co.ke' })).toBe(PASSWORD_MESSAGES.email)
    expect(passwordProblem('wanjiku.kamau-2026', { email: 'wanjiku.kamau@example.co.ke' })).toBeNull()
  })
})
