import { describe, expect, it } from 'vitest'
import { OWASP_MINIMUM, PasswordHasher } from './passwords.ts'

describe('password hashing', () => {
  const hasher = new PasswordHasher()

  it('makes argon2id hashes with at least OWASP’s minimum parameters', async () => {
    const hashed = await hasher.hash('Mti-wa-mwembe-7')
    expect(hashed).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    expect(OWASP_MINIMUM).toEqual({ memoryCost: 19_456, timeCost: 2, parallelism: 1 })
    expect(await hasher.verify(hashed, 'Mti-wa-mwembe-7')).toBe(true)
    expect(await hasher.verify(hashed, 'mti-wa-mwembe-7')).toBe(false)
    expect(hasher.needsRehash(hashed)).toBe(false)
    // A fresh salt each time.
    expect(await hasher.hash('Mti-wa-mwembe-7')).not.toBe(hashed)
  })

  it('verifies a 128-character Unicode password byte for byte, without truncation', async () => {
    const password = `${'🦁ñ'.repeat(63)}éa`
    const hashed = await hasher.hash(password)
    expect(await hasher.verify(hashed, password)).toBe(true)
    expect(await hasher.verify(hashed, `${'🦁ñ'.repeat(63)}éb`)).toBe(false)
    expect(await hasher.verify(hashed, password.normalize('NFD'))).toBe(false)
    expect(await hasher.verify(hashed, password.slice(0, -1))).toBe(false)
  })

  it('asks for a rehash when the parameters change or the hash is not argon2id', async () => {
    const stronger = new PasswordHasher({ ...OWASP_MINIMUM, timeCost: 3 })
    const old = await hasher.hash('Mti-wa-mwembe-7')
    expect(stronger.needsRehash(old)).toBe(true)
    expect(await stronger.verify(old, 'Mti-wa-mwembe-7')).toBe(true)
    expect(hasher.needsRehash('$2b$10$abcdefghijklmnopqrstuv')).toBe(true)
    expect(await hasher.verify('not a hash', 'x')).toBe(false)
  })

  it('spends a verification on accounts that do not exist, and says no', async () => {
    expect(await hasher.verifyNothing('Mti-wa-mwembe-7')).toBe(false)
  })
})
