import type { SessionInfo, SessionUser } from '@soko/contract/auth'
import type { Db } from '@soko/db/client'
import { iso } from '../catalog/mappers.ts'
import * as repo from './repository.ts'
import { hashSecret, newSecret } from './tokens.ts'

export interface IssuedSession {
  sessionId: number
  /** The cookie's value. */
  sessionToken: string
  accessToken: string
  refreshToken: string
  /** Seconds the access token lives. */
  expiresIn: number
}

export interface ResolvedSession {
  sessionId: number
  user: SessionUser
}

export function toSessionUser(row: repo.UserRow): SessionUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    role: row.role,
    phone: row.phone,
    emailVerified: row.email_verified_at !== null,
    hasPassword: row.password_hash !== null,
  }
}

/**
 * Sessions in the database, shared by every process (DESIGN D1). A session has three secrets, all random 256-bit
 * values stored only as SHA-256 hashes: the cookie's session token (browsers), a short-lived access token (bearer
 * clients) and a single-use refresh token that renews the access token. Idle and absolute timeouts are enforced
 * on every lookup.
 */
export class SessionStore {
  constructor(
    private readonly db: Db,
    readonly timeouts: repo.SessionTimeouts,
  ) {}

  /** Starts a session with new secrets (never reusing anything the client sent: no fixation). */
  async create(db: Db, userId: number, client: { ip: string; userAgent: string }): Promise<IssuedSession> {
    const sessionToken = newSecret()
    const accessToken = newSecret()
    const refreshToken = newSecret()
    const sessionId = await repo.insertSession(
      db,
      {
        userId,
        tokenHash: hashSecret(sessionToken),
        accessHash: hashSecret(accessToken),
        userAgent: client.userAgent.slice(0, 400),
        ip: client.ip,
      },
      this.timeouts,
    )
    await repo.insertRefreshToken(db, sessionId, hashSecret(refreshToken))
    return { sessionId, sessionToken, accessToken, refreshToken, expiresIn: this.timeouts.accessSeconds }
  }

  /** The live session a cookie token or bearer access token belongs to, with its user; records activity. */
  async resolve(by: 'cookie' | 'bearer', secret: string): Promise<ResolvedSession | null> {
    const row = await repo.findLiveSession(this.db, by, hashSecret(secret), this.timeouts.idleSeconds)
    if (!row) return null
    if (row.stale) await repo.touchSession(this.db, row.session_id)
    return { sessionId: row.session_id, user: toSessionUser(row) }
  }

  /**
   * New access and refresh tokens for a refresh token, which is spent. A refresh token presented a second time
   * ends its session (someone else holds a copy). Null when the token is unknown, spent or its session is over.
   */
  async refresh(refreshToken: string): Promise<Omit<IssuedSession, 'sessionToken'> | null> {
    return this.db.transaction(async (t) => {
      const claim = await repo.claimRefreshToken(t, hashSecret(refreshToken))
      if (!claim) return null
      if (claim.state === 'reused') {
        await repo.deleteSession(t, claim.sessionId)
        return null
      }
      if (!(await repo.isSessionLive(t, claim.sessionId, this.timeouts.idleSeconds))) return null
      const accessToken = newSecret()
      const nextRefresh = newSecret()
      await repo.setAccessToken(t, claim.sessionId, hashSecret(accessToken), this.timeouts.accessSeconds)
      await repo.insertRefreshToken(t, claim.sessionId, hashSecret(nextRefresh))
      return {
        sessionId: claim.sessionId,
        accessToken,
        refreshToken: nextRefresh,
        expiresIn: this.timeouts.accessSeconds,
      }
    })
  }

  /** Gives a session a new cookie token after a change of privilege (a shop opened), outside any transaction. */
  renewCookie(sessionId: number): Promise<string> {
    return this.rotateCookie(this.db, sessionId)
  }

  /** Gives a session a new cookie token (after a password change); the old cookie stops working. */
  async rotateCookie(db: Db, sessionId: number): Promise<string> {
    const sessionToken = newSecret()
    await repo.setSessionToken(db, sessionId, hashSecret(sessionToken))
    return sessionToken
  }

  async list(userId: number, currentSessionId: number | null): Promise<SessionInfo[]> {
    const rows = await repo.listLiveSessions(this.db, userId, this.timeouts.idleSeconds)
    return rows.map((row) => ({
      id: row.id,
      createdAt: iso(row.created_at),
      lastSeenAt: iso(row.last_seen_at),
      expiresAt: iso(row.expires_at),
      userAgent: row.user_agent,
      ip: row.ip,
      current: row.id === currentSessionId,
    }))
  }

  /** Ends one of the user's sessions; false when the user has no such session. */
  end(sessionId: number, userId?: number): Promise<boolean> {
    return repo.deleteSession(this.db, sessionId, userId)
  }

  /** Ends every other session of the user ("sign out of all other devices"); how many ended. */
  endOthersOf(userId: number, keepSessionId?: number): Promise<number> {
    return repo.deleteUserSessions(this.db, userId, keepSessionId)
  }

  endAllOf(db: Db, userId: number, keepSessionId?: number): Promise<number> {
    return repo.deleteUserSessions(db, userId, keepSessionId)
  }

  sweep(): Promise<void> {
    return repo.sweepExpired(this.db, this.timeouts.idleSeconds)
  }
}
