import {
  cartLine,
  fillShipping,
  guestEmail,
  openCheckout,
  PAYMENT_TIMEOUT,
  placeOrder,
  seedCart,
  shippingFor,
  shownOrderNumber,
  stepHeading,
  stockedProducts,
} from './checkout-helpers.ts'
import { expect, expectAccessible, test } from './fixtures.ts'

// Paying by M-Pesa Paybill (C2B) in the demo: the order is placed unpaid, the page shows the business and account
// numbers, the simulator's page plays the shopper's phone (Lipa na M-Pesa → Pay Bill), and the order turns paid.
// Desktop only: the steps are the checkout's own, which checkout.spec.ts runs on phones.

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
})
