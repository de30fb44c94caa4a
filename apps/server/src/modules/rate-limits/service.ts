import { isIPv6 } from 'node:net'
import type { Db } from '@soko/db/client'
import type { RateLimit } from '../../plugins/config.ts'
import { AppError } from '../../plugins/errors.ts'
import * as repo from './repository.ts'

export interface Hit {
  hits: number
  retryAfterSeconds: number
}

/**
 * Fixed-window rate limits kept in the database, so every process counts the same hits (DESIGN D1). A hit is one
 * atomic upsert: a window that has passed starts again at 1, so nobody is locked out for longer than one window.
 */
export class RateLimiter {
  constructor(private readonly db: Db) {}

  /** Counts a hit on `key` and returns the count in the current window. */
  async hit(key: string, limit: RateLimit): Promise<Hit> {
    const seconds = Math.ceil(limit.windowMs / 1000)
    const row = await repo.hit(this.db, key, seconds)
    return { hits: row?.hits ?? 1, retryAfterSeconds: row?.retry_after ?? seconds }
  }

  /** Counts a hit and throws `rate_limited` (429 with Retry-After) once the window holds more than the limit. */
  async consume(key: string, limit: RateLimit): Promise<void> {
    const hit = await this.hit(key, limit)
    if (hit.hits > limit.max) throw tooManyAttempts(hit.retryAfterSeconds)
  }

  /** Forgets the hits on `key` (a successful sign-in clears its account's failures). */
  async clear(key: string): Promise<void> {
    await repo.clear(this.db, key)
  }

  /** Drops counters whose window has passed (called now and then; a passed window is reset on its next hit anyway). */
  async sweep(): Promise<void> {
    await repo.sweep(this.db)
  }
}

export function tooManyAttempts(retryAfterSeconds: number): AppError {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60))
  return new AppError(
    'rate_limited',
    `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
    undefined,
    { 'retry-after': String(retryAfterSeconds) },
  )
}

/**
 * The part of a client address that identifies one client for rate limiting: an IPv4 address as it is, an IPv6
 * address by its /64 (one subscriber usually holds a whole /64 and can rotate through it at will).
 */
export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)
  if (mapped?.[1]) return mapped[1]
  if (!isIPv6(ip)) return ip
  const [head = '', tail = ''] = ip.toLowerCase().split('::')
  const left = head === '' ? [] : head.split(':')
  const right = tail === '' ? [] : tail.split(':')
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`
}
