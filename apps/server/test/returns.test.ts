import type { DisputeView, OrderReturns, ReturnView } from '@soko/contract/returns'
import { typedRows, value } from '@soko/db/typed-sql'
import { formatKes } from '@soko/domain/money'
import { type SQL, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Client, outbox, RELAXED_LIMITS } from './support/accounts.ts'
import { CALLERS, type Caller, paidOrderWithCallers } from './support/callers.ts'
import { FAST_PAYMENTS, orderBody, type Placed, placeOrder, runJobUntilDone, waitFor } from './support/checkout.ts'
import { engines, startTestServer, type TestServer } from './support/test-server.ts'
import { cameraJpeg, uploadTo } from './support/vendor.ts'

// Returns (decisions 0013, 0015) over HTTP: every step of a return tried from every state by every caller (only the
// table's moves pass; every other try is refused and leaves the database as it was), opening one only for a
// delivered part within RETURN_WINDOW_DAYS and only for what is left to return, the whole way to the refund, the
// dispute desk (a refusal, or the timer of RETURN_ANSWER_HOURS, then an admin's decision), and photos.

type State = 'requested' | 'accepted' | 'disputed' | 'received' | 'refunded' | 'rejected'
const STATES: State[] = ['requested', 'accepted', 'disputed', 'received', 'refunded', 'rejected']

type Door = 'accept' | 'refuse' | 'received' | 'award' | 'reject'
const DOORS: Door[] = ['accept', 'refuse', 'received', 'award', 'reject']
const ADMIN_DOORS: Door[] = ['award', 'reject']

/** The moves that pass: (state, door, caller) → the state after. */
const ALLOWED: [State, Door, Caller, State][] = [
  ['requested', 'accept', 'vendor', 'accepted'],
  ['requested', 'refuse', 'vendor', 'disputed'],
  ['accepted', 'received', 'vendor', 'refunded'],
  ['disputed', 'award', 'admin', 'refunded'],
  ['disputed', 'reject', 'admin', 'rejected'],
]

/** What a caller the door is not for is answered, whatever the state (the area's guard first). */
function refusalOf(door: Door, caller: Caller): number | null {
  if (ADMIN_DOORS.includes(door)) {
    if (caller === 'admin') return null
    return caller === 'anonymous' || caller === 'token' ? 401 : 403
  }
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

  /**
   * Puts the part (and its one-part order) at `status`, delivered `daysAgo` days ago, with no returns (and none of
   * their refunds rows: each try starts with the part's paid share whole; the ledger keeps what was posted).
   */
  async function deliverPart(daysAgo: number | null, status = 'delivered') {
    // An earlier try's refund is being sent in the background: let it finish (its events and emails) first.
    await waitFor(async () => {
      await server.app.soko.jobs.runDue()
      const [open] = await typedRows(
        db(),
        { n: value.int },
        sql`select count(*)::int as n from refunds where order_id = ${orderId} and state in ('approved', 'sending')`,
      )
      return Number(open?.n) === 0 ? true : null
    })
    await db().execute(sql`delete from refunds where order_id = ${orderId}`)
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
    const refused = state === 'disputed' || state === 'rejected'
    const [row] = await typedRows(
      db(),
      { id: value.int },
      sql`insert into returns (order_id, vendor_order_id, state, method, refusal_reason, amount_cents, refunded_cents,
            dispute_cause, decision_note, accepted_at, refused_at, disputed_at, received_at, refunded_at, decided_at)
          values (${orderId}, ${partId}, ${state},
            ${['accepted', 'received', 'refunded'].includes(state) ? 'pickup' : null},
            ${refused ? 'Used' : null}, 150000, ${state === 'refunded' ? 150000 : null},
            ${refused ? 'refused' : null}, ${state === 'rejected' ? 'Worn' : null},
            ${reached(['accepted', 'received', 'refunded'])}, ${reached(['disputed', 'rejected'])},
            ${reached(['disputed', 'rejected'])}, ${reached(['received', 'refunded'])}, ${reached(['refunded'])},
            ${reached(['rejected'])})
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
    if (door === 'award' || door === 'reject') {
      const body = { outcome: door === 'award' ? 'refund' : 'reject', note: 'Photos show the damage' }
      return clients[caller].request('POST', `/api/admin/disputes/${id}/decide/`, { body, headers })
    }
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
            expect(answer.status, `${name}: ${JSON.stringify(answer.body)}`).toBe(
              ADMIN_DOORS.includes(door) ? 200 : 204,
            )
            expect(await stateOf(id), name).toBe(allowed[3])
            passed.push(name)
          } else {
            expect(answer.status, `${name}: ${JSON.stringify(answer.body)}`).toBe(refusalOf(door, caller) ?? 409)
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

  it('lets back no more than bought less what other returns hold; only a rejected return frees its items', async () => {
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
    // Refused, the return is before the dispute desk, and still holds its items until the desk rejects it.
    expect((await open(2)).status).toBe(409)
    const rejected = await clients.admin.post(`/api/admin/disputes/${first.body.id}/decide/`, {
      outcome: 'reject',
      note: 'The shop shows the shirt was worn',
    })
    expect(rejected.status).toBe(200)
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

  /** Opens a return of one item through the API, as the guest holding the order's token; its view. */
  async function openOne(quantity = 1): Promise<ReturnView> {
    await deliverPart(1)
    // The order holds its money again (a test before may have refunded it whole).
    await db().execute(sql`update payments set status = 'paid' where order_id = ${orderId} and status = 'refunded'`)
    const opened = await clients.token.request<ReturnView>('POST', orderPath(), {
      body: { partId, lines: [{ itemId, quantity, reason: 'damaged' }] },
      headers: tokenHeader(),
    })
    expect(opened.status).toBe(201)
    return opened.body
  }

  /** Runs the due jobs until the return's timer is done. */
  const runTimer = (id: number) => runJobUntilDone(server, `return.unanswered:${id}`)

  it('takes a return the shop leaves unanswered for RETURN_ANSWER_HOURS to the dispute desk, once', async () => {
    const opened = await openOne()
    expect(opened.answerBy).not.toBeNull()
    expect(new Date(opened.answerBy ?? 0).getTime() - new Date(opened.requestedAt).getTime()).toBe(48 * 3_600_000)
    // Not yet due: the timer waits.
    await db().execute(sql`update jobs set run_at = now() where dedupe_key = ${`return.unanswered:${opened.id}`}`)
    await server.app.soko.jobs.runDue()
    expect(await stateOf(opened.id)).toBe('requested')
    // 49 hours later, still unanswered: to the desk, both sides told.
    await db().execute(sql`update returns set created_at = now() - interval '49 hours' where id = ${opened.id}`)
    await db().execute(sql`update jobs set run_at = now() where dedupe_key = ${`return.unanswered:${opened.id}`}`)
    await runTimer(opened.id)
    expect(await stateOf(opened.id)).toBe('disputed')
    const desk = await clients.admin.get<DisputeView[]>('/api/admin/disputes/')
    const listed = desk.body.find((row) => row.id === opened.id)
    expect(listed).toMatchObject({
      state: 'disputed',
      disputeCause: 'unanswered',
      disputeCauseLabel: 'The shop did not answer in time',
      shopper: { email: orderEmail },
    })
    const shopperMail = (await outbox(server, orderEmail)).map((message) => message.subject)
    expect(shopperMail).toContain(
      `Order ${placed.order.orderNumber}: the shop did not answer your return, and Soko will decide`,
    )
    const shopMail = (await outbox(server, vendorEmail)).map((message) => message.subject)
    expect(shopMail).toContain(`Return for order ${placed.order.orderNumber} went to the dispute desk`)

    // An answered return is left alone by its timer.
    const answered = await openOne()
    expect((await clients.vendor.post(`/api/vendor/returns/${answered.id}/accept/`, { method: 'pickup' })).status).toBe(
      204,
    )
    await db().execute(sql`update returns set created_at = now() - interval '49 hours' where id = ${answered.id}`)
    await db().execute(sql`update jobs set run_at = now() where dedupe_key = ${`return.unanswered:${answered.id}`}`)
    await runTimer(answered.id)
    expect(await stateOf(answered.id)).toBe('accepted')
  })

  it('lets the desk refund a dispute in part: recorded on the payment, audited, both sides told why', async () => {
    const opened = await openOne(2)
    expect(
      (await clients.vendor.post(`/api/vendor/returns/${opened.id}/refuse/`, { reason: 'It was used' })).status,
    ).toBe(204)
    const refusedMail = (await outbox(server, orderEmail)).find(
      (message) =>
        message.subject === `Order ${placed.order.orderNumber}: your return was refused, and Soko will decide`,
    )
    expect(refusedMail?.text).toContain('Their reason: It was used')
    const decide = (body: object) =>
      clients.admin.post<DisputeView & { detail: string }>(`/api/admin/disputes/${opened.id}/decide/`, body)
    const before = await snapshot()
    const tooMuch = await decide({ outcome: 'refund', amount: 3000.01, note: 'Half each' })
    expect(tooMuch.status).toBe(400)
    expect(tooMuch.body.detail).toBe('The refund can be at most KSh 3,000, what the shopper asked back.')
    expect((await decide({ outcome: 'reject', amount: 10, note: 'x' })).status).toBe(400)
    expect((await decide({ outcome: 'refund', note: '' })).status).toBe(400)
    expect((await decide({ outcome: 'refund', amount: 10.001, note: 'x' })).status).toBe(400)
    expect(await snapshot()).toEqual(before)

    const decided = await decide({ outcome: 'refund', amount: 1200.5, note: 'One lid was cracked in transit' })
    expect(decided.status).toBe(200)
    expect(decided.body).toMatchObject({
      state: 'refunded',
      refunded: 1200.5,
      amount: 3000,
      decisionNote: 'One lid was cracked in transit',
      disputeCause: 'refused',
      refusalReason: 'It was used',
    })
    const [event] = await typedRows(
      db(),
      { raw: value.text },
      sql`select e.raw_body as raw from payment_events e join payments p on p.id = e.payment_id
          where p.order_id = ${orderId} and e.source = 'return_refund'
            and (e.raw_body::jsonb ->> 'return')::int = ${opened.id}`,
    )
    expect(event && JSON.parse(event.raw)).toMatchObject({ return: opened.id, amountCents: 120_050, decision: true })
    const [audit] = await typedRows(
      db(),
      { action: value.text },
      sql`select action from audit_log where subject_type = 'return' and subject_id = ${opened.id}`,
    )
    expect(audit?.action).toBe('return.refunded')
    const toShopper = (await outbox(server, orderEmail)).find(
      (message) =>
        message.subject === `Order ${placed.order.orderNumber}: your return is refunded` &&
        message.text.includes('One lid was cracked in transit'),
    )
    expect(toShopper?.text).toContain('you are refunded KSh 1,200.50')
    const toShop = (await outbox(server, vendorEmail)).find(
      (message) => message.subject === `Disputed return for order ${placed.order.orderNumber}: refunded`,
    )
    expect(toShop?.text).toContain('Why: One lid was cracked in transit')
    // Decided: the desk cannot decide it again.
    expect((await decide({ outcome: 'reject', note: 'Changed my mind' })).status).toBe(409)
    // What the order refunds later is the total less what this return gave back.
    expect(
      (await clients.buyer.get<OrderReturns>(orderPath())).body.returns.find((row) => row.id === opened.id),
    ).toMatchObject({
      refunded: 1200.5,
    })
  })

  it('takes photos from the return’s shopper only, shows them at signed addresses, and refuses them elsewhere', async () => {
    const opened = await openOne()
    const photoPath = (id: number, number = placed.order.orderNumber) =>
      `/api/checkout/orders/${number}/returns/${id}/photos/`
    const jpeg = await cameraJpeg(800, 600)
    const photo = { name: 'IMG_2001.jpg', data: jpeg }

    // Nobody else's: a stranger, the shop, another shop, nobody: 404, nothing written.
    for (const caller of ['stranger', 'vendor', 'other-vendor', 'anonymous'] as const) {
      const answer = await uploadTo(clients[caller], photoPath(opened.id), [photo])
      expect(answer.status, caller).toBe(404)
    }
    // A shopper's own order, naming a return of another order: 404.
    const [line] = await typedRows(
      db(),
      { product_id: value.int },
      sql`select product_id from order_items where id = ${itemId}`,
    )
    const other = await placeOrder(clients.stranger, orderBody([{ productId: Number(line?.product_id), quantity: 1 }]))
    expect(other.status).toBe(201)
    const strangers = await uploadTo(clients.stranger, photoPath(opened.id, other.body.order.orderNumber), [photo])
    expect(strangers.status).toBe(404)
    const [count] = await typedRows(db(), { n: value.int }, sql`select count(*)::int as n from return_photos`)
    expect(Number(count?.n)).toBe(0)

    // The guest with the order's token: two photos, both sides and the desk see them.
    const added = await uploadTo<ReturnView>(
      clients.token,
      photoPath(opened.id),
      [photo, { ...photo, name: 'b.jpg' }],
      {
        headers: tokenHeader(),
      },
    )
    expect(added.status, JSON.stringify(added.body)).toBe(201)
    expect(added.body.photos).toHaveLength(2)
    const shown = added.body.photos[0]
    if (!shown) throw new Error('no photo')
    const image = await fetch(`${server.url}${shown.medium}`)
    expect(image.status).toBe(200)
    expect(image.headers.get('content-type')).toBe('image/webp')
    expect(image.headers.get('cache-control')).toContain('private')
    const vendorView = (await clients.vendor.get<ReturnView[]>('/api/vendor/returns/')).body.find(
      (row) => row.id === opened.id,
    )
    expect(vendorView?.photos.map((p) => p.id)).toEqual(added.body.photos.map((p) => p.id))
    // A guessed address shows nothing.
    const guessed = shown.medium.replace(/key=[^&]+/, 'key=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')
    expect((await fetch(`${server.url}${guessed}`)).status).toBe(404)
    expect((await fetch(`${server.url}/api/checkout/returns/photos/${shown.id}/medium.webp`)).status).toBe(404)

    // At most four: a third, fourth and fifth at once are refused, and nothing of them is kept.
    const tooMany = await uploadTo(clients.buyer, photoPath(opened.id), [photo, photo, photo])
    expect(tooMany.status).toBe(400)
    expect(tooMany.body.detail).toBe('A return can have at most 4 photos')
    const notAPhoto = await uploadTo(clients.buyer, photoPath(opened.id), [
      { name: 'notes.txt', data: Buffer.from('hello') },
    ])
    expect(notAPhoto.status).toBe(400)
    expect(
      (await clients.buyer.get<OrderReturns>(orderPath())).body.returns.find((row) => row.id === opened.id)?.photos,
    ).toHaveLength(2)

    // A closed return takes no more.
    await db().execute(sql`update returns set state = 'rejected', dispute_cause = 'refused', disputed_at = now(),
      refused_at = now(), refusal_reason = 'x', decision_note = 'y', decided_at = now() where id = ${opened.id}`)
    expect((await uploadTo(clients.buyer, photoPath(opened.id), [photo])).status).toBe(409)
  })
})
