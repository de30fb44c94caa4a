import type { APIRequestContext, Page } from '@playwright/test'
import { registerAccount, signInByApi } from './accounts.ts'
import {
  buyPaid,
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
  toReview,
} from './checkout-helpers.ts'
import { expect, expectAccessible, test } from './fixtures.ts'
import { waitForHydration } from './hydration.ts'

// A signed-in shopper's orders: placed through the checkout against the real server (fresh accounts, since tests
// run in parallel on one server). A number ending in 1032 makes the simulated shopper cancel the M-Pesa request,
// which leaves the order unpaid.

async function placeUnpaidOrder(page: Page, email: string, productIndex: number): Promise<string> {
  const products = await stockedProducts(page.request)
  const a = products[productIndex]
  const b = products[productIndex + 1]
  if (!a || !b) throw new Error('no product')
  await seedCart(page, [cartLine(a, 1), cartLine(b, 1)])
  await openCheckout(page)
  // The profile fills what it knows.
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email)
  await expect(page.getByRole('checkbox', { name: 'Save this address' })).toBeVisible()
  await fillShipping(page, shippingFor(email, '0712 341 032'))
  await toReview(page)
  await placeOrder(page)
  await expect(stepHeading(page, 'Payment not completed')).toBeVisible(PAYMENT_TIMEOUT)
  await expect(page.getByRole('link', { name: 'View My Orders' })).toHaveAttribute('href', '/accounts/orders')
  return shownOrderNumber(page)
}

/** Signs in as the demo shop owner through the API; the bearer token needs no Origin. */
async function vendorApi(request: APIRequestContext, shopSlug: string) {
  const login = await request.post('/api/auth/login/', {
    data: { email: `owner@${shopSlug}.demo.soko.co.ke`, password: 'Vendor-demo-2026' },
  })
  expect(login.status(), await login.text()).toBe(200)
  const { access_token: token } = (await login.json()) as { access_token: string }
  return { authorization: `Bearer ${token}` }
}

test.describe('orders', () => {
  test('a signed-in shopper sees the order with each vendor part, filters, tracks it and cancels it unpaid', async ({
    page,
  }) => {
    test.setTimeout(60_000)
    const account = await registerAccount(page.request)
    await signInByApi(page, account)
    const orderNumber = await placeUnpaidOrder(page, account.email, 4)

    await page.getByRole('link', { name: 'View My Orders' }).click()
    await expect(page).toHaveURL('/accounts/orders')
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `Order ${orderNumber}` }) })
    await expect(card).toBeVisible()
    await expect(card.getByText('Pending payment').first()).toBeVisible()
    await expect(card.getByText(/KSh [\d,]+ × 1/).first()).toBeVisible()
    await expect(card.getByText(/^Total: KSh/)).toBeVisible()
    await expectAccessible(page)

    await page.getByRole('button', { name: 'Delivered' }).click()
    await expect(page.getByText('No orders found')).toBeVisible()
    await page.getByRole('button', { name: 'Pending' }).click()
    await expect(card).toBeVisible()
    await page.getByRole('button', { name: 'All Orders' }).click()

    await card.getByRole('button', { name: 'Track Order' }).click()
    await expect(card.getByRole('button', { name: 'Track Order' })).toHaveAttribute('aria-expanded', 'true')
    await expect(card.getByText(/Not shipped yet/).first()).toBeVisible()

    await card.getByRole('link', { name: /View Details/ }).click()
    await expect(page).toHaveURL(`/accounts/orders/${orderNumber}`)
    await expect(page.getByRole('heading', { level: 1, name: `Order ${orderNumber}` })).toBeVisible()
    await expect(page.getByRole('heading', { name: /^Sold by / }).first()).toBeVisible()
    await expect(page.getByText('14 Oginga Odinga Street', { exact: true })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Pay now' })).toBeVisible()
    await expectAccessible(page)

    const cancel = page.getByRole('button', { name: 'Cancel order' })
    await waitForHydration(page, cancel)
    await cancel.click()
    await page.getByRole('button', { name: 'Yes, cancel order' }).click()
    await expect(page.getByText('Cancelled').first()).toBeVisible()
    await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Pay now' })).toHaveCount(0)
  })

  test('/orders sends a signed-in shopper to their orders and tells a guest where to find theirs', async ({
    page,
    browser,
  }) => {
    const guest = await browser.newPage()
    await guest.goto('/orders')
    await expect(guest.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible()
    await expect(guest.getByText(/confirmation email/).first()).toBeVisible()
    await guest.close()

    const account = await registerAccount(page.request)
    await signInByApi(page, account)
    await page.goto('/orders')
    await expect(page).toHaveURL('/accounts/orders')
    await expect(page.getByText('No orders found')).toBeVisible()
  })

  test('the browser cart and the account cart merge at sign-in, and later changes are saved to the account', async ({
    page,
    baseURL,
  }) => {
    const [a, b] = await stockedProducts(page.request)
    if (!a || !b) throw new Error('no product')
    const account = await registerAccount(page.request)
    await signInByApi(page, account)
    // Signed-in writes must come from Soko's own pages.
    const put = await page.request.put('/api/cart/', {
      data: { items: [{ productId: a.id, quantity: 3 }] },
      headers: { origin: baseURL ?? '' },
    })
    expect(put.status(), await put.text()).toBe(200)

    await seedCart(page, [cartLine(a, 1), cartLine(b, 2)])
    await page.goto('/cart')
    const lines = page.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem')
    await expect(lines).toHaveCount(2)
    // The larger quantity of each product wins.
    await expect(page.getByRole('status', { name: `Quantity of ${a.name}` })).toHaveText('3')
    await expect(page.getByRole('status', { name: `Quantity of ${b.name}` })).toHaveText('2')

    await page.getByRole('button', { name: `Remove ${b.name}` }).click()
    await expect(lines).toHaveCount(1)
    await expect
      .poll(async () => {
        const response = await page.request.get('/api/cart/')
        const cart = (await response.json()) as { items: { id: number; quantity: number }[] }
        return cart.items.map((item) => [item.id, item.quantity])
      })
      .toEqual([[a.id, 3]])
  })

  test('a paid order, shipped and delivered by its vendor, shows the tracking and takes a review', async ({
    page,
    playwright,
    baseURL,
  }) => {
    test.setTimeout(60_000)
    const products = await stockedProducts(page.request)
    const p = products[6]
    if (!p) throw new Error('no product')
    const account = await registerAccount(page.request)
    await signInByApi(page, account)
    const orderNumber = await buyPaid(page, [cartLine(p, 1)], account.email)

    const vendor = await playwright.request.newContext({ baseURL })
    const headers = await vendorApi(vendor, p.vendor.slug)
    const list = await vendor.get('/api/vendor/orders/', { headers })
    expect(list.status(), await list.text()).toBe(200)
    const part = ((await list.json()) as { id: number; orderNumber: string }[]).find(
      (item) => item.orderNumber === orderNumber,
    )
    if (!part) throw new Error(`the vendor does not see ${orderNumber}`)
    const ship = await vendor.post(`/api/vendor/orders/${part.id}/ship/`, {
      headers,
      data: { carrier: 'g4s', trackingReference: '55501' },
    })
    expect(ship.status(), await ship.text()).toBe(204)
    await page.goto('/accounts/orders')
    await page.getByRole('button', { name: 'Shipped' }).click()
    await expect(page.getByRole('heading', { name: `Order ${orderNumber}` })).toBeVisible()
    await expect(page.getByText('Tracking: G4S 55501').first()).toBeVisible()

    const deliver = await vendor.post(`/api/vendor/orders/${part.id}/deliver/`, { headers })
    expect(deliver.status(), await deliver.text()).toBe(204)
    await vendor.dispose()

    await page.goto(`/accounts/orders/${orderNumber}`)
    await expect(page.getByText('Courier and tracking: G4S 55501')).toBeVisible()
    const tracking = page.getByRole('region', { name: `Tracking: ${p.vendor.name}` })
    const confirm = tracking.getByRole('button', { name: 'Confirm receipt' })
    await waitForHydration(page, confirm)
    await confirm.click()
    await expect(tracking.getByText('You confirmed receipt.')).toBeVisible()
    await expect(confirm).toHaveCount(0)
    const review = page.getByRole('form', { name: `Review ${p.name}` })
    await expect(review).toBeVisible()
    await expectAccessible(page)
    await waitForHydration(page, review.getByRole('button', { name: 'Submit Review' }))
    await review.getByRole('button', { name: 'Submit Review' }).click()
    await expect(review.getByText('Rating must be 1 to 5 stars')).toBeVisible()
    await review.getByRole('radio', { name: '4 stars' }).check()
    await review.getByLabel('Comment').fill('Arrived quickly and well packed.')
    await review.getByRole('button', { name: 'Submit Review' }).click()
    await expect(page.getByText('Thanks for your review')).toBeVisible()
  })

  test('a guest follows each vendor part on the confirmation page and confirms receipt there', async ({
    page,
    playwright,
    baseURL,
  }) => {
    test.setTimeout(60_000)
    const products = await stockedProducts(page.request)
    const p = products[7]
    if (!p) throw new Error('no product')
    const orderNumber = await buyPaid(page, [cartLine(p, 1)], guestEmail())
    const tracking = page.getByRole('region', { name: `Tracking: ${p.vendor.name}` })
    await expect(tracking.getByText('Not shipped yet: the seller ships once the order is paid.')).toBeVisible()

    const vendor = await playwright.request.newContext({ baseURL })
    const headers = await vendorApi(vendor, p.vendor.slug)
    const list = await vendor.get('/api/vendor/orders/', { headers })
    const part = ((await list.json()) as { id: number; orderNumber: string }[]).find(
      (item) => item.orderNumber === orderNumber,
    )
    if (!part) throw new Error(`the vendor does not see ${orderNumber}`)
    const ship = await vendor.post(`/api/vendor/orders/${part.id}/ship/`, {
      headers,
      data: { carrier: 'boda-boda', trackingReference: 'Otieno 0711 000 111' },
    })
    expect(ship.status(), await ship.text()).toBe(204)
    await vendor.dispose()

    // The same tab keeps the order's token: the reload shows the shipped part, to be confirmed by the guest.
    await page.reload()
    await expect(tracking.getByText('Courier and tracking: Boda-boda rider Otieno 0711 000 111')).toBeVisible()
    const confirm = tracking.getByRole('button', { name: 'Confirm receipt' })
    await waitForHydration(page, confirm)
    await expectAccessible(page)
    await confirm.click()
    await expect(tracking.getByText('You confirmed receipt.')).toBeVisible()
    await expect(confirm).toHaveCount(0)
  })

  test("a signed-in shopper's profile and default address fill the shipping step", async ({ page, baseURL }) => {
    const [p] = await stockedProducts(page.request)
    if (!p) throw new Error('no product')
    const account = await registerAccount(page.request)
    await signInByApi(page, account)
    const headers = { origin: baseURL ?? '' }
    const profile = await page.request.put('/api/user/profile', {
      headers,
      data: { firstName: 'Njeri', lastName: 'Mwangi', email: account.email, phone: '0722 123 456' },
    })
    expect(profile.status(), await profile.text()).toBe(200)
    for (const [label, line1, city, county] of [
      ['Home', '7 Kenyatta Avenue', 'Nakuru', 'Nakuru'],
      ['Work', '22 Moi Avenue', 'Mombasa', 'Mombasa'],
    ]) {
      const address = await page.request.post('/api/user/addresses', {
        headers,
        data: { label, firstName: 'Njeri', lastName: 'Mwangi', line1, city, county, phone: '0722 123 456' },
      })
      expect(address.status(), await address.text()).toBe(201)
    }

    await seedCart(page, [cartLine(p, 1)])
    await openCheckout(page)
    await expect(page.getByLabel('First Name', { exact: true })).toHaveValue('Njeri')
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(account.email)
    await expect(page.getByLabel('Phone', { exact: true })).toHaveValue('0722 123 456')
    // The first address saved is the default.
    await expect(page.getByLabel('Address', { exact: true })).toHaveValue('7 Kenyatta Avenue')
    await page.getByLabel('Use a saved address').selectOption({ label: 'Work: 22 Moi Avenue, Mombasa' })
    await expect(page.getByLabel('City', { exact: true })).toHaveValue('Mombasa')
    await expect(page.getByLabel('County', { exact: true })).toHaveValue('Mombasa')
    await expect(page.getByRole('checkbox', { name: 'Save this address' })).not.toBeChecked()
    await expectAccessible(page)
  })
})
