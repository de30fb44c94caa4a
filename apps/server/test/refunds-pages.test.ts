// The refunds as the pages show them, rendered by the real server from the built web app: the admin's Refunds
// screen (a failed refund with why and a Retry button, a sent one without) and the shopper's order page.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client, RELAXED_LIMITS, registerUser, signIn } from './support/accounts.ts'
import {
  FAST_PAYMENTS,
  orderBody,
  type Placed,
  placeOrder,
  sellableProducts,
  settledPayment,
} from './support/checkout.ts'
import { approveRefundForTest, settledRefund } from './support/refunds.ts'
import { startTestServer, type TestServer } from './support/test-server.ts'

describe('refunds on the pages', () => {
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
      orderBody([{ productId: product.id, quantity: 1 }], { paymentMethod: 'credit-card' }),
    )
    placed = answer.body
    await fetch(placed.order.payment?.redirectUrl ?? '', {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        card_number: '4084 0840 8408 4081',
        expiry: '12/39',
        cvc: '408',
        name: 'Achieng Otieno',
      }).toString(),
    })
    expect((await settledPayment(new Client(server), placed)).status).toBe('paid')
    const totalCents = Math.round(placed.order.total * 100)
    expect(
      (
        await settledRefund(
          server,
          await approveRefundForTest(server, placed.order.orderNumber, { amountCents: totalCents }),
        )
      ).state,
    ).toBe('sent')
    const more = await approveRefundForTest(server, placed.order.orderNumber, { amountCents: 10_00, postLedger: false })
    expect((await settledRefund(server, more)).state).toBe('failed')
  })
  afterAll(() => server?.close())

  const page = async (path: string, client?: Client) => {
    const response = await fetch(`${server.url}${path}`, {
      redirect: 'manual',
      headers: client ? { cookie: client.cookieHeader } : {},
    })
    // React separates adjacent texts with empty comments: gone, the text reads as the page shows it.
    return { status: response.status, html: (await response.text()).replaceAll('<!-- -->', '') }
  }

  it('the admin sees each refund, why one failed, and Retry only on the failed one', async () => {
    const { status, html } = await page('/admin/refunds', admin)
    expect(status).toBe(200)
    expect(html).toContain('<title>Refunds | ')
    expect(html).toContain(placed.order.orderNumber)
    expect(html).toContain('Refund amount cannot be more than the remaining transaction amount')
    expect(html.match(/>Retry</g)).toHaveLength(1)
    expect(html).toContain('class="list-count">2 refunds<')
    expect(html).toMatch(/class="tag[^"]*">Sent</)
    expect(html).toContain('href="/admin/refunds"')
    const failedOnly = await page('/admin/refunds?state=failed', admin)
    expect(failedOnly.html).toContain('class="list-count">1 refund<')
    expect(failedOnly.html).not.toMatch(/class="tag[^"]*">Sent</)
    expect((await page('/admin/refunds')).status).not.toBe(200)
  })

  it("the shopper's order page says what went back to the card and what failed", async () => {
    const { status, html } = await page(`/orders/${placed.order.orderNumber}?token=${placed.orderToken}`)
    expect(status).toBe(200)
    expect(html).toContain(`Refund of KSh ${placed.order.total.toLocaleString('en-KE')} sent to your card`)
    expect(html).toContain('Refund of KSh 10 to your card failed, we are on it')
  })
})
