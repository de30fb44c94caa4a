import { randomBytes } from 'node:crypto'
import type { OrderDetail } from '@soko/contract/checkout'
import { DEMO_ADMIN, signInByApi } from './accounts.ts'
import {
  cartLine,
  fillShipping,
  guestEmail,
  PAYMENT_TIMEOUT,
  payingPhone,
  placeOrder,
  seedCart,
  shippingFor,
  stepHeading,
  stockedProducts,
} from './checkout-helpers.ts'
import { expect, expectAccessible, test } from './fixtures.ts'
import { waitForHydration } from './hydration.ts'

// Vouchers (decision 0023) in the browser: an admin creates one, a code typed at the cart is priced by the server's quote (refused with its
// reason, the typed code kept; applied with its discount and who funds it), follows the shopper to the checkout's
// summary, and the order is placed at the discounted total. Desktop only: the cart and checkout run on phones in
// their own specs.

const kes = (amount: number) => `KSh ${amount.toLocaleString('en-KE', { maximumFractionDigits: 2 })}`

test.describe('vouchers', () => {
  test('an admin creates a voucher; a guest applies it at the cart and pays the discounted total', async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(90_000)
    const code = `E2E${randomBytes(3).toString('hex').toUpperCase()}`
    // The admin creates it on Admin → Vouchers (a missing value is said under its field, the code kept).
    const adminContext = await browser.newContext()
    try {
      const admin = await adminContext.newPage()
      await signInByApi(admin, DEMO_ADMIN)
      await admin.goto('/admin/vouchers')
      const form = admin.getByRole('form', { name: 'New voucher, funded by Soko' })
      const submit = form.getByRole('button', { name: 'Create voucher' })
      await waitForHydration(admin, submit)
      await form.getByLabel('Code').fill(code)
      await submit.click()
      await expect(form.getByText('The value must be above zero')).toBeVisible()
      await expect(form.getByLabel('Code')).toHaveValue(code)
      await form.getByLabel('Percent off').fill('10')
      await submit.click()
      const row = admin.getByRole('row', { name: new RegExp(code) })
      await expect(row.getByText('Active')).toBeVisible()
      await expect(row.getByText('10 % off', { exact: false })).toBeVisible()
      await expectAccessible(admin)
    } finally {
      await adminContext.close()
    }
    const [product] = await stockedProducts(request)
    if (!product) throw new Error('no product')

    await seedCart(page, [cartLine(product, 2)])
    await page.goto('/cart')
    const voucher = page.getByRole('form', { name: 'Voucher' })
    await waitForHydration(page, voucher.getByRole('button', { name: 'Apply' }))
    await voucher.getByLabel('Voucher code').fill('NOSUCH-CODE')
    await voucher.getByRole('button', { name: 'Apply' }).click()
    await expect(voucher.getByRole('alert')).toBeVisible()
    await expect(voucher.getByLabel('Voucher code')).toHaveValue('NOSUCH-CODE')

    await voucher.getByLabel('Voucher code').fill(code.toLowerCase())
    await voucher.getByRole('button', { name: 'Apply' }).click()
    const discount = Math.round(product.effective_price * 2 * 10) / 100
    await expect(page.getByText(new RegExp(`${code} applied: −${kes(discount)}`))).toBeVisible()
    const summary = page.getByRole('complementary', { name: 'Order Summary' })
    await expect(summary.getByText(`Voucher ${code}`, { exact: true })).toBeVisible()
    await expectAccessible(page)

    await page
      .getByRole('link', { name: /Checkout/ })
      .first()
      .click()
    await expect(stepHeading(page, 'Shipping Information')).toBeVisible()
    await expect(
      page.getByRole('complementary', { name: 'Order Summary' }).getByText(`Voucher ${code}`, { exact: true }),
    ).toBeVisible()
    await waitForHydration(page, page.getByRole('button', { name: 'Continue to Payment' }))
    await fillShipping(page, shippingFor(guestEmail(), payingPhone()))
    await page.getByRole('button', { name: 'Continue to Payment' }).click()
    await expect(stepHeading(page, 'Payment Method')).toBeVisible()
    await page.getByRole('button', { name: 'Continue to Review' }).click()
    await expect(stepHeading(page, 'Review Your Order')).toBeVisible()
    const placing = page.waitForResponse(
      (response) => response.request().method() === 'POST' && response.url().endsWith('/api/checkout/orders/'),
    )
    await placeOrder(page)
    const placed = await placing
    expect(placed.status(), await placed.text()).toBe(201)
    const { order } = (await placed.json()) as { order: OrderDetail }
    expect(order.voucherCode).toBe(code)
    expect(order.discount).toBe(discount)
    await expect(stepHeading(page, 'Order Confirmed!')).toBeVisible(PAYMENT_TIMEOUT)
    await expect(page.getByText(`Total paid: ${kes(order.total)}`)).toBeVisible()
  })
})

test.describe('a shop’s own vouchers', () => {
  test('a shop owner creates a voucher in the vendor portal; a shopper applies it; disabled, it is refused', async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(90_000)
    const code = `DUKA${randomBytes(3).toString('hex').toUpperCase()}`
    const [product] = await stockedProducts(request)
    if (!product) throw new Error('no product')
    const ownerContext = await browser.newContext()
    try {
      const owner = await ownerContext.newPage()
      const login = await owner.request.post('/api/auth/login/', {
        data: { email: `owner@${product.vendor.slug}.demo.soko.co.ke`, password: 'Vendor-demo-2026' },
      })
      expect(login.status()).toBe(200)
      await owner.goto('/vendor-portal')
      await owner.getByRole('navigation', { name: 'Vendor Portal' }).getByRole('link', { name: 'Vouchers' }).click()
      await expect(owner.getByRole('heading', { level: 1, name: 'Vouchers' })).toBeVisible()
      const form = owner.getByRole('form', { name: 'New voucher, funded by your shop' })
      const submit = form.getByRole('button', { name: 'Create voucher' })
      await waitForHydration(owner, submit)
      await form.getByLabel('Code').fill(code)
      await form.getByLabel('Percent off').fill('15')
      await submit.click()
      const row = owner.getByRole('row', { name: new RegExp(code) })
      await expect(row.getByText('Active')).toBeVisible()
      await expect(row.getByText('15 % off', { exact: false })).toBeVisible()
      await expectAccessible(owner)

      // A shopper applies it to the shop's product.
      await seedCart(page, [cartLine(product, 1)])
      await page.goto('/cart')
      const voucher = page.getByRole('form', { name: 'Voucher' })
      await waitForHydration(page, voucher.getByRole('button', { name: 'Apply' }))
      await voucher.getByLabel('Voucher code').fill(code)
      await voucher.getByRole('button', { name: 'Apply' }).click()
      const discount = Math.round(product.effective_price * 15) / 100
      await expect(page.getByText(new RegExp(`${code} applied: −${kes(discount)}`))).toBeVisible()

      // The owner disables it: the shopper's cart now says why it does not apply.
      await row.getByRole('button', { name: `Disable voucher ${code}` }).click()
      await expect(row.getByText('Disabled')).toBeVisible()
      await page.reload()
      await expect(page.getByRole('form', { name: 'Voucher' }).getByRole('alert')).toContainText('no longer valid')
    } finally {
      await ownerContext.close()
    }
  })
})
