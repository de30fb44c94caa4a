// Payouts under the conditions M-Pesa really delivers (issue "money that moves by itself", decision 0018): fifty
// shops paid in one run while Daraja's Results come late, twice and out of order, and a run whose process is killed
// half-way. Both go through real HTTP: the server pays through its Daraja adapter, a Daraja simulator of its own
// pays, and every Result reaches the server through a relay that plays the network (holding, shuffling, repeating).
// What must hold: each shop is paid exactly once, only its available money (never what is still pending), and the
// ledger stays whole.

import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { openDatabase } from '@soko/db/client'
import { typedRows, value } from '@soko/db/typed-sql'
import type { DarajaSimulator } from '@soko/payment-simulators'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { Ledger } from '../src/modules/ledger/service.ts'
import { Client, RELAXED_LIMITS, type Reachable, registerUser, signIn } from './support/accounts.ts'
import { FAST_PAYMENTS, orderBody, placeOrder, settledPayment, waitFor } from './support/checkout.ts'
import { createSharedDatabase, type ServerProcess, type SharedDatabase, startServerProcess } from './support/cluster.ts'
import { startB2cDaraja } from './support/daraja.ts'
import { engines, startTestServer, type TestServer } from './support/test-server.ts'
import { categories, newVendor, productBody, type VendorProduct } from './support/vendor.ts'

const PAYOUT_PATH = '/api/payouts/b2c/'

/** A Daraja simulator of its own that answers quickly, and the settings that make a server pay through it. */
const startDaraja = () => startB2cDaraja({ resolveDelayMs: 100, b2cResultDelayMs: 50, callbackRetryDelayMs: 100 })

/** Credits a shop's available balance by an admin's adjustment (how money carried over from elsewhere enters). */
async function carryOver(admin: Client, shopId: number, amountKes: number) {
  const answer = await admin.request('POST', '/api/admin/ledger/adjustments/', {
    body: {
      debit: { account: 'adjustments', vendor_id: null },
      credit: { account: 'vendor_available', vendor_id: shopId },
      amount: amountKes,
      reason: 'Balance carried over from the old marketplace',
    },
    headers: { 'idempotency-key': `carried-over-balance-${shopId}` },
  })
  expect(answer.status).toBe(201)
}

/** A verified shop paid to `payoutPhone`, with `availableKes` to be paid. */
async function payableShop(server: Reachable, admin: Client, name: string, payoutPhone: string, availableKes: number) {
  const vendor = await newVendor(server, { name, payoutPhone })
  expect((await admin.post(`/api/admin/vendors/${vendor.shop.id}/verify/`)).status).toBe(200)
  await carryOver(admin, vendor.shop.id, availableKes)
  return vendor
}

const inList = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )

interface Held {
  path: string
  body: string
}

/**
 * The network between Daraja and Soko: every callback Daraja posts to PUBLIC_URL is answered at once (as a load
 * balancer would) and passed on to the server, except payout Results and status answers while `holding`: those
 * wait until `release()` sends them on, shuffled, each twice, with delays.
 */
async function startRelay(): Promise<{
  url: string
  target: { url: string }
  held: Held[]
  holding: { on: boolean }
  release(): Promise<void>
  close(): Promise<void>
}> {
  const target = { url: '' }
  const held: Held[] = []
  const holding = { on: true }
  const forward = (message: Held) =>
    fetch(`${target.url}${message.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: message.body,
    }).then((response) => response.text())
  // Passed on without waiting (as the network does): one that finds the server gone is lost, as on a network.
  const pass = (message: Held) => void forward(message).catch(() => undefined)
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const message = { path: request.url ?? '/', body: Buffer.concat(chunks).toString() }
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end('{"ResultCode":0,"ResultDesc":"Accepted"}')
      if (holding.on && message.path.startsWith(PAYOUT_PATH)) held.push(message)
      else if (message.path.startsWith(PAYOUT_PATH)) {
        // Late and repeated even once released.
        setTimeout(() => {
          pass(message)
          pass(message)
        }, Math.random() * 300)
      } else pass(message)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    target,
    held,
    holding,
    async release() {
      holding.on = false
      const batch = held.splice(0).flatMap((message) => [message, message])
      // Fisher-Yates: the copies of one Result arrive apart, and Results overtake one another.
      for (let i = batch.length - 1; i > 0; i--) {
        const j = Math.floor(Math.random() * (i + 1))
        ;[batch[i], batch[j]] = [batch[j] as Held, batch[i] as Held]
      }
      await Promise.all(
        batch.map(
          (message, index) =>
            new Promise<void>((resolve, reject) => {
              setTimeout(() => forward(message).then(() => resolve(), reject), (index % 10) * 20)
            }),
        ),
      )
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

const payoutShape = {
  id: value.int,
  business_id: value.int,
  amount_cents: value.int,
  state: value.text,
  originator_id: value.nullable(value.text),
}

describe.each(engines)('fifty shops paid in one run while Results come late, twice and out of order (%s)', (engine) => {
  let simulator: DarajaSimulator
  let relay: Awaited<ReturnType<typeof startRelay>>
  let server: TestServer
  let admin: Client
  let leaf: number

  beforeAll(async () => {
    const world = await startDaraja()
    simulator = world.simulator
    relay = await startRelay()
    server = await startTestServer(engine, {
      env: {
        ...RELAXED_LIMITS,
        ...FAST_PAYMENTS,
        ...world.env,
        PUBLIC_URL: relay.url,
        PAYOUT_SCHEDULE: 'off',
        PAYOUT_QUERY_AFTER: '1s',
        PAYOUT_QUERY_ATTEMPTS: '6',
        // The pending order is placed with one phone for fifty shops: its texts are not what is counted here.
        SMS_LIMIT_PER_PHONE: '100000/1h',
      },
    })
    relay.target.url = server.url
    ;({ leaf } = await categories(server))
    const credentials = await registerUser(server)
    await server.database.db.execute(sql`update users set role = 'superuser' where lower(email) = ${credentials.email}`)
    admin = (await signIn(server, credentials)).client
  }, 120_000)

  afterAll(async () => {
    await server?.close()
    await relay?.close()
    await simulator?.close()
  })

  it('pays each shop once, only its available money; failures give it back; the ledger stays whole', async () => {
    const count = 50
    // Thirty paid at once, ten paid with the Result sent twice by M-Pesa itself, five never answered (Transaction
    // Status must find them), five refused as not M-Pesa numbers.
    const endings = Array.from({ length: count }, (_, i) =>
      i < 30 ? String(5100 + i) : i < 40 ? '2222' : i < 45 ? '0404' : '0003',
    )
    const shops: { id: number; ending: string; productId: number }[] = []
    for (const [i, ending] of endings.entries()) {
      const phone = `0722 ${String(i).padStart(2, '0')}${ending.slice(0, 1)} ${ending.slice(1)}`
      const vendor = await payableShop(server, admin, `Duka la malipo ${i}`, phone, 700 + i)
      const product = await vendor.client.post<VendorProduct>(
        '/api/vendor/products/',
        productBody(leaf, { name: `Kikapu cha malipo ${i}`, price: 600, stockQty: 5 }),
      )
      expect(product.status).toBe(201)
      shops.push({ id: vendor.shop.id, ending, productId: product.body.id })
    }
    // One paid order buys from every shop: each holds pending money (not delivered) the run must not touch.
    const buyer = new Client(server)
    const placed = await placeOrder(buyer, orderBody(shops.map((shop) => ({ productId: shop.productId, quantity: 1 }))))
    expect(placed.status).toBe(201)
    expect((await settledPayment(buyer, placed.body)).status).toBe('paid')

    const ledger = new Ledger(server.database.db)
    const balancesOf = async (id: number) => {
      const [pending, available, inTransit] = await ledger.balances([
        { kind: 'vendor_pending', vendorId: id },
        { kind: 'vendor_available', vendorId: id },
        { kind: 'vendor_payout_in_transit', vendorId: id },
      ])
      return {
        pending: (pending?.balanceCents ?? 0) + 0,
        available: (available?.balanceCents ?? 0) + 0,
        inTransit: (inTransit?.balanceCents ?? 0) + 0,
      }
    }
    const before = new Map<number, Awaited<ReturnType<typeof balancesOf>>>()
    for (const shop of shops) {
      const balances = await balancesOf(shop.id)
      expect(balances.pending).toBe(540_00)
      before.set(shop.id, balances)
    }

    const run = await admin.post<{ paid: { shop_id: number; amount: number }[] }>('/api/admin/payouts/run/')
    expect(run.status).toBe(200)
    const ours = new Set(shops.map((shop) => shop.id))
    const paidInRun = run.body.paid.filter((line) => ours.has(line.shop_id))
    expect(paidInRun).toHaveLength(count)
    // Whole shillings of the available balance only: M-Pesa pays no cents, and pending money is not paid.
    for (const [i, shop] of shops.entries()) {
      expect(paidInRun.find((line) => line.shop_id === shop.id)?.amount).toBe(700 + i)
    }

    // Every payout has been answered at least once (a Result, or a status answer for those M-Pesa never reports),
    // and nothing has reached Soko yet.
    // (A status answer names the payment in its parameters; a Result in OriginatorConversationID.)
    const answered = () => new Set(relay.held.flatMap((message) => message.body.match(/soko-payout-\w+/g) ?? []))
    const payouts = async () =>
      typedRows(
        server.database.db,
        payoutShape,
        sql`select id, business_id, amount_cents, state, originator_id from payouts
            where business_id in (${inList(shops.map((shop) => shop.id))}) order by business_id`,
      )
    await waitFor(async () => {
      const rows = await payouts()
      const heard = answered()
      return rows.length === count && rows.every((row) => heard.has(row.originator_id ?? '')) ? true : null
    }, 60_000)
    expect((await payouts()).every((row) => row.state === 'sent')).toBe(true)

    await relay.release()
    const settled = await waitFor(async () => {
      const rows = await payouts()
      return rows.every((row) => row.state === 'paid' || row.state === 'failed') ? rows : null
    }, 60_000)

    // Each shop: one payout, the right outcome, sent to M-Pesa once.
    const sentToMpesa = simulator.b2cPayments()
    for (const [i, shop] of shops.entries()) {
      const mine = settled.filter((row) => row.business_id === shop.id)
      expect(mine).toHaveLength(1)
      const payout = mine[0]
      if (!payout) throw new Error('no payout')
      expect(payout.amount_cents).toBe((700 + i) * 100)
      expect(payout.state).toBe(shop.ending === '0003' ? 'failed' : 'paid')
      expect(sentToMpesa.filter((payment) => payment.originatorConversationId === payout.originator_id)).toHaveLength(1)
      // Applied once, whatever came twice.
      const events = await typedRows(
        server.database.db,
        { outcome: value.text },
        sql`select outcome from payout_events where payout_id = ${payout.id}`,
      )
      expect(events.filter((event) => event.outcome === 'applied')).toHaveLength(1)
      expect(events.length).toBeGreaterThanOrEqual(2)

      const after = await balancesOf(shop.id)
      const was = before.get(shop.id)
      expect(after.pending).toBe(was?.pending)
      expect(after.inTransit).toBe(0)
      expect(after.available).toBe(shop.ending === '0003' ? was?.available : 0)
    }
    const transactions = await typedRows(
      server.database.db,
      { kind: value.text, n: value.int },
      sql`select kind, count(*)::int as n from ledger_transactions
          where reference_type = 'payout' and reference_id in (${inList(settled.map((row) => row.id))})
          group by kind order by kind`,
    )
    expect(transactions).toEqual([
      { kind: 'payout_failed', n: 5 },
      { kind: 'payout_sent', n: 50 },
      { kind: 'payout_settled', n: 45 },
    ])
    const trial = await ledger.trialBalance()
    expect(trial.debitCents).toBe(trial.creditCents)

    // The next run pays nobody twice: the paid have nothing left, the failed wait for a number that works.
    const again = await admin.post<{ paid: { shop_id: number; amount: number }[] }>('/api/admin/payouts/run/')
    const failedShops = shops.filter((shop) => shop.ending === '0003').map((shop) => shop.id)
    expect(
      again.body.paid
        .filter((line) => ours.has(line.shop_id))
        .map((line) => line.shop_id)
        .sort(),
    ).toEqual(failedShops.sort())
  }, 240_000)
})

const adminUrl = inject('postgresAdminUrl')

// Killing the process needs a database outside it: PostgreSQL (PGlite lives inside the process it serves).
describe.skipIf(!adminUrl)('a payout run killed half-way (PostgreSQL)', () => {
  let simulator: DarajaSimulator
  let darajaEnv: Record<string, string>
  let shared: SharedDatabase | undefined
  const processes: ServerProcess[] = []

  beforeAll(async () => {
    ;({ simulator, env: darajaEnv } = await startDaraja())
    shared = await createSharedDatabase()
  })

  afterAll(async () => {
    for (const server of processes) await server.stop('SIGKILL')
    await simulator?.close()
    await shared?.drop()
  })

  it('the next run neither repeats a payout nor skips a shop', async () => {
    if (!shared) throw new Error('no database')
    const env = {
      ...darajaEnv,
      ...RELAXED_LIMITS,
      LOG_LEVEL: 'silent',
      DATABASE_URL: shared.url,
      PAYOUT_QUERY_AFTER: '1s',
      PAYOUT_QUERY_ATTEMPTS: '8',
    }
    const database = await openDatabase({ databaseUrl: shared.url, poolSize: 3 })
    const db = database.db
    try {
      const first = await startServerProcess('api', env)
      processes.push(first)
      const credentials = await registerUser(first)
      await db.execute(sql`update users set role = 'superuser' where lower(email) = ${credentials.email}`)
      const admin = (await signIn(first, credentials)).client
      const shops: number[] = []
      for (let i = 0; i < 20; i++) {
        const phone = `0722 3${String(i).padStart(2, '0')} ${String(600 + i)}`
        shops.push((await payableShop(first, admin, `Duka ${i}`, phone, 1000 + i)).shop.id)
      }

      // The run stops at the eleventh shop, whose row another transaction holds (its owner saving the profile, say),
      // and the process is killed there: ten shops paid, ten to go.
      const blocker = await openDatabase({ databaseUrl: shared.url, poolSize: 1 })
      let unblock: () => void = () => {}
      const blocked = new Promise<void>((resolve) => {
        unblock = resolve
      })
      let locked: () => void = () => {}
      const isLocked = new Promise<void>((resolve) => {
        locked = resolve
      })
      const holding = blocker.db.transaction(async (t) => {
        await t.execute(sql`select id from businesses where id = ${shops[10] ?? 0} for update`)
        locked()
        await blocked
      })
      await isLocked
      const [job] = await typedRows(
        db,
        { dedupe_key: value.text },
        sql`select dedupe_key from jobs where kind = 'payouts.run' and done_at is null`,
      )
      if (!job) throw new Error('no scheduled payout run')
      await db.execute(sql`update jobs set run_at = now() where dedupe_key = ${job.dedupe_key}`)
      const payoutsOf = () =>
        typedRows(
          db,
          payoutShape,
          sql`select id, business_id, amount_cents, state, originator_id from payouts
            where business_id in (${inList(shops)}) order by business_id`,
        )
      await waitFor(async () => ((await payoutsOf()).length === 10 ? true : null), 30_000)
      await first.stop('SIGKILL')
      unblock()
      await holding
      await blocker.close()
      expect((await payoutsOf()).map((row) => row.business_id)).toEqual(shops.slice(0, 10))

      // The dead process's claims run out (as its lease would after a minute), and a new process takes the run and
      // the sends over. Results of payouts the dead process sent were posted to it: the new one asks their status.
      await db.execute(sql`update jobs set locked_until = now() where done_at is null and locked_until > now()`)
      processes.push(await startServerProcess('api', env))
      const rows = await waitFor(async () => {
        const all = await payoutsOf()
        return all.length === 20 && all.every((row) => row.state === 'paid') ? all : null
      }, 90_000)
      for (const [i, id] of shops.entries()) {
        const mine = rows.filter((row) => row.business_id === id)
        expect(mine).toHaveLength(1)
        expect(mine[0]?.amount_cents).toBe((1000 + i) * 100)
        const atMpesa = simulator.b2cPayments().filter((p) => p.originatorConversationId === mine[0]?.originator_id)
        expect(atMpesa.map((payment) => payment.state)).toEqual(['paid'])
      }
      const ledger = new Ledger(db)
      const trial = await ledger.trialBalance()
      expect(trial.debitCents).toBe(trial.creditCents)
      const [left] = await typedRows(
        db,
        { cents: value.int },
        sql`select coalesce(sum(case when side = 'credit' then cents else -cents end), 0)::int as cents
            from ledger_entries
            where account in ('vendor_available', 'vendor_payout_in_transit') and vendor_id in (${inList(shops)})`,
      )
      expect(left?.cents).toBe(0)
    } finally {
      await database.close()
    }
  }, 240_000)
})
