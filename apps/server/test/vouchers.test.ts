import { typedRows, value } from '@soko/db/typed-sql'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client, RELAXED_LIMITS, registerUser, signIn } from './support/accounts.ts'
import { FAST_PAYMENTS, newKey, orderBody, type Placed, placeOrder, settledPayment } from './support/checkout.ts'
import { engines, startTestServer, type TestServer } from './support/test-server.ts'
import { categories, newVendor, productBody, type VendorProduct } from './support/vendor.ts'

// Vouchers (decision 0023) over HTTP on both engines: the admin's (funded by the marketplace) and a shop's own, in
// the one quote with the discount or the reason it is refused, placing orders with them (the limit of uses held
// under 20 orders at once), and the ledger recording who pays for each discount, balanced.

interface QuoteVoucher {
  code: string
  applied: boolean
  discount: number
  fundedBy: string | null
  funderName: string | null
  reason: string | null
  message: string | null
}
interface Quote {
  subtotal: number
  discount: number
  voucher: QuoteVoucher | null
  shipping: number
  vat: number
  total: number
}
interface VoucherView {
  id: number
  code: string
  fundedBy: string
  usedCount: number
  active: boolean
}
interface TrialBalance {
  lines: { account: string; vendor_id: number | null; balance: number }[]
  balanced: boolean
}
interface Shop {
  client: Client
  id: number
  productId: number
}

let serial = 0
const next = () => {
  serial += 1
  return serial
}
const code = (prefix: string) => `${prefix.toUpperCase()}-${Date.now().toString(36).toUpperCase()}${next()}`

describe.each(engines)('vouchers (%s)', (engine) => {
  let server: TestServer
  let admin: Client
  let shopA: Shop
  let shopB: Shop
  const buyer = () => new Client(server)

  beforeAll(async () => {
    server = await startTestServer(engine, { env: { ...RELAXED_LIMITS, ...FAST_PAYMENTS, DB_POOL_SIZE: '10' } })
    const { leaf } = await categories(server)
    const credentials = await registerUser(server)
    await server.database.db.execute(sql`update users set role = 'superuser' where lower(email) = ${credentials.email}`)
    admin = (await signIn(server, credentials)).client
    const shop = async (name: string, price: number): Promise<Shop> => {
      const vendor = await newVendor(server)
      const { body } = await vendor.client.post<VendorProduct>(
        '/api/vendor/products/',
        productBody(leaf, { name, price, stockQty: 90 }),
      )
      return { client: vendor.client, id: vendor.shop.id, productId: body.id }
    }
    shopA = await shop('Voucher jiko', 1000)
    shopB = await shop('Voucher sufuria', 2000)
  })
  afterAll(() => server?.close())

  const cart = () => [
    { productId: shopA.productId, quantity: 1 },
    { productId: shopB.productId, quantity: 1 },
  ]

  async function adminVoucher(body: Record<string, unknown>): Promise<VoucherView> {
    const answer = await admin.post<VoucherView>('/api/admin/vouchers/', { kind: 'percent', value: 10, ...body })
    expect(answer.status).toBe(201)
    return answer.body
  }

  async function quote(voucherCode: string, items = cart(), client = buyer()): Promise<Quote> {
    const answer = await client.post<Quote>('/api/checkout/quote/', { items, voucherCode })
    expect(answer.status).toBe(200)
    return answer.body
  }

  async function marketplaceDiscounts(): Promise<number> {
    const answer = await admin.get<TrialBalance>('/api/admin/ledger/trial-balance/')
    expect(answer.body.balanced).toBe(true)
    return answer.body.lines.find((line) => line.account === 'marketplace_discounts')?.balance ?? 0
  }

  /** The shop's pending earnings in the ledger (KES). */
  async function pending(shop: Shop): Promise<number> {
    const answer = await admin.get<{ balances: { pending: number } }>(`/api/admin/vendors/${shop.id}/ledger/`)
    expect(answer.status).toBe(200)
    return answer.body.balances.pending
  }

  async function part(placed: Placed, shop: Shop) {
    const [row] = await typedRows(
      server.database.db,
      { subtotal_cents: value.int, commission_cents: value.int, marketplace_discount_cents: value.int },
      sql`select v.subtotal_cents, v.commission_cents, v.marketplace_discount_cents from vendor_orders v
          join orders o on o.id = v.order_id where o.order_number = ${placed.order.orderNumber}
          and v.business_id = ${shop.id}`,
    )
    if (!row) throw new Error('no part')
    return row
  }

  it('shows a marketplace voucher in the quote: the discount, who funds it, VAT on the goods as paid', async () => {
    const voucher = await adminVoucher({ code: code('karibu') })
    expect(voucher.fundedBy).toBe('marketplace')
    const plain = await buyer().post<Quote>('/api/checkout/quote/', { items: cart() })
    const withCode = await quote(voucher.code.toLowerCase())
    expect(withCode.voucher).toMatchObject({
      code: voucher.code,
      applied: true,
      discount: 300,
      fundedBy: 'marketplace',
    })
    expect(withCode.discount).toBe(300)
    expect(withCode.subtotal).toBe(3000)
    expect(withCode.vat).toBeCloseTo(2700 * 0.16, 0)
    expect(withCode.total).toBe(withCode.subtotal - withCode.discount + withCode.shipping + withCode.vat)
    expect(withCode.total).toBeLessThan(plain.body.total)
  })

  it('refuses a code with the reason in words, and the quote stays whole', async () => {
    const cases: [Record<string, unknown> | null, string, RegExp][] = [
      [null, 'unknown', /do not know the code/],
      [{ minSpend: 5000 }, 'minimum_spend', /add KSh 2,000 more/],
      [{ startsAt: '2099-01-01T00:00:00Z' }, 'not_started', /can be used from 2099-01-01/],
      [{ endsAt: '2020-01-01T00:00:00Z' }, 'expired', /expired on 2020-01-01/],
      [{ vendorIds: [999_999] }, 'not_for_these_items', /not for the items/],
    ]
    for (const [rules, reason, words] of cases) {
      const typed = rules === null ? code('nobody') : (await adminVoucher({ code: code('rule'), ...rules })).code
      const answer = await quote(typed)
      expect(answer.voucher).toMatchObject({ code: typed, applied: false, discount: 0, reason })
      expect(answer.voucher?.message).toMatch(words)
      expect(answer.discount).toBe(0)
      expect(answer.total).toBe(answer.subtotal + answer.shipping + answer.vat)
    }
    const disabled = await adminVoucher({ code: code('off') })
    const off = await admin.post<VoucherView>(`/api/admin/vouchers/${disabled.id}/active/`, { active: false })
    expect(off.body.active).toBe(false)
    expect((await quote(disabled.code)).voucher).toMatchObject({ applied: false, reason: 'disabled' })
    expect((await buyer().post('/api/checkout/quote/', { items: cart(), voucherCode: 'x' })).status).toBe(400)
  })

  it('places an order with a marketplace voucher: the shops earn on the full price, the marketplace pays', async () => {
    const voucher = await adminVoucher({ code: code('market'), kind: 'fixed', value: 300 })
    const before = await marketplaceDiscounts()
    const seen = await quote(voucher.code)
    const client = buyer()
    const placed = await placeOrder(client, orderBody(cart(), { voucherCode: voucher.code, expectedTotal: seen.total }))
    expect(placed.status).toBe(201)
    expect(placed.body.order).toMatchObject({ voucherCode: voucher.code, discount: 300, total: seen.total })
    expect((await settledPayment(client, placed.body)).status).toBe('paid')
    expect(await part(placed.body, shopA)).toMatchObject({
      subtotal_cents: 100_000,
      marketplace_discount_cents: 10_000,
    })
    expect(await part(placed.body, shopB)).toMatchObject({
      subtotal_cents: 200_000,
      marketplace_discount_cents: 20_000,
    })
    expect((await marketplaceDiscounts()) - before).toBe(300)
  })

  it("places an order with a shop's own voucher: its goods lower, its commission on the lower price", async () => {
    const own = await shopA.client.post<VoucherView>('/api/vendor/vouchers/', {
      code: code('jiko'),
      kind: 'fixed',
      value: 200,
    })
    expect(own.status).toBe(201)
    expect(own.body.fundedBy).toBe('vendor')
    expect((await shopA.client.get<VoucherView[]>('/api/vendor/vouchers/')).body.map((v) => v.id)).toContain(
      own.body.id,
    )
    // Another shop may not disable it.
    expect((await shopB.client.post(`/api/vendor/vouchers/${own.body.id}/active/`, { active: false })).status).toBe(404)
    const seen = await quote(own.body.code)
    expect(seen.voucher).toMatchObject({
      applied: true,
      discount: 200,
      fundedBy: 'vendor',
      funderName: expect.any(String),
    })
    const before = await marketplaceDiscounts()
    const pendingBefore = { a: await pending(shopA), b: await pending(shopB) }
    const client = buyer()
    const placed = await placeOrder(
      client,
      orderBody(cart(), { voucherCode: own.body.code, expectedTotal: seen.total }),
    )
    expect(placed.status).toBe(201)
    expect((await settledPayment(client, placed.body)).status).toBe('paid')
    const a = await part(placed.body, shopA)
    expect(a).toMatchObject({ subtotal_cents: 80_000, marketplace_discount_cents: 0 })
    expect(a.commission_cents).toBeLessThan(10_000)
    const b = await part(placed.body, shopB)
    expect(b).toMatchObject({ subtotal_cents: 200_000 })
    expect(await marketplaceDiscounts()).toBe(before)
    // The ledger: the funding shop's pending earnings are its goods after its own discount, less commission on that;
    // the other shop's are its full price less commission.
    expect((await pending(shopA)) - pendingBefore.a).toBe((a.subtotal_cents - a.commission_cents) / 100)
    expect((await pending(shopB)) - pendingBefore.b).toBe((b.subtotal_cents - b.commission_cents) / 100)
    // Only the shop's own lines: a cart of the other shop's product is not for it.
    const other = await quote(own.body.code, [{ productId: shopB.productId, quantity: 1 }])
    expect(other.voucher).toMatchObject({ applied: false, reason: 'not_for_these_items' })
  })

  it("keeps a shop's vouchers to the shop: its own products, funded by it, changed by it alone", async () => {
    const body = { code: code('own'), kind: 'percent', value: 15 }
    // Not for another shop, and never funded by the marketplace.
    for (const refused of [
      { ...body, vendorIds: [shopB.id] },
      { ...body, vendorIds: [shopA.id, shopB.id] },
      { ...body, fundedBy: 'marketplace' },
    ]) {
      const answer = await shopA.client.post<{ code: string }>('/api/vendor/vouchers/', refused)
      expect(answer.status).toBe(400)
      expect(answer.body.code).toBe('invalid_data')
    }
    const own = await shopA.client.post<VoucherView>('/api/vendor/vouchers/', { ...body, vendorIds: [shopA.id] })
    expect(own.status).toBe(201)
    expect(own.body).toMatchObject({ fundedBy: 'vendor', active: true })
    // Another shop neither sees it nor changes it; the admin sees it, funded by the shop.
    expect((await shopB.client.get<VoucherView[]>('/api/vendor/vouchers/')).body.map((v) => v.id)).not.toContain(
      own.body.id,
    )
    for (const active of [false, true]) {
      expect((await shopB.client.post(`/api/vendor/vouchers/${own.body.id}/active/`, { active })).status).toBe(404)
    }
    const listed = (await admin.get<VoucherView[]>('/api/admin/vouchers/')).body.find((v) => v.id === own.body.id)
    expect(listed).toMatchObject({ fundedBy: 'vendor', active: true })
    // Only on the shop's own lines: 15 % of 1,000, nothing off the other shop's 2,000.
    expect((await quote(own.body.code)).voucher).toMatchObject({ applied: true, discount: 150, fundedBy: 'vendor' })
    // The shop disables it (the quote then refuses it) and enables it again.
    const off = await shopA.client.post<VoucherView>(`/api/vendor/vouchers/${own.body.id}/active/`, { active: false })
    expect(off.body.active).toBe(false)
    expect((await quote(own.body.code)).voucher).toMatchObject({ applied: false, reason: 'disabled' })
    const on = await shopA.client.post<VoucherView>(`/api/vendor/vouchers/${own.body.id}/active/`, { active: true })
    expect(on.body.active).toBe(true)
    // A shopper is not a shop.
    expect((await buyer().get('/api/vendor/vouchers/')).status).toBe(401)
  })

  it('holds the limit of uses under 20 orders at once: 5 of 5 uses, the rest refused', async () => {
    const voucher = await adminVoucher({ code: code('five'), maxUses: 5 })
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        placeOrder(
          buyer(),
          orderBody([{ productId: shopA.productId, quantity: 1 }], {
            voucherCode: voucher.code,
            mpesaNumber: `07${String(n).padStart(4, '0')}5678`,
          }),
          newKey(),
        ),
      ),
    )
    const statuses = answers.map((answer) => answer.status)
    expect(statuses.filter((status) => status === 201)).toHaveLength(5)
    expect(statuses.filter((status) => status === 409)).toHaveLength(15)
    const refused = answers.find((answer) => answer.status === 409)?.body as unknown as {
      code: string
      quote: Quote
    }
    expect(refused.code).toBe('quote_changed')
    expect(refused.quote.voucher).toMatchObject({ applied: false, reason: 'used_up' })
    const list = await admin.get<VoucherView[]>('/api/admin/vouchers/')
    expect(list.body.find((v) => v.id === voucher.id)?.usedCount).toBe(5)
    const [count] = await typedRows(
      server.database.db,
      { n: value.int },
      sql`select count(*)::int as n from voucher_redemptions where voucher_id = ${voucher.id}`,
    )
    expect(count?.n).toBe(5)
  }, 60_000)

  it('counts a shopper’s own uses by phone or email', async () => {
    const voucher = await adminVoucher({ code: code('once'), maxUsesPerCustomer: 1 })
    const email = `once.${Date.now()}@example.co.ke`
    const items = [{ productId: shopB.productId, quantity: 1 }]
    const first = await placeOrder(buyer(), orderBody(items, { voucherCode: voucher.code, email }))
    expect(first.status).toBe(201)
    const again = await placeOrder(buyer(), orderBody(items, { voucherCode: voucher.code, email }))
    expect(again.status).toBe(409)
    expect((again.body as unknown as { detail: string }).detail).toMatch(/already used/)
  })

  it('comes with the demo’s KARIBU10: 10 % off up to KSh 500 on KSh 2,000, once per shopper', async () => {
    const listed = (await admin.get<(VoucherView & { maxDiscount: number | null })[]>('/api/admin/vouchers/')).body
    expect(listed.find((v) => v.code === 'KARIBU10')).toMatchObject({
      fundedBy: 'marketplace',
      kind: 'percent',
      value: 10,
      maxDiscount: 500,
      minSpend: 2000,
      maxUsesPerCustomer: 1,
      active: true,
      description: '10 % off (up to KSh 500) when you spend KSh 2,000',
    })
    // Demo products: one dear enough that 10 % passes the cap, one cheap one under the minimum spend.
    const priced = (min: number, max: number) =>
      typedRows(
        server.database.db,
        { id: value.int, cents: value.int },
        sql`select p.id, coalesce(p.discounted_price_cents, p.price_cents) as cents from products p
            join businesses b on b.id = p.business_id
            where p.is_active and p.stock_qty >= 5 and coalesce(p.discounted_price_cents, p.price_cents) between ${min} and ${max}
            order by p.id limit 1`,
      )
    const [dear] = await priced(800_000, 5_000_000)
    const [cheap] = await priced(20_000, 150_000)
    if (!dear || !cheap) throw new Error('fixture: no demo products in range')
    const capped = await quote('karibu10', [{ productId: dear.id, quantity: 1 }])
    expect(capped.voucher).toMatchObject({ code: 'KARIBU10', applied: true, discount: 500, fundedBy: 'marketplace' })
    const small = await quote('KARIBU10', [{ productId: cheap.id, quantity: 1 }])
    expect(small.voucher).toMatchObject({ applied: false, reason: 'minimum_spend' })
    // Placed once by a shopper, refused to the same shopper the second time.
    const email = `karibu.${Date.now()}@example.co.ke`
    const items = [{ productId: dear.id, quantity: 1 }]
    const first = await placeOrder(buyer(), orderBody(items, { voucherCode: 'KARIBU10', email }))
    expect(first.status).toBe(201)
    expect(first.body.order).toMatchObject({ voucherCode: 'KARIBU10', discount: 500 })
    const again = await placeOrder(buyer(), orderBody(items, { voucherCode: 'KARIBU10', email }))
    expect(again.status).toBe(409)
  })

  it('caps a percentage at its most off, and refuses a cap on a fixed amount', async () => {
    const capped = await adminVoucher({ code: code('cap'), maxDiscount: 100 })
    expect((await quote(capped.code)).voucher).toMatchObject({ applied: true, discount: 100 })
    const fixed = await admin.post<{ errors: Record<string, string[]> }>('/api/admin/vouchers/', {
      code: code('capfix'),
      kind: 'fixed',
      value: 200,
      maxDiscount: 100,
    })
    expect(fixed.status).toBe(400)
    expect(fixed.body.errors.maxDiscount?.[0]).toMatch(/Only a percentage/)
  })

  it('keeps the admin’s vouchers to admins', async () => {
    expect((await buyer().get('/api/admin/vouchers/')).status).toBe(401)
    expect((await shopA.client.post('/api/admin/vouchers/', { code: 'NOPE1', kind: 'percent', value: 5 })).status).toBe(
      403,
    )
    const taken = await adminVoucher({ code: code('dup') })
    expect((await admin.post('/api/admin/vouchers/', { code: taken.code, kind: 'percent', value: 5 })).status).toBe(409)
    expect((await admin.post('/api/admin/vouchers/', { code: code('big'), kind: 'percent', value: 150 })).status).toBe(
      400,
    )
  })
})
