import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { type DatabaseHandle, openDatabase } from '@soko/db/client'
import { products } from '@soko/db/schema/catalog'
import { orders as orderTable } from '@soko/db/schema/orders'
import { typedRows, value } from '@soko/db/typed-sql'
import { type DarajaSimulator, startDarajaSimulator } from '@soko/payment-simulators'
import { asc, eq, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest'
import { webBuildDir } from '../src/plugins/web.ts'
import { Client, type LoginAnswer, RELAXED_LIMITS } from './support/accounts.ts'
import { newKey, orderBody, waitFor } from './support/checkout.ts'
import { createSharedDatabase, type ServerProcess, type SharedDatabase, startServerProcess } from './support/cluster.ts'
import { type LoadBalancer, startLoadBalancer } from './support/load-balancer.ts'
import type { TestServer } from './support/test-server.ts'

const adminUrl = inject('postgresAdminUrl')
// The processes run the real entry point (src/main.ts), which serves the web build: `npm run build` makes it.
const hasWebBuild = existsSync(join(webBuildDir(), 'server', 'index.js'))
if (adminUrl && !hasWebBuild) console.warn('scale-out tests skipped: the web app is not built (npm run build)')

/** A client of one address (a process, or the balancer in front of them). */
const clientOf = (url: string) => new Client({ url } as TestServer)

interface LoadResult {
  requests: number
  orders: string[]
  /** Requests the client saw fail: a network error or a 5xx. */
  failures: string[]
}

/** What `mixedLoad` buys (a product on sale with stock to spare) and the 20 product pages it views. */
async function loadTargets(database: DatabaseHandle): Promise<{ productId: number; slugs: string[] }> {
  const [product] = await typedRows(
    database.db,
    { id: products.id },
    sql`select p.id from products p join businesses b on b.id = p.business_id
        where p.is_active and b.is_active and p.stock_qty >= 20 order by p.id limit 1`,
  )
  const slugs = (
    await database.db.select({ slug: products.slug }).from(products).where(eq(products.isActive, true)).limit(20)
  ).map((row) => row.slug)
  if (!product) throw new Error('fixture')
  return { productId: product.id, slugs }
}

/**
 * A shopper-like mix through `url` for `ms`: home, categories, product pages and search, and now and then an
 * order (retried with its Idempotency-Key after a network failure, as the web app does).
 */
async function mixedLoad(url: string, ms: number, options: { productId: number; slugs: string[]; workers: number }) {
  const result: LoadResult = { requests: 0, orders: [], failures: [] }
  const until = Date.now() + ms
  const worker = async (index: number) => {
    const client = clientOf(url)
    for (let turn = 0; Date.now() < until; turn++) {
      const pick = (turn + index) % 6
      try {
        if (pick === 5) {
          const key = newKey()
          const body = orderBody([{ productId: options.productId, quantity: 1 }], {
            mpesaNumber: `07${String(index).padStart(2, '0')}${String(turn % 100).padStart(2, '0')}5678`,
          })
          for (let attempt = 0; ; attempt++) {
            try {
              const answer = await client.post<{ order: { orderNumber: string } }>('/api/checkout/orders/', body, {
                'idempotency-key': key,
              })
              result.requests += 1
              // 200: the same key answered again (its first try reached a process that died before answering).
              if (answer.status === 201 || answer.status === 200) result.orders.push(answer.body.order.orderNumber)
              else result.failures.push(`order ${answer.status}`)
              break
            } catch (error) {
              if (attempt >= 3) throw error
            }
          }
        } else {
          const slug = options.slugs[turn % options.slugs.length] ?? ''
          const path = [
            '/api/marketplace/home/',
            '/api/marketplace/categories/',
            `/api/marketplace/api/products/${slug}/`,
            `/api/marketplace/search/?q=${['kikoi', 'chai', 'sufuria', 'kanga'][turn % 4]}`,
            `/api/marketplace/api/products/${slug}/reviews/`,
          ][pick] as string
          const answer = await client.get(path)
          result.requests += 1
          if (answer.status >= 500) result.failures.push(`${path} ${answer.status}`)
        }
      } catch (error) {
        result.failures.push(`network: ${(error as Error).message}`)
      }
    }
  }
  await Promise.all(Array.from({ length: options.workers }, (_, index) => worker(index)))
  return result
}

describe.skipIf(!adminUrl || !hasWebBuild)('two processes on one PostgreSQL behind a load balancer', () => {
  let shared: SharedDatabase
  let database: DatabaseHandle
  let simulator: DarajaSimulator
  let balancer: LoadBalancer
  const backends: string[] = []
  const processes: ServerProcess[] = []
  let env: Record<string, string> = {}

  /** The process behind each of the balancer's backends (processes lists every one started, dead ones too). */
  const slots: ServerProcess[] = []
  const startProcess = async (slot: number) => {
    const started = await startServerProcess('main', env)
    processes.push(started)
    slots[slot] = started
    backends[slot] = started.url
    return started
  }

  beforeAll(async () => {
    shared = await createSharedDatabase()
    database = await openDatabase({ databaseUrl: shared.url, poolSize: 2 })
    // One Daraja for every process, as in production: it calls back to PUBLIC_URL, the balancer.
    simulator = await startDarajaSimulator({
      consumerKey: 'soko-simulator-key',
      consumerSecret: 'soko-simulator-secret',
      shortCode: '174379',
      passkey: 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919',
      resolveDelayMs: 300,
      callbackRetryDelayMs: 300,
    })
    balancer = await startLoadBalancer(backends)
    env = {
      NODE_ENV: 'production',
      DATABASE_URL: shared.url,
      PUBLIC_URL: balancer.url,
      TRUST_PROXY: '1',
      MPESA_BASE_URL: simulator.url,
      MPESA_QUERY_AFTER: '1s',
      MPESA_QUERY_ATTEMPTS: '5',
      DB_POOL_SIZE: '8',
      ...RELAXED_LIMITS,
    }
    await Promise.all([startProcess(0), startProcess(1)])
  }, 120_000)

  // A process that dies without being told to is a failure of the test it died in (its output says why).
  const killed = new Set<ServerProcess>()
  afterEach(() => {
    for (const process of processes) {
      if (!killed.has(process) && (process.child.exitCode !== null || process.child.signalCode !== null)) {
        killed.add(process)
        throw new Error(`a server process died: ${process.output()}`)
      }
    }
  })

  afterAll(async () => {
    await Promise.all(processes.map((process) => process.stop('SIGKILL')))
    await balancer?.close()
    await simulator?.close()
    await database?.close()
    await shared?.drop()
  })

  it('a session made through one process is valid on the other, and a sign-out through it ends it on both', async () => {
    const [first, second] = slots as [ServerProcess, ServerProcess]
    const onFirst = clientOf(first.url)
    const login = await onFirst.post<LoginAnswer>('/api/auth/login/', {
      email: 'wanjiku@demo.soko.co.ke',
      password: 'Wanjiku-demo-2026',
    })
    expect(login.status).toBe(200)
    expect([...onFirst.cookies.keys()]).toEqual(['__Host-soko_session'])

    const onSecond = clientOf(second.url)
    for (const [name, value] of onFirst.cookies) onSecond.cookies.set(name, value)
    expect((await onSecond.get('/api/user/profile')).status).toBe(200)
    const bearer = { authorization: `Bearer ${login.body.access_token}` }
    expect((await clientOf(second.url).get('/api/user/profile', bearer)).status).toBe(200)

    expect((await onSecond.post('/api/auth/logout/')).status).toBeLessThan(300)
    expect((await clientOf(first.url).get('/api/user/profile', bearer)).status).toBe(401)
    const replay = clientOf(first.url)
    replay.cookies.set('__Host-soko_session', onFirst.cookies.get('__Host-soko_session') ?? '')
    expect((await replay.get('/api/user/profile')).status).toBe(401)
  })

  it("a product edited through the database shows on every process's cached product page within a second", async () => {
    const [product] = await database.db
      .select({ id: products.id, slug: products.slug, name: products.name })
      .from(products)
      .where(eq(products.isActive, true))
      .orderBy(asc(products.id))
      .limit(1)
    if (!product) throw new Error('fixture')
    const path = `/api/marketplace/api/products/${product.slug}/`
    // Both processes have the page cached ...
    for (const process of processes) {
      const answer = await clientOf(process.url).get<{ name: string }>(path)
      expect(answer.body.name).toBe(product.name)
    }
    const renamed = `${product.name} (toleo jipya)`
    await database.db.execute(sql`update products set name = ${renamed} where id = ${product.id}`)
    const edited = Date.now()
    // ... and both drop it when the database announces the change.
    const seenAfter = await Promise.all(
      processes.map((process) =>
        waitFor(async () => {
          const answer = await clientOf(process.url).get<{ name: string }>(path)
          return answer.body.name === renamed ? Date.now() - edited : null
        }, 1000),
      ),
    )
    console.info(`product edit seen by both processes after ${seenAfter.join(' and ')} ms`)
    for (const ms of seenAfter) expect(ms).toBeLessThan(1000)
  })

  it('200 buyers for the last 10 units across both processes make exactly 10 orders, all paid', async () => {
    const [product] = await typedRows(
      database.db,
      { id: products.id },
      sql`select p.id from products p join businesses b on b.id = p.business_id
          where p.is_active and b.is_active and p.stock_qty >= 20 order by p.id desc limit 1`,
    )
    if (!product) throw new Error('fixture')
    await database.db.execute(sql`update products set stock_qty = 10 where id = ${product.id}`)
    const before = { ...balancer.stats.byBackend }
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, buyer) =>
        clientOf(balancer.url).post<{ order: { orderNumber: string } }>(
          '/api/checkout/orders/',
          orderBody([{ productId: product.id, quantity: 1 }], {
            mpesaNumber: `07${String(buyer).padStart(4, '0')}5678`,
          }),
          { 'idempotency-key': newKey() },
        ),
      ),
    )
    const statuses = answers.map((answer) => answer.status)
    expect(statuses.filter((status) => status === 201)).toHaveLength(10)
    expect(statuses.filter((status) => status === 409)).toHaveLength(190)
    // Both processes took a share of the buyers.
    for (const url of backends) expect((balancer.stats.byBackend[url] ?? 0) - (before[url] ?? 0)).toBeGreaterThan(50)
    const paid = await waitFor(async () => {
      const [row] = await typedRows(
        database.db,
        { paid: value.int, pending: value.int },
        sql`select count(*) filter (where o.status = 'paid')::int as paid,
              count(*) filter (where o.status = 'pending_payment')::int as pending
            from orders o join order_items i on i.order_id = o.id where i.product_id = ${product.id}`,
      )
      return row && row.pending === 0 ? row.paid : null
    }, 30_000)
    expect(paid).toBe(10)
    const [stock] = await database.db
      .select({ stock_qty: products.stockQty })
      .from(products)
      .where(eq(products.id, product.id))
    expect(stock?.stock_qty).toBe(0)
  }, 60_000)

  it('a process killed (SIGKILL) during a mixed load loses no paid order and leaves no job stuck', async () => {
    const { productId, slugs } = await loadTargets(database)
    await database.db.execute(sql`update products set stock_qty = 100000 where id = ${productId}`)
    const victim = slots[0] as ServerProcess
    const load = mixedLoad(balancer.url, 5000, { productId, slugs, workers: 12 })
    await sleep(2000)
    killed.add(victim)
    victim.child.kill('SIGKILL')
    const killedAt = Date.now()
    const result = await load
    console.info(
      `SIGKILL under load: ${result.requests} requests, ${result.orders.length} orders, ${balancer.stats.retries} retried on the other process, client failures: ${result.failures.length}`,
      balancer.stats.errors,
      result.failures.slice(0, 5),
    )
    expect(result.orders.length).toBeGreaterThan(10)

    // Leases held by the killed process at its death run out, then the survivor takes those jobs.
    const [held] = await typedRows(
      database.db,
      { n: value.int, until: value.nullable(value.text) },
      sql`select count(*)::int as n, max(locked_until)::text as until from jobs
          where done_at is null and locked_until > now()`,
    )
    console.info(`jobs leased when the process died: ${held?.n ?? 0}`)
    const stuck = () =>
      typedRows(
        database.db,
        { n: value.int },
        sql`select count(*)::int as n from jobs
            where done_at is null and run_at < now() - interval '5 seconds'
              and (locked_until is null or locked_until < now() - interval '5 seconds')`,
      ).then((rows) => rows[0]?.n ?? 0)
    await waitFor(async () => ((await stuck()) === 0 ? true : null), 90_000)

    // Every order the simulated customers paid is paid; the rest are pending with a job that will settle them.
    // Known gap (ADR 0005): a push Daraja accepted just before the kill, whose answer (the CheckoutRequestID) the
    // dead process never recorded, cannot be matched by its callback or a status query. It is counted apart.
    const orders = new Set(result.orders)
    const paidBySimulator = new Set(
      simulator
        .sessions()
        .filter((session) => orders.has(session.accountReference) && session.state === 'paid')
        .map((session) => session.accountReference),
    )
    const settled = await waitFor(async () => {
      const rows = await typedRows(
        database.db,
        {
          order_number: orderTable.orderNumber,
          status: orderTable.status,
          has_job: value.bool,
          push_recorded: value.bool,
        },
        sql`select o.order_number, o.status,
              exists (select 1 from jobs j where j.done_at is null
                and (j.payload->>'orderId')::int = o.id) as has_job,
              exists (select 1 from payments p where p.order_id = o.id
                and p.checkout_request_id is not null) as push_recorded
            from orders o where o.order_number in (${sql.join(
              [...orders].map((number) => sql`${number}`),
              sql`, `,
            )})`,
      )
      // Every order paid at M-Pesa ends paid: by its callback, by a status query, or (a push whose answer died with
      // its process) by the callback matched on phone and amount.
      const waiting = rows.filter((row) => paidBySimulator.has(row.order_number) && row.status !== 'paid')
      return waiting.length === 0 && rows.length === orders.size ? rows : null
    }, 30_000)
    const paid = settled.filter((row) => row.status === 'paid').length
    const stranded = settled.filter((row) => paidBySimulator.has(row.order_number) && row.status !== 'paid')
    const others = settled.filter((row) => row.status !== 'paid')
    console.info(
      `after the kill: ${paid} of ${settled.length} orders paid; ${stranded.length} paid at M-Pesa but not here; others: ${JSON.stringify(others.map((row) => row.status))}`,
    )
    for (const row of others) {
      expect(row.status === 'cancelled' || (row.status === 'pending_payment' && row.has_job)).toBe(true)
    }
    expect(stranded).toEqual([])
    expect(Date.now() - killedAt).toBeGreaterThan(0)
  }, 150_000)

  it('a process stopped (SIGTERM) during load fails no request and exits 0', async () => {
    // In place of the one killed above (when that test ran), so that the other process is there to take over.
    if (slots[0]?.child.exitCode !== null || slots[0]?.child.signalCode !== null) await startProcess(0)
    const { productId, slugs } = await loadTargets(database)
    const stopping = slots[0] as ServerProcess
    killed.add(stopping)
    const statusesBefore = { ...balancer.stats.statuses }
    const resetsBefore = balancer.stats.resetsAfterStart
    const load = mixedLoad(balancer.url, 5000, { productId, slugs, workers: 12 })
    await sleep(2000)
    const signalled = Date.now()
    let exitedAfter = 0
    const exit = stopping.stop('SIGTERM').then((exited) => {
      exitedAfter = Date.now() - signalled
      return exited
    })
    const [result, exited] = await Promise.all([load, exit])
    console.info(
      `SIGTERM under load: ${result.requests} requests, ${result.orders.length} orders, exit ${exited.code} after ${exitedAfter} ms, client failures: ${result.failures.length}`,
      balancer.stats.errors,
      result.failures.slice(0, 5),
    )
    const serverErrors = Object.entries(balancer.stats.statuses).filter(
      ([status, count]) => Number(status) >= 500 && count > (statusesBefore[Number(status)] ?? 0),
    )
    expect(serverErrors).toEqual([])
    expect(balancer.stats.resetsAfterStart - resetsBefore).toBe(0)
    expect(result.failures).toEqual([])
    expect(exited).toEqual({ code: 0, signal: null })
    expect(exitedAfter).toBeLessThan(5000)
  }, 90_000)
})
