import type { OrderDetail, VendorOrderSummary } from '@soko/contract/checkout'
import type { DeliveryOptions } from '@soko/contract/delivery'
import { DEMO_ADMIN, signInByApi } from './accounts.ts'
import {
  cartLine,
  fillShipping,
  guestEmail,
  openCheckout,
  PAYMENT_TIMEOUT,
  placeOrder,
  seedCart,
  shippingFor,
  shopOwnerApi,
  shownOrderNumber,
  stepHeading,
  stockedProducts,
} from './checkout-helpers.ts'
import { expect, expectAccessible, test } from './fixtures.ts'
import { waitForHydration } from './hydration.ts'

// Paying by M-Pesa Paybill (C2B) in the demo: the order is placed unpaid, the page shows the business and account
// numbers, the simulator's page plays the shopper's phone (Lipa na M-Pesa → Pay Bill), and the order turns paid.
// Desktop only: the steps are the checkout's own, which checkout.spec.ts runs on phones.

const kes = (amount: number) => `KSh ${amount.toLocaleString('en-KE', { maximumFractionDigits: 2 })}`

test.describe('paying by M-Pesa Paybill', () => {
  test('a guest chooses Paybill, pays from the simulated phone, and the order shows paid', async ({
    page,
    request,
    context,
  }) => {
    test.setTimeout(60_000)
    const [p] = await stockedProducts(request)
    if (!p) throw new Error('no product')
    await seedCart(page, [cartLine(p, 1)])
    await openCheckout(page)
    await fillShipping(page, shippingFor(guestEmail()))
    await page.getByRole('button', { name: 'Continue to Payment' }).click()
    await expect(stepHeading(page, 'Payment Method')).toBeVisible()
    await page.getByRole('radio', { name: 'Pay via M-Pesa Paybill' }).check()
    await expect(page.getByText(/Pay from your own phone: M-Pesa, Lipa na M-Pesa, Pay Bill/)).toBeVisible()
    await expect(page.getByLabel('M-Pesa Number')).toHaveCount(0)
    await page.getByRole('button', { name: 'Continue to Review' }).click()
    await expect(stepHeading(page, 'Review Your Order')).toBeVisible()
    await placeOrder(page)

    await expect(stepHeading(page, 'Pay by M-Pesa Paybill')).toBeVisible(PAYMENT_TIMEOUT)
    const orderNumber = await shownOrderNumber(page)
    const instructions = page.getByRole('region', { name: 'Pay by M-Pesa Paybill' })
    await expect(instructions.getByRole('definition').filter({ hasText: orderNumber })).toBeVisible()
    await expect(instructions.getByRole('button', { name: 'Copy Business number' })).toBeVisible()
    await expect(instructions.getByText(/Go to M-Pesa on your phone, then Lipa na M-Pesa, then Pay Bill/)).toBeVisible()
    await expectAccessible(page)

    // The simulated phone, opened from the demo's link, is filled in: the shopper only sends.
    const link = instructions.getByRole('link', { name: 'Open the simulated M-Pesa phone' })
    const [phone] = await Promise.all([context.waitForEvent('page'), link.click()])
    await expect(phone.getByRole('heading', { name: 'Lipa na M-Pesa: Pay Bill' })).toBeVisible()
    await expect(phone.getByLabel('Account number')).toHaveValue(orderNumber)
    await phone.getByRole('button', { name: 'Send' }).click()
    await expect(phone.getByRole('status')).toContainText(`for account ${orderNumber}`)
    await phone.close()

    await expect(stepHeading(page, 'Order Confirmed!')).toBeVisible(PAYMENT_TIMEOUT)
    await expect(page.getByText(/Done: Paid on/).first()).toBeVisible()
    await expect(page.getByRole('region', { name: 'Pay by M-Pesa Paybill' })).toHaveCount(0)
  })

  test('a guest collects at a pickup station in another county, pays by Paybill, and collects with the code', async ({
    page,
    request,
    context,
    browser,
    playwright,
    baseURL,
  }) => {
    test.setTimeout(120_000)
    const answer = await request.get('/api/delivery/options/?county=Mombasa')
    expect(answer.status()).toBe(200)
    const [station] = ((await answer.json()) as DeliveryOptions).stations
    if (!station) throw new Error('the demo has a pickup station in Mombasa')
    const [product] = await stockedProducts(request)
    if (!product) throw new Error('no product')

    // The address is in Kisumu; the station is picked from Mombasa's, filtered by county.
    await seedCart(page, [cartLine(product, 1)])
    await openCheckout(page)
    await fillShipping(page, shippingFor(guestEmail()))
    await page.getByRole('radio', { name: /Pickup station/ }).check()
    await expect(page.getByLabel('Stations in county')).toHaveValue('Kisumu')
    await page.getByLabel('Stations in county').selectOption('Mombasa')
    const stations = page.getByRole('radiogroup', { name: 'Pickup stations in Mombasa' })
    await stations.getByRole('radio', { name: new RegExp(station.name) }).check()
    const summary = page.getByRole('complementary', { name: 'Order Summary' })
    const row = summary.locator('.amounts__row', { hasText: `Pickup at ${station.name}` })
    await expect(row.getByRole('definition')).toHaveText(kes(station.fee))

    await page.getByRole('button', { name: 'Continue to Payment' }).click()
    await expect(stepHeading(page, 'Payment Method')).toBeVisible()
    await page.getByRole('radio', { name: 'Pay via M-Pesa Paybill' }).check()
    await page.getByRole('button', { name: 'Continue to Review' }).click()
    await expect(stepHeading(page, 'Review Your Order')).toBeVisible()
    await expect(page.getByText(new RegExp(`Pickup at ${station.name}, ${station.address}`))).toBeVisible()
    const placing = page.waitForResponse(
      (response) => response.request().method() === 'POST' && response.url().endsWith('/api/checkout/orders/'),
    )
    await placeOrder(page)
    const { order } = (await (await placing).json()) as { order: OrderDetail }
    const paybill = order.payment?.paybill
    if (!paybill) throw new Error('the order answers how to pay it by Paybill')
    expect(order.delivery?.station?.name).toBe(station.name)
    expect(order.shipping).toBe(station.fee)

    // The page gives the business number, the order number as the account and the amount, all as the API said.
    await expect(stepHeading(page, 'Pay by M-Pesa Paybill')).toBeVisible(PAYMENT_TIMEOUT)
    expect(await shownOrderNumber(page)).toBe(order.orderNumber)
    const instructions = page.getByRole('region', { name: 'Pay by M-Pesa Paybill' })
    await expect(instructions.getByRole('definition').filter({ hasText: paybill.businessNumber })).toBeVisible()
    await expect(instructions.getByRole('definition').filter({ hasText: order.orderNumber })).toBeVisible()
    await expect(instructions.getByRole('definition').filter({ hasText: kes(paybill.amount) })).toBeVisible()
    expect(paybill.amount).toBe(order.total)

    const link = instructions.getByRole('link', { name: 'Open the simulated M-Pesa phone' })
    const [phone] = await Promise.all([context.waitForEvent('page'), link.click()])
    await expect(phone.getByLabel('Account number')).toHaveValue(order.orderNumber)
    await phone.getByRole('button', { name: 'Send' }).click()
    await expect(phone.getByRole('status')).toContainText(`for account ${order.orderNumber}`)
    await phone.close()

    await expect(stepHeading(page, 'Order Confirmed!')).toBeVisible(PAYMENT_TIMEOUT)
    const codeLine = page.getByText(/Your collection code: [0-9A-Z]{6}/)
    await expect(codeLine).toBeVisible()
    const code = /[0-9A-Z]{6}/.exec((await codeLine.textContent())?.replace('Your collection code:', '') ?? '')?.[0]
    if (!code) throw new Error('no collection code shown')

    // The shop ships the parcel to the station (its own API: the vendor portal has its own tests).
    const shop = await shopOwnerApi(playwright, baseURL, product.vendor.slug)
    try {
      const parts = (await (await shop.get('/api/vendor/orders/')).json()) as VendorOrderSummary[]
      const part = parts.find((one) => one.orderNumber === order.orderNumber)
      if (!part) throw new Error("the order is in its shop's list")
      const shipped = await shop.post(`/api/vendor/orders/${part.id}/ship/`, { data: { carrier: 'pickup-station' } })
      expect(shipped.status(), await shipped.text()).toBe(204)
    } finally {
      await shop.dispose()
    }

    // The admin, at the station's counter: the parcel arrived, then handed over against the shopper's code.
    const adminContext = await browser.newContext()
    const admin = await adminContext.newPage()
    try {
      await signInByApi(admin, DEMO_ADMIN)
      await admin.goto(`/admin/orders?q=${encodeURIComponent(order.orderNumber)}`)
      await admin.getByRole('link', { name: order.orderNumber }).click()
      await expect(admin.getByRole('heading', { name: `Order ${order.orderNumber}` })).toBeVisible()
      const arrive = admin.getByRole('button', { name: /Mark arrived at station/ })
      await waitForHydration(admin, arrive)
      await expect(admin.getByText(`Pickup at ${station.name}, ${station.address}, ${station.town}`)).toBeVisible()
      await arrive.click()
      await expect(admin.getByText(/At the station since/)).toBeVisible()
      await expect(admin.getByText(/Collect by/)).toBeVisible()
      await expect(arrive).toHaveCount(0)
      await expectAccessible(admin)

      const form = admin.getByRole('form', { name: /Hand over/ })
      const wrong = code === 'ZZZZZZ' ? 'YYYYYY' : 'ZZZZZZ'
      await form.getByLabel('Collection code').fill(wrong)
      await form.getByRole('button', { name: 'Hand over' }).click()
      await expect(form.getByText('That is not the collection code of this order.')).toBeVisible()
      await expect(form.getByLabel('Collection code')).toHaveValue(wrong)
      await form.getByLabel('Collection code').fill(code.toLowerCase())
      await form.getByRole('button', { name: 'Hand over' }).click()
      await expect(admin.getByText(/at the pickup station, with the collection code/)).toBeVisible()
      await expect(form).toHaveCount(0)
    } finally {
      await adminContext.close()
    }

    // The shopper's order shows the parcel received, collected with the code.
    await page.reload()
    await expect(page.getByText('Collected at the pickup station with your code.')).toBeVisible(PAYMENT_TIMEOUT)
    await expect(page.getByText(/Done: Receipt confirmed on/)).toBeVisible()
  })
})
