import type { Browser } from '@playwright/test'
import type { AdminFlashSale } from '@soko/contract/flash-sales'
import { DEMO_ADMIN, signInByApi } from './accounts.ts'
import {
  fillShipping,
  guestEmail,
  openCheckout,
  PAYMENT_TIMEOUT,
  payingPhone,
  placeOrder,
  shippingFor,
  stepHeading,
  stockedProducts,
  toReview,
} from './checkout-helpers.ts'
import { expect, expectAccessible, test } from './fixtures.ts'
import { waitForHydration } from './hydration.ts'

// Flash sales (decision 0024): an admin schedules one on /admin/flash-sales, the home page shows it running with
// its units left and a ticking countdown, and a shopper buys at the sale price. Desktop only (the admin area is).

const kes = (amount: number) => `KSh ${new Intl.NumberFormat('en-KE', { maximumFractionDigits: 2 }).format(amount)}`

async function adminPage(browser: Browser) {
  const context = await browser.newContext()
  const page = await context.newPage()
  await signInByApi(page, DEMO_ADMIN)
  return { context, page }
}

test('an admin schedules a flash sale; the home page counts it down and a shopper buys at the sale price', async ({
  browser,
  page,
  request,
}) => {
  // Two browsers, an admin form and a paid checkout: a long journey.
  test.slow()
  // The least used of the well-stocked products: other journeys buy the first ones.
  const stocked = await stockedProducts(request)
  const product = stocked[stocked.length - 1]
  if (!product) throw new Error('fixture')
  const salePrice = Math.floor(product.effective_price / 2)

  const admin = await adminPage(browser)
  let saleId: number | null = null
  try {
    await admin.page.goto('/admin/flash-sales')
    const form = admin.page.getByRole('form', { name: 'Schedule a flash sale' })
    await waitForHydration(admin.page, form.getByRole('button', { name: 'Schedule flash sale' }))
    await form.getByLabel('Find a product').fill(product.slug)
    await form.getByRole('button', { name: 'Search products' }).click()
    await form
      .getByRole('button', { name: `Choose ${product.name}` })
      .first()
      .click()
    await expect(form.getByLabel('Product id')).toHaveValue(String(product.id))
    await form.getByLabel('Sale price (KSh)').fill(String(salePrice))
    await form.getByLabel('Units on sale').fill('5')
    await form.getByLabel('Per-order limit').fill('1')
    // Start and end keep their defaults: now, and six hours from now (Nairobi time).
    const created = admin.page.waitForResponse(
      (response) => response.url().endsWith('/api/admin/flash-sales/') && response.request().method() === 'POST',
    )
    await form.getByRole('button', { name: 'Schedule flash sale' }).click()
    const answer = await created
    expect(answer.status(), await answer.text()).toBe(201)
    saleId = ((await answer.json()) as AdminFlashSale).id
    const row = admin.page.getByRole('row').filter({ hasText: product.name }).first()
    await expect(row).toContainText('Running')
    await expect(row).toContainText('0 of 5')
    await expectAccessible(admin.page)

    // The home page: the running sale, its price against the normal one struck, units left and the countdown.
    await page.goto('/')
    const section = page.getByRole('region', { name: 'Flash Sale' })
    const card = section.getByRole('article', { name: product.name })
    await expect(card).toBeVisible()
    await expect(card).toContainText(kes(salePrice))
    await expect(card.locator('s')).toContainText(kes(product.effective_price))
    await expect(card).toContainText('5 left')
    const clock = card.locator('.countdown__clock')
    // The sale ends six hours after it was scheduled; a busy machine may take a few minutes to get here.
    await expect(clock).toHaveText(/^0?5:[45]\d:\d\d$|^0?6:00:00$/)
    const first = await clock.textContent()
    await expect.poll(() => clock.textContent(), { timeout: 5_000 }).not.toBe(first)
    // Screen readers get the end as a moment, not a clock speaking every second.
    await expect(card.getByText(/^Ends .* Nairobi time$/)).toHaveClass(/visually-hidden/)
    await expectAccessible(page)

    // Bought at the sale price.
    const add = card.getByRole('button', { name: `Add to Cart: ${product.name}` })
    await waitForHydration(page, add)
    await add.click()
    await expect(card.getByRole('button', { name: `Added: ${product.name}` })).toBeVisible()
    await openCheckout(page)
    await fillShipping(page, shippingFor(guestEmail()))
    await toReview(page, payingPhone())
    await expect(page.getByRole('main')).toContainText(kes(salePrice))
    await placeOrder(page)
    await expect(stepHeading(page, 'Order Confirmed!')).toBeVisible(PAYMENT_TIMEOUT)

    await admin.page.reload()
    await expect(admin.page.getByRole('row').filter({ hasText: product.name }).first()).toContainText('1 of 5')
  } finally {
    if (saleId !== null) {
      const origin = new URL(admin.page.url()).origin
      await admin.page.request.post(`/api/admin/flash-sales/${saleId}/cancel/`, { data: {}, headers: { origin } })
    }
    await admin.context.close()
  }
})
