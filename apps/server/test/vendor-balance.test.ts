import { typedRows, value } from '@soko/db/typed-sql'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client, RELAXED_LIMITS, registerUser, signIn } from './support/accounts.ts'
import { FAST_PAYMENTS, orderBody, placeOrder, runJobUntilDone, settledPayment } from './support/checkout.ts'
import { engines, startTestServer, type TestServer } from './support/test-server.ts'
import { categories, newVendor, productBody, type VendorProduct } from './support/vendor.ts'

// Money waits for the window (docs/decisions/0012-vendor-part-states.md): a delivered part's net is pending until
// its delivery is confirmed and RETURN_WINDOW_DAYS have passed; then it is available, and only that may be paid out.

interface VendorPayouts {
  balance: number
  earned: number
  paidOut: number
  awaitingDelivery: number
  pending: number
  available: number
  deliveryConfirmDays: number
  returnWindowDays: number
  lines: { earning: string; availableFrom: string | null }[]
}

interface AdminPayouts {
  balance_owed: number
  delivered_net: number
  paid_out: number
  pending: number
  available: number
  delivery_confirm_days: number
  return_window_days: number
}

const WINDOW_DAYS = 5

describe.each(engines)('a vendor part’s money waits for the return window (%s)', (engine) => {
  let server: TestServer
  let admin: Client
  let leaf: number

  beforeAll(async () => {
    server = await startTestServer(engine, {
      env: { ...RELAXED_LIMITS, ...FAST_PAYMENTS, RETURN_WINDOW_DAYS: String(WINDOW_DAYS) },
    })
    ;({ leaf } = await categories(server))
    const credentials = await registerUser(server)
    await server.database.db.execute(sql`update users set role = 'superuser' where lower(email) = ${credentials.email}`)
    admin = (await signIn(server, credentials)).client
  })
  afterAll(() => server?.close())

  it('is pending until confirmed and past the window, then available; a payout above available is refused', async () => {
    const vendor = await newVendor(server)
    const { body: product } = await vendor.client.post<VendorProduct>(
      '/api/vendor/products/',
      productBody(leaf, { name: 'Balance test jiko', price: 1000, stockQty: 5 }),
    )
    const buyer = new Client(server)
    const placed = await placeOrder(buyer, orderBody([{ productId: product.id, quantity: 1 }]))
    expect((await settledPayment(buyer, placed.body)).status).toBe('paid')
    const part = (await vendor.client.get<{ id: number }[]>('/api/vendor/orders/')).body[0]
    if (!part) throw new Error('no vendor part')
    const shopId = vendor.shop.id
    const mine = async () => (await vendor.client.get<VendorPayouts>('/api/vendor/payouts/')).body
    const admins = async () => (await admin.get<AdminPayouts>(`/api/admin/vendors/${shopId}/payouts/`)).body
    const dashboard = async () =>
      (await vendor.client.get<{ pending: number; available: number }>('/api/vendor/dashboard/')).body
    const pay = (amount: number) =>
      admin.post<AdminPayouts>(`/api/admin/vendors/${shopId}/payouts/`, { amount, reference: `QK${amount}` })

    // Paid, not delivered: neither pending nor available.
    expect(await mine()).toMatchObject({ awaitingDelivery: 900, pending: 0, available: 0, balance: 0 })
    expect(await mine()).toMatchObject({ deliveryConfirmDays: 3, returnWindowDays: WINDOW_DAYS })

    // Delivered by the vendor's word, not confirmed: pending.
    await vendor.client.post(`/api/vendor/orders/${part.id}/ship/`, { carrier: 'g4s', trackingReference: 'G1' })
    expect((await vendor.client.post(`/api/vendor/orders/${part.id}/deliver/`)).status).toBe(204)
    expect(await mine()).toMatchObject({ balance: 900, earned: 900, pending: 900, available: 0 })
    expect((await mine()).lines).toEqual([{ ...(await mine()).lines[0], earning: 'pending', availableFrom: null }])
    expect(await admins()).toMatchObject({
      balance_owed: 900,
      delivered_net: 900,
      pending: 900,
      available: 0,
      return_window_days: WINDOW_DAYS,
      delivery_confirm_days: 3,
    })
    expect(await dashboard()).toMatchObject({ pending: 900, available: 0 })
    const early = await pay(1)
    expect(early.status).toBe(409)
    expect(early.body).toMatchObject({ errors: { amount: ['At most KSh 0'] } })

    // Confirmed (by an admin, on the shopper's word), but inside the window: still pending. The release job waits.
    const [ids] = await typedRows(
      server.database.db,
      { order_id: value.int },
      sql`select order_id from vendor_orders where id = ${part.id}`,
    )
    const confirmed = await admin.post(`/api/admin/orders/${ids?.order_id}/parts/${part.id}/confirm/`)
    expect(confirmed.status).toBeLessThan(300)
    const releaseKey = `vendor_part.release:${part.id}`
    const confirm = (daysAgo: number) =>
      server.database.db.execute(
        sql`update vendor_orders set delivered_at = now() - make_interval(days => ${daysAgo + 1}),
              delivery_confirmed_at = now() - make_interval(days => ${daysAgo}), delivery_confirmed_by = 'shopper'
            where id = ${part.id}`,
      )
    const releaseDue = async () => {
      await server.database.db.execute(sql`update jobs set run_at = now() where dedupe_key = ${releaseKey}`)
      await server.app.soko.jobs.runDue()
    }
    await confirm(WINDOW_DAYS - 1)
    await releaseDue()
    expect(await mine()).toMatchObject({ balance: 900, pending: 900, available: 0 })
    const line = (await mine()).lines[0]
    expect(line?.earning).toBe('pending')
    expect(Date.parse(line?.availableFrom ?? '')).toBeGreaterThan(Date.now())
    expect((await pay(1)).status).toBe(409)

    // After the window, a return still open on the part holds its money back: the release job does nothing.
    await confirm(WINDOW_DAYS + 1)
    await server.database.db.execute(
      sql`insert into returns (order_id, vendor_order_id, state, amount_cents)
          select order_id, id, 'requested', 100000 from vendor_orders where id = ${part.id}`,
    )
    await releaseDue()
    expect(await mine()).toMatchObject({ balance: 900, pending: 900, available: 0 })
    expect((await mine()).lines[0]?.earning).toBe('pending')
    expect((await pay(1)).status).toBe(409)

    // Once it is gone and the release runs again, the money is available, and only that may be paid out.
    await server.database.db.execute(sql`delete from returns where vendor_order_id = ${part.id}`)
    await server.database.db.transaction((t) =>
      server.app.soko.postings.enqueueRelease(t, part.id, new Date(Date.now() - (WINDOW_DAYS + 1) * 86_400_000)),
    )
    await runJobUntilDone(server, releaseKey)
    expect(await mine()).toMatchObject({ balance: 900, pending: 0, available: 900 })
    expect((await mine()).lines[0]?.earning).toBe('available')
    expect(await admins()).toMatchObject({ balance_owed: 900, pending: 0, available: 900 })
    expect(await dashboard()).toMatchObject({ pending: 0, available: 900 })

    const tooMuch = await pay(900.01)
    expect(tooMuch.status).toBe(409)
    expect(tooMuch.body).toMatchObject({ errors: { amount: ['At most KSh 900'] } })
    const paid = await pay(600)
    expect(paid.status).toBe(201)
    expect(paid.body).toMatchObject({ balance_owed: 300, paid_out: 600, pending: 0, available: 300 })
    expect(await mine()).toMatchObject({ balance: 300, paidOut: 600, pending: 0, available: 300 })
    expect((await pay(300.01)).status).toBe(409)
    expect((await pay(300)).status).toBe(201)
    expect(await admins()).toMatchObject({ balance_owed: 0, available: 0 })
  })
})
