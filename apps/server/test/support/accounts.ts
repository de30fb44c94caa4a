import { randomBytes } from 'node:crypto'
import type { TestServer } from './test-server.ts'

/** Limits high enough that a test file's sign-ups and sign-ins from 127.0.0.1 never meet them. */
export const RELAXED_LIMITS = {
  AUTH_LIMIT_PER_IP: '100000/1m',
  REGISTER_LIMIT_PER_IP: '100000/1h',
  RESET_LIMIT_PER_IP: '100000/1h',
  RESET_LIMIT_PER_ACCOUNT: '100000/1h',
  LOGIN_LIMIT_PER_ACCOUNT: '100000/15m',
  CHECKOUT_LIMIT_PER_IP: '100000/1m',
  MPESA_PUSH_LIMIT_PER_PHONE: '100000/1m',
  ORDER_LOOKUP_LIMIT_PER_IP: '100000/1m',
  ORDER_LOOKUP_LIMIT_PER_ORDER: '100000/1m',
}

/** A password the policy accepts. */
export const GOOD_PASSWORD = 'Mti-wa-mwembe-7'

export function uniqueEmail(prefix = 'shopper'): string {
  return `${prefix}.${randomBytes(4).toString('hex')}@example.co.ke`
}

export interface Answer<T = unknown> {
  status: number
  headers: Headers
  body: T
}

/**
 * A browser-like client of the test server: keeps the cookies it is given, and sends Origin on unsafe requests
 * as a browser on Soko's own pages would (override with `headers`).
 */
/** What a client needs of a server: where it answers (a test server, or a server process of its own). */
export type Reachable = Pick<TestServer, 'url'>

export class Client {
  readonly cookies = new Map<string, string>()

  constructor(readonly server: Reachable) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  }

  async request<T = unknown>(
    method: string,
    path: string,
    options: { body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<Answer<T>> {
    const headers: Record<string, string> = {}
    if (method !== 'GET' && method !== 'HEAD') headers.origin = this.server.url
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader
    if (options.body !== undefined) headers['content-type'] = 'application/json'
    Object.assign(headers, options.headers)
    for (const [name, value] of Object.entries(headers)) if (value === '') delete headers[name]
    const response = await fetch(`${this.server.url}${path}`, {
      method,
      headers,
      redirect: 'manual',
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    })
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';')
      const index = pair.indexOf('=')
      const name = pair.slice(0, index)
      const value = pair.slice(index + 1)
      if (/max-age=0/i.test(cookie) || value === '') this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
    const text = await response.text()
    let body: unknown = text
    if (response.headers.get('content-type')?.includes('json') && text !== '') body = JSON.parse(text)
    return { status: response.status, headers: response.headers, body: body as T }
  }

  get<T = unknown>(path: string, headers?: Record<string, string>) {
    return this.request<T>('GET', path, { ...(headers ? { headers } : {}) })
  }

  post<T = unknown>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', path, { body, ...(headers ? { headers } : {}) })
  }

  put<T = unknown>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('PUT', path, { body, ...(headers ? { headers } : {}) })
  }

  delete<T = unknown>(path: string, headers?: Record<string, string>) {
    return this.request<T>('DELETE', path, { ...(headers ? { headers } : {}) })
  }
}

export interface LoginAnswer {
  success: true
  message: string
  access_token: string
  refresh_token: string
  expires_in: number
  role: string
  user: { id: number; email: string; firstName: string; lastName: string; role: string }
}

/** Signs up a new customer (through the API) and returns their credentials. */
export async function registerUser(
  server: Reachable,
  extra: Record<string, unknown> = {},
): Promise<{ email: string; password: string }> {
  const credentials = { email: uniqueEmail(), password: GOOD_PASSWORD, ...extra } as { email: string; password: string }
  const answer = await new Client(server).post('/api/auth/register/', credentials)
  if (answer.status !== 201) throw new Error(`sign-up failed: ${answer.status} ${JSON.stringify(answer.body)}`)
  return credentials
}

/** Signs in (a new browser, with the session cookie) and returns it with the login answer. */
export async function signIn(
  server: Reachable,
  credentials: { email: string; password: string },
): Promise<{ client: Client; login: LoginAnswer }> {
  const client = new Client(server)
  const answer = await client.post<LoginAnswer>('/api/auth/login/', credentials)
  if (answer.status !== 200) throw new Error(`sign-in failed: ${answer.status} ${JSON.stringify(answer.body)}`)
  return { client, login: answer.body }
}

/** A new customer, signed in. */
export async function newCustomer(server: Reachable, extra: Record<string, unknown> = {}) {
  const credentials = await registerUser(server, extra)
  return { ...credentials, ...(await signIn(server, credentials)) }
}

export interface OutboxMessage {
  id: number
  to: string
  subject: string
  text: string
  created: string
  sentAt: string | null
  error: string | null
}

export async function outbox(server: TestServer, to: string): Promise<OutboxMessage[]> {
  const response = await fetch(`${server.url}/api/dev/outbox/?to=${encodeURIComponent(to)}`)
  return (await response.json()) as OutboxMessage[]
}

/** The uid and token of the newest reset link mailed to `to`. */
export async function resetLink(server: TestServer, to: string): Promise<{ uid: string; token: string; url: string }> {
  const message = (await outbox(server, to)).find((m) => m.subject === 'Reset your Soko password')
  const match = message?.text.match(/(https?:\/\/\S+)\/reset-password\/([^/\s]+)\/([^/\s]+)/)
  if (!match?.[2] || !match[3]) throw new Error(`no reset link mailed to ${to}`)
  return { url: match[0], uid: match[2], token: match[3] }
}
