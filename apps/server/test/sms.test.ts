import { randomInt } from 'node:crypto'
import { appSecrets } from '@soko/db/schema/secrets'
import { smsDeliveryReports, smsMessages } from '@soko/db/schema/sms'
import { typedRows, value } from '@soko/db/typed-sql'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { applyEarlyReports } from '../src/modules/sms/repository.ts'
import { Client, newCustomer, RELAXED_LIMITS } from './support/accounts.ts'
import { paidOrderWithCallers } from './support/callers.ts'
import { FAST_PAYMENTS, orderBody, placeOrder, sellableProducts, settledPayment, waitFor } from './support/checkout.ts'
import { engines, startTestServer, type TestServer } from './support/test-server.ts'

// Texts about orders (decision 0029), end to end: the order flows write them, durable jobs send them through the
// Africa's Talking adapter to the built-in stand-in over HTTP, and its delivery reports come back to the secret
// callback path. Each test uses phone numbers of its own, so the per-phone limit of one never meets another's.

interface SentSms {
  messageId: string
  to: string
  from: string
  message: string
  status: string
}

/** A Safaricom number no other test uses, not ending in one of the stand-in's special four digits. */
const freshPhone = () => `+2547${randomInt(10_000_000, 99_999_999)}`.replace(/\d{4}$/, (four) => `5${four.slice(1)}`)

describe.each(engines)('order texts on %s', (engine) => {
  let server: TestServer
  let guest: Client

  beforeAll(async () => {
    server = await startTestServer(engine, {
      env: { ...RELAXED_LIMITS, ...FAST_PAYMENTS, SMS_SIMULATOR_DELAY: '100ms' },
    })
    guest = new Client(server)
  })
  afterAll(() => server?.close())

  const db = () => server.database.db

  async function standInTexts(to: string): Promise<SentSms[]> {
    const url = server.app.soko.smsStandInUrl
    if (url === null) throw new Error('no SMS stand-in')
    const list = (await (await fetch(`${url}/__simulator/sms.json`)).json()) as SentSms[]
    return list.filter((sms) => sms.to === to)
  }

  /** Waits until the stand-in received a text to `to` that matches `pattern`. */
  const textTo = (to: string, pattern: RegExp) =>
    waitFor(async () => (await standInTexts(to)).find((sms) => pattern.test(sms.message)))

  async function rowsOf(orderId: number) {
    return db().select().from(smsMessages).where(eq(smsMessages.orderId, orderId)).orderBy(smsMessages.id)
  }

  /** A demo product whose shop texts go to a number of this test's own. */
  async function productWithShopPhone(): Promise<{ productId: number; shopPhone: string }> {
    const [product] = await sellableProducts(server, 1)
    if (!product) throw new Error('fixture')
    const shopPhone = freshPhone()
    await db().execute(sql`update businesses set phone = ${shopPhone} where id = ${product.business_id}`)
    return { productId: product.id, shopPhone }
  }

  it('texts the shopper that the order is placed and paid, and the shop its new paid order', async () => {
    const { productId, shopPhone } = await productWithShopPhone()
    const phone = freshPhone()
    // Any usual form of the number: the text goes to its E.164 form.
    const national = `0${phone.slice(4, 7)} ${phone.slice(7, 10)} ${phone.slice(10)}`
    const placed = await placeOrder(guest, orderBody([{ productId, quantity: 1 }], { phone: national }))
    expect(placed.status).toBe(201)
    const { orderNumber } = placed.body.order
    expect((await settledPayment(guest, placed.body)).status).toBe('paid')

    const placedText = await textTo(phone, /placed/)
    expect(placedText.message).toMatch(
      new RegExp(`^Soko: order ${orderNumber} placed, KSh [\\d,]+\\. Enter your M-Pesa PIN on the prompt to pay\\.$`),
    )
    expect(placedText.from).toBe('SOKO')
    const paidText = await textTo(phone, /payment of/)
    expect(paidText.message).toContain(`received for order ${orderNumber}`)
    const shopText = await textTo(shopPhone, /new paid order/)
    expect(shopText.message).toContain(orderNumber)
    for (const sms of [placedText, paidText, shopText]) expect(sms.message.length).toBeLessThanOrEqual(160)

    // Each was sent once, and its delivery report (from the stand-in, on the secret path) was applied.
    const rows = await waitFor(async () => {
      const all = await rowsOf(placed.body.order.id)
      return all.length === 3 && all.every((row) => row.deliveryStatus === 'Success') ? all : null
    })
    expect(rows.map((row) => row.kind).sort()).toEqual(['order-paid', 'order-placed', 'vendor-paid'])
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1 && row.parts === 1)).toBe(true)
    expect((await standInTexts(phone)).length).toBe(2)
  })

  it('applies a delivery report once, and refuses one on a wrong path', async () => {
    const id = await enqueueText(freshPhone(), 'Soko: report test')
    const row = await waitFor(async () => {
      const [found] = await db().select().from(smsMessages).where(eq(smsMessages.id, id))
      return found?.deliveryStatus === 'Success' ? found : null
    })
    const [secret] = await db().select().from(appSecrets).where(eq(appSecrets.name, 'sms_callback_secret'))
    const report = new URLSearchParams({
      id: row.providerMessageId ?? '',
      status: 'Success',
      phoneNumber: row.phone,
      networkCode: '63902',
      retryCount: '0',
    })
    const post = (path: string, form: URLSearchParams) =>
      fetch(`${server.url}/api/sms/delivery-reports/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
      })
    const again = await post(secret?.value ?? '', report)
    expect(again.status).toBe(200)
    expect(await again.json()).toEqual({ received: true })
    const stored = await db()
      .select()
      .from(smsDeliveryReports)
      .where(eq(smsDeliveryReports.providerMessageId, row.providerMessageId ?? ''))
    expect(stored.map((one) => one.outcome)).toEqual(['applied'])
    // A late, lesser report does not undo the final one.
    const late = await post(
      secret?.value ?? '',
      new URLSearchParams({ id: row.providerMessageId ?? '', status: 'Sent' }),
    )
    expect(late.status).toBe(200)
    const [after] = await db().select().from(smsMessages).where(eq(smsMessages.id, id))
    expect(after?.deliveryStatus).toBe('Success')
    // A forged report on a guessed path changes nothing.
    const forged = await post(
      'not-the-secret',
      new URLSearchParams({ id: row.providerMessageId ?? '', status: 'Failed' }),
    )
    expect(forged.status).toBe(404)
  })

  it('keeps a report that came before its send was recorded, and applies it once the message has its id', async () => {
    const [secret] = await db().select().from(appSecrets).where(eq(appSecrets.name, 'sms_callback_secret'))
    const providerId = `ATXid_early_${randomInt(1_000_000)}`
    const early = await fetch(`${server.url}/api/sms/delivery-reports/${secret?.value ?? ''}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ id: providerId, status: 'Failed', failureReason: 'AbsentSubscriber' }).toString(),
    })
    expect(early.status).toBe(200)
    const [row] = await db()
      .insert(smsMessages)
      .values({ phone: freshPhone(), body: 'Soko: early', kind: 'test', status: 'sent', providerMessageId: providerId })
      .returning()
    await applyEarlyReports(db(), providerId)
    const [after] = await db()
      .select()
      .from(smsMessages)
      .where(eq(smsMessages.id, row?.id ?? 0))
    expect(after).toMatchObject({ deliveryStatus: 'Failed', deliveryFailureReason: 'AbsentSubscriber' })
    const reports = await db()
      .select()
      .from(smsDeliveryReports)
      .where(eq(smsDeliveryReports.providerMessageId, providerId))
    expect(reports.map((report) => report.outcome)).toEqual(['applied'])
  })

  it('sends no order texts to a shopper who turned them off (the shop still hears)', async () => {
    const shopper = await newCustomer(server)
    expect((await shopper.client.get('/api/user/preferences')).body).toEqual({ sms_order_updates: true })
    const off = await shopper.client.put('/api/user/preferences', { sms_order_updates: false })
    expect(off.status).toBe(200)
    expect(off.body).toEqual({ sms_order_updates: false })
    expect((await shopper.client.put('/api/user/preferences', { sms_order_updates: 'no' })).status).toBe(400)
    expect((await guest.get('/api/user/preferences')).status).toBe(401)

    const { productId, shopPhone } = await productWithShopPhone()
    const phone = freshPhone()
    const placed = await placeOrder(shopper.client, orderBody([{ productId, quantity: 1 }], { phone }))
    expect(placed.status).toBe(201)
    expect((await settledPayment(shopper.client, placed.body)).status).toBe('paid')
    await textTo(shopPhone, new RegExp(placed.body.order.orderNumber))
    expect(await standInTexts(phone)).toEqual([])
    expect((await rowsOf(placed.body.order.id)).map((row) => row.kind)).toEqual(['vendor-paid'])
  })

  /** Writes a text as a flow does (in a transaction) and asks for it to be sent. */
  async function enqueueText(phone: string, body: string): Promise<number> {
    const id = await db().transaction((t) => server.app.soko.texts.enqueue(t, { phone, body, kind: 'test' }))
    if (id === null) throw new Error('not a number')
    server.app.soko.jobs.kick()
    return id
  }

  const settled = (id: number) =>
    waitFor(async () => {
      const [row] = await db().select().from(smsMessages).where(eq(smsMessages.id, id))
      return row && row.status !== 'queued' && row.status !== 'sending' ? row : null
    })

  it('drops texts over the per-phone limit and records why, without an error', async () => {
    const phone = freshPhone()
    const ids: number[] = []
    for (let i = 0; i < 12; i++) ids.push(await enqueueText(phone, `Soko: text ${i}`))
    const rows = await Promise.all(ids.map(settled))
    expect(rows.filter((row) => row.status === 'sent')).toHaveLength(10)
    const dropped = rows.filter((row) => row.status === 'dropped')
    expect(dropped).toHaveLength(2)
    expect(dropped[0]?.reason).toMatch(/limit of 10 texts to one number/)
    expect(await standInTexts(phone)).toHaveLength(10)
  })

  it('tries again with backoff when the gateway certainly did not take a text, and never sends one twice', async () => {
    // A number ending 0500: the stand-in answers HTTP 500 the first time, then takes it.
    const phone = freshPhone().replace(/\d{4}$/, '0500')
    const id = await enqueueText(phone, 'Soko: retried')
    const first = await waitFor(async () => {
      const [row] = await db().select().from(smsMessages).where(eq(smsMessages.id, id))
      return row?.attempts === 1 && row.status === 'queued' ? row : null
    })
    expect(first.reason).toMatch(/answered 500/)
    await db().execute(sql`update jobs set run_at = now() where dedupe_key = ${`sms:${id}`}`)
    server.app.soko.jobs.kick()
    const sent = await settled(id)
    expect(sent).toMatchObject({ status: 'sent', attempts: 2 })
    expect(await standInTexts(phone)).toHaveLength(1)

    // A text whose send was interrupted (a worker died with it in hand) is not sent again: it may have gone.
    const other = freshPhone()
    const stuck = await db().transaction(async (t) => {
      const newId = await server.app.soko.texts.enqueue(t, { phone: other, body: 'Soko: stuck', kind: 'test' })
      await t
        .update(smsMessages)
        .set({ status: 'sending', attempts: 1 })
        .where(eq(smsMessages.id, newId ?? 0))
      return newId ?? 0
    })
    server.app.soko.jobs.kick()
    const failed = await settled(stuck)
    expect(failed.status).toBe('failed')
    expect(failed.reason).toMatch(/not sent again/)
    expect(await standInTexts(other)).toEqual([])
  })

  it('refuses a number the gateway cannot reach and keeps the reason', async () => {
    const id = await enqueueText(freshPhone().replace(/\d{4}$/, '0403'), 'Soko: nobody')
    const row = await settled(id)
    expect(row).toMatchObject({ status: 'failed', providerStatusCode: 403, attempts: 1 })
    expect(row.reason).toContain('InvalidPhoneNumber')
  })
})

describe.each(engines)('texts as a shop fulfils an order on %s', (engine) => {
  let server: TestServer

  beforeAll(async () => {
    // The fixture's orders and shops share one number: a limit high enough for all of their texts.
    server = await startTestServer(engine, {
      env: { ...RELAXED_LIMITS, ...FAST_PAYMENTS, SMS_SIMULATOR_DELAY: '100ms', SMS_LIMIT_PER_PHONE: '100/1h' },
    })
  })
  afterAll(() => server?.close())

  async function partOf(orderNumber: string): Promise<{ id: number; orderId: number }> {
    const [part] = await typedRows(
      server.database.db,
      { id: value.int, orderId: value.int },
      sql`select v.id, v.order_id as "orderId" from vendor_orders v join orders o on o.id = v.order_id
          where o.order_number = ${orderNumber}`,
    )
    if (!part) throw new Error('no part')
    return part
  }

  const textsOf = (orderId: number, kind: string) =>
    waitFor(async () => {
      const rows = await server.database.db
        .select()
        .from(smsMessages)
        .where(
          sql`${smsMessages.orderId} = ${orderId} and ${smsMessages.kind} = ${kind} and ${smsMessages.status} = 'sent'`,
        )
      return rows[0]
    })

  it('texts the carrier and reference when the part ships, and again when it is delivered', async () => {
    const { clients, placed } = await paidOrderWithCallers(server, {
      name: 'Wanjiku & Sons Quality Household Electronics and Kitchenware',
      otherName: 'Other texting shop',
      product: 'Jiko',
      quantity: 1,
    })
    const part = await partOf(placed.order.orderNumber)
    const ship = { carrier: 'g4s', trackingReference: 'G4S-778812' }
    expect((await clients.vendor.post(`/api/vendor/orders/${part.id}/ship/`, ship)).status).toBe(204)
    const shipped = await textsOf(part.orderId, 'order-shipped')
    expect(shipped.body).toMatch(
      new RegExp(`^Soko: Wanjiku & Sons.* shipped your order ${placed.order.orderNumber} with G4S, ref G4S-778812\\.$`),
    )
    expect(shipped.body.length).toBeLessThanOrEqual(160)
    expect(shipped.phone).toBe('+254712345678')
    expect((await clients.vendor.post(`/api/vendor/orders/${part.id}/deliver/`)).status).toBe(204)
    const delivered = await textsOf(part.orderId, 'order-delivered')
    expect(delivered.body).toContain(`your order ${placed.order.orderNumber} from Wanjiku`)
  })

  it('texts the station and the collection code when the parcel reaches the station', async () => {
    const stations = await new Client(server).get<{ stations: { id: number; name: string }[] }>(
      '/api/delivery/options/?county=Kisumu',
    )
    const station = stations.body.stations[0]
    if (!station) throw new Error('fixture: the demo has a Kisumu station')
    const { clients, placed } = await paidOrderWithCallers(
      server,
      { name: 'Pickup texting shop', otherName: 'Other pickup texting shop', product: 'Kiondo', quantity: 1 },
      { method: 'pickup', stationId: station.id },
    )
    const part = await partOf(placed.order.orderNumber)
    expect(
      (await clients.vendor.post(`/api/vendor/orders/${part.id}/ship/`, { carrier: 'pickup-station' })).status,
    ).toBe(204)
    const shipped = await textsOf(part.orderId, 'order-shipped')
    expect(shipped.body).toContain(`sent your order ${placed.order.orderNumber} to ${station.name.slice(0, 10)}`)
    expect((await clients.vendor.post(`/api/vendor/orders/${part.id}/at-station/`)).status).toBe(204)
    const [order] = await typedRows(
      server.database.db,
      { code: value.text },
      sql`select collection_code as code from orders where id = ${part.orderId}`,
    )
    const text = await textsOf(part.orderId, 'order-at-station')
    expect(text.body).toContain(`code ${order?.code ?? 'none'}`)
    expect(text.body).toContain(station.name.slice(0, 10))
    expect(text.body.length).toBeLessThanOrEqual(160)
  })
})
