import type { DeliveryOptions } from '@soko/contract/delivery'
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
  stepHeading,
  stockedProducts,
  toReview,
} from './checkout-helpers.ts'
import { expect, expectAccessible, test } from './fixtures.ts'

// Delivery options at checkout (issue 20): the shopper picks a pickup station and its fee is the one quote's
// delivery line, on the sidebar, the review step and the confirmation. Fees are read from the API, never assumed.

const kes = (amount: number) => `KSh ${amount.toLocaleString('en-KE', { maximumFractionDigits: 2 })}`

test.describe('delivery options', () => {
  test('a shopper collects at a pickup station: its fee is the quote, and the order has a collection code', async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000)
    const answer = await request.get('/api/delivery/options/?county=Kisumu')
    expect(answer.status()).toBe(200)
    const options = (await answer.json()) as DeliveryOptions
    const [station] = options.stations
    if (!station) throw new Error('the demo has a pickup station in Kisumu')
    const [product] = await stockedProducts(request)
    if (!product) throw new Error('no product')

    await seedCart(page, [cartLine(product, 1)])
    await openCheckout(page)
    await fillShipping(page, shippingFor(guestEmail()))
    const home = options.zones.find((zone) => zone.zone === 'rest')
    if (!home) throw new Error('no rest-of-Kenya zone')
    await expect(page.getByRole('radio', { name: /Home delivery/ })).toBeChecked()
    await expect(page.getByText(new RegExp(`${kes(home.fee)}.*Rest of Kenya`))).toBeVisible()

    await page.getByRole('radio', { name: /Pickup station/ }).check()
    await expect(page.getByLabel('Stations in county')).toHaveValue('Kisumu')
    await page.getByRole('radio', { name: new RegExp(station.name) }).check()
    const summary = page.getByRole('complementary', { name: 'Order Summary' })
    const row = summary.locator('.amounts__row', { hasText: `Pickup at ${station.name}` })
    await expect(row.getByRole('definition')).toHaveText(kes(station.fee))
    await expectAccessible(page)

    await toReview(page, payingPhone())
    await expect(page.getByText(new RegExp(`Pickup at ${station.name}, ${station.address}`))).toBeVisible()
    // The review step's totals are the same quote as the sidebar's.
    const review = page.getByRole('form').locator('.amounts__row', { hasText: `Pickup at ${station.name}` })
    await expect(review.getByRole('definition')).toHaveText(kes(station.fee))
    await placeOrder(page)
    await expect(stepHeading(page, 'Order Confirmed!')).toBeVisible(PAYMENT_TIMEOUT)
    await expect(page.getByText(/Your collection code: [0-9A-Z]{6}/)).toBeVisible()
    await expect(page.getByText(new RegExp(`Pickup at ${station.name}`)).first()).toBeVisible()
  })

  test('a pickup station must be chosen before going on', async ({ page, request }) => {
    const [product] = await stockedProducts(request)
    if (!product) throw new Error('no product')
    await seedCart(page, [cartLine(product, 1)])
    await openCheckout(page)
    await fillShipping(page, shippingFor(guestEmail()))
    await page.getByRole('radio', { name: /Pickup station/ }).check()
    await page.getByRole('button', { name: 'Continue to Payment' }).click()
    await expect(page.getByText('Choose a pickup station')).toBeVisible()
    await expect(stepHeading(page, 'Shipping Information')).toBeVisible()
  })
})
