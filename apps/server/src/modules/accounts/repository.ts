import type { Db } from '@soko/db/client'
import {
  oidcStates,
  passwordResetTokens,
  refreshTokens,
  sessions,
  userIdentities,
  users,
} from '@soko/db/schema/accounts'
import { type RowOf, typedRows, value } from '@soko/db/typed-sql'
import { and, desc, eq, gt, inArray, isNotNull, isNull, lt, lte, ne, or, sql } from 'drizzle-orm'

// SQL of the accounts module: users, sessions and their tokens, password-reset tokens, external identities and
// sign-ins in progress. Every secret is stored as a SHA-256 hash; durations are seconds, timed by the database's
// clock (one clock for every process).

const seconds = (n: number) => sql`(${n}::float8 * interval '1 second')`

const userShape = {
  id: users.id,
  email: users.email,
  password_hash: users.passwordHash,
  first_name: users.firstName,
  last_name: users.lastName,
  phone: users.phone,
  role: users.role,
  email_verified_at: users.emailVerifiedAt,
  /** Set while an admin has disabled the account: it cannot sign in and no session of it works. */
  disabled_at: users.disabledAt,
}

export type UserRow = RowOf<typeof userShape>

/** The columns of userShape, in raw SQL that names the users table `u`. */
const userColumns = sql`u.id, u.email, u.password_hash, u.first_name, u.last_name, u.phone, u.role, u.email_verified_at,
  u.disabled_at`

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const rows = await db.select(userShape).from(users).where(sql`lower(${users.email}) = lower(${email})`)
  return rows[0] ?? null
}

export async function getUserById(db: Db, id: number): Promise<UserRow | null> {
  const rows = await db.select(userShape).from(users).where(eq(users.id, id))
  return rows[0] ?? null
}

/** Locks the user's row until the transaction ends (serialises changes to one user's data). */
export async function lockUser(db: Db, id: number): Promise<UserRow | null> {
  const rows = await db.select(userShape).from(users).where(eq(users.id, id)).for('update')
  return rows[0] ?? null
}

export interface NewUser {
  email: string
  passwordHash: string | null
  firstName: string
  lastName: string
  emailVerified: boolean
}

/** Inserts a customer; throws the database's unique violation (23505) when the email is taken. */
export async function insertUser(db: Db, user: NewUser): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({
      email: user.email,
      passwordHash: user.passwordHash,
      firstName: user.firstName,
      lastName: user.lastName,
      role: 'customer',
      emailVerifiedAt: user.emailVerified ? sql`now()` : null,
    })
    .returning(userShape)
  if (!row) throw new Error('user insert returned no row')
  return row
}

export async function setPasswordHash(
  db: Db,
  userId: number,
  passwordHash: string,
  options: { verifyEmail?: boolean } = {},
): Promise<void> {
  await db
    .update(users)
    .set({
      passwordHash,
      updatedAt: sql`now()`,
      ...(options.verifyEmail ? { emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` } : {}),
    })
    .where(eq(users.id, userId))
}

/** Replaces a hash only if it is still the one that was verified (a concurrent password change wins). */
export async function rehashPassword(db: Db, userId: number, oldHash: string, newHash: string): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash: newHash })
    .where(and(eq(users.id, userId), eq(users.passwordHash, oldHash)))
}

export async function markEmailVerified(db: Db, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
    .where(eq(users.id, userId))
}

// What the account holder, admins and vendors change on a user

export async function updateProfile(
  db: Db,
  userId: number,
  profile: {
    firstName: string
    lastName: string
    email: string
    phone: string | null | undefined
    emailChanged: boolean
  },
): Promise<void> {
  await db
    .update(users)
    .set({
      firstName: profile.firstName,
      lastName: profile.lastName,
      email: profile.email,
      ...(profile.phone === undefined ? {} : { phone: profile.phone }),
      ...(profile.emailChanged ? { emailVerifiedAt: null } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId))
}

/** Sets a user's role (an admin's change, or a customer who opened a shop). */
export async function setRole(db: Db, id: number, role: UserRow['role']): Promise<void> {
  await db.update(users).set({ role, updatedAt: sql`now()` }).where(eq(users.id, id))
}

/** Disables an account with the reason (or enables it again with null). */
export async function setDisabled(db: Db, id: number, reason: string | null): Promise<void> {
  await db
    .update(users)
    .set({ disabledAt: reason === null ? null : sql`now()`, disabledReason: reason, updatedAt: sql`now()` })
    .where(eq(users.id, id))
}

/** The sign-in addresses of users (those with one). */
export function emailsOf(db: Db, ids: number[]): Promise<{ id: number; email: string }[]> {
  if (ids.length === 0) return Promise.resolve([])
  return db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, ids))
}

/** "Wanjiku K.": how a review signs a user's name (null when there is no such user). */
export async function reviewerName(db: Db, id: number): Promise<string | null> {
  const [row] = await typedRows(
    db,
    { name: value.text },
    sql`select trim(u.first_name || ' ' || left(u.last_name, 1)) as name from users u where u.id = ${id}`,
  )
  return row?.name ?? null
}

// Sessions

const sessionUserShape = { ...userShape, session_id: sessions.id, stale: value.bool }

export type SessionUserRow = RowOf<typeof sessionUserShape>

export interface SessionTimeouts {
  idleSeconds: number
  absoluteSeconds: number
  accessSeconds: number
}

export async function insertSession(
  db: Db,
  session: { userId: number; tokenHash: string; accessHash: string; userAgent: string; ip: string },
  timeouts: SessionTimeouts,
): Promise<number> {
  const [row] = await db
    .insert(sessions)
    .values({
      userId: session.userId,
      tokenHash: session.tokenHash,
      accessHash: session.accessHash,
      accessExpiresAt: sql`now() + least(${seconds(timeouts.accessSeconds)}, ${seconds(timeouts.absoluteSeconds)})`,
      userAgent: session.userAgent,
      ip: session.ip,
      expiresAt: sql`now() + ${seconds(timeouts.absoluteSeconds)}`,
    })
    .returning({ id: sessions.id })
  if (!row) throw new Error('session insert returned no row')
  return row.id
}

const liveSession = (idleSeconds: number) =>
  sql`s.expires_at > now() and s.last_seen_at > now() - ${seconds(idleSeconds)}`

/** The live session whose cookie token (or bearer access token) hashes to `hash`, with its user. */
export async function findLiveSession(
  db: Db,
  by: 'cookie' | 'bearer',
  hash: string,
  idleSeconds: number,
): Promise<SessionUserRow | null> {
  const match =
    by === 'cookie' ? sql`s.token_hash = ${hash}` : sql`s.access_hash = ${hash} and s.access_expires_at > now()`
  const rows = await typedRows(
    db,
    sessionUserShape,
    sql`select ${userColumns}, s.id as session_id, s.last_seen_at < now() - interval '1 minute' as stale
        from sessions s join users u on u.id = s.user_id
        where ${match} and ${liveSession(idleSeconds)} and u.disabled_at is null`,
  )
  return rows[0] ?? null
}

/** Records activity (the idle timeout counts from here); written at most once a minute per session. */
export async function touchSession(db: Db, sessionId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ lastSeenAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), lt(sessions.lastSeenAt, sql`now() - interval '1 minute'`)))
}

export async function isSessionLive(db: Db, sessionId: number, idleSeconds: number): Promise<boolean> {
  const rows = await typedRows(
    db,
    { id: sessions.id },
    sql`select s.id from sessions s join users u on u.id = s.user_id
        where s.id = ${sessionId} and ${liveSession(idleSeconds)} and u.disabled_at is null`,
  )
  return rows.length > 0
}

export async function setAccessToken(
  db: Db,
  sessionId: number,
  accessHash: string,
  accessSeconds: number,
): Promise<void> {
  await db
    .update(sessions)
    .set({
      accessHash,
      accessExpiresAt: sql`least(now() + ${seconds(accessSeconds)}, ${sessions.expiresAt})`,
      lastSeenAt: sql`now()`,
    })
    .where(eq(sessions.id, sessionId))
}

export async function setSessionToken(db: Db, sessionId: number, tokenHash: string): Promise<void> {
  await db.update(sessions).set({ tokenHash }).where(eq(sessions.id, sessionId))
}

const sessionShape = {
  id: sessions.id,
  created_at: sessions.createdAt,
  last_seen_at: sessions.lastSeenAt,
  expires_at: sessions.expiresAt,
  user_agent: sessions.userAgent,
  ip: sessions.ip,
}

export type SessionRow = RowOf<typeof sessionShape>

export function listLiveSessions(db: Db, userId: number, idleSeconds: number): Promise<SessionRow[]> {
  return db
    .select(sessionShape)
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        gt(sessions.expiresAt, sql`now()`),
        gt(sessions.lastSeenAt, sql`now() - ${seconds(idleSeconds)}`),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id))
}

/** Ends one session; `userId` restricts it to that user's sessions. Returns whether one ended. */
export async function deleteSession(db: Db, sessionId: number, userId?: number): Promise<boolean> {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), userId === undefined ? undefined : eq(sessions.userId, userId)))
    .returning({ id: sessions.id })
  return rows.length > 0
}

/** Ends every session of a user, but the one kept (if any). Returns how many ended. */
export async function deleteUserSessions(db: Db, userId: number, keepSessionId?: number): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), keepSessionId === undefined ? undefined : ne(sessions.id, keepSessionId)))
    .returning({ id: sessions.id })
  return rows.length
}

// Refresh tokens

export async function insertRefreshToken(db: Db, sessionId: number, tokenHash: string): Promise<void> {
  await db.insert(refreshTokens).values({ tokenHash, sessionId })
}

/**
 * Spends a refresh token atomically: the session it belongs to when it was unused ('fresh'), the session when it
 * had been spent already ('reused': a stolen copy, or a client gone wrong), or null for an unknown token.
 */
export async function claimRefreshToken(
  db: Db,
  tokenHash: string,
): Promise<{ sessionId: number; state: 'fresh' | 'reused' } | null> {
  const claimed = await db
    .update(refreshTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt)))
    .returning({ sessionId: refreshTokens.sessionId })
  if (claimed[0]) return { sessionId: claimed[0].sessionId, state: 'fresh' }
  const known = await db
    .select({ sessionId: refreshTokens.sessionId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash))
  return known[0] ? { sessionId: known[0].sessionId, state: 'reused' } : null
}

// Password reset tokens

export async function insertResetToken(db: Db, userId: number, tokenHash: string, ttlSeconds: number): Promise<void> {
  await db.insert(passwordResetTokens).values({ userId, tokenHash, expiresAt: sql`now() + ${seconds(ttlSeconds)}` })
}

/** Claims an unused, unexpired reset token of the user, atomically: of two concurrent claims one wins. */
export async function claimResetToken(db: Db, userId: number, tokenHash: string): Promise<boolean> {
  const rows = await db
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        eq(passwordResetTokens.userId, userId),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: passwordResetTokens.id })
  return rows.length > 0
}

/** Drops a user's reset tokens (the password changed: every link sent before is void). */
export async function deleteResetTokens(db: Db, userId: number): Promise<void> {
  await db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId))
}

// External identities (Google)

export async function findUserByIdentity(db: Db, issuer: string, subject: string): Promise<UserRow | null> {
  const rows = await typedRows(
    db,
    userShape,
    sql`select ${userColumns} from user_identities i join users u on u.id = i.user_id
        where i.issuer = ${issuer} and i.subject = ${subject}`,
  )
  return rows[0] ?? null
}

export async function insertIdentity(
  db: Db,
  identity: { userId: number; issuer: string; subject: string; email: string },
): Promise<void> {
  await db.insert(userIdentities).values({
    userId: identity.userId,
    issuer: identity.issuer,
    subject: identity.subject,
    email: identity.email,
  })
}

// Sign-ins in progress (OpenID Connect state)

export async function insertOidcState(
  db: Db,
  state: { stateHash: string; browserHash: string; nonce: string; codeVerifier: string; nextPath: string },
  ttlSeconds: number,
): Promise<void> {
  await db.insert(oidcStates).values({
    stateHash: state.stateHash,
    browserHash: state.browserHash,
    nonce: state.nonce,
    codeVerifier: state.codeVerifier,
    nextPath: state.nextPath,
    expiresAt: sql`now() + ${seconds(ttlSeconds)}`,
  })
}

const oidcStateShape = {
  browser_hash: oidcStates.browserHash,
  nonce: oidcStates.nonce,
  code_verifier: oidcStates.codeVerifier,
  next_path: oidcStates.nextPath,
  expired: value.bool,
}

export type OidcStateRow = RowOf<typeof oidcStateShape>

/** Takes a sign-in in progress out of the table: a state can be used once, even by concurrent callbacks. */
export async function takeOidcState(db: Db, stateHash: string): Promise<OidcStateRow | null> {
  const rows = await typedRows(
    db,
    oidcStateShape,
    sql`delete from oidc_states where state_hash = ${stateHash}
        returning browser_hash, nonce, code_verifier, next_path, expires_at <= now() as expired`,
  )
  return rows[0] ?? null
}

/** Drops what has expired: sessions, sign-ins in progress, reset tokens, spent refresh tokens of last week. */
export async function sweepExpired(db: Db, idleSeconds: number): Promise<void> {
  await db
    .delete(sessions)
    .where(or(lte(sessions.expiresAt, sql`now()`), lte(sessions.lastSeenAt, sql`now() - ${seconds(idleSeconds)}`)))
  await db.delete(oidcStates).where(lte(oidcStates.expiresAt, sql`now()`))
  await db
    .delete(passwordResetTokens)
    .where(or(lte(passwordResetTokens.expiresAt, sql`now() - interval '1 day'`), isNotNull(passwordResetTokens.usedAt)))
  await db.delete(refreshTokens).where(lte(refreshTokens.usedAt, sql`now() - interval '7 days'`))
}

/** Whether the user wants texts about their orders (true for no such user: the order's phone decides). */
export async function smsOrderUpdates(db: Db, id: number): Promise<boolean> {
  const rows = await db.select({ on: users.smsOrderUpdates }).from(users).where(eq(users.id, id))
  return rows[0]?.on ?? true
}

export async function setSmsOrderUpdates(db: Db, id: number, on: boolean): Promise<void> {
  await db.update(users).set({ smsOrderUpdates: on, updatedAt: new Date() }).where(eq(users.id, id))
}
