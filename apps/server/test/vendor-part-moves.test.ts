import { typedRows, value } from '@soko/db/typed-sql'
import { formatKes } from '@soko/domain/money'
import { PART_STAGES, type PartStage } from '@soko/domain/vendor-part-states'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client, outbox, RELAXED_LIMITS } from './support/accounts.ts'
import { CALLERS, type Caller, paidOrderWithCallers } from './support/callers.ts'
import { FAST_PAYMENTS, type OrderDetail, type Placed, runJobUntilDone } from './support/checkout.ts'
import { engines, startTestServer, type TestServer } from './support/test-server.ts'

// Every move of a vendor part (decision 0012) tried from every stage by every caller, over HTTP: only the moves of
// the table pass; every other try is refused (401/403/404 for the wrong caller, 409 for the wrong stage) and leaves
// the database as it was.

type Stage = PartStage
const STAGES = PART_STAGES

type Door = 'process' | 'ship' | 'deliver' | 'confirm' | 'admin-confirm'
const DOORS: Door[] = ['process', 'ship', 'deliver', 'confirm', 'admin-confirm']

/** The moves that pass: (stage, door, caller) → the stage after. */
const ALLOWED: [Stage, Door, Caller, Stage][] = [
  ['paid', 'process', 'vendor', 'processing'],
  ['paid', 'ship', 'vendor', 'shipped'],
  ['processing', 'ship', 'vendor', 'shipped'],
  ['shipped', 'deliver', 'vendor', 'delivered'],
  ...(['buyer', 'token'] as const).flatMap((who) => [
    ['shipped', 'confirm', who, 'received'] as [Stage, Door, Caller, Stage],
    ['delivered', 'confirm', who, 'received'] as [Stage, Door, Caller, Stage],
  ]),
  ['shipped', 'admin-confirm', 'admin', 'received'],
  ['delivered', 'admin-confirm', 'admin', 'received'],
]

/** What a caller who is not the door's is answered, whatever the stage. */
function refusalOf(door: Door, caller: Caller): number | null {
  if (door === 'confirm') return caller === 'buyer' || caller === 'token' ? null : 404
  if (door === 'admin-confirm')
    return caller === 'admin' ? null : caller === 'anonymous' || caller === 'token' ? 401 : 403
  if (caller === 'vendor') return null
  if (caller === 'anonymous' || caller === 'token') return 401
  return caller === 'other-vendor' ? 404 : 403
}

describe.each(engines)('vendor part moves on %s', (engine) => {
  let server: TestServer
  let clients: Record<Caller, Client>
  let placed: Placed
  let orderId: number
  let partId: number
  let shopName: string
  let orderEmail: string

  beforeAll(async () => {
    server = await startTestServer(engine, {
      env: { ...RELAXED_LIMITS, ...FAST_PAYMENTS, DELIVERY_CONFIRM_DAYS: '3', RETURN_WINDOW_DAYS: '10' },
    })
    ;({ clients, placed, shopName } = await paidOrderWithCallers(server, {
      name: 'Moves shop',
      otherName: 'Other moves shop',
      product: 'Moving sufuria',
      quantity: 1,
    }))
    const [ids] = await typedRows(
      server.database.db,
      { order_id: value.int, part_id: value.int, email: value.text },
      sql`select o.id as order_id, v.id as part_id, o.email from orders o join vendor_orders v on v.order_id = o.id
          where o.order_number = ${placed.order.orderNumber}`,
    )
    if (!ids) throw new Error('no part')
    orderId = Number(ids.order_id)
    partId = Number(ids.part_id)
    orderEmail = ids.email
  })
  afterAll(() => server?.close())

  const db = () => server.database.db

  /** Puts the part (and its one-part order) at `stage`, as if it had got there, delivered four days ago. */
  async function putAt(stage: Stage) {
    const status = stage === 'received' ? 'delivered' : stage
    const at = (stages: Stage[]) => (stages.includes(stage) ? sql`now() - interval '4 days'` : sql`null`)
    await db().execute(sql`delete from jobs where dedupe_key = ${`vendor-part-confirm:${partId}`}`)
    await db().execute(
      sql`update vendor_orders set status = ${status},
            shipped_at = ${at(['shipped', 'delivered', 'received', 'refunded'])},
            carrier = ${['shipped', 'delivered', 'received'].includes(stage) ? 'sendy' : null},
            tracking_reference = ${['shipped', 'delivered', 'received'].includes(stage) ? 'SN-1' : null},
            delivered_at = ${at(['delivered', 'received'])},
            delivery_confirmed_at = ${stage === 'received' ? sql`now()` : sql`null`},
            delivery_confirmed_by = ${stage === 'received' ? 'shopper' : null}
          where id = ${partId}`,
    )
    await db().execute(sql`update orders set status = ${status} where id = ${orderId}`)
  }

  /** Everything a move may write: the part, its order, its jobs, emails and audit entries. */
  async function snapshot() {
    const [row] = await typedRows(
      db(),
      { part: value.text, order: value.text, jobs: value.int, mail: value.int, audit: value.int },
      sql`select
            (select to_jsonb(v)::text from vendor_orders v where v.id = ${partId}) as part,
            (select to_jsonb(o)::text from orders o where o.id = ${orderId}) as order,
            (select count(*)::int from jobs where payload->>'partId' = ${String(partId)}) as jobs,
            (select count(*)::int from outbox_emails) as mail,
            (select count(*)::int from audit_log) as audit`,
    )
    return row
  }

  async function stageNow(): Promise<Stage> {
    const [row] = await typedRows(
      db(),
      { status: value.text, confirmed: value.bool },
      sql`select status, delivery_confirmed_at is not null as confirmed from vendor_orders where id = ${partId}`,
    )
    return (row?.confirmed ? 'received' : row?.status) as Stage
  }

  function knock(door: Door, caller: Caller) {
    const client = clients[caller]
    const number = placed.order.orderNumber
    const token: Record<string, string> = caller === 'token' ? { 'x-order-token': placed.orderToken } : {}
    switch (door) {
      case 'process':
        return client.request('POST', `/api/vendor/orders/${partId}/process/`, { headers: token })
      case 'ship':
        return client.request('POST', `/api/vendor/orders/${partId}/ship/`, {
          body: { carrier: 'g4s', trackingReference: 'GX-77' },
          headers: token,
        })
      case 'deliver':
        return client.request('POST', `/api/vendor/orders/${partId}/deliver/`, { headers: token })
      case 'confirm':
        return client.request('POST', `/api/checkout/orders/${number}/parts/${partId}/confirm/`, { headers: token })
      case 'admin-confirm':
        return client.request('POST', `/api/admin/orders/${orderId}/parts/${partId}/confirm/`, { headers: token })
    }
  }

  it(`tries ${STAGES.length * DOORS.length * CALLERS.length} moves: only the table's pass, the rest change nothing`, async () => {
    const passed: string[] = []
    for (const stage of STAGES) {
      for (const door of DOORS) {
        for (const caller of CALLERS) {
          const name = `${caller} ${door} at ${stage}`
          await putAt(stage)
          const before = await snapshot()
          const answer = await knock(door, caller)
          const allowed = ALLOWED.find(([s, d, c]) => s === stage && d === door && c === caller)
          if (allowed) {
            expect(answer.status, `${name}: ${JSON.stringify(answer.body)}`).toBeLessThan(300)
            expect(await stageNow(), name).toBe(allowed[3])
            passed.push(name)
          } else {
            expect(answer.status, name).toBe(refusalOf(door, caller) ?? 409)
            expect(await snapshot(), name).toEqual(before)
          }
        }
      }
    }
    expect(passed).toHaveLength(ALLOWED.length)
  })

  it('the clock confirms only a part delivered and unconfirmed for DELIVERY_CONFIRM_DAYS', async () => {
    for (const stage of STAGES) {
      await putAt(stage)
      await db().execute(
        sql`insert into jobs (kind, payload, run_at, dedupe_key)
            values ('vendor-part.auto-confirm', ${JSON.stringify({ partId })}::jsonb, now(),
              ${`vendor-part-confirm:${partId}`})`,
      )
      const before = await snapshot()
      await runConfirmationJob()
      if (stage === 'delivered') {
        expect(await stageNow()).toBe('received')
        const [row] = await typedRows(
          db(),
          { by: value.text },
          sql`select delivery_confirmed_by as by from vendor_orders where id = ${partId}`,
        )
        expect(row?.by).toBe('auto')
      } else {
        const after = await snapshot()
        expect({ ...after, jobs: before?.jobs }, stage).toEqual(before)
      }
    }
  })

  it('delivering schedules the confirmation; the shopper sees the timeline, and the email carries it', async () => {
    await putAt('paid')
    const vendor = clients.vendor
    expect((await vendor.post(`/api/vendor/orders/${partId}/process/`)).status).toBe(204)
    const ship = {
      carrier: 'fargo-courier',
      trackingReference: 'FC-123456',
      trackingNote: 'Pick up at the Kisumu office',
    }
    expect((await vendor.post(`/api/vendor/orders/${partId}/ship/`, ship)).status).toBe(204)
    expect((await vendor.post(`/api/vendor/orders/${partId}/deliver/`)).status).toBe(204)

    const [job] = await typedRows(
      db(),
      { days: value.int },
      sql`select round(extract(epoch from (run_at - now())) / 86400)::int as days from jobs
          where dedupe_key = ${`vendor-part-confirm:${partId}`} and done_at is null`,
    )
    expect(Number(job?.days)).toBe(3)

    const seen = await clients.token.get<OrderDetail & { vendors: Record<string, unknown>[] }>(
      `/api/checkout/orders/${placed.order.orderNumber}/`,
      { 'x-order-token': placed.orderToken },
    )
    const part = seen.body.vendors[0]
    expect(part).toMatchObject({
      status: 'delivered',
      carrier: 'fargo-courier',
      carrierLabel: 'Fargo Courier',
      trackingReference: 'FC-123456',
      canConfirm: true,
      deliveryConfirmedAt: null,
    })
    const timeline = part?.timeline as { step: string; done: boolean; detail: string | null }[]
    expect(timeline.map((step) => `${step.done ? '+' : '-'}${step.step}`)).toEqual([
      '+paid',
      '+processing',
      '+shipped',
      '+delivered',
      '-received',
    ])
    expect(timeline[2]?.detail).toBe('Fargo Courier FC-123456 · Pick up at the Kisumu office')

    const email = (await outbox(server, orderEmail)).find((message) =>
      message.subject.endsWith(`${shopName} delivered your items`),
    )
    expect(email?.text).toContain(`${shopName}: your delivery so far`)
    expect(email?.text).toContain('✓ Shipped')
    expect(email?.text).toContain('Fargo Courier FC-123456')
    expect(email?.text).toContain('○ Receipt confirmed')
    expect(email?.text).toContain('Please confirm you received it on your order page')
    expect(email?.text).toContain('You can now review what you bought.')

    const confirmed = await clients.buyer.post<OrderDetail & { vendors: Record<string, unknown>[] }>(
      `/api/checkout/orders/${placed.order.orderNumber}/parts/${partId}/confirm/`,
    )
    expect(confirmed.status).toBe(200)
    expect(confirmed.body.vendors[0]).toMatchObject({ canConfirm: false, deliveryConfirmedBy: 'shopper' })
    const again = await clients.buyer.post<{ detail: string }>(
      `/api/checkout/orders/${placed.order.orderNumber}/parts/${partId}/confirm/`,
    )
    expect(again.status).toBe(409)
    expect(again.body.detail).toBe('You have already confirmed receiving this part of the order.')
  })

  it('refuses a ship without a carrier, or with a courier but no tracking reference; a rider needs none', async () => {
    await putAt('paid')
    const vendor = clients.vendor
    const bare = await vendor.post<{ errors?: Record<string, string[]> }>(`/api/vendor/orders/${partId}/ship/`, {
      trackingNote: 'G4S 12345',
    })
    expect(bare.status).toBe(400)
    const noReference = await vendor.post(`/api/vendor/orders/${partId}/ship/`, { carrier: 'dhl' })
    expect(noReference.status).toBe(400)
    expect(JSON.stringify(noReference.body)).toContain('Enter the tracking reference')
    expect((await vendor.post(`/api/vendor/orders/${partId}/ship/`, { carrier: 'royal-mail' })).status).toBe(400)
    expect(await stageNow()).toBe('paid')
    expect((await vendor.post(`/api/vendor/orders/${partId}/ship/`, { carrier: 'boda-boda' })).status).toBe(204)
    expect(await stageNow()).toBe('shipped')
  })

  /** Runs the due jobs until the part's confirmation job is done. */
  const runConfirmationJob = () => runJobUntilDone(server, `vendor-part-confirm:${partId}`)

  it('emails on every confirmation: the shop always, the shopper with the timeline and link unless it was them', async () => {
    const [shop] = await typedRows(
      db(),
      { owner: value.text, net: value.int },
      sql`select u.email as owner, (v.subtotal_cents - v.commission_cents)::int as net
          from vendor_orders v join businesses b on b.id = v.business_id join users u on u.id = b.owner_id
          where v.id = ${partId}`,
    )
    if (!shop) throw new Error('no shop owner')
    const nairobiDay = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Africa/Nairobi',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    })
    const number = placed.order.orderNumber
    const confirmations: [string, () => Promise<unknown>][] = [
      ['shopper', () => clients.buyer.post(`/api/checkout/orders/${number}/parts/${partId}/confirm/`)],
      [
        'guest',
        () =>
          clients.token.request('POST', `/api/checkout/orders/${number}/parts/${partId}/confirm/`, {
            headers: { 'x-order-token': placed.orderToken },
          }),
      ],
      ['admin', () => clients.admin.post(`/api/admin/orders/${orderId}/parts/${partId}/confirm/`)],
      [
        'auto',
        async () => {
          await db().execute(sql`update jobs set run_at = now() where dedupe_key = ${`vendor-part-confirm:${partId}`}`)
          await runConfirmationJob()
        },
      ],
    ]
    for (const [who, confirm] of confirmations) {
      await putAt('delivered')
      await db().execute(
        sql`insert into jobs (kind, payload, run_at, dedupe_key)
            values ('vendor-part.auto-confirm', ${JSON.stringify({ partId })}::jsonb, now() + interval '1 day',
              ${`vendor-part-confirm:${partId}`})`,
      )
      const [mark] = await typedRows(
        db(),
        { id: value.int },
        sql`select coalesce(max(id), 0)::int as id from outbox_emails`,
      )
      await confirm()
      expect(await stageNow(), who).toBe('received')
      const [part] = await typedRows(
        db(),
        { by: value.text, at: value.timestamp },
        sql`select delivery_confirmed_by as by, delivery_confirmed_at as at from vendor_orders where id = ${partId}`,
      )
      const mail = await typedRows(
        db(),
        { to: value.text, subject: value.text, text: value.text },
        sql`select to_address as to, subject, text_body as text from outbox_emails where id > ${Number(mark?.id)}
            order by id`,
      )

      // The shop: who confirmed, its money, and when it becomes available (RETURN_WINDOW_DAYS after confirming).
      const toShop = mail.filter((message) => message.to === shop.owner)
      expect(
        toShop.map((message) => message.subject),
        who,
      ).toEqual([`Order ${number}: delivery confirmed for ${shopName}`])
      const available = nairobiDay.format(new Date((part?.at ?? new Date()).getTime() + 10 * 86_400_000))
      expect(toShop[0]?.text).toContain(`${formatKes(Number(shop.net))} after Soko's commission`)
      expect(toShop[0]?.text).toContain(`become available to pay out on ${available}`)
      expect(toShop[0]?.text).toContain('/vendor-portal/payouts')
      expect(toShop[0]?.text).toContain(
        {
          shopper: 'The shopper confirmed receiving',
          guest: 'The shopper confirmed receiving',
          admin: 'Soko support confirmed',
          auto: 'the shopper reported no problem within 3 days of delivery',
        }[who],
      )

      // The shopper: nothing when they confirmed it themselves; else the part's timeline and the order's link.
      const toShopper = mail.filter((message) => message.to === orderEmail)
      if (who === 'shopper' || who === 'guest') {
        expect(toShopper, who).toEqual([])
        expect(part?.by).toBe('shopper')
        continue
      }
      expect(part?.by).toBe(who)
      expect(toShopper.map((message) => message.subject)).toEqual([
        `Order ${number}: receipt of your items from ${shopName} confirmed`,
      ])
      const text = toShopper[0]?.text ?? ''
      expect(text).toContain(`${shopName}: your delivery`)
      expect(text).toContain('✓ Shipped')
      expect(text).toContain('✓ Delivered')
      expect(text).toContain('✓ Receipt confirmed, ')
      expect(text).toContain(
        who === 'auto' ? 'Confirmed automatically: no problem was reported.' : 'Confirmed by Soko support.',
      )
      expect(text).toContain('You can still return it from your order page until')
      const link = /https?:\/\/\S+\/orders\/(SK-[0-9A-Z]+)\?token=(\S+)/.exec(text)
      expect(link?.[1]).toBe(number)
      const opened = await new Client(server).get<OrderDetail>(`/api/checkout/orders/${number}/`, {
        'x-order-token': decodeURIComponent(link?.[2] ?? ''),
      })
      expect(opened.status).toBe(200)
    }
  })
})
