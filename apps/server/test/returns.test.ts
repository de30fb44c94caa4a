import type { OrderReturns, ReturnView } from '@soko/contract/returns'
import { typedRows, value } from '@soko/db/typed-sql'
import { formatKes } from '@soko/domain/money'
import { type SQL, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Client, outbox, RELAXED_LIMITS } from './support/accounts.ts'
import { CALLERS, type Caller, paidOrderWithCallers } from './support/callers.ts'
import { FAST_PAYMENTS, type Placed } from './support/checkout.ts'
import { engines, startTestServer, type TestServer } from './support/test-server.ts'

// Returns (decision 0013) over HTTP: every step of a return tried from every state by every caller (only the
// table's moves pass; every other try is refused and leaves the database as it was), opening one only for a
// delivered part within RETURN_WINDOW_DAYS and only for what is left to return, and the whole way to the refund.

type State = 'requested' | 'accepted' | 'refused' | 'received' | 'refunded'
const STATES: State[] = ['requested', 'accepted', 'refused', 'received', 'refunded']

type Door = 'accept' | 'refuse' | 'received'
const DOORS: Door[] = ['accept', 'refuse', 'received']

/** The moves that pass: (state, door, caller) → the state after. */
const ALLOWED: [State, Door, Caller, State][] = [
  ['requested', 'accept', 'vendor', 'accepted'],
  ['requested', 'refuse', 'vendor', 'refused'],
  ['accepted', 'received', 'vendor', 'refunded'],
]

/** What a caller who is not the return's vendor is answered, whatever the state (the vendor area's guard first). */
function refusalOf(caller: Caller): number | null {
  if (caller === 'vendor') return null
  if (caller === 'anonymous' || caller === 'token') return 401
  return caller === 'other-vendor' ? 404 : 403
}

describe.each(engines)('returns on %s', (engine) => {
  let server: TestServer
  let clients: Record<Caller, Client>
  let placed: Placed
  let orderId: number
  let partId: number
  let itemId: number
  let orderEmail: string
  let vendorEmail: string

  beforeAll(async () => {
    server = await startTestServer(engine, { env: { ...RELAXED_LIMITS, ...FAST_PAYMENTS, RETURN_WINDOW_DAYS: '7' } })
    ;({ clients, placed } = await paidOrderWithCallers(server, {
      name: 'Returns shop',
      otherName: 'Other returns shop',
      product: 'Returnable sufuria',
      price: 1500,
      quantity: 3,
    }))
    const [ids] = await typedRows(
      server.database.db,
      { order_id: value.int, part_id: value.int, item_id: value.int, email: value.text, owner: value.text },
      sql`select o.id as order_id, v.id as part_id, i.id as item_id, o.email, u.email as owner
          from orders o join vendor_orders v on v.order_id = o.id join order_items i on i.vendor_order_id = v.id
          join businesses b on b.id = v.business_id join users u on u.id = b.owner_id
          where o.order_number = ${placed.order.orderNumber}`,
    )
    if (!ids) throw new Error('no part')
    orderId = Number(ids.order_id)
    partId = Number(ids.part_id)
    itemId = Number(ids.item_id)
    orderEmail = ids.email
    vendorEmail = ids.owner
  })
  afterAll(() => server?.close())

  const db = () => server.database.db
  const orderPath = () => `/api/checkout/orders/${placed.order.orderNumber}/returns/`
  const tokenHeader = () => ({ 'x-order-token': placed.orderToken })

  /** Puts the part (and its one-part order) at `status`, delivered `daysAgo` days ago, with no returns. */
  async function deliverPart(daysAgo: number | null, status = 'delivered') {
    await db().execute(sql`delete from returns where order_id = ${orderId}`)
    const at: SQL = daysAgo === null ? sql`null` : sql`now() - make_interval(days => ${daysAgo})`
    await db().execute(
      sql`update vendor_orders set status = ${status}, shipped_at = ${at}, delivered_at = ${at},
            carrier = 'sendy', tracking_reference = 'SN-1', delivery_confirmed_at = null, delivery_confirmed_by = null
          where id = ${partId}`,
    )
    await db().execute(sql`update orders set status = ${status} where id = ${orderId}`)
  }

  /** A return of one item at `state`, as if it had got there; its id. */
  async function returnAt(state: State): Promise<number> {
    await deliverPart(1)
    const reached = (states: State[]) => (states.includes(state) ? sql`now()` : sql`null`)
    const [row] = await typedRows(
      db(),
      { id: value.int },
      sql`insert into returns (order_id, vendor_order_id, state, method, refusal_reason, amount_cents,
            accepted_at, refused_at, received_at, refunded_at)
          values (${orderId}, ${partId}, ${state},
            ${['accepted', 'received', 'refunded'].includes(state) ? 'pickup' : null},
            ${state === 'refused' ? 'Used' : null}, 150000,
            ${reached(['accepted', 'received', 'refunded'])}, ${reached(['refused'])},
            ${reached(['received', 'refunded'])}, ${reached(['refunded'])})
          returning id`,
    )
    const id = Number(row?.id)
    await db().execute(
      sql`insert into return_lines (return_id, order_item_id, quantity, reason) values (${id}, ${itemId}, 1, 'damaged')`,
    )
    return id
  }

  /** Everything a step may write: the returns, their lines, the order and part, payment events, emails, audit. */
  async function snapshot() {
    const [row] = await typedRows(
      db(),
      {
        returns: value.text,
        lines: value.int,
        part: value.text,
        order: value.text,
        events: value.int,
        mail: value.int,
        audit: value.int,
      },
      sql`select
            (select coalesce(jsonb_agg(to_jsonb(r) order by r.id), '[]'::jsonb)::text from returns r
              where r.order_id = ${orderId}) as returns,
            (select count(*)::int from return_lines) as lines,
            (select to_jsonb(v)::text from vendor_orders v where v.id = ${partId}) as part,
            (select to_jsonb(o)::text from orders o where o.id = ${orderId}) as order,
            (select count(*)::int from payment_events) as events,
            (select count(*)::int from outbox_emails) as mail,
            (select count(*)::int from audit_log) as audit`,
    )
    return row
  }

  async function stateOf(id: number): Promise<string | undefined> {
    const [row] = await typedRows(db(), { state: value.text }, sql`select state from returns where id = ${id}`)
    return row?.state
  }

  function knock(door: Door, caller: Caller, id: number) {
    const headers: Record<string, string> = caller === 'token' ? tokenHeader() : {}
    const body = door === 'accept' ? { method: 'drop-off' } : door === 'refuse' ? { reason: 'Worn' } : undefined
    return clients[caller].request('POST', `/api/vendor/returns/${id}/${door}/`, { body, headers })
  }

  it(`tries ${STATES.length * DOORS.length * CALLERS.length} steps: only the table's pass, the rest change nothing`, async () => {
    const passed: string[] = []
    for (const state of STATES) {
      for (const door of DOORS) {
        for (const caller of CALLERS) {
          const name = `${caller} ${door} at ${state}`
          const id = await returnAt(state)
          const before = await snapshot()
          const answer = await knock(door, caller, id)
          const allowed = ALLOWED.find(([s, d, c]) => s === state && d === door && c === caller)
          if (allowed) {
            expect(answer.status, `${name}: ${JSON.stringify(answer.body)}`).toBe(204)
            expect(await stateOf(id), name).toBe(allowed[3])
            passed.push(name)
          } else {
            expect(answer.status, `${name}: ${JSON.stringify(answer.body)}`).toBe(refusalOf(caller) ?? 409)
            expect(await snapshot(), name).toEqual(before)
          }
        }
      }
    }
    expect(passed).toHaveLength(ALLOWED.length)
  })

  it('opens a return only for the order’s shopper, only for a delivered part within the window', async () => {
    const body = { partId, lines: [{ itemId, quantity: 1, reason: 'damaged' }] }
    for (const caller of CALLERS) {
      await deliverPart(1)
      const before = await snapshot()
      const headers: Record<string, string> = caller === 'token' ? tokenHeader() : {}
      const answer = await clients[caller].request('POST', orderPath(), { body, headers })
      if (caller === 'buyer' || caller === 'token') {
        expect(answer.status, caller).toBe(201)
      } else {
        expect(answer.status, caller).toBe(404)
        expect(await snapshot(), caller).toEqual(before)
      }
    }
    for (const status of ['paid', 'processing', 'shipped', 'cancelled', 'refunded']) {
      await deliverPart(status === 'shipped' || status === 'refunded' ? 1 : null, status)
      const before = await snapshot()
      const answer = await clients.buyer.post<{ detail: string }>(orderPath(), body)
      expect(answer.status, status).toBe(409)
      expect(answer.body.detail).toBe('Only delivered items can be returned.')
      expect(await snapshot(), status).toEqual(before)
    }
    // The window: 7 days after delivery, counted from the part's delivered_at.
    await deliverPart(6)
    expect((await clients.buyer.post(orderPath(), body)).status).toBe(201)
    await deliverPart(8)
    const before = await snapshot()
    const late = await clients.buyer.post<{ detail: string }>(orderPath(), body)
    expect(late.status).toBe(409)
    expect(late.body.detail).toBe("Returns are open for 7 days after delivery; this part's window has closed.")
    expect(await snapshot()).toEqual(before)
    const listed = await clients.buyer.get<OrderReturns>(orderPath())
    expect(listed.body.returnable).toEqual([])
  })

  it('lets back no more than bought less what other returns hold; a refused return frees its items', async () => {
    await deliverPart(1)
    const open = (quantity: number) =>
      clients.buyer.post<ReturnView & { detail: string }>(orderPath(), {
        partId,
        lines: [{ itemId, quantity, reason: 'does-not-fit' }],
      })
    expect((await open(4)).status).toBe(409)
    const first = await open(2)
    expect(first.status).toBe(201)
    const over = await open(2)
    expect(over.status).toBe(409)
    expect(over.body.detail).toBe('Only 1 of Returnable sufuria can still be returned.')
    expect((await clients.vendor.post(`/api/vendor/returns/${first.body.id}/refuse/`, { reason: 'Worn' })).status).toBe(
      204,
    )
    expect((await open(3)).status).toBe(201)
    const other = await clients.buyer.post(orderPath(), {
      partId,
      lines: [{ itemId, quantity: 1, reason: 'other' }],
    })
    expect(other.status).toBe(400)
    expect(JSON.stringify(other.body)).toContain('Tell the seller what is wrong')
  })

  it('goes all the way: requested, accepted with pickup, received, refunded on the payment, each side emailed', async () => {
    await deliverPart(2)
    const opened = await clients.token.request<ReturnView>('POST', orderPath(), {
      body: { partId, lines: [{ itemId, quantity: 2, reason: 'other', note: 'The lid does not close' }] },
      headers: tokenHeader(),
    })
    expect(opened.status).toBe(201)
    expect(opened.body).toMatchObject({
      state: 'requested',
      amount: 3000,
      lines: [{ itemId, quantity: 2, reason: 'other', note: 'The lid does not close' }],
    })
    const toShop = (await outbox(server, vendorEmail)).find((message) =>
      message.subject.startsWith(`Return requested for order ${placed.order.orderNumber}`),
    )
    expect(toShop?.text).toContain('Returnable sufuria × 2: Other (please explain) (The lid does not close)')

    const listed = await clients.vendor.get<ReturnView[]>('/api/vendor/returns/')
    expect(listed.body.map((row) => row.id)).toContain(opened.body.id)
    const id = opened.body.id
    expect((await clients.vendor.post(`/api/vendor/returns/${id}/accept/`, { method: 'pickup' })).status).toBe(204)
    expect((await clients.vendor.post(`/api/vendor/returns/${id}/accept/`, { method: 'teleport' })).status).toBe(400)
    expect((await clients.vendor.post(`/api/vendor/returns/${id}/received/`)).status).toBe(204)

    const [event] = await typedRows(
      db(),
      { source: value.text, raw: value.text },
      sql`select e.source, e.raw_body as raw from payment_events e join payments p on p.id = e.payment_id
          where p.order_id = ${orderId} and e.source = 'return_refund'
            and (e.raw_body::jsonb ->> 'return')::int = ${id}`,
    )
    expect(event && JSON.parse(event.raw)).toMatchObject({ return: id, amountCents: 300_000 })

    const seen = await clients.buyer.get<OrderReturns>(orderPath())
    const mine = seen.body.returns.find((row) => row.id === id)
    expect(mine).toMatchObject({ state: 'refunded', method: 'pickup', methodLabel: 'Pickup by the shop' })
    expect(mine?.refundedAt).not.toBeNull()
    expect(seen.body.returnable[0]?.items[0]).toMatchObject({ bought: 3, returnable: 1 })
    const subjects = (await outbox(server, orderEmail)).map((message) => message.subject)
    expect(subjects).toContain(`Order ${placed.order.orderNumber}: your return was accepted`)
    expect(subjects).toContain(`Order ${placed.order.orderNumber}: your return is refunded`)

    // Refunding the whole order afterwards owes only the rest: what the return gave back is not given again.
    const refunded = await clients.admin.post(`/api/admin/orders/${orderId}/refund/`, { reason: 'Shop closed' })
    expect(refunded.status).toBe(200)
    const rest = formatKes(Math.round(placed.order.total * 100) - 300_000)
    const refundMail = (await outbox(server, orderEmail)).find(
      (message) => message.subject === `Order ${placed.order.orderNumber} refunded`,
    )
    expect(refundMail?.text).toContain(`${rest} is on its way back to you`)
    const [adminEvent] = await typedRows(
      db(),
      { raw: value.text },
      sql`select e.raw_body as raw from payment_events e join payments p on p.id = e.payment_id
          where p.order_id = ${orderId} and e.source = 'admin_refund'`,
    )
    expect(adminEvent && JSON.parse(adminEvent.raw)).toMatchObject({
      amountCents: Math.round(placed.order.total * 100) - 300_000,
      returnedCents: 300_000,
    })
  })
})
