import type { SitePolicies } from '@soko/contract/site'
import { auditLog } from '@soko/db/schema/audit'
import { vendorOrders } from '@soko/db/schema/orders'
import { typedRows } from '@soko/db/typed-sql'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client, newCustomer, RELAXED_LIMITS, registerUser, signIn } from './support/accounts.ts'
import { orderBody, placeOrder } from './support/checkout.ts'
import { engines, startTestServer, type TestServer } from './support/test-server.ts'
import { newVendor, productBody, type VendorProduct } from './support/vendor.ts'

// Commission rates per category (decision 0014 "Commission rates"): a category's own rate, else its parent's, else
// the marketplace default (COMMISSION_PERCENT, 11 here so that no figure is the 10 % of the defaults). Each line's
// commission is rounded on its own and the part's is their sum, stored when the order is placed.

interface AdminCategory {
  id: number
  name: string
  parent_id: number | null
  commission_percent: number | null
  effective_commission_percent: number
  commission_inherited_from: { id: number; name: string } | null
  children: AdminCategory[]
}

interface ErrorAnswer {
  detail: string
  errors?: Record<string, string[]>
}

describe.each(engines)('commission rates per category (%s)', (engine) => {
  let server: TestServer
  let admin: Client
  let gadgets: AdminCategory
  let phones: AdminCategory
  let cables: AdminCategory
  let plainLeaf: AdminCategory

  const commissionOf = async (orderNumber: string): Promise<number[]> => {
    const rows = await typedRows(
      server.database.db,
      { commission_cents: vendorOrders.commissionCents },
      sql`select v.commission_cents from vendor_orders v join orders o on o.id = v.order_id
          where o.order_number = ${orderNumber} order by v.id`,
    )
    return rows.map((row) => row.commission_cents)
  }

  beforeAll(async () => {
    server = await startTestServer(engine, { env: { ...RELAXED_LIMITS, COMMISSION_PERCENT: '11' } })
    const credentials = await registerUser(server)
    await server.database.db.execute(sql`update users set role = 'superuser' where lower(email) = ${credentials.email}`)
    admin = (await signIn(server, credentials)).client
  })
  afterAll(() => server?.close())

  it('the admin sets a rate on a parent and another on a leaf; the tree shows each effective rate', async () => {
    const created = async (body: Record<string, unknown>) => {
      const answer = await admin.post<AdminCategory>('/api/admin/categories/', body)
      expect(answer.status).toBe(201)
      return answer.body
    }
    gadgets = await created({ name: 'Rated Gadgets', commission_percent: 8 })
    expect(gadgets).toMatchObject({
      commission_percent: 8,
      effective_commission_percent: 8,
      commission_inherited_from: null,
    })
    phones = await created({ name: 'Rated Phones', parent_id: gadgets.id, commission_percent: 5.25 })
    cables = await created({ name: 'Rated Cables', parent_id: gadgets.id })
    const plain = await created({ name: 'Unrated Things' })
    plainLeaf = await created({ name: 'Unrated Leaf', parent_id: plain.id, commission_percent: null })

    const tree = (await admin.get<AdminCategory[]>('/api/admin/categories/')).body
    const top = tree.find((category) => category.id === gadgets.id)
    expect(top?.children.find((child) => child.id === phones.id)).toMatchObject({
      commission_percent: 5.25,
      effective_commission_percent: 5.25,
      commission_inherited_from: null,
    })
    expect(top?.children.find((child) => child.id === cables.id)).toMatchObject({
      commission_percent: null,
      effective_commission_percent: 8,
      commission_inherited_from: { id: gadgets.id, name: 'Rated Gadgets' },
    })
    const unrated = tree.find((category) => category.id === plain.id)
    expect(unrated).toMatchObject({ commission_percent: null, effective_commission_percent: 11 })
    expect(unrated?.children[0]).toMatchObject({
      commission_percent: null,
      effective_commission_percent: 11,
      commission_inherited_from: null,
    })

    // Changes are audited with the rate before and after.
    const edited = await admin.put<AdminCategory>(`/api/admin/categories/${phones.id}/`, { commission_percent: 5 })
    expect(edited.status).toBe(200)
    expect(edited.body.commission_percent).toBe(5)
    const [entry] = await server.database.db
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'category.updated'), eq(auditLog.subjectId, phones.id)))
    expect(entry?.detail).toMatchObject({ name: 'Rated Phones', commission: { from: 5.25, to: 5 } })
  })

  it('an order with lines in three categories is charged each one’s rate, rounded per line', async () => {
    const vendor = await newVendor(server)
    const product = async (categoryId: number, name: string, price: number) => {
      const answer = await vendor.client.post<VendorProduct>(
        '/api/vendor/products/',
        productBody(categoryId, { name, price, stockQty: 20 }),
      )
      expect(answer.status).toBe(201)
      return answer.body
    }
    const phone = await product(phones.id, 'Rated phone', 333.33) // 5 %, its own
    const cable = await product(cables.id, 'Rated cable', 199.99) // 8 %, its parent's
    const thing = await product(plainLeaf.id, 'Unrated thing', 1234.55) // 11 %, the default
    const items = [
      { productId: phone.id, quantity: 3 },
      { productId: cable.id, quantity: 1 },
      { productId: thing.id, quantity: 2 },
    ]
    const placed = await placeOrder(new Client(server), orderBody(items))
    expect(placed.status).toBe(201)
    // 999.99 × 5 % = 49.9995 → 50.00; 199.99 × 8 % = 15.9992 → 16.00; 2,469.10 × 11 % = 271.601 → 271.60.
    expect(await commissionOf(placed.body.order.orderNumber)).toEqual([5000 + 1600 + 27_160])

    // A new rate applies to the next order at once; the placed order keeps the rate of its day.
    expect((await admin.put(`/api/admin/categories/${cables.id}/`, { commission_percent: 0 })).status).toBe(200)
    expect((await admin.put(`/api/admin/categories/${phones.id}/`, { commission_percent: null })).status).toBe(200)
    const next = await placeOrder(new Client(server), orderBody(items))
    expect(next.status).toBe(201)
    // 999.99 × 8 % (inherited now) = 79.9992 → 80.00; the cable is free of commission; the thing as before.
    expect(await commissionOf(next.body.order.orderNumber)).toEqual([8000 + 0 + 27_160])
    expect(await commissionOf(placed.body.order.orderNumber)).toEqual([5000 + 1600 + 27_160])
    const [part] = await server.database.db
      .select({ subtotal: vendorOrders.subtotalCents })
      .from(vendorOrders)
      .where(eq(vendorOrders.businessId, vendor.shop.id))
    expect(part?.subtotal).toBe(99_999 + 19_999 + 246_910)
  })

  it('refuses a rate below 0, above 100, with three decimals, or as text, with the field named', async () => {
    const cases: [unknown, string][] = [
      [-1, 'Commission must be a number from 0 to 100'],
      [101, 'Commission must be a number from 0 to 100'],
      [12.345, 'Commission may have at most two decimals'],
      ['ten', 'Commission must be a number from 0 to 100'],
      ['12', 'Commission must be a number from 0 to 100'],
    ]
    for (const [commission, message] of cases) {
      const created = await admin.post<ErrorAnswer>('/api/admin/categories/', {
        name: 'Badly rated',
        commission_percent: commission,
      })
      expect(created.status).toBe(400)
      expect(created.body.errors?.commission_percent).toEqual([message])
      const edited = await admin.put<ErrorAnswer>(`/api/admin/categories/${cables.id}/`, {
        commission_percent: commission,
      })
      expect(edited.status).toBe(400)
      expect(edited.body.errors?.commission_percent).toEqual([message])
    }
    const tree = (await admin.get<AdminCategory[]>('/api/admin/categories/')).body
    expect(tree.some((category) => category.name === 'Badly rated')).toBe(false)
    // The database refuses a rate past the rules too.
    await expect(
      server.database.db.execute(sql`update categories set commission_bp = 10001 where id = ${cables.id}`),
    ).rejects.toThrow()
  })

  it('refuses anyone but an admin: 403 for a customer, 401 signed out', async () => {
    const customer = await newCustomer(server)
    const body = { commission_percent: 1 }
    expect((await customer.client.put(`/api/admin/categories/${cables.id}/`, body)).status).toBe(403)
    expect((await customer.client.post('/api/admin/categories/', { name: 'Mine', ...body })).status).toBe(403)
    expect((await new Client(server).put(`/api/admin/categories/${cables.id}/`, body)).status).toBe(401)
  })

  it('the site policies state the default and the categories with a rate of their own', async () => {
    const policies = (await new Client(server).get<SitePolicies>('/api/site/policies/')).body
    expect(policies.commissionPercent).toBe(11)
    const own = policies.categoryCommissions.filter((category) => category.slug.startsWith('rated-'))
    expect(own).toEqual([
      { name: 'Rated Gadgets', slug: 'rated-gadgets', parentName: null, percent: 8 },
      { name: 'Rated Cables', slug: 'rated-cables', parentName: 'Rated Gadgets', percent: 0 },
    ])
    // A change shows at once (the cached rates are dropped when it commits).
    expect((await admin.put(`/api/admin/categories/${gadgets.id}/`, { commission_percent: 7.5 })).status).toBe(200)
    const after = (await new Client(server).get<SitePolicies>('/api/site/policies/')).body
    expect(after.categoryCommissions.find((category) => category.slug === 'rated-gadgets')?.percent).toBe(7.5)
  })
})
