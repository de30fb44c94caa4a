import type { Quote } from '@soko/contract/checkout'
import type { AdminDelivery, AdminStation, DeliveryOptions } from '@soko/contract/delivery'
import type { SitePolicies } from '@soko/contract/site'
import { auditLog } from '@soko/db/schema/audit'
import { and, asc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client, newCustomer, RELAXED_LIMITS, registerUser, signIn } from './support/accounts.ts'
import { FAST_PAYMENTS, orderBody, placeOrder, type StockedProduct, sellableProducts } from './support/checkout.ts'
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
