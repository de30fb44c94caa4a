import { PASSWORD_MESSAGES, passwordProblem } from '@soko/domain/password-policy'
import { z } from 'zod'
import { endpoints } from './endpoint.ts'

// The accounts contract: sign-up, sign-in, sessions, password reset and change, Google sign-in. Paths and the
// shapes the specification defines (section 3 and 7: login's success/message/access_token/refresh_token/role,
// register's success/message/errors, reset's detail) are kept exactly; the rest follows the same style.
//
// Browsers use the httpOnly session cookie the sign-in sets (DESIGN S1); other clients send
// `Authorization: Bearer <access_token>` and renew it with the refresh token. Cookie-authenticated POST, PUT,
// PATCH and DELETE requests must come from Soko's own origin (Origin or Referer), else 403.

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** An email address as a shopper types it: trimmed and lowercased; the specification's wording on failure. */
export const EmailSchema = z
  .string({ error: (issue) => (issue.input == null ? 'Email is required' : 'Email is invalid') })
  .trim()
  .min(1, { message: 'Email is required', abort: true })
  .max(254, { message: 'Email is invalid', abort: true })
  .regex(EMAIL_PATTERN, 'Email is invalid')
  .transform((email) => email.toLowerCase())
  .describe('Email address (compared without regard to case)')

/** A new password under the policy: 8 to 128 characters (any Unicode, kept byte for byte), not a common one. */
export const NewPasswordSchema = z
  .string({ error: () => PASSWORD_MESSAGES.required })
  .superRefine((password, ctx) => {
    const problem = passwordProblem(password)
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  })
  .describe('8 to 128 characters; common passwords are refused')

const NameSchema = (label: string) =>
  z
    .string({ error: () => `${label} must be text` })
    .trim()
    .max(80, `${label} must be at most 80 characters`)

export const RegisterBodySchema = z
  .object({
    email: EmailSchema,
    password: NewPasswordSchema,
    firstName: NameSchema('First name').optional(),
    lastName: NameSchema('Last name').optional(),
  })
  .superRefine((body, ctx) => {
    // The policy's check against the account's own address needs both fields.
    if (typeof body.password !== 'string' || typeof body.email !== 'string') return
    const problem = passwordProblem(body.password, { email: body.email })
    if (problem === PASSWORD_MESSAGES.email) ctx.addIssue({ code: 'custom', path: ['password'], message: problem })
  })
  .describe(
    'Sign-up. Other fields (role, a password confirmation ...) are ignored: the confirmation is checked by the form',
  )
export type RegisterBody = z.infer<typeof RegisterBodySchema>

export const RegisterResponseSchema = z
  .object({
    success: z.boolean(),
    message: z.string().describe("'Account created successfully!', or the first problem found"),
    errors: z
      .record(z.string(), z.array(z.string()))
      .describe('Problems by field (email, password, firstName, lastName); empty on success'),
  })
  .describe('The specification’s register response')
export type RegisterResponse = z.infer<typeof RegisterResponseSchema>

/** The messages of sign-up and sign-in (specification sections 5 and 8). */
export const AUTH_MESSAGES = {
  registered: 'Account created successfully!',
  emailTaken: 'An account with this email already exists. Sign in or reset your password.',
  missingCredentials: 'Please enter both email and password',
  invalidCredentials: 'Invalid email or password',
  signedIn: 'Signed in successfully.',
  signedOut: 'Signed out.',
  signInRequired: 'Please sign in to continue.',
  forbidden: 'You do not have permission to do that.',
  crossSite: 'Cross-site request refused.',
  resetRequested: 'Check your email for reset instructions.',
  resetDone: 'Password changed successfully. Redirecting...',
  resetInvalid: 'This reset link is invalid or has expired. Please request a new one.',
  passwordChanged: 'Password changed successfully.',
  wrongCurrentPassword: 'Your current password is incorrect.',
  samePassword: 'Your new password must be different from your current password',
  noPasswordYet: 'Your account has no password yet. Use "Forgot password" to set one.',
  invalidRefreshToken: 'Your session has expired. Please sign in again.',
  googleUnavailable: 'Google sign-in is unavailable',
} as const

export const LoginBodySchema = z
  .object({
    email: z
      .string({ error: () => AUTH_MESSAGES.missingCredentials })
      .trim()
      .min(1, AUTH_MESSAGES.missingCredentials)
      .max(254, AUTH_MESSAGES.invalidCredentials),
    password: z
      .string({ error: () => AUTH_MESSAGES.missingCredentials })
      .min(1, AUTH_MESSAGES.missingCredentials)
      .max(4096, AUTH_MESSAGES.invalidCredentials),
  })
  .describe('Sign-in with email and password')
export type LoginBody = z.infer<typeof LoginBodySchema>

export const RoleSchema = z.enum(['customer', 'vendor', 'superuser']).describe('superuser: the admin area')
export type Role = z.infer<typeof RoleSchema>

/** The signed-in user as the app needs it (never a password hash or another user's data). */
export const SessionUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: RoleSchema,
  phone: z.string().nullable().describe('E.164, e.g. +254712345678'),
  emailVerified: z.boolean().describe('The owner proved they read this address (reset link or Google)'),
  hasPassword: z.boolean().describe('False for an account that signs in with Google only'),
})
export type SessionUser = z.infer<typeof SessionUserSchema>

const TokensSchema = z.object({
  access_token: z.string().describe('Bearer token for non-browser clients (browsers use the session cookie)'),
  refresh_token: z.string().describe('Single-use: exchange it at /api/auth/refresh/ for new tokens'),
  expires_in: z.number().int().describe('Seconds until the access token expires'),
})

export const LoginResponseSchema = TokensSchema.extend({
  success: z.literal(true),
  message: z.string(),
  role: RoleSchema,
  user: SessionUserSchema,
}).describe('Also sets the httpOnly session cookie')
export type LoginResponse = z.infer<typeof LoginResponseSchema>

export const LoginFailureSchema = z
  .object({ success: z.literal(false), message: z.string() })
  .describe("400 'Please enter both email and password'; 401 'Invalid email or password'")
export type LoginFailure = z.infer<typeof LoginFailureSchema>

export const RefreshBodySchema = z.object({ refresh_token: z.string().min(1).max(200) })
export const RefreshResponseSchema = TokensSchema.describe('New tokens; the refresh token sent is now spent')
export type RefreshResponse = z.infer<typeof RefreshResponseSchema>

export const SessionInfoSchema = z.object({
  id: z.number().int(),
  createdAt: z.string().describe('When this device signed in (ISO 8601)'),
  lastSeenAt: z.string().describe('Last request, to the minute'),
  expiresAt: z.string().describe('When the session ends at the latest (absolute timeout)'),
  userAgent: z.string(),
  ip: z.string(),
  current: z.boolean().describe('The session making this request'),
})
export const SessionListSchema = z.array(SessionInfoSchema).describe('Active sessions, most recently used first')
export type SessionInfo = z.infer<typeof SessionInfoSchema>

export const SessionIdParamsSchema = z.object({
  id: z.coerce
    .number({ error: () => 'must be a session id' })
    .int('must be a session id')
    .positive('must be a session id')
    .max(2 ** 31 - 1, 'must be a session id'),
})

export const RevokedSchema = z.object({ revoked: z.number().int().describe('Sessions ended') })

export const DetailSchema = z.object({ detail: z.string() })
export type Detail = z.infer<typeof DetailSchema>

export const RequestPasswordResetBodySchema = z.object({ email: EmailSchema })
export type RequestPasswordResetBody = z.infer<typeof RequestPasswordResetBodySchema>

export const ResetPasswordBodySchema = z.object({
  uid: z.string().min(1, AUTH_MESSAGES.resetInvalid).max(64, AUTH_MESSAGES.resetInvalid).describe('From the link'),
  token: z.string().min(1, AUTH_MESSAGES.resetInvalid).max(128, AUTH_MESSAGES.resetInvalid).describe('From the link'),
  password: NewPasswordSchema,
})
export type ResetPasswordBody = z.infer<typeof ResetPasswordBodySchema>

export const ChangePasswordBodySchema = z.strictObject({
  currentPassword: z
    .string({ error: () => 'Enter your current password' })
    .min(1, 'Enter your current password')
    .max(4096),
  newPassword: NewPasswordSchema,
})
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>

export const ProvidersSchema = z.object({
  google: z
    .boolean()
    .describe(
      'Whether Google sign-in works here (Google, or the built-in stand-in in demo mode); false: no Google button',
    ),
})
export type Providers = z.infer<typeof ProvidersSchema>

export const GoogleStartQuerySchema = z.object({
  next: z
    .string()
    .max(2000)
    .optional()
    .describe('Where to go after signing in: a path on this site (anything else is ignored)'),
})

export const GoogleCallbackQuerySchema = z.object({
  code: z.string().max(2000).optional(),
  state: z.string().max(200).optional(),
  error: z.string().max(200).optional(),
})

/**
 * Why a Google sign-in did not complete: the callback redirects to `/login?error=<code>`; the login screen shows
 * the message.
 */
export const GOOGLE_SIGN_IN_ERRORS = {
  google_cancelled: 'Google sign-in was cancelled.',
  google_failed: 'Google sign-in failed. Please try again.',
  google_expired: 'Google sign-in took too long or was opened in another browser. Please try again.',
  google_email_unverified: 'Your Google account’s email address is not verified, so it cannot be used here.',
  google_account_exists:
    'An account with this email already exists. Sign in with your email and password (or reset your password to confirm the address), then Google sign-in will work too.',
  account_disabled: 'This account has been disabled. Contact support.',
} as const
export type GoogleSignInError = keyof typeof GOOGLE_SIGN_IN_ERRORS

const tags = ['auth']

/** The 302 of a browser navigation (Google sign-in). */
const REDIRECT = { response: null, status: 302 } as const

const requestPasswordReset = {
  summary: 'Email a password-reset link (the answer is the same whether or not the account exists)',
  tags,
  body: RequestPasswordResetBodySchema,
  response: DetailSchema,
  errors: ['rate_limited'],
} as const

export const authEndpoints = endpoints({
  'POST /api/auth/register/': {
    summary: 'Sign up with email and password (a customer account; then sign in)',
    tags,
    body: RegisterBodySchema,
    response: RegisterResponseSchema,
    status: 201,
    errors: ['rate_limited'],
    errorBodies: { 400: RegisterResponseSchema },
  },
  'POST /api/auth/login/': {
    summary: 'Sign in: sets the session cookie, and answers tokens for non-browser clients',
    tags,
    body: LoginBodySchema,
    response: LoginResponseSchema,
    errors: ['unauthorized', 'forbidden', 'rate_limited'],
    errorBodies: { 400: LoginFailureSchema, 401: LoginFailureSchema, 403: LoginFailureSchema },
  },
  'POST /api/auth/logout/': {
    summary: 'Sign out: ends this session on the server and clears the cookie',
    tags,
    response: DetailSchema,
    errors: [],
  },
  'GET /api/auth/me/': {
    summary: 'The signed-in user (401 when signed out)',
    tags,
    response: SessionUserSchema,
    errors: ['unauthorized'],
  },
  'POST /api/auth/refresh/': {
    summary: 'New access and refresh tokens for a refresh token (which works once)',
    description: 'Presenting a refresh token a second time ends its session.',
    tags,
    body: RefreshBodySchema,
    response: RefreshResponseSchema,
    errors: ['unauthorized', 'rate_limited'],
  },
  'GET /api/auth/sessions/': {
    summary: "The signed-in user's active sessions (devices)",
    tags,
    response: SessionListSchema,
    errors: ['unauthorized'],
  },
  'DELETE /api/auth/sessions/:id/': {
    summary: 'End one of your sessions (sign a device out)',
    tags,
    params: SessionIdParamsSchema,
    response: null,
    status: 204,
    errors: ['unauthorized', 'not_found'],
  },
  'POST /api/auth/sessions/revoke-others/': {
    summary: 'Sign out of all other devices',
    tags,
    response: RevokedSchema,
    errors: ['unauthorized'],
  },
  'POST /api/auth/request-password-reset/': requestPasswordReset,
  /** The path the specification's forgot-password screen posts to: the same call. */
  'POST /auth/request-password-reset/': { ...requestPasswordReset, hidden: true },
  'POST /api/auth/reset-password/': {
    summary: 'Set a new password with the uid and token of an emailed link (ends every session)',
    tags,
    body: ResetPasswordBodySchema,
    response: DetailSchema,
    errors: ['rate_limited'],
  },
  'POST /api/auth/change-password/': {
    summary: 'Change your password (needs the current one; signs your other devices out)',
    tags,
    body: ChangePasswordBodySchema,
    response: DetailSchema,
    errors: ['unauthorized', 'conflict', 'rate_limited'],
  },
  'GET /api/auth/providers/': {
    summary: 'Which external sign-ins are available',
    tags,
    response: ProvidersSchema,
    errors: [],
  },
  'GET /api/auth/google': {
    summary: 'Start Google sign-in (a browser navigation: redirects to Google)',
    tags,
    query: GoogleStartQuerySchema,
    ...REDIRECT,
    errors: ['unavailable', 'rate_limited'],
  },
  'GET /api/auth/google/callback': {
    summary: 'Where Google sends the browser back: signs in and redirects to the page asked for',
    description: 'Failures redirect to /login?error=<code> (see GOOGLE_SIGN_IN_ERRORS in the contract).',
    tags,
    query: GoogleCallbackQuerySchema,
    ...REDIRECT,
    errors: ['rate_limited'],
  },
})
