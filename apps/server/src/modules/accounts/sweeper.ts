import type { FastifyBaseLogger } from 'fastify'
import type { RateLimiter } from '../rate-limits/service.ts'
import type { SessionStore } from './sessions.ts'

const EVERY_MS = 10 * 60 * 1000

/**
 * Every ten minutes, drops expired sessions, sign-ins in progress, reset tokens and rate-limit counters. Each
 * process runs its own (the deletes are idempotent); nothing depends on it for correctness, since every lookup
 * checks expiry itself; it only keeps the tables small.
 */
export function startSweeper(sessions: SessionStore, limiter: RateLimiter, log: FastifyBaseLogger): () => void {
  const timer = setInterval(() => {
    Promise.all([sessions.sweep(), limiter.sweep()]).catch((error: unknown) =>
      log.warn({ err: error }, 'sweeping expired sessions and counters failed'),
    )
  }, EVERY_MS)
  timer.unref()
  return () => clearInterval(timer)
}
