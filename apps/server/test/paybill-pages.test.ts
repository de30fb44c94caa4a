// Paybill as the pages show it, rendered by the real server from the built web app: the admin's Reconciliation
// screen (an unmatched payment with why, and its Mark handled form) and the unpaid order's Paybill instructions.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client, RELAXED_LIMITS, registerUser, signIn } from './support/accounts.ts'
import {
  callbackSecret,
  FAST_PAYMENTS,
  orderBody,
  type Placed,
  placeOrder,
  sellableProducts,
} from './support/checkout.ts'
import { startTestServer, type TestServer } from './support/test-server.ts'

describe('Paybill on the pages', () => {
  let server: TestServer
  let admin: Client
  let placed: Placed

  beforeAll(async () => {
    server = await startTestServer('pglite', { web: 'production', env: { ...RELAXED_LIMITS, ...FAST_PAYMENTS } })
    const adminUser = await registerUser(server)
    await server.database.db.execute(sql`update users set role = 'superuser' where lower(email) = ${adminUser.email}`)
    admin = (await signIn(server, adminUser)).client
    const [product] = await sellableProducts(server, 1)
    if (!product) throw new Error('fixture')
    const answer = await placeOrder(
      new Client(server),
      orderBody([{ productId: product.id, quantity: 1 }], { paymentMethod: 'mpesa-paybill', mpesaNumber: undefined }),
    )
    expect(answer.status).toBe(201)
    placed = answer.body
    // Money naming no order, confirmed by Daraja (the built-in simulator's business number, 600000).
    const confirmed = await fetch(`${server.url}/api/payments/c2b/done/${await callbackSecret(server)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        TransactionType: 'Pay Bill',
        TransID: 'SKLPAGE0001',
        TransTime: '20261125101010',
        TransAmount: '1250.00',
        BusinessShortCode: '600000',
        BillRefNumber: 'rent march',
        MSISDN: '25471****678',
        FirstName: 'WANJIRU',
      }),
    })
    expect(confirmed.status).toBe(200)
  })
  afterAll(() => server?.close())

  const page = async (path: string, client?: Client) => {
    const response = await fetch(`${server.url}${path}`, {
      redirect: 'manual',
      headers: client ? { cookie: client.cookieHeader } : {},
    })
    return { status: response.status, html: (await response.text()).replaceAll('<!-- -->', '') }
  }

  it('the admin sees the unmatched payment, why, and a form to mark it handled; the sidebar links the screen', async () => {
    const { status, html } = await page('/admin/reconciliation', admin)
    expect(status).toBe(200)
    expect(html).toContain('<title>Reconciliation | ')
    expect(html).toContain('SKLPAGE0001')
    expect(html).toContain('rent march')
    expect(html).toContain('25471****678')
    expect(html).toContain('No order has this account number.')
    expect(html).toContain('>Mark handled<')
    expect(html).toContain('href="/admin/reconciliation"')
  })

  it('above it, every M-Pesa movement against the ledger, the exceptions counted and given in words', async () => {
    const { status, html } = await page('/admin/reconciliation?exceptions=only&kind=paybill', admin)
    expect(status).toBe(200)
    expect(html).toContain('M-Pesa against the ledger')
    expect(html).toMatch(/<dt>With exceptions<\/dt><dd>[1-9]/)
    expect(html).toContain('class="reconciliation__exception"')
    expect(html).toContain('Paid, no order')
    expect(html).toContain('Paid at M-Pesa, but no order took it: no order has this account number')
    expect(html).toContain('Not in the ledger')
    // The filters are a GET form (they work without scripts); the Paybill list below keeps its own.
    expect(html).toMatch(/<form [^>]*aria-label="Filter M-Pesa movements"[^>]*method="get"/)
    expect(html).toMatch(/<input type="checkbox" name="exceptions" checked="" value="only"/)
    expect(html).toContain('Unmatched Paybill payments')
  })

  it('the unpaid order page says how to pay by Paybill', async () => {
    const token = encodeURIComponent(placed.orderToken)
    const { status, html } = await page(`/orders/${placed.order.orderNumber}?token=${token}`)
    expect(status).toBe(200)
    expect(html).toContain('Pay by M-Pesa Paybill')
    expect(html).toContain('>600000<')
    expect(html).toContain(`>${placed.order.orderNumber}<`)
    expect(html).toContain('Lipa na M-Pesa, then Pay Bill')
  })
})
