import { sql } from 'drizzle-orm'
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt } from './columns.ts'

// Identity (the accounts module): who signs in, how, and their sessions and tokens.

/** Shoppers, vendors' owners and admins. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    /** argon2id (PHC string); null for an account that signs in with Google only. */
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    /** E.164 Kenyan mobile number (+2547XXXXXXXX / +2541XXXXXXXX). */
    phone: text('phone'),
    /** Texts about the shopper's orders (placed, paid, shipped ...); they can turn them off in their settings. */
    smsOrderUpdates: boolean('sms_order_updates').notNull().default(true),
    role: text('role', { enum: ['customer', 'vendor', 'superuser'] })
      .notNull()
      .default('customer'),
    /** When the owner proved they read this address (completed a reset from an emailed link, or Google said so). */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** An admin disabled the account: it cannot sign in, and its sessions end. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    disabledReason: text('disabled_reason'),
    createdAt,
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_key').on(sql`lower(${t.email})`), index('users_role_idx').on(t.role)],
)

/**
 * A signed-in device. Its secrets (the cookie's session token, the current bearer access token) are stored only as
 * SHA-256 hashes. It ends at `expires_at` (absolute timeout) or after the idle timeout since `last_seen_at`.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    accessHash: text('access_hash'),
    accessExpiresAt: timestamp('access_expires_at', { withTimezone: true }),
    userAgent: text('user_agent').notNull().default(''),
    ip: text('ip').notNull().default(''),
    createdAt,
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_key').on(t.tokenHash),
    uniqueIndex('sessions_access_hash_key').on(t.accessHash),
    index('sessions_user_idx').on(t.userId),
    index('sessions_expires_idx').on(t.expiresAt),
  ],
)

/** Refresh tokens of a session (hashed). Each works once; presenting a used one again ends the session. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    createdAt,
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)],
)

/** Emailed password-reset links (hashed token): single use, short-lived, dropped when the password changes. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt,
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_token_hash_key').on(t.tokenHash),
    index('password_reset_tokens_user_idx').on(t.userId),
  ],
)

/** An external sign-in (Google) of a user, keyed by the provider's issuer and subject, never by email. */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    /** The email the provider gave when the identity was linked (for support; never used to find the user). */
    email: text('email').notNull().default(''),
    createdAt,
  },
  (t) => [
    uniqueIndex('user_identities_issuer_subject_key').on(t.issuer, t.subject),
    index('user_identities_user_idx').on(t.userId),
  ],
)

/**
 * A sign-in with an OpenID provider in progress: state, nonce and PKCE verifier, bound to the browser that started
 * it (hash of a short-lived cookie), usable once, for ten minutes.
 */
export const oidcStates = pgTable(
  'oidc_states',
  {
    stateHash: text('state_hash').primaryKey(),
    browserHash: text('browser_hash').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    nextPath: text('next_path').notNull().default('/'),
    createdAt,
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('oidc_states_expires_idx').on(t.expiresAt)],
)
