import {
  AUTH_MESSAGES,
  type ChangePasswordBody,
  type LoginBody,
  type RegisterBody,
  type ResetPasswordBody,
  type SessionUser,
} from '@soko/contract/auth'
import type { Db } from '@soko/db/client'
import { passwordProblem } from '@soko/domain/password-policy'
import type { FastifyBaseLogger } from 'fastify'
import type { Ctx } from '../../plugins/auth.ts'
import type { Config } from '../../plugins/config.ts'
import { AppError } from '../../plugins/errors.ts'
import type { Mailer } from '../mail/mailer.ts'
import { clientKey, type RateLimiter, tooManyAttempts } from '../rate-limits/service.ts'
import { passwordChangedEmail, passwordResetEmail } from './mail-templates.ts'
import type { PasswordHasher } from './passwords.ts'
import * as repo from './repository.ts'
import { type IssuedSession, type SessionStore, toSessionUser } from './sessions.ts'
import { hashSecret, newSecret } from './tokens.ts'

const RESET_TOKEN_SECONDS = 60 * 60

export const ACCOUNT_DISABLED = 'This account has been disabled. Contact support.'

export interface AccountsDeps {
  db: Db
  config: Config
  hasher: PasswordHasher
  sessions: SessionStore
  limiter: RateLimiter
  mailer: Mailer
  log: FastifyBaseLogger
}

/** Whether a database error (or one it caused) broke a unique index: any, or the one named `constraint`. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint: broken } = e as { code?: unknown; constraint?: unknown }
    if (code === '23505') return constraint === undefined || broken === constraint
  }
  return false
}

/** The reset link's uid: the user id, base64url (as Django writes it). */
export const encodeUid = (userId: number): string => Buffer.from(String(userId)).toString('base64url')

export function decodeUid(uid: string): number | null {
  if (!/^[A-Za-z0-9_-]{1,16}$/.test(uid)) return null
  const text = Buffer.from(uid, 'base64url').toString('utf8')
  return /^[1-9]\d{0,9}$/.test(text) && Number(text) <= 2 ** 31 - 1 ? Number(text) : null
}

export const loginAccountKey = (email: string) => `login:account:${email.trim().toLowerCase()}`

/**
 * Sign-up, sign-in and out, token refresh, password reset and change. Failures that a shopper can act on are
 * AppErrors; sign-in failures say nothing about which part was wrong, and take the same time either way.
 */
export class AccountsService {
  constructor(private readonly deps: AccountsDeps) {}

  private get limits() {
    return this.deps.config
  }

  /** Creates a customer account; refuses an email that is taken (invalid_data, at the email field). */
  async register(ctx: Ctx, body: RegisterBody): Promise<void> {
    const { db, hasher, limiter } = this.deps
    // Sign-up says when an address is taken (usual shop behaviour): limited per address, so it cannot be used to
    // test a list of addresses quickly.
    await limiter.consume(`register:ip:${clientKey(ctx.ip)}`, this.limits.REGISTER_LIMIT_PER_IP)
    const passwordHash = await hasher.hash(body.password)
    try {
      const user = await repo.insertUser(db, {
        email: body.email,
        passwordHash,
        firstName: body.firstName ?? '',
        lastName: body.lastName ?? '',
        emailVerified: false,
      })
      this.deps.log.info({ userId: user.id }, 'account created')
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new AppError('invalid_data', AUTH_MESSAGES.emailTaken, { email: [AUTH_MESSAGES.emailTaken] })
      }
      throw error
    }
  }

  /**
   * Checks the email and password and starts a new session; null when they do not match. At most
   * LOGIN_LIMIT_PER_ACCOUNT attempts per account per window, counted before checking (so parallel guesses count
   * too), cleared by a success; an unknown email costs the same argon2 work as a known one.
   */
  async login(ctx: Ctx, body: LoginBody): Promise<{ user: SessionUser; session: IssuedSession } | null> {
    const { db, hasher, limiter, sessions, log } = this.deps
    const accountKey = loginAccountKey(body.email)
    const hit = await limiter.hit(accountKey, this.limits.LOGIN_LIMIT_PER_ACCOUNT)
    if (hit.hits > this.limits.LOGIN_LIMIT_PER_ACCOUNT.max) {
      log.warn({ ip: ctx.ip }, 'sign-in throttled for an account')
      throw tooManyAttempts(hit.retryAfterSeconds)
    }
    const user = await repo.findUserByEmail(db, body.email)
    const matches = user?.password_hash
      ? await hasher.verify(user.password_hash, body.password)
      : await hasher.verifyNothing(body.password)
    if (!user?.password_hash || !matches) {
      log.info({ ip: ctx.ip, known: user !== null }, 'sign-in failed')
      return null
    }
    await limiter.clear(accountKey)
    // Said only to whoever knows the password: the account's state is not told to anyone guessing.
    if (user.disabled_at !== null) {
      log.info({ userId: user.id }, 'sign-in refused: account disabled')
      throw new AppError('forbidden', ACCOUNT_DISABLED)
    }
    if (hasher.needsRehash(user.password_hash)) {
      await repo.rehashPassword(db, user.id, user.password_hash, await hasher.hash(body.password))
    }
    const session = await db.transaction(async (t) => {
      // The session the browser came with (if any) is replaced, not promoted.
      if (ctx.sessionId !== null) await repo.deleteSession(t, ctx.sessionId)
      return sessions.create(t, user.id, ctx)
    })
    log.info({ userId: user.id, sessionId: session.sessionId }, 'signed in')
    return { user: toSessionUser(user), session }
  }

  async logout(ctx: Ctx): Promise<void> {
    if (ctx.sessionId === null) return
    await this.deps.sessions.end(ctx.sessionId)
    this.deps.log.info({ userId: ctx.user?.id, sessionId: ctx.sessionId }, 'signed out')
  }

  /** Always answers the same; sends a reset link when the account exists. */
  async requestPasswordReset(ctx: Ctx, email: string, siteOrigin: string): Promise<void> {
    const { db, limiter, mailer, log } = this.deps
    await limiter.consume(`reset:ip:${clientKey(ctx.ip)}`, this.limits.RESET_LIMIT_PER_IP)
    await limiter.consume(`reset:account:${email}`, this.limits.RESET_LIMIT_PER_ACCOUNT)
    const user = await repo.findUserByEmail(db, email)
    if (!user) {
      log.info({ ip: ctx.ip }, 'password reset asked for an unknown address')
      return
    }
    const token = newSecret()
    const link = `${siteOrigin}/reset-password/${encodeUid(user.id)}/${token}`
    const outboxId = await db.transaction(async (t) => {
      await repo.insertResetToken(t, user.id, hashSecret(token), RESET_TOKEN_SECONDS)
      return mailer.enqueue(t, passwordResetEmail(user.email, link))
    })
    mailer.deliver([outboxId])
    log.info({ userId: user.id }, 'password reset link sent')
  }

  /**
   * Sets a new password from an emailed link: the token is claimed atomically (of two concurrent uses, one wins),
   * every session of the user ends, every other link dies, and the address counts as verified from now on.
   */
  async resetPassword(_ctx: Ctx, body: ResetPasswordBody): Promise<void> {
    const { db, hasher, limiter, log } = this.deps
    const invalid = () =>
      new AppError('invalid_data', AUTH_MESSAGES.resetInvalid, { token: [AUTH_MESSAGES.resetInvalid] })
    const userId = decodeUid(body.uid)
    const user = userId === null ? null : await repo.getUserById(db, userId)
    if (!user) throw invalid()
    const problem = passwordProblem(body.password, { email: user.email })
    if (problem) throw new AppError('invalid_data', problem, { password: [problem] })
    const passwordHash = await hasher.hash(body.password)
    const ended = await db.transaction(async (t) => {
      if (!(await repo.claimResetToken(t, user.id, hashSecret(body.token)))) return null
      await repo.setPasswordHash(t, user.id, passwordHash, { verifyEmail: true })
      await repo.deleteResetTokens(t, user.id)
      return repo.deleteUserSessions(t, user.id)
    })
    if (ended === null) throw invalid()
    await limiter.clear(loginAccountKey(user.email))
    log.info({ userId: user.id, sessionsEnded: ended }, 'password reset')
  }

  /**
   * Changes the signed-in user's password: the current one must be right (failures count towards the account's
   * sign-in limit), the new one must pass the policy and differ. The user's other sessions end, reset links die,
   * and a cookie session gets a new token (returned for the cookie).
   */
  async changePassword(ctx: Ctx, body: ChangePasswordBody): Promise<{ sessionToken: string | null }> {
    const { db, hasher, sessions, mailer, log } = this.deps
    const actor = ctx.user
    if (!actor || ctx.sessionId === null) throw new AppError('unauthorized', AUTH_MESSAGES.signInRequired)
    const sessionId = ctx.sessionId
    const user = await repo.getUserById(db, actor.id)
    if (!user) throw new AppError('unauthorized', AUTH_MESSAGES.signInRequired)
    const oldHash = user.password_hash
    if (oldHash === null) {
      throw new AppError('invalid_data', AUTH_MESSAGES.noPasswordYet, {
        currentPassword: [AUTH_MESSAGES.noPasswordYet],
      })
    }
    await this.checkCurrentPassword(user, oldHash, body.currentPassword)
    if (body.newPassword === body.currentPassword) {
      throw new AppError('invalid_data', AUTH_MESSAGES.samePassword, { newPassword: [AUTH_MESSAGES.samePassword] })
    }
    const problem = passwordProblem(body.newPassword, { email: user.email })
    if (problem) throw new AppError('invalid_data', problem, { newPassword: [problem] })
    const newHash = await hasher.hash(body.newPassword)
    const result = await db.transaction(async (t) => {
      const locked = await repo.lockUser(t, user.id)
      // Someone changed it meanwhile (another device): theirs stands.
      if (locked?.password_hash !== oldHash) return null
      await repo.setPasswordHash(t, user.id, newHash)
      await repo.deleteResetTokens(t, user.id)
      const ended = await sessions.endAllOf(t, user.id, sessionId)
      const sessionToken = ctx.via === 'cookie' ? await sessions.rotateCookie(t, sessionId) : null
      const outboxId = await mailer.enqueue(t, passwordChangedEmail(user.email))
      return { ended, sessionToken, outboxId }
    })
    if (!result) throw new AppError('conflict', 'Your password was changed meanwhile. Please sign in again.')
    mailer.deliver([result.outboxId])
    log.info({ userId: user.id, sessionsEnded: result.ended }, 'password changed')
    return { sessionToken: result.sessionToken }
  }

  /**
   * Fresh proof, before a sensitive change (a new email address, a new payout number), that the signed-in owner of
   * user `userId` is at the keyboard: their current password, else a 400 at `currentPassword` with the caller's
   * words for a missing one and for an account that has none. Returns the user (to tell them by email).
   *
   * An account made with Google alone has no password to ask for, and a session by itself is no such proof (it may
   * be a borrowed phone or a stolen cookie): the owner sets a password first through the emailed reset link, which
   * proves they hold the mailbox, and then confirms with it like everyone else.
   */
  async confirmCurrentPassword(
    userId: number,
    password: string | undefined,
    messages: { required: string; noPassword: string },
  ): Promise<repo.UserRow> {
    const user = await repo.getUserById(this.deps.db, userId)
    if (!user) throw new AppError('unauthorized', AUTH_MESSAGES.signInRequired)
    const refuse = (message: string) => new AppError('invalid_data', message, { currentPassword: [message] })
    if (user.password_hash === null) throw refuse(messages.noPassword)
    if (!password) throw refuse(messages.required)
    await this.checkCurrentPassword(user, user.password_hash, password)
    return user
  }

  /**
   * Fresh proof that the owner is at the keyboard (password change, email change). A wrong password counts
   * towards the account's sign-in limit, so a stolen session cannot be used to guess the password.
   */
  async checkCurrentPassword(user: repo.UserRow, passwordHash: string, password: string): Promise<void> {
    const { hasher, limiter, log } = this.deps
    const accountKey = loginAccountKey(user.email)
    const hit = await limiter.hit(accountKey, this.limits.LOGIN_LIMIT_PER_ACCOUNT)
    if (hit.hits > this.limits.LOGIN_LIMIT_PER_ACCOUNT.max) throw tooManyAttempts(hit.retryAfterSeconds)
    if (!(await hasher.verify(passwordHash, password))) {
      log.info({ userId: user.id }, 'wrong current password')
      throw new AppError('invalid_data', AUTH_MESSAGES.wrongCurrentPassword, {
        currentPassword: [AUTH_MESSAGES.wrongCurrentPassword],
      })
    }
    await limiter.clear(accountKey)
  }
}
