// A shop's statement for any period (docs/decisions/0031-vendor-statements.md), over real HTTP on both engines: a
// shop sells (paid through the M-Pesa simulator), its money is released and paid out by B2C, a second order is
// refunded by an admin; two adjustments written weeks ago give it a past. For periods before any activity, across
// the past and up to today, the opening plus every line is the closing, each line's balance runs, adjacent periods
// meet, and the CSV says what the JSON says. Only the shop's owner reads it; bad periods are 400s naming the field.

import { typedRows, value } from '@soko/db/typed-sql'
import { parseCsv } from '@soko/domain/csv'
import { addDays, nairobiDay } from '@soko/domain/statement'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client, newCustomer, RELAXED_LIMITS, registerUser, signIn } from './support/accounts.ts'
import { FAST_PAYMENTS, orderBody, placeOrder, settledPayment, soldAndReleased, waitFor } from './support/checkout.ts'
import { engines, startTestServer, type TestServer } from './support/test-server.ts'
import { categories, newVendor, productBody, type VendorProduct } from './support/vendor.ts'

interface Statement {
  shop: { name: string; slug: string }
  period: { from: string; to: string }
  opening: number
  lines: {
    date: string
    description: string
    orderNumber: string | null
    moneyIn: number
    moneyOut: number
    balance: number
  }[]
  totalIn: number
  totalOut: number
  closing: number
  closingSplit: { pending: number; available: number; inTransit: number; owedForCollections: number }
}

const WINDOW_DAYS = 2
const cents = (kes: number) => Math.round(kes * 100)

describe.each(engines)('vendor statements (%s)', (engine) => {
  let server: TestServer
  let admin: Client
  let vendor: Awaited<ReturnType<typeof newVendor>>
  const orderNumbers: string[] = []
  let receipt = ''
  const today = nairobiDay(new Date())
  const daysAgo = (n: number) => addDays(today, -n)

  /** Writes a shop adjustment as if an admin had made it `days` ago (the ledger is append-only: no backdating). */
  async function pastAdjustment(shopId: number, days: number, amountCents: number, reason: string) {
    const db = server.database.db
    await db.transaction(async (t) => {
      const [row] = await typedRows(
        t,
        { id: value.int },
        sql`insert into ledger_transactions (key, kind, memo, reference_type, reference_id, created_at)
            values (${`manual_adjustment:statement-test:${shopId}:${days}`}, 'manual_adjustment', ${reason},
                    'adjustment', ${90_000 + days}, now() - make_interval(days => ${days}))
            returning id`,
      )
      const id = row?.id
      const [shopSide, otherSide] = amountCents > 0 ? ['credit', 'debit'] : ['debit', 'credit']
      await t.execute(
        sql`insert into ledger_entries (transaction_id, account, vendor_id, side, cents) values
              (${id}, 'vendor_available', ${shopId}, ${shopSide}, ${Math.abs(amountCents)}),
              (${id}, 'adjustments', null, ${otherSide}, ${Math.abs(amountCents)})`,
      )
    })
  }

  beforeAll(async () => {
    server = await startTestServer(engine, {
      env: { ...RELAXED_LIMITS, ...FAST_PAYMENTS, RETURN_WINDOW_DAYS: String(WINDOW_DAYS), PAYOUT_QUERY_AFTER: '1s' },
    })
    const { leaf } = await categories(server)
    const credentials = await registerUser(server)
    await server.database.db.execute(sql`update users set role = 'superuser' where lower(email) = ${credentials.email}`)
    admin = (await signIn(server, credentials)).client
    vendor = await newVendor(server, { payoutPhone: '0722 005 678' })
    const shopId = vendor.shop.id
    expect((await admin.post(`/api/admin/vendors/${shopId}/verify/`)).status).toBe(200)

    // The past: KSh 50 put right 40 days ago, KSh 12.34 taken back 10 days ago.
    await pastAdjustment(shopId, 40, 5_000, 'Opening balance from the old system')
    await pastAdjustment(shopId, 10, -1_234, '=Correction of the opening balance')

    // Today: a sale of KSh 1,000, delivered, confirmed and released, then what is available paid out by M-Pesa.
    const { body: product } = await vendor.client.post<VendorProduct>(
      '/api/vendor/products/',
      productBody(leaf, { name: 'Statement jiko', price: 1000, stockQty: 10 }),
    )
    const { placed: first } = await soldAndReleased(server, vendor.client, product.id, WINDOW_DAYS)
    orderNumbers.push(first.order.orderNumber)
    expect((await admin.post(`/api/admin/vendors/${shopId}/payouts/pay-now/`)).status).toBe(201)
    const payout = await waitFor(async () => {
      const { body } = await admin.get<{ results: { state: string; receipt: string | null }[] }>(
        `/api/admin/vendors/${shopId}/payouts/`,
      )
      const newest = body.results[0]
      return newest && ['paid', 'failed'].includes(newest.state) ? newest : null
    })
    expect(payout.state).toBe('paid')
    receipt = payout.receipt ?? ''

    // A second order of two, paid, then refunded in full by an admin.
    const buyer = new Client(server)
    const second = await placeOrder(buyer, orderBody([{ productId: product.id, quantity: 2 }]))
    expect((await settledPayment(buyer, second.body)).status).toBe('paid')
    orderNumbers.push(second.body.order.orderNumber)
    const [order] = await typedRows(
      server.database.db,
      { id: value.int },
      sql`select id from orders where order_number = ${second.body.order.orderNumber}`,
    )
    expect(
      (await admin.post(`/api/admin/orders/${order?.id}/refund/`, { reason: 'Out of stock after all' })).status,
    ).toBe(200)
  })
  afterAll(() => server?.close())

  const statementOf = async (client: Client, from: string, to: string) => {
    const answer = await client.get<Statement>(`/api/vendor/statement/?from=${from}&to=${to}`)
    expect(answer.status).toBe(200)
    return answer.body
  }

  /** Opening + every line = closing; each line's balance is the one before it plus its money in, less its money out. */
  function expectWhole(statement: Statement) {
    let balance = cents(statement.opening)
    for (const line of statement.lines) {
      expect(line.moneyIn === 0 || line.moneyOut === 0).toBe(true)
      balance += cents(line.moneyIn) - cents(line.moneyOut)
      expect(cents(line.balance)).toBe(balance)
      expect(line.date >= statement.period.from && line.date <= statement.period.to).toBe(true)
    }
    expect(cents(statement.closing)).toBe(balance)
    expect(cents(statement.opening) + cents(statement.totalIn) - cents(statement.totalOut)).toBe(balance)
    const split = statement.closingSplit
    expect(
      cents(split.pending) + cents(split.available) + cents(split.inTransit) - cents(split.owedForCollections),
    ).toBe(balance)
  }

  it('a period before any activity opens and closes at nothing', async () => {
    const statement = await statementOf(vendor.client, daysAgo(100), daysAgo(50))
    expectWhole(statement)
    expect(statement).toMatchObject({
      opening: 0,
      closing: 0,
      lines: [],
      period: { from: daysAgo(100), to: daysAgo(50) },
    })
    expect(statement.shop).toEqual({ name: vendor.shop.name, slug: vendor.shop.slug })
  })

  it('periods that split the activity meet: one closes where the next opens', async () => {
    const early = await statementOf(vendor.client, daysAgo(45), daysAgo(11))
    const late = await statementOf(vendor.client, daysAgo(10), today)
    const middle = await statementOf(vendor.client, daysAgo(30), daysAgo(5))
    for (const statement of [early, late, middle]) expectWhole(statement)
    expect(early).toMatchObject({ opening: 0, closing: 50 })
    expect(early.lines.map((line) => [line.date, line.description, line.moneyIn])).toEqual([
      [daysAgo(40), 'Adjustment by Soko: Opening balance from the old system', 50],
    ])
    expect(late.opening).toBe(early.closing)
    expect(middle).toMatchObject({ opening: 50, closing: 37.66 })
    expect(middle.lines.map((line) => [line.description, line.moneyOut])).toEqual([
      ['Adjustment by Soko: =Correction of the opening balance', 12.34],
    ])
  })

  it('today: the sale, its commission, the payout with its receipt, the refunded order; ends at the ledger', async () => {
    const statement = await statementOf(vendor.client, today, today)
    expectWhole(statement)
    const [first, second] = orderNumbers
    expect(statement.opening).toBe(37.66)
    expect(statement.lines.map((line) => [line.description, line.moneyIn, line.moneyOut])).toEqual([
      [`Sale, order ${first}`, 1000, 0],
      [`Soko commission, order ${first}`, 0, 100],
      // A payout is of whole shillings of what is available: the sale's KSh 900 and KSh 37 of the past's KSh 37.66.
      [`Payout to M-Pesa 0722 005 678, receipt ${receipt}`, 0, 937],
      [`Sale, order ${second}`, 2000, 0],
      [`Soko commission, order ${second}`, 0, 200],
      [`Refund by Soko, order ${second}`, 0, 2000],
      [`Commission given back with a refund, order ${second}`, 200, 0],
    ])
    expect(statement.closing).toBe(0.66)
    // The closing balance is the ledger's, as an admin reads it.
    const { body: ledger } = await admin.get<{ balances: { pending: number; available: number; in_transit: number } }>(
      `/api/admin/vendors/${vendor.shop.id}/ledger/`,
    )
    expect(statement.closingSplit).toEqual({
      pending: ledger.balances.pending,
      available: ledger.balances.available,
      inTransit: ledger.balances.in_transit,
      owedForCollections: 0,
    })
    // Without dates: this month so far.
    const { body: month } = await vendor.client.get<Statement>('/api/vendor/statement/')
    expect(month.period).toEqual({ from: `${today.slice(0, 8)}01`, to: today })
    expect(month.closing).toBe(0.66)
  })

  it('the CSV is the statement: opening row, each line, closing row; a file named after the shop and period', async () => {
    const from = daysAgo(365)
    const statement = await statementOf(vendor.client, from, today)
    expectWhole(statement)
    expect(statement).toMatchObject({ opening: 0, closing: 0.66 })
    expect(statement.lines).toHaveLength(9)
    const answer = await vendor.client.get<string>(`/api/vendor/statement.csv?from=${from}&to=${today}`)
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toContain('text/csv')
    expect(answer.headers.get('content-disposition')).toBe(
      `attachment; filename="soko-statement-${vendor.shop.slug}-${from}-${today}.csv"`,
    )
    const parsed = parseCsv(answer.body)
    if (!parsed.ok) throw new Error(parsed.message)
    const rows = parsed.records.map((record) => record.fields)
    expect(rows[0]).toEqual(['Date', 'Description', 'Order', 'Money in (KES)', 'Money out (KES)', 'Balance (KES)'])
    expect(rows[1]).toEqual([from, 'Opening balance', '', '', '', '0.00'])
    expect(rows.at(-1)).toEqual([
      today,
      'Closing balance',
      '',
      statement.totalIn.toFixed(2),
      statement.totalOut.toFixed(2),
      '0.66',
    ])
    expect(rows.slice(2, -1)).toEqual(
      statement.lines.map((line) => [
        line.date,
        line.description,
        line.orderNumber ?? '',
        line.moneyIn ? line.moneyIn.toFixed(2) : '',
        line.moneyOut ? line.moneyOut.toFixed(2) : '',
        line.balance.toFixed(2),
      ]),
    )
    // No cell a spreadsheet would run as a formula.
    for (const row of rows) for (const cell of row.slice(1, 3)) expect(cell).not.toMatch(/^[=+\-@]/)
  })

  it('is the owner’s only: another shop sees its own, a customer is refused, a visitor must sign in', async () => {
    const other = await newVendor(server)
    const theirs = await statementOf(other.client, daysAgo(365), today)
    expect(theirs).toMatchObject({ opening: 0, closing: 0, lines: [], shop: { slug: other.shop.slug } })
    const customer = await newCustomer(server)
    expect((await customer.client.get('/api/vendor/statement/')).status).toBe(403)
    expect((await customer.client.get('/api/vendor/statement.csv')).status).toBe(403)
    expect((await admin.get('/api/vendor/statement/')).status).toBe(403)
    expect((await new Client(server).get('/api/vendor/statement/')).status).toBe(401)
    expect((await new Client(server).get('/api/vendor/statement.csv')).status).toBe(401)
  })

  it.each([
    ['a start that is not a date', 'from=01-11-2026', 'from'],
    ['a day that does not exist', 'from=2026-02-30', 'from'],
    ['an end after today', `to=${addDays(nairobiDay(new Date()), 1)}`, 'to'],
    [
      'an end before the start',
      `from=${addDays(nairobiDay(new Date()), -3)}&to=${addDays(nairobiDay(new Date()), -4)}`,
      'to',
    ],
    ['more than 366 days', `from=${addDays(nairobiDay(new Date()), -366)}&to=${nairobiDay(new Date())}`, 'from'],
    ['a start far too long', `from=${'2026-11-01'.repeat(3)}`, 'from'],
  ])('refuses %s with a 400 naming the field', async (_name, query, field) => {
    for (const path of ['/api/vendor/statement/', '/api/vendor/statement.csv']) {
      const answer = await vendor.client.get<{ errors?: Record<string, string[]> }>(`${path}?${query}`)
      expect(answer.status).toBe(400)
      expect(answer.body.errors?.[field]?.[0]).toEqual(expect.any(String))
    }
  })
})
