import type { AdminOrderDetail, AdminOrdersPage } from '@soko/contract/admin'
import type { Quote, VendorOrderSummary } from '@soko/contract/checkout'
import type { AdminDelivery, AdminStation, DeliveryOptions, PickupStation } from '@soko/contract/delivery'
import type { SitePolicies } from '@soko/contract/site'
import { auditLog } from '@soko/db/schema/audit'
import { typedRows, value } from '@soko/db/typed-sql'
import { PICKUP_HOLD_DAYS } from '@soko/domain/delivery'
import { and, asc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client, newCustomer, outbox, RELAXED_LIMITS, registerUser, signIn } from './support/accounts.ts'
import { type Caller, paidOrderWithCallers } from './support/callers.ts'
import {
  FAST_PAYMENTS,
  orderBody,
  type Placed,
  placeOrder,
  runJobUntilDone,
  type StockedProduct,
  sellableProducts,
  waitFor,
} from './support/checkout.ts'
import { engines, startTestServer, type TestServer } from './support/test-server.ts'

// Delivery options (issue 20) over real HTTP: home delivery by the county's zone and per parcel, pickup stations,
// bad choices refused on their field, fees only from the server, the admin's changes audited and on the help pages.

interface ErrorAnswer {
  detail: string
  code: string
  errors?: Record<string, string[]>
}

interface DeliveredOrder {
  order: {
    orderNumber: string
    shipping: number
    total: number
    delivery: Quote['delivery']
    collectionCode: string | null
  }
}

async function newAdmin(server: TestServer): Promise<Client> {
  const credentials = await registerUser(server)
  await server.database.db.execute(sql`update users set role = 'superuser' where lower(email) = ${credentials.email}`)
  return (await signIn(server, credentials)).client
}

const item = (product: StockedProduct) => ({ productId: product.id, quantity: 1, price: product.price })

describe.each(engines)('delivery options on %s', (engine) => {
  let server: TestServer
  let guest: Client
  let admin: Client
  let shops: StockedProduct[]

  beforeAll(async () => {
    server = await startTestServer(engine, { env: { ...RELAXED_LIMITS, ...FAST_PAYMENTS } })
    guest = new Client(server)
    admin = await newAdmin(server)
    shops = await sellableProducts(server, 3, true)
    if (shops.length < 3) throw new Error('fixture: three shops with stock')
  })
  afterAll(() => server?.close())

  const quote = (items: unknown[], delivery?: unknown) =>
    guest.post<Quote & ErrorAnswer>('/api/checkout/quote/', delivery === undefined ? { items } : { items, delivery })

  it("charges the configuration's flat fee in every zone until the admin sets fees", async () => {
    const [a] = shops
    if (!a) throw new Error('fixture')
    for (const county of [undefined, 'Nairobi', 'Kiambu', 'Turkana']) {
      const answer = await quote([item(a)], county === undefined ? undefined : { method: 'home', county })
      expect(answer.status).toBe(200)
      expect(answer.body.shipping).toBe(500)
      expect(answer.body.delivery).toMatchObject({ method: 'home', fee: 500, parcels: 1, county: county ?? null })
    }
  })

  it('lets the admin set the zone fees and the extra-vendor fee, audited', async () => {
    const refused = await new Client(server).put('/api/admin/delivery/fees/', {
      nairobi: 1,
      near: 1,
      rest: 1,
      extraVendor: 1,
    })
    expect(refused.status).toBe(401)
    const shopper = (await newCustomer(server)).client
    expect((await shopper.get('/api/admin/delivery/')).status).toBe(403)

    const negative = await admin.put<ErrorAnswer>('/api/admin/delivery/fees/', {
      nairobi: -1,
      near: 450,
      rest: 600,
      extraVendor: 200,
    })
    expect(negative.status).toBe(400)
    expect(negative.body.errors?.nairobi).toBeDefined()

    const set = await admin.put<AdminDelivery>('/api/admin/delivery/fees/', {
      nairobi: 300,
      near: 450,
      rest: 600,
      extraVendor: 200,
    })
    expect(set.status).toBe(200)
    expect(set.body.fees).toEqual({ nairobi: 300, near: 450, rest: 600, extraVendor: 200 })
    const [entry] = await server.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.subjectType, 'delivery'))
    expect(entry?.action).toBe('delivery.fees_changed')
  })

  it.each([
    // county, shops in the cart, fee: the zone's for the first parcel, 200 for each further one
    ['Nairobi', 1, 300],
    ['Nairobi', 2, 500],
    ['Nairobi', 3, 700],
    ['Kiambu', 1, 450],
    ["Murang'a", 2, 650],
    ['Mombasa', 1, 600],
    ['Turkana', 3, 1000],
  ])('prices home delivery to %s with %i shops at %i', async (county, count, fee) => {
    const answer = await quote(shops.slice(0, count).map(item), { method: 'home', county })
    expect(answer.status).toBe(200)
    expect(answer.body.shipping).toBe(fee)
    expect(answer.body.delivery).toMatchObject({ method: 'home', county, fee, parcels: count })
    expect(answer.body.total).toBeCloseTo(answer.body.subtotal + answer.body.shipping + answer.body.vat, 2)
    const { earliest = '', latest = '' } = answer.body.delivery ?? {}
    expect(earliest).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(earliest <= latest).toBe(true)
  })

  it('quotes a cart without a county at the highest zone fee, so checkout can only lower it', async () => {
    const [a] = shops
    if (!a) throw new Error('fixture')
    const answer = await quote([item(a)])
    expect(answer.body.delivery).toMatchObject({ method: 'home', zone: 'rest', county: null, fee: 600 })
  })

  it('lists the active stations of a county and prices pickup at the station fee', async () => {
    const options = await guest.get<DeliveryOptions>('/api/delivery/options/?county=Mombasa')
    expect(options.status).toBe(200)
    const [station] = options.body.stations
    if (!station) throw new Error('fixture: the demo has a Mombasa station')
    expect(options.body.stations.every((s) => s.county === 'Mombasa')).toBe(true)
    expect(station).toMatchObject({ zone: 'rest', minDays: 4, maxDays: 6 })

    const one = await quote(shops.slice(0, 1).map(item), { method: 'pickup', stationId: station.id })
    expect(one.status).toBe(200)
    expect(one.body.shipping).toBe(station.fee)
    expect(one.body.delivery).toMatchObject({
      method: 'pickup',
      county: 'Mombasa',
      station: { id: station.id, name: station.name, address: station.address, openingHours: station.openingHours },
    })
    const two = await quote(shops.slice(0, 2).map(item), { method: 'pickup', stationId: station.id })
    expect(two.body.shipping).toBe(station.fee + 200)

    const unknownCounty = await guest.get<ErrorAnswer>('/api/delivery/options/?county=Atlantis')
    expect(unknownCounty.status).toBe(400)
  })

  it('refuses an unknown county or station on its field, and any fee the browser sends', async () => {
    const [a] = shops
    if (!a) throw new Error('fixture')
    const county = await quote([item(a)], { method: 'home', county: 'Atlantis' })
    expect(county.status).toBe(400)
    expect(county.body.errors?.['delivery.county']?.[0]).toMatch(/count/i)

    const station = await quote([item(a)], { method: 'pickup', stationId: 999_999 })
    expect(station.status).toBe(400)
    expect(station.body.errors?.['delivery.stationId']?.[0]).toMatch(/does not exist/)

    const method = await quote([item(a)], { method: 'drone' })
    expect(method.status).toBe(400)

    const fee = await quote([item(a)], { method: 'home', county: 'Nairobi', fee: 0 })
    expect(fee.status).toBe(400)
    const shipping = await guest.post<ErrorAnswer>('/api/checkout/quote/', { items: [item(a)], shipping: 0 })
    expect(shipping.status).toBe(400)
    const order = await placeOrder(guest, orderBody([item(a)], { delivery: { method: 'home', fee: 0 } }))
    expect(order.status).toBe(400)
  })

  it('lets the admin add, edit and close a station; a closed one is refused at checkout', async () => {
    const body = {
      name: 'Soko Point Thika Road',
      county: 'kiambu',
      town: 'Ruiru',
      address: 'Thika Road Mall, lower ground',
      openingHours: 'Mon–Sat 9:00–18:00',
      fee: 150,
    }
    const created = await admin.post<AdminStation>('/api/admin/delivery/stations/', body)
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ ...body, county: 'Kiambu', active: true })
    const bad = await admin.post<ErrorAnswer>('/api/admin/delivery/stations/', { ...body, county: 'Atlantis' })
    expect(bad.status).toBe(400)
    expect(bad.body.errors?.county).toBeDefined()

    const [a] = shops
    if (!a) throw new Error('fixture')
    const priced = await quote([item(a)], { method: 'pickup', stationId: created.body.id })
    expect(priced.body.shipping).toBe(150)

    const closed = await admin.put<AdminStation>(`/api/admin/delivery/stations/${created.body.id}/`, {
      ...body,
      fee: 175,
      active: false,
    })
    expect(closed.status).toBe(200)
    expect(closed.body).toMatchObject({ fee: 175, active: false })
    const refused = await quote([item(a)], { method: 'pickup', stationId: created.body.id })
    expect(refused.status).toBe(400)
    expect(refused.body.errors?.['delivery.stationId']?.[0]).toMatch(/no longer/)
    const listed = await guest.get<DeliveryOptions>('/api/delivery/options/?county=Kiambu')
    expect(listed.body.stations.map((s) => s.id)).not.toContain(created.body.id)
    const all = await admin.get<AdminDelivery>('/api/admin/delivery/')
    expect(all.body.stations.find((s) => s.id === created.body.id)?.active).toBe(false)

    expect((await admin.put('/api/admin/delivery/stations/999999/', body)).status).toBe(404)
    const actions = await server.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, 'pickup_station'), eq(auditLog.subjectId, created.body.id)))
      .orderBy(asc(auditLog.id))
    expect(actions.map((row) => row.action)).toEqual(['pickup_station.created', 'pickup_station.updated'])
  })

  it("delivers an order without a choice to its address's county, and keeps the delivery on the order", async () => {
    const [a, b] = shops
    if (!a || !b) throw new Error('fixture')
    const placed = await placeOrder(guest, orderBody([item(a), item(b)], { county: 'Machakos' }))
    expect(placed.status).toBe(201)
    const { order } = placed.body as unknown as DeliveredOrder
    expect(order.shipping).toBe(650)
    expect(order.delivery).toMatchObject({ method: 'home', zone: 'near', county: 'Machakos', fee: 650, parcels: 2 })
    expect(order.collectionCode).toBeNull()
  })

  it('places a pickup order with its station snapshot and a collection code; the total is the one quoted', async () => {
    const [a] = shops
    if (!a) throw new Error('fixture')
    const options = await guest.get<DeliveryOptions>('/api/delivery/options/?county=Nairobi')
    const [station] = options.body.stations
    if (!station) throw new Error('fixture: the demo has a Nairobi station')
    const delivery = { method: 'pickup', stationId: station.id }
    const quoted = await quote([item(a)], delivery)
    const placed = await placeOrder(guest, orderBody([item(a)], { delivery, expectedTotal: quoted.body.total }))
    expect(placed.status).toBe(201)
    const { order } = placed.body as unknown as DeliveredOrder
    expect(order.total).toBe(quoted.body.total)
    expect(order.shipping).toBe(station.fee)
    expect(order.delivery).toMatchObject({ method: 'pickup', station: { id: station.id, name: station.name } })
    expect(order.collectionCode).toMatch(/^[0-9A-HJKMNP-TV-Z]{6}$/)

    // A total the shopper saw for home delivery is not the pickup order's: 409 with the new quote.
    const home = await quote([item(a)], { method: 'home', county: 'Turkana' })
    const changed = await placeOrder(guest, orderBody([item(a)], { delivery, expectedTotal: home.body.total }))
    expect(changed.status).toBe(409)
  })

  it('states the admin-set fees, zones and stations on the help pages', async () => {
    const policies = (await (await fetch(`${server.url}/api/site/policies/`)).json()) as SitePolicies
    expect(policies.deliveryFee).toBe(300)
    expect(policies.delivery.zones.map((zone) => [zone.zone, zone.fee])).toEqual([
      ['nairobi', 300],
      ['near', 450],
      ['rest', 600],
    ])
    expect(policies.delivery.zones[1]?.counties).toEqual(expect.arrayContaining(['Kiambu', 'Machakos', 'Kajiado']))
    expect(policies.delivery.zones.flatMap((zone) => zone.counties)).toHaveLength(47)
    expect(policies.delivery.extraVendorFee).toBe(200)
    expect(policies.delivery.stations.map((s) => s.town)).toEqual(
      expect.arrayContaining(['Mombasa', 'Kisumu', 'Nakuru', 'Eldoret']),
    )
  })
})

describe.each(engines)('pickup parcels on %s', (engine) => {
  let server: TestServer
  let clients: Record<Caller, Client>
  let placed: Placed
  let partId: number
  let station: PickupStation

  beforeAll(async () => {
    server = await startTestServer(engine, { env: { ...RELAXED_LIMITS, ...FAST_PAYMENTS, PICKUP_CODE_LIMIT: '3/15m' } })
    const options = await new Client(server).get<DeliveryOptions>('/api/delivery/options/?county=Kisumu')
    const [first] = options.body.stations
    if (!first) throw new Error('fixture: the demo has a Kisumu station')
    station = first
    ;({ clients, placed } = await paidOrderWithCallers(
      server,
      { name: 'Pickup shop', otherName: 'Other pickup shop', product: 'Kiondo basket', quantity: 1 },
      { method: 'pickup', stationId: station.id },
    ))
    const [part] = await typedRows(
      server.database.db,
      { id: value.int },
      sql`select v.id from vendor_orders v join orders o on o.id = v.order_id
          where o.order_number = ${placed.order.orderNumber}`,
    )
    if (!part) throw new Error('no part')
    partId = part.id
  })
  afterAll(() => server?.close())

  const orderOf = async () =>
    (
      await clients.buyer.get<DeliveredOrder['order'] & { vendors: { atStationAt: string | null; status: string }[] }>(
        `/api/checkout/orders/${placed.order.orderNumber}/`,
      )
    ).body

  it('tells the shopper the code, then the parcel is at the station; the station hands it over against the code', async () => {
    const order = await orderOf()
    const code = order.collectionCode ?? ''
    expect(code).toMatch(/^[0-9A-Z]{6}$/)
    const email = (placed.order as unknown as { contact: { email: string } }).contact.email

    // Not before it ships, not by another shop, not by a shopper.
    expect((await clients.vendor.post(`/api/vendor/orders/${partId}/at-station/`)).status).toBe(409)
    expect(
      (await clients.vendor.post(`/api/vendor/orders/${partId}/ship/`, { carrier: 'pickup-station' })).status,
    ).toBe(204)
    expect((await clients['other-vendor'].post(`/api/vendor/orders/${partId}/at-station/`)).status).toBe(404)
    expect((await clients.buyer.post(`/api/vendor/orders/${partId}/at-station/`)).status).toBe(403)
    const early = await clients.vendor.post<ErrorAnswer>(`/api/vendor/orders/${partId}/collect/`, { code })
    expect(early.status).toBe(409)
    expect(early.body.detail).toMatch(/not arrived/)

    expect((await clients.vendor.post(`/api/vendor/orders/${partId}/at-station/`)).status).toBe(204)
    expect((await clients.vendor.post(`/api/vendor/orders/${partId}/at-station/`)).status).toBe(409)
    expect((await orderOf()).vendors[0]?.atStationAt).not.toBeNull()
    // The shop's list says where the parcel waits, and that it is there.
    const listed =
      await clients.vendor.get<{ id: number; pickup: { station: string; atStationAt: string | null } }[]>(
        '/api/vendor/orders/',
      )
    const mine = listed.body.find((row) => row.id === partId)
    expect(mine?.pickup?.station).toContain(station.name)
    expect(mine?.pickup?.atStationAt).not.toBeNull()
    const mail = await waitFor(async () =>
      (await outbox(server, email)).find((message) => message.subject.includes('your parcel is at')),
    )
    expect(mail.subject).toContain(station.name)
    expect(mail.text).toContain(code)
    expect(mail.text).toContain(station.address)

    // Wrong codes are refused on the field, then the tries (3, the early one counted) run out even for the right one.
    const wrong = code === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA'
    for (let i = 0; i < 2; i += 1) {
      const answer = await clients.vendor.post<ErrorAnswer>(`/api/vendor/orders/${partId}/collect/`, { code: wrong })
      expect(answer.status).toBe(400)
      expect(answer.body.errors?.code?.[0]).toMatch(/not the collection code/)
    }
    expect((await clients.vendor.post(`/api/vendor/orders/${partId}/collect/`, { code })).status).toBe(429)
    expect((await orderOf()).vendors[0]?.status).toBe('shipped')

    // An admin at the counter, typing it as read aloud (lower case, a space), hands it over: received, audited.
    const spaced = `${code.slice(0, 3).toLowerCase()} ${code.slice(3)}`
    const collected = await clients.admin.post(`/api/admin/orders/${placed.order.id}/parts/${partId}/collect/`, {
      code: spaced,
    })
    expect(collected.status).toBe(204)
    const after = await orderOf()
    expect(after.vendors[0]?.status).toBe('delivered')
    const [part] = await typedRows(
      server.database.db,
      { delivery_confirmed_by: value.text },
      sql`select delivery_confirmed_by from vendor_orders where id = ${partId}`,
    )
    expect(part?.delivery_confirmed_by).toBe('station')
    const [entry] = await server.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, 'order'), eq(auditLog.subjectId, placed.order.id)))
    expect(entry?.action).toBe('pickup.collected')
    const again = await clients.admin.post(`/api/admin/orders/${placed.order.id}/parts/${partId}/collect/`, { code })
    expect(again.status).toBe(409)
  })
})

// A parcel left at its station: the shopper is reminded a day before collect-by, the shop told at it; nothing is
// cancelled. The timers are run by moving the parcel's arrival back in time, as the clock would.
describe.each(engines)('a parcel waiting at its station on %s', (engine) => {
  let server: TestServer
  let left: { clients: Record<Caller, Client>; placed: Placed; partId: number; code: string; email: string }
  let collected: { clients: Record<Caller, Client>; placed: Placed; partId: number; code: string; email: string }
  let station: PickupStation

  const db = () => server.database.db

  async function pickupOrder(name: string) {
    const { clients, placed } = await paidOrderWithCallers(
      server,
      { name, otherName: `${name} neighbour`, product: 'Sisal bag', quantity: 1 },
      { method: 'pickup', stationId: station.id },
    )
    const [part] = await typedRows(
      db(),
      { id: value.int },
      sql`select v.id from vendor_orders v join orders o on o.id = v.order_id
          where o.order_number = ${placed.order.orderNumber}`,
    )
    if (!part) throw new Error('no part')
    const order = await clients.buyer.get<DeliveredOrder['order'] & { contact: { email: string } }>(
      `/api/checkout/orders/${placed.order.orderNumber}/`,
    )
    const code = order.body.collectionCode ?? ''
    return { clients, placed, partId: part.id, code, email: order.body.contact.email }
  }

  beforeAll(async () => {
    server = await startTestServer(engine, { env: { ...RELAXED_LIMITS, ...FAST_PAYMENTS } })
    const options = await new Client(server).get<DeliveryOptions>('/api/delivery/options/?county=Mombasa')
    const [first] = options.body.stations
    if (!first) throw new Error('fixture: the demo has a Mombasa station')
    station = first
    left = await pickupOrder('Waiting shop')
    collected = await pickupOrder('Collected shop')
  })
  afterAll(() => server?.close())

  const timer = (kind: 'reminder' | 'past-collect-by', partId: number) => `pickup.${kind}:${partId}`
  const runNow = async (key: string) => {
    await db().execute(sql`update jobs set run_at = now() where dedupe_key = ${key} and done_at is null`)
    await server.app.soko.jobs.runDue()
  }
  const arrivedAgo = (partId: number, hours: number) =>
    db().execute(
      sql`update vendor_orders set at_station_at = now() - make_interval(hours => ${hours}) where id = ${partId}`,
    )
  const pending = async (key: string) =>
    typedRows(
      db(),
      { run_at: value.timestamp },
      sql`select run_at from jobs where dedupe_key = ${key} and done_at is null`,
    )
  const adminPart = async (orderId: number) => {
    const detail = await left.clients.admin.get<AdminOrderDetail>(`/api/admin/orders/${orderId}/`)
    const [part] = detail.body.vendor_parts
    if (!part) throw new Error('no part')
    return part
  }
  const subjects = async (to: string) => (await outbox(server, to)).map((message) => message.subject)

  it('reminds the shopper a day before collect-by, then tells the shop to arrange its return; nothing is cancelled', async () => {
    const { clients, placed, partId, code, email } = left
    const orderId = placed.order.id
    expect(
      (await clients.vendor.post(`/api/vendor/orders/${partId}/ship/`, { carrier: 'pickup-station' })).status,
    ).toBe(204)
    const before = await adminPart(orderId)
    expect(before.pickup).toMatchObject({ at_station_at: null, collect_by: null, can_mark_arrived: true })
    expect(before.pickup?.station).toContain(station.name)
    expect(before.pickup?.opening_hours).toBe(station.openingHours)

    // The admin marks it arrived: both timers are queued, a day before collect-by and at it.
    const arrived = await clients.admin.post(`/api/admin/orders/${orderId}/parts/${partId}/at-station/`)
    expect(arrived.status).toBe(204)
    const part = await adminPart(orderId)
    expect(part.pickup).toMatchObject({ can_mark_arrived: false, can_collect: true, past_collect_by: false })
    const arrivedAt = new Date(part.pickup?.at_station_at ?? 0).getTime()
    expect(new Date(part.pickup?.collect_by ?? 0).getTime() - arrivedAt).toBe(PICKUP_HOLD_DAYS * 86_400_000)
    const [reminder] = await pending(timer('reminder', partId))
    const [notice] = await pending(timer('past-collect-by', partId))
    expect(Math.round(((reminder?.run_at.getTime() ?? 0) - arrivedAt) / 3_600_000)).toBe((PICKUP_HOLD_DAYS - 1) * 24)
    expect(Math.round(((notice?.run_at.getTime() ?? 0) - arrivedAt) / 3_600_000)).toBe(PICKUP_HOLD_DAYS * 24)

    // Run ahead of time, the reminder sends nothing and waits for its time again.
    await runNow(timer('reminder', partId))
    const [again] = await pending(timer('reminder', partId))
    expect(Math.abs((again?.run_at.getTime() ?? 0) - (reminder?.run_at.getTime() ?? 0))).toBeLessThan(1000)
    expect(await subjects(email)).not.toContainEqual(expect.stringContaining('collect your parcel by'))

    // A day before collect-by: the reminder, with the code, the station, its hours and the date.
    await arrivedAgo(partId, (PICKUP_HOLD_DAYS - 1) * 24 + 1)
    await runNow(timer('reminder', partId))
    await runJobUntilDone(server, timer('reminder', partId))
    const reminders = (await outbox(server, email)).filter((message) => message.subject.includes('collect your parcel'))
    expect(reminders).toHaveLength(1)
    const collectBy = (await adminPart(orderId)).pickup?.collect_by ?? ''
    const day = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Africa/Nairobi',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
    }).format(new Date(collectBy))
    expect(reminders[0]?.subject).toBe(`Order ${placed.order.orderNumber}: collect your parcel by ${day}`)
    for (const text of [code, station.name, station.address, station.openingHours, day]) {
      expect(reminders[0]?.text).toContain(text)
    }
    expect((await adminPart(orderId)).pickup?.past_collect_by).toBe(false)

    // Past collect-by: flagged for the admin (order and list) and the shop, the shop's owner emailed; still shipped.
    await arrivedAgo(partId, PICKUP_HOLD_DAYS * 24 + 1)
    const overdue = await adminPart(orderId)
    expect(overdue.pickup?.past_collect_by).toBe(true)
    expect(overdue.status).toBe('shipped')
    const list = await clients.admin.get<AdminOrdersPage>(
      `/api/admin/orders/?q=${encodeURIComponent(placed.order.orderNumber)}`,
    )
    expect(list.body.results.find((row) => row.id === orderId)?.past_collect_by).toBe(true)
    const mine = await clients.vendor.get<VendorOrderSummary[]>('/api/vendor/orders/')
    expect(mine.body.find((row) => row.id === partId)?.pickup).toMatchObject({ pastCollectBy: true })

    await runNow(timer('past-collect-by', partId))
    await runJobUntilDone(server, timer('past-collect-by', partId))
    const [owner] = await typedRows(
      db(),
      { email: value.text },
      sql`select u.email from vendor_orders v join businesses b on b.id = v.business_id
          join users u on u.id = b.owner_id where v.id = ${partId}`,
    )
    const notices = (await outbox(server, owner?.email ?? '')).filter((message) =>
      message.subject.includes('not collected'),
    )
    expect(notices).toHaveLength(1)
    expect(notices[0]?.text).toContain('arrange its return')
    expect(notices[0]?.text).toContain(station.name)
    expect((await adminPart(orderId)).status).toBe('shipped')
    // A second run of either timer sends nothing more.
    await db().execute(
      sql`insert into jobs (kind, payload, run_at) values ('pickup.reminder', ${JSON.stringify({ partId })}::jsonb, now()),
          ('pickup.past-collect-by', ${JSON.stringify({ partId })}::jsonb, now())`,
    )
    await server.app.soko.jobs.runDue()
    expect((await subjects(email)).filter((subject) => subject.includes('collect your parcel'))).toHaveLength(1)

    // The shopper may still come for it: handed over against the code, no longer flagged.
    const handed = await clients.admin.post(`/api/admin/orders/${orderId}/parts/${partId}/collect/`, { code })
    expect(handed.status).toBe(204)
    const after = await adminPart(orderId)
    expect(after.pickup).toMatchObject({ past_collect_by: false, can_collect: false })
    expect(after.delivery_confirmed_by).toBe('station')
  })

  it('sends no reminder and no notice for a parcel collected in time', async () => {
    const { clients, partId, code, email } = collected
    expect(
      (await clients.vendor.post(`/api/vendor/orders/${partId}/ship/`, { carrier: 'pickup-station' })).status,
    ).toBe(204)
    expect((await clients.vendor.post(`/api/vendor/orders/${partId}/at-station/`)).status).toBe(204)
    expect((await clients.vendor.post(`/api/vendor/orders/${partId}/collect/`, { code })).status).toBe(204)
    await arrivedAgo(partId, PICKUP_HOLD_DAYS * 24 + 1)
    await runNow(timer('reminder', partId))
    await runNow(timer('past-collect-by', partId))
    expect(await pending(timer('reminder', partId))).toHaveLength(0)
    expect(await pending(timer('past-collect-by', partId))).toHaveLength(0)
    expect(await subjects(email)).not.toContainEqual(expect.stringContaining('collect your parcel by'))
    const mine = await clients.vendor.get<VendorOrderSummary[]>('/api/vendor/orders/')
    expect(mine.body.find((row) => row.id === partId)?.pickup).toMatchObject({ pastCollectBy: false })
  })
})
