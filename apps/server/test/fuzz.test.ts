import { categories as categoryTable } from '@soko/db/schema/catalog'
import { businesses } from '@soko/db/schema/vendors'
import { typedRows } from '@soko/db/typed-sql'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client, newCustomer, RELAXED_LIMITS, registerUser, signIn } from './support/accounts.ts'
import { callbackSecret, orderBody, payoutCallbackSecret, placeOrder, sellableProducts } from './support/checkout.ts'
import {
  casesFor,
  type FuzzCase,
  type JsonSchema,
  type OpenApiDocument,
  type Operation,
  operationsOf,
  type Plausible,
} from './support/fuzz-cases.ts'
import { type Engine, engines, startTestServer, type TestServer } from './support/test-server.ts'
import { categories, newVendor, productBody } from './support/vendor.ts'

// Every route of the OpenAPI document (generated from the routes' own Zod schemas), and the few it hides, is sent
// hostile requests, one hostile part at a time in an otherwise plausible request (see support/fuzz-cases.ts): NUL
// characters, 100 KB strings, wrong types, numbers past the database's integers, malformed and nested JSON, other
// content types, broken percent-encoding, garbled headers. Nothing may answer 5xx, and every 4xx JSON body must say
// why. Rate limits are raised so that the cases reach the handlers (a 429 would pass anyway). No route is skipped;
// two stop every case at their door by design and are fuzzed for that answer: the card webhook (unsigned, so 401:
// checkout.test.ts pays through a signed one) and Google's callback (no sign-in started, so a redirect to /login).
// The M-Pesa callbacks (STK, and payouts' B2C results) are given their real secret paths, so their cases reach the
// parsing behind them.

type Identity = 'anonymous' | 'customer' | 'vendor' | 'admin'

/** The largest id the database's integer columns hold: every id a request may carry must be bounded by it. */
const INT4_MAX = 2 ** 31 - 1

/** Requests in flight at once: enough to keep PostgreSQL busy, few enough not to starve the server's own loop. */
const CONCURRENCY = 8

/**
 * How a caller's requests travel. Over real HTTP every byte goes through Node's parser (percent-escapes, raw bytes,
 * oversized request lines and headers); in-process (`inject`) the same Fastify pipeline runs (hooks, body parsers,
 * validation, handlers, serialisers) at a quarter of the cost, which keeps four identities on two engines quick.
 * What a request does on the wire does not depend on who is signed in, so the anonymous caller takes HTTP.
 */
type Transport = 'http' | 'inject'

interface Answer {
  status: number
  type: string
  text: string
}

/**
 * Signed-in requests carry the session cookie and the server's own Origin, as a browser on Soko's pages would, so
 * that the cross-site check lets them through to the handlers.
 */
class Caller {
  private cookie = ''

  constructor(
    readonly identity: Identity,
    private readonly server: TestServer,
    private readonly transport: Transport,
    private readonly credentials?: { email: string; password: string },
  ) {}

  /** Signs in again when a case ended the session (sign-out, password change ...); anonymous stays anonymous. */
  async ensureSignedIn(): Promise<void> {
    if (!this.credentials) return
    if (this.cookie) {
      const me = await this.server.app.inject({ url: '/api/auth/me/', headers: { cookie: this.cookie } })
      if (me.statusCode === 200) return
    }
    const { email, password } = this.credentials
    this.cookie = (await signIn(this.server, { email, password })).client.cookieHeader
  }

  async send(method: string, fuzzCase: FuzzCase): Promise<Answer> {
    const { url, body } = fuzzCase
    // The Host the server is reached at, so that the Origin below is its own.
    const headers: Record<string, string> = { host: new URL(this.server.url).host, origin: this.server.url }
    if (this.cookie) headers.cookie = this.cookie
    if (body?.contentType) headers['content-type'] = body.contentType
    Object.assign(headers, fuzzCase.headers)
    if (this.transport === 'inject') {
      const payload =
        body === undefined ? undefined : typeof body.data === 'string' ? body.data : Buffer.from(body.data)
      const response = await this.server.app.inject({
        method: method as 'GET',
        url,
        headers,
        ...(payload === undefined ? {} : { payload }),
      })
      return { status: response.statusCode, type: String(response.headers['content-type'] ?? ''), text: response.body }
    }
    const response = await fetch(`${this.server.url}${url}`, {
      method,
      headers,
      redirect: 'manual',
      ...(body ? { body: body.data } : {}),
    })
    return { status: response.status, type: response.headers.get('content-type') ?? '', text: await response.text() }
  }
}

/**
 * What a 4xx JSON body must say: `detail`, except where the specification or a provider's protocol fixes another
 * shape: sign-in and sign-up answer `{ success: false, message }`, Daraja's callback `{ ResultCode, ResultDesc }`
 * (a number, or a C2B code such as "C2B00016" for the C2B validation, whose ResultCode is a string).
 */
function saysWhy(text: string): boolean {
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return false
  }
  if (!body || typeof body !== 'object') return false
  const fields = body as Record<string, unknown>
  if (typeof fields.detail === 'string' && fields.detail.length > 0) return true
  if (fields.success === false && typeof fields.message === 'string' && fields.message.length > 0) return true
  const code = fields.ResultCode
  return (
    (typeof code === 'number' || (typeof code === 'string' && code !== '0')) && typeof fields.ResultDesc === 'string'
  )
}

/** Routes the document hides from the API reference, fuzzed all the same. */
function hiddenOperations(documented: Operation[]): Operation[] {
  const get = (template: string, pathParams: Operation['pathParams'] = []): Operation => ({
    method: 'GET',
    template,
    pathParams,
    queryParams: [],
    headerParams: [],
    body: null,
  })
  const reset = documented.find((o) => o.template === '/api/auth/request-password-reset/')
  if (!reset) throw new Error('the document lost the password-reset request')
  return [
    // The path the specification's forgot-password screen posts to: the same handler and schema.
    { ...reset, template: '/auth/request-password-reset/' },
    get('/api/openapi.json'),
    get('/api/docs/'),
    get('/metrics'),
    get('/robots.txt'),
    get('/sitemap.xml'),
    get('/sitemaps/{file}', [{ in: 'path', name: 'file', required: true, schema: { type: 'string' } }]),
  ]
}

/** Integers a request may carry without an upper bound within the database's integer columns. */
function unboundedIntegers(document: OpenApiDocument): string[] {
  const found: string[] = []
  const walk = (schema: JsonSchema | undefined, where: string) => {
    if (!schema) return
    for (const variant of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) {
      walk(variant, where)
    }
    if (schema.type === 'integer' && !(typeof schema.maximum === 'number' && schema.maximum <= INT4_MAX)) {
      found.push(`${where} (maximum ${schema.maximum ?? 'none'})`)
    }
    for (const [key, property] of Object.entries(schema.properties ?? {})) walk(property, `${where}.${key}`)
    walk(schema.items, `${where}[]`)
  }
  for (const operation of operationsOf(document)) {
    const route = `${operation.method} ${operation.template}`
    for (const param of [...operation.pathParams, ...operation.queryParams, ...operation.headerParams]) {
      walk(param.schema, `${route} ${param.in} ${param.name}`)
    }
    walk(operation.body ?? undefined, `${route} body`)
  }
  return found
}

async function inParallel<T>(items: T[], size: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0
  const worker = async () => {
    while (next < items.length) await work(items[next++] as T)
  }
  await Promise.all(Array.from({ length: size }, worker))
}

describe.each(engines)('every API route refuses hostile input with a 4xx that says why (%s)', (engine: Engine) => {
  let server: TestServer
  let callers: Caller[]
  let plausible: (identity: Identity) => Plausible
  let document: OpenApiDocument

  beforeAll(async () => {
    // A demo (as every test server is) signs in with Google through its built-in stand-in, so that route runs too.
    server = await startTestServer(engine, {
      env: {
        ...RELAXED_LIMITS,
        CONTACT_RATE_LIMIT: '10000',
      },
    })
    document = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as OpenApiDocument

    // Real records each identity owns, so that path parameters reach the handlers' deeper code, not just a 404.
    const [product] = await sellableProducts(server, 1)
    const [names] = await typedRows(
      server.database.db,
      { category: categoryTable.slug, vendor: businesses.slug },
      sql`select (select slug from categories where is_active order by id limit 1) as category,
                 (select slug from businesses where is_active order by id limit 1) as vendor`,
    )
    if (!product || !names) throw new Error('fixture: the demo catalogue is missing')
    const { leaf } = await categories(server)
    const customer = await newCustomer(server)
    const address = await customer.client.post<{ id: number }>('/api/user/addresses', {
      line1: 'Moi Avenue 12',
      city: 'Nairobi',
      county: 'Nairobi',
      phone: '0712345678',
    })
    const order = await placeOrder(customer.client, orderBody([{ productId: product.id, quantity: 1 }]))
    const vendor = await newVendor(server)
    const own = await vendor.client.post<{ id: number }>('/api/vendor/products/', productBody(leaf))
    if (address.status !== 201 || order.status !== 201 || own.status !== 201) {
      throw new Error(`fixture: address ${address.status}, order ${order.status}, product ${own.status}`)
    }
    const admin = await registerUser(server)
    await server.database.db.execute(sql`update users set role = 'superuser' where lower(email) = ${admin.email}`)
    await new Client(server).post('/api/contact/', {
      name: 'Achieng',
      email: 'achieng@example.co.ke',
      subject: 'Delivery',
      message: 'Do you deliver to Kisumu?',
    })
    const secret = await callbackSecret(server)
    const payoutSecret = await payoutCallbackSecret(server)

    callers = [
      new Caller('anonymous', server, 'http'),
      new Caller('customer', server, 'inject', customer),
      new Caller('vendor', server, 'inject', vendor),
      new Caller('admin', server, 'inject', admin),
    ]
    const owned: Record<Identity, { address?: number; order?: number; product?: number }> = {
      anonymous: {},
      customer: { address: address.body.id, product: product.id },
      vendor: { product: own.body.id },
      admin: { order: order.body.order.id, product: product.id },
    }
    plausible = (identity) => ({
      pathValue({ template }, name) {
        if (name === 'slug') {
          if (template.includes('/categories/')) return names.category
          if (template.includes('/vendors/')) return names.vendor
          return product.slug
        }
        if (name === 'orderNumber') return order.body.order.orderNumber
        if (name === 'secret') return template.startsWith('/api/payouts/') ? payoutSecret : secret
        if (name === 'kind') return 'product-images'
        if (name === 'file') return template.startsWith('/sitemaps/') ? 'static.xml' : 'thumbnail.webp'
        if (name === '*') return `product-images/${product.id}/thumbnail.webp`
        const mine = owned[identity]
        if (template.includes('/addresses/')) return String(mine.address ?? 1)
        if (template.includes('/orders/')) return String(mine.order ?? 1)
        if (template.includes('/products/') || name === 'productId') return String(mine.product ?? 1)
        return '1'
      },
      headerValue(_operation, name) {
        // One key per identity: its first valid order is placed, and later ones replay it or are refused.
        if (name === 'idempotency-key') return `fuzz-order-key-${identity}`
        if (name === 'x-order-token') return order.body.orderToken
        return 'a'
      },
      fieldValue: (field) => (field === 'categoryId' ? leaf : undefined),
    })
  })
  afterAll(async () => {
    await server?.close()
  })

  it('bounds every integer a request carries by the database integer columns', () => {
    expect(unboundedIntegers(document)).toEqual([])
  })

  // Some 35,000 requests: a minute or two on an idle machine, several on a busy one. The limit is only there to end
  // a hung run; it grows with the routes.
  it('answers no 5xx, and every 4xx says why', { timeout: 600_000 }, async () => {
    const documented = operationsOf(document)
    const operations = [...documented, ...hiddenOperations(documented)]
    // Sessions end last: a sign-out or a password change in the middle would sign the later cases out.
    const endsSessions = (operation: Operation) => /\/auth\/(logout|sessions|change-password)/.test(operation.template)
    operations.sort((a, b) => Number(endsSessions(a)) - Number(endsSessions(b)))

    const failures: string[] = []
    let sent = 0
    let caseCount = 0
    const statuses = new Map<number, number>()
    const started = Date.now()
    for (const operation of operations) {
      caseCount += casesFor(operation, plausible('anonymous')).length
      for (const caller of callers) {
        await caller.ensureSignedIn()
        await inParallel(casesFor(operation, plausible(caller.identity)), CONCURRENCY, async (fuzzCase) => {
          const answer = await caller.send(operation.method, fuzzCase)
          sent++
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1)
          const isMute = answer.status >= 400 && answer.type.includes('json') && !saysWhy(answer.text)
          if (answer.status < 500 && !isMute) return
          const url = fuzzCase.url.length > 120 ? `${fuzzCase.url.slice(0, 120)}…` : fuzzCase.url
          failures.push(
            `${answer.status} ${caller.identity} ${operation.method} ${url} [${fuzzCase.name}] ${answer.text.slice(0, 200)}`,
          )
        })
      }
    }
    const seconds = Math.round((Date.now() - started) / 1000)
    const summary = `${operations.length} routes (${documented.length} documented), ${caseCount} cases, ${sent} requests (every case as each of ${callers.length} identities), in ${seconds} s`
    const byStatus = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`)
    console.info(`fuzz (${engine}): ${summary}; answers ${byStatus.join(' ')}`)
    expect(failures, `${summary}; ${failures.length} failed:\n${failures.join('\n')}`).toEqual([])
  })
})
