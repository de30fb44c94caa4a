import type { OrderDetail, VendorOrderSummary } from '@soko/contract/checkout'
import type { SitePolicies } from '@soko/contract/site'
import {
  cartLine,
  fillShipping,
  guestEmail,
  openCheckout,
  PAYMENT_TIMEOUT,
  payingPhone,
  placeOrder,
  seedCart,
  shippingFor,
  shopOwnerApi,
  stepHeading,
  stockedProducts,
} from './checkout-helpers.ts'
import { expect, expectAccessible, test } from './fixtures.ts'
import { waitForHydration } from './hydration.ts'

// Pay on delivery (decision 0022) in the demo: the payment step offers it with its rules (greyed out with the
// reason for a cart over the limit), the order is confirmed unpaid, and the shop's owner records the cash its rider
// collected in the vendor portal; the shopper's order then shows it paid on delivery. Desktop only: the steps are the
// checkout's own, which checkout.spec.ts runs on phones.

const kes = (amount: number) => `KSh ${amount.toLocaleString('en-KE', { maximumFractionDigits: 2 })}`

test.describe('paying on delivery', () => {
  test('a guest pays on delivery, and the shop records the cash its rider collected', async ({
    page,
    request,
    browser,
    playwright,
    baseURL,
  }) => {
    test.setTimeout(120_000)
    const policies = (await (await request.get('/api/site/policies/')).json()) as SitePolicies
    const pod = policies.payOnDelivery
    if (!pod) throw new Error('the demo offers pay on delivery')
    const products = await stockedProducts(request)
    const cheap = products.find((p) => p.effective_price < pod.limit / 2)
    if (!cheap) throw new Error('a demo product well under the pay-on-delivery limit')

    // Over the limit (another shopper's tab): shown, greyed out, with the reason.
    const shipping = shippingFor(guestEmail(), payingPhone())
    const otherContext = await browser.newContext()
    try {
      const other = await otherContext.newPage()
      const tooMany = Math.min(cheap.stock_qty, Math.ceil(pod.limit / cheap.effective_price) + 1)
      await seedCart(other, [cartLine(cheap, tooMany)])
      await openCheckout(other)
      await fillShipping(other, shipping)
      await other.getByRole('button', { name: 'Continue to Payment' }).click()
      await expect(stepHeading(other, 'Payment Method')).toBeVisible()
      await expect(other.getByRole('radio', { name: /Pay on Delivery/ })).toBeDisabled()
      await expect(
        other.getByText(`Pay on delivery is for orders under ${kes(pod.limit)}.`, { exact: false }),
      ).toBeVisible()
    } finally {
      await otherContext.close()
    }

    // One item: it may be chosen, and the rules are read with it.
    await seedCart(page, [cartLine(cheap, 1)])
    await openCheckout(page)
    await fillShipping(page, shipping)
    await page.getByRole('button', { name: 'Continue to Payment' }).click()
    const choice = page.getByRole('radio', { name: /Pay on Delivery/ })
    await expect(choice).toBeEnabled()
    await expect(page.getByText(pod.rules)).toBeVisible()
    await choice.check()
    await expect(page.getByText(/you pay when it arrives: in cash or by M-Pesa to the rider/)).toBeVisible()
    await expect(page.getByLabel('M-Pesa Number')).toHaveCount(0)
    await expectAccessible(page)
    await page.getByRole('button', { name: 'Continue to Review' }).click()
    await expect(stepHeading(page, 'Review Your Order')).toBeVisible()
    await expect(page.getByText(/^Pay on delivery: KSh [\d,.]+, in cash or by M-Pesa to the rider$/)).toBeVisible()
    const placing = page.waitForResponse(
      (response) => response.request().method() === 'POST' && response.url().endsWith('/api/checkout/orders/'),
    )
    await placeOrder(page)
    const { order } = (await (await placing).json()) as { order: OrderDetail }
    expect(order.statusLabel).toBe('Confirmed')

    await expect(stepHeading(page, 'Order Confirmed!')).toBeVisible(PAYMENT_TIMEOUT)
    await expect(page.getByText(/It is confirmed: you pay when it arrives, in cash or by M-Pesa/)).toBeVisible()
    await expect(page.getByText(`To pay on delivery: ${kes(order.total)}`)).toBeVisible()
    await expect(page.getByText('Done: Confirmed (pay on delivery)')).toBeVisible()
    await expect(page.getByText('Waiting for your payment...')).toHaveCount(0)

    // The shop ships it (its API), then its owner records the cash in the vendor portal.
    const shop = await shopOwnerApi(playwright, baseURL, cheap.vendor.slug)
    let partId = 0
    try {
      const parts = (await (await shop.get('/api/vendor/orders/')).json()) as VendorOrderSummary[]
      const part = parts.find((one) => one.orderNumber === order.orderNumber)
      if (!part) throw new Error("the order is in its shop's list")
      expect(part.payOnDelivery?.amount).toBe(order.total)
      partId = part.id
      const shipped = await shop.post(`/api/vendor/orders/${part.id}/ship/`, { data: { carrier: 'boda-boda' } })
      expect(shipped.status(), await shipped.text()).toBe(204)
    } finally {
      await shop.dispose()
    }
    const ownerContext = await browser.newContext()
    const owner = await ownerContext.newPage()
    try {
      const login = await owner.request.post('/api/auth/login/', {
        data: { email: `owner@${cheap.vendor.slug}.demo.soko.co.ke`, password: 'Vendor-demo-2026' },
      })
      expect(login.status()).toBe(200)
      await owner.goto('/vendor-portal/orders')
      const card = owner
        .getByRole('listitem')
        .filter({ has: owner.getByRole('heading', { name: `Order ${order.orderNumber}` }) })
      await expect(card.getByText(`Collect ${kes(order.total)} (cash or M-Pesa) when you hand it over`)).toBeVisible()
      const form = card.getByRole('form', { name: `Payment for order ${order.orderNumber}` })
      const record = form.getByRole('button', { name: `Record ${kes(order.total)} collected` })
      await waitForHydration(owner, record)
      await record.click()
      // Nothing chosen: the server says so under the field, and nothing is recorded.
      await expect(form.getByText("How it was paid must be 'cash' or 'mpesa'")).toBeVisible()
      await form.getByLabel('How did the customer pay?').selectOption('cash')
      await record.click()
      await expect(card.getByText(`${kes(order.total)} paid: Cash, collected by your rider`)).toBeVisible()
      await expect(form).toHaveCount(0)
      await expectAccessible(owner)
      await card.getByRole('button', { name: 'Mark as delivered' }).click()
      await expect(card.getByText('Waiting for the customer to confirm')).toBeVisible()
    } finally {
      await ownerContext.close()
    }
    expect(partId).toBeGreaterThan(0)

    // The shopper's order shows it paid on delivery.
    await page.reload()
    await expect(page.getByText(`Total paid: ${kes(order.total)}`)).toBeVisible(PAYMENT_TIMEOUT)
    await expect(page.getByText(/Done: Delivered on .*Paid on delivery\./)).toBeVisible()
  })
})
