import { randomBytes } from 'node:crypto'
import { hash, type Options, parseOptions, verify } from '@node-rs/argon2'

/** argon2id's value in @node-rs/argon2's `Algorithm` (a const enum, which isolated modules cannot import). */
const ARGON2ID = 2 as NonNullable<Options['algorithm']>

export interface Argon2Params {
  /** KiB of memory per hash (m). */
  memoryCost: number
  /** Passes over the memory (t). */
  timeCost: number
  /** Lanes (p). */
  parallelism: number
}

/** OWASP's minimum for argon2id (Password Storage Cheat Sheet): 19 MiB, 2 passes, 1 lane. */
export const OWASP_MINIMUM: Argon2Params = { memoryCost: 19_456, timeCost: 2, parallelism: 1 }

/**
 * Password hashing with argon2id (ASVS V11.4.2). Hashes are PHC strings (`$argon2id$v=19$m=...,t=...,p=...$salt$hash`)
 * carrying their own parameters, so a change of parameters applies to new hashes at once and to old ones on their
 * owner's next sign-in (`needsRehash`). The work runs on libuv's thread pool, off the event loop.
 */
export class PasswordHasher {
  private dummyHash: Promise<string> | undefined

  constructor(readonly params: Argon2Params = OWASP_MINIMUM) {}

  private get options(): Options {
    return { algorithm: ARGON2ID, ...this.params }
  }

  /** Hashes a password exactly as given (UTF-8 bytes: no trimming, normalisation or truncation). */
  hash(password: string): Promise<string> {
    return hash(password, this.options)
  }

  /** Whether the password matches the hash; a malformed hash never matches. */
  async verify(passwordHash: string, password: string): Promise<boolean> {
    try {
      return await verify(passwordHash, password)
    } catch {
      return false
    }
  }

  /**
   * Spends the time a real verification would, for sign-ins with an unknown email or an account without a
   * password, so response times do not tell which accounts exist. Always false.
   */
  async verifyNothing(password: string): Promise<false> {
    this.dummyHash ??= this.hash(randomBytes(16).toString('base64url'))
    await this.verify(await this.dummyHash, password)
    return false
  }

  /** Whether a hash was made with other parameters than today's (or another algorithm) and should be redone. */
  needsRehash(passwordHash: string): boolean {
    try {
      const parsed = parseOptions(passwordHash)
      return (
        parsed.algorithm !== ARGON2ID ||
        parsed.memoryCost !== this.params.memoryCost ||
        parsed.timeCost !== this.params.timeCost ||
        parsed.parallelism !== this.params.parallelism
      )
    } catch {
      return true
    }
  }
}
