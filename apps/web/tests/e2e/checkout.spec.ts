import {
  cartLine,
  fillShipping,
  guestEmail,
  openCheckout,
  outbox,
  PAYMENT_TIMEOUT,
  payOnCardPage,
  placeOrder,
  reachReview,
  seedCart,
  shippingFor,
  shownOrderNumber,
  stepHeading,
  stockedProducts,
} from './checkout-helpers.ts'
import { expect, expectAccessible, test } from './fixtures.ts'
import { waitForHydration } from './hydration.ts'

// Checkout against the real server, its in-process Daraja simulator (the simulated shopper pays about 2 s after the
// push; numbers ending in 1032 cancel) and its test card provider. Each order takes stock for good, so the products
// are those with the most stock.

const kes = (amount: number) => `KSh ${amount.toLocaleString('en-KE', { maximumFractionDigits: 2 })}`
test.describe('checkout', () => {
  test('a guest buys with M-Pesa from the product page to Order Confirmed!, with the confirmation email', async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000)
    const [p] = await stockedProducts(request)
    if (!p) throw new Error('no product')
    const email = guestEmail()
    await page.goto(`/product/${p.slug}`)
    const bar = page.getByRole('region', { name: 'Buy this product' })
    await waitForHydration(page, bar.getByRole('button', { name: 'Buy Now' }))
    await bar.getByRole('button', { name: 'Buy Now' }).click()

    await expect(page).toHaveURL('/checkout')
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible()
    await expect(stepHeading(page, 'Shipping Information')).toBeVisible()
    await expect(page.getByRole('progressbar', { name: 'Checkout progress' })).toHaveAttribute(
      'aria-valuetext',
      'Step 1 of 4: Shipping',
    )
    // The sidebar is the server's quote: delivery 500 and VAT 16 % of the subtotal.
    const summary = page.getByRole('complementary', { name: 'Order Summary' })
    await expect(summary.getByText(p.name)).toBeVisible()
    await expect(summary.getByRole('definition').filter({ hasText: kes(500) })).toBeVisible()
    await expect(page.getByLabel('Country')).toHaveValue('Kenya')
    await expect(page.getByRole('checkbox', { name: 'Billing address same as shipping' })).toBeChecked()
    await expectAccessible(page)

    await fillShipping(page, shippingFor(email))
    await page.getByRole('button', { name: 'Continue to Payment' }).click()
    await expect(stepHeading(page, 'Payment Method')).toBeFocused()
    await expect(page.getByRole('radio', { name: 'M-Pesa', exact: true })).toBeChecked()
    // The prompt goes to the phone given for delivery unless another number is typed.
    await expect(page.getByLabel('M-Pesa Number')).toHaveValue('0712 345 678')
    await expectAccessible(page)
    await page.getByRole('button', { name: 'Continue to Review' }).click()

    await expect(stepHeading(page, 'Review Your Order')).toBeFocused()
    await expect(page.getByText('M-Pesa (0712 345 678)')).toBeVisible()
    await expect(page.getByText('14 Oginga Odinga Street')).toBeVisible()
    const place = page.getByRole('button', { name: 'Place Order' })
    await expect(place).toBeDisabled()
    await expect(page.getByRole('link', { name: 'Terms of Service (opens in a new tab)' })).toHaveAttribute(
      'href',
      '/terms',
    )
    await expect(page.getByRole('link', { name: 'Privacy Policy (opens in a new tab)' })).toHaveAttribute(
      'href',
      '/privacy',
    )
    await expectAccessible(page)
    await placeOrder(page)

    await expect(page).toHaveURL(/\/checkout\?order=SK-/)
    await expect(stepHeading(page, 'Check your phone')).toBeVisible()
    await expect(page.getByText(/We sent an M-Pesa request for KSh [\d,]+ to 0712 \*\*\* 678\./)).toBeVisible()
    await expectAccessible(page)
    await expect(stepHeading(page, 'Order Confirmed!')).toBeVisible(PAYMENT_TIMEOUT)
    const orderNumber = await shownOrderNumber(page)
    await expect(page.getByText(`A confirmation email has been sent to ${email}.`)).toBeVisible()
    await expect(page.getByRole('complementary', { name: 'Order Summary' })).toHaveCount(0)
    await expect(page.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/')
    // A guest's 'View My Orders' opens the order itself.
    await expect(page.getByRole('link', { name: 'View My Orders' })).toHaveAttribute(
      'href',
      new RegExp(`^/orders/${orderNumber}\\?token=`),
    )
    expect(await page.evaluate(() => window.localStorage.getItem('cartItems'))).toBe('[]')
    await expectAccessible(page)

    // A reload keeps the order (its token stays in this tab).
    await page.reload()
    await expect(stepHeading(page, 'Order Confirmed!')).toBeVisible()
    expect(await shownOrderNumber(page)).toBe(orderNumber)

    await expect
      .poll(async () => (await outbox(request, email)).some((m) => m.text.includes(orderNumber)), PAYMENT_TIMEOUT)
      .toBe(true)
  })

  test('a cancelled M-Pesa request shows the reason, and Try again with another number pays', async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000)
    const products = await stockedProducts(request)
    const p = products[1]
    if (!p) throw new Error('no product')
    await reachReview(page, [cartLine(p, 1)], shippingFor(guestEmail(), '0712 341 032'))
    await placeOrder(page)

    await expect(stepHeading(page, 'Check your phone')).toBeVisible()
    // No second request while the first is on the phone.
    await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0)
    await expect(stepHeading(page, 'Payment not completed')).toBeVisible(PAYMENT_TIMEOUT)
    await expect(page.locator('.payment-status__message--problem')).not.toBeEmpty()
    await expect(page.getByRole('button', { name: 'Cancel order' })).toBeVisible()
    await expectAccessible(page)

    await page.getByLabel('M-Pesa Number').fill('0722 000 111')
    await page.getByRole('button', { name: 'Try again' }).click()
    await expect(stepHeading(page, 'Check your phone')).toBeVisible()
    await expect(page.getByText(/to 0722 \*\*\* 111\./)).toBeVisible()
    await expect(stepHeading(page, 'Order Confirmed!')).toBeVisible(PAYMENT_TIMEOUT)
  })

  test('a card is paid on the provider page and the shopper comes back to Order Confirmed!', async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000)
    const products = await stockedProducts(request)
    const p = products[2]
    if (!p) throw new Error('no product')
    await seedCart(page, [cartLine(p, 2)])
    await openCheckout(page)
    await fillShipping(page, shippingFor(guestEmail()))
    await page.getByRole('button', { name: 'Continue to Payment' }).click()
    await page.getByRole('radio', { name: 'Credit Card' }).check()
    await expect(page.getByLabel('M-Pesa Number')).toHaveCount(0)
    await expect(page.getByText(/secure card page of our payment provider/)).toBeVisible()
    await page.getByRole('button', { name: 'Continue to Review' }).click()
    await expect(page.getByText(/^Credit Card/)).toBeVisible()
    await placeOrder(page)

    await payOnCardPage(page, '4084 0840 8408 4081')
    await expect(stepHeading(page, 'Order Confirmed!')).toBeVisible(PAYMENT_TIMEOUT)
    await shownOrderNumber(page)
  })

  test('a declined card comes back with the reason and a way to pay again', async ({ page, request }) => {
    test.setTimeout(60_000)
    const products = await stockedProducts(request)
    const p = products[3]
    if (!p) throw new Error('no product')
    await seedCart(page, [cartLine(p, 1)])
    await openCheckout(page)
    await fillShipping(page, shippingFor(guestEmail()))
    await page.getByRole('button', { name: 'Continue to Payment' }).click()
    await page.getByRole('radio', { name: 'Credit Card' }).check()
    await page.getByRole('button', { name: 'Continue to Review' }).click()
    await placeOrder(page)

    await payOnCardPage(page, '4000 0000 0000 0002')
    await expect(stepHeading(page, 'Payment not completed')).toBeVisible(PAYMENT_TIMEOUT)
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible()
    await expect(page.getByRole('radio', { name: 'M-Pesa', exact: true })).toBeVisible()
  })

  test('each step names what is missing, and going back keeps every value, across a reload too', async ({
    page,
    request,
  }) => {
    const [p] = await stockedProducts(request)
    if (!p) throw new Error('no product')
    await seedCart(page, [cartLine(p, 1)])
    await openCheckout(page)

    await page.getByRole('button', { name: 'Continue to Payment' }).click()
    await expect(page.getByText('First name is required')).toBeVisible()
    await expect(page.getByText('Last name is required')).toBeVisible()
    await expect(page.getByText('Address is required')).toBeVisible()
    await expect(page.getByText('City is required')).toBeVisible()
    await expect(page.getByText('County is required')).toBeVisible()
    await expect(page.getByText('Phone number is required')).toBeVisible()
    await expect(page.getByLabel('First Name', { exact: true })).toBeFocused()
    await expect(page.getByLabel('First Name', { exact: true })).toHaveAttribute('aria-invalid', 'true')
    await expectAccessible(page)

    const email = guestEmail()
    await fillShipping(page, { ...shippingFor(email), phone: '12345' })
    await page.getByRole('button', { name: 'Continue to Payment' }).click()
    await expect(page.getByText('Enter a Kenyan mobile number, e.g. 0712 345 678')).toBeVisible()
    await page.getByLabel('Phone', { exact: true }).fill('0712 345 678')
    await page.getByRole('checkbox', { name: 'Billing address same as shipping' }).uncheck()
    await page.getByRole('button', { name: 'Continue to Payment' }).click()
    await expect(page.getByText('Billing address is required')).toBeVisible()
    await page.getByLabel('Billing Address', { exact: true }).fill('PO Box 100, Kisumu')
    await page.getByLabel('Billing City', { exact: true }).fill('Kisumu')
    await page.getByLabel('Billing County', { exact: true }).selectOption('Kisumu')
    await page.getByLabel('Notes').fill('Call on arrival')
    await page.getByRole('button', { name: 'Continue to Payment' }).click()

    await expect(stepHeading(page, 'Payment Method')).toBeVisible()
    await page.getByLabel('M-Pesa Number').fill('')
    await page.getByRole('button', { name: 'Continue to Review' }).click()
    await expect(page.getByText('M-Pesa number is required')).toBeVisible()
    await page.getByLabel('M-Pesa Number').fill('0733 123 456')
    await page.getByRole('button', { name: 'Continue to Review' }).click()
    await expect(page.getByText('M-Pesa needs a Safaricom number. 0733 123 456 is an Airtel line.')).toBeVisible()
    await expect(page.getByLabel('M-Pesa Number')).toHaveValue('0733 123 456')
    await page.getByLabel('M-Pesa Number').fill('0799 111 222')
    await page.getByRole('button', { name: 'Back to Shipping' }).click()

    await expect(stepHeading(page, 'Shipping Information')).toBeFocused()
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email)
    await expect(page.getByLabel('Billing City', { exact: true })).toHaveValue('Kisumu')
    await expect(page.getByLabel('Notes')).toHaveValue('Call on arrival')
    await page.reload()
    await expect(stepHeading(page, 'Shipping Information')).toBeVisible()
    await expect(page.getByLabel('First Name', { exact: true })).toHaveValue('Achieng')
    await expect(page.getByLabel('County', { exact: true })).toHaveValue('Kisumu')
    await page.getByRole('button', { name: 'Continue to Payment' }).click()
    await expect(page.getByLabel('M-Pesa Number')).toHaveValue('0799 111 222')
    await page.getByRole('button', { name: 'Continue to Review' }).click()
    await expect(page.getByText('Billing address: PO Box 100, Kisumu, Kisumu, Kisumu, Kenya')).toBeVisible()
    await page.getByRole('button', { name: 'Back to Payment' }).click()
    await expect(stepHeading(page, 'Payment Method')).toBeVisible()
    await expect(page.getByLabel('M-Pesa Number')).toHaveValue('0799 111 222')
  })

  test('with no cart, or an unreadable one, checkout goes back to the cart', async ({ page }) => {
    await page.goto('/checkout')
    await expect(page).toHaveURL('/cart')
    await expect(page.getByText('Your cart is empty.')).toBeVisible()

    await seedCart(page, '{not json')
    await page.goto('/payment')
    await expect(page).toHaveURL('/cart')
  })

  test('the step addresses open the checkout', async ({ request }) => {
    for (const path of ['/payment', '/order-summary', '/products/payment', '/products/shipping']) {
      const response = await request.get(path, { maxRedirects: 0 })
      expect(response.status(), path).toBe(302)
      expect(response.headers().location, path).toBe('/checkout')
    }
    const back = await request.get('/order-summary?order=SK-ABC123', { maxRedirects: 0 })
    expect(back.headers().location).toBe('/checkout?order=SK-ABC123')
    const copy = await request.get('/products/checkout')
    expect(copy.status()).toBe(200)
    expect(await copy.text()).toContain('Loading checkout...')
  })

  test('a changed price is shown before paying, and accepting it updates the cart', async ({ page, request }) => {
    const [p] = await stockedProducts(request)
    if (!p) throw new Error('no product')
    // Stored when the product cost less than it does now.
    await seedCart(page, [cartLine(p, 1, Math.max(1, p.effective_price - 10))])
    await openCheckout(page)
    const notice = page.getByRole('region', { name: 'Some items in your cart have changed' })
    await expect(notice).toBeVisible()
    await expect(notice).toContainText(`now ${kes(p.effective_price)}`)
    await expectAccessible(page)
    await notice.getByRole('button', { name: 'Update my cart' }).click()
    await expect(notice).toHaveCount(0)
    const stored = await page.evaluate(() => JSON.parse(window.localStorage.getItem('cartItems') ?? '[]'))
    expect(stored[0].price).toBe(p.effective_price)
  })

  test('the cart summary shows the server quote: subtotal, delivery, VAT and total', async ({ page, request }) => {
    const [p] = await stockedProducts(request)
    if (!p) throw new Error('no product')
    await seedCart(page, [cartLine(p, 2)])
    await page.goto('/cart')
    const summary = page.getByRole('complementary', { name: 'Order Summary' })
    await expect(summary.getByText('Subtotal')).toBeVisible()
    const subtotal = p.effective_price * 2
    const vat = Math.round(subtotal * 0.16 * 100) / 100
    await expect(summary).toContainText(kes(subtotal))
    await expect(summary).toContainText(kes(500))
    await expect(summary.getByText('VAT (16%)')).toBeVisible()
    await expect(summary.getByText('Total Amount')).toBeVisible()
    await expect(summary.getByRole('link', { name: 'Proceed to Checkout' })).toBeVisible()
    expect(vat).toBeGreaterThan(0)
  })

  test('a failed Place Order keeps everything typed, and the retry places one order (double clicks too)', async ({
    page,
    request,
    faults,
  }) => {
    test.setTimeout(60_000)
    const products = await stockedProducts(request)
    const p = products[5]
    if (!p) throw new Error('no product')
    await reachReview(page, [cartLine(p, 1)], shippingFor(guestEmail()))
    const keys: string[] = []
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/checkout/orders/'))
        keys.push(r.headers()['idempotency-key'] ?? '')
    })

    await faults.inject({ path: '^/api/checkout/orders/$', status: 503 })
    await placeOrder(page)
    await expect(page.getByRole('alert').filter({ hasText: 'We could not place your order' })).toBeVisible()
    await expect(stepHeading(page, 'Review Your Order')).toBeVisible()
    await expect(page.getByRole('checkbox', { name: /I accept the Terms of Service/ })).toBeChecked()

    await faults.clear()
    await page.getByRole('button', { name: 'Place Order' }).dblclick()
    await expect(page).toHaveURL(/\/checkout\?order=SK-/)
    await expect(stepHeading(page, 'Check your phone')).toBeVisible()
    // The failed attempt and its retry carry the same key; the double click sent once.
    expect(keys).toHaveLength(2)
    expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{16,128}$/)
    expect(keys[1]).toBe(keys[0])
  })
})
