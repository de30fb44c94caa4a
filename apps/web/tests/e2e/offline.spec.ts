import type { Page } from '@playwright/test'
import { registerAccount, signInByApi } from './accounts.ts'
import {
  cartLine,
  fillShipping,
  guestEmail,
  openCheckout,
  PAYMENT_TIMEOUT,
  placeOrder,
  reachReview,
  seedCart,
  shippingFor,
  shownOrderNumber,
  stepHeading,
  stockedProducts,
  toReview,
} from './checkout-helpers.ts'
import { expect, test } from './fixtures.ts'
import { waitForHydration } from './hydration.ts'

// Installing and offline use (docs/decisions/0033-offline-and-install.md): with the network cut, the shell, a product
// viewed before and the cart still show, with the offline notice, and checkout says it needs a connection.
// The only spec that lets the service worker run (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' })

// A demo catalogue product (see product.spec.ts).
const PRODUCT = 'samsung-guru-music-2-black'

/** Requests the browser could not send while offline, which it logs as errors: expected here. */
const OFFLINE_ERRORS = /net::ERR_INTERNET_DISCONNECTED|net::ERR_FAILED|Failed to fetch/

const notice = (page: Page) =>
  page.getByRole('status').filter({ hasText: 'You are offline. Showing what was saved on this phone.' })

/** Waits until the service worker is active and serves this page. */
async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
    if (navigator.serviceWorker.controller) return
    await new Promise((resolve) =>
      navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
    )
  })
}

test('with the network cut, the shell, a product viewed before and the cart still show; checkout needs a connection', async ({
  page,
  context,
  request,
  browserErrors,
}) => {
  const response = await request.get(`/api/marketplace/api/products/${PRODUCT}/`)
  const product = (await response.json()) as { name: string }

  await page.goto('/')
  await expect(page.getByRole('heading', { name: 'Karibu Soko' })).toBeVisible()
  await waitForServiceWorker(page)
  await expect(notice(page)).toHaveCount(0)

  await page.goto(`/product/${PRODUCT}`)
  const buyBar = page.getByRole('region', { name: 'Buy this product' })
  const title = page.getByRole('heading', { level: 1 })
  await expect(page.getByRole('img', { name: product.name }).first()).toBeVisible()
  const productTitle = (await title.textContent()) ?? ''
  expect(productTitle).not.toBe('')
  await waitForHydration(page, buyBar.getByRole('button').first())
  await buyBar.getByRole('button', { name: 'Add to Cart' }).click()
  await expect(buyBar.getByRole('button', { name: 'Added' })).toBeVisible()
  // The product's pictures are kept as they are shown.
  await page.waitForLoadState('networkidle')

  await context.setOffline(true)

  // The product viewed before, from this phone, with the notice.
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: productTitle })).toBeVisible()
  await expect(notice(page)).toBeVisible()
  const picture = page.getByRole('img', { name: product.name }).first()
  await expect(picture).toBeVisible()
  expect(await picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true)

  // The cart, never opened online: its page was kept when the worker installed, its lines are in the browser.
  await page.goto('/cart')
  await expect(page.getByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeVisible()
  await expect(notice(page)).toBeVisible()
  await expect(
    page.getByRole('list', { name: 'Items in your cart' }).getByRole('link', { name: product.name, exact: true }),
  ).toBeVisible()

  // Checkout says it needs a connection.
  await page.getByRole('link', { name: 'Proceed to Checkout' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible()
  await expect(page.getByRole('alert').filter({ hasText: 'Checkout needs a connection.' })).toBeVisible()

  // The home page, and a page never visited: the offline page, which leads back to the cart.
  await page.goto('/')
  await expect(page.getByRole('heading', { name: 'Karibu Soko' })).toBeVisible()
  await expect(notice(page)).toBeVisible()
  await page.goto('/contact')
  await expect(page.getByRole('heading', { level: 1, name: 'This page was not saved on this phone' })).toBeVisible()
  await expect(notice(page)).toBeVisible()
  await expect(page.getByRole('link', { name: 'Open your cart' })).toHaveAttribute('href', '/cart')

  // Back online: the notice goes.
  await context.setOffline(false)
  await page.goto('/cart')
  await expect(page.getByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeVisible()
  await expect(notice(page)).toHaveCount(0)

  browserErrors.splice(0, browserErrors.length, ...browserErrors.filter((error) => !OFFLINE_ERRORS.test(error)))
})

test('a connection lost at the review step disables Place Order, and it comes back with the connection', async ({
  page,
  context,
  request,
  browserErrors,
}) => {
  const [product] = await stockedProducts(request)
  if (!product) throw new Error('no stocked product in the demo catalogue')
  await reachReview(page, [cartLine(product, 1)], shippingFor(guestEmail()))
  await page.getByRole('checkbox', { name: /I accept the Terms of Service/ }).check()
  const placeOrder = page.getByRole('button', { name: 'Place Order' })
  await expect(placeOrder).toBeEnabled()

  await context.setOffline(true)
  await expect(notice(page)).toBeVisible()
  await expect(placeOrder).toBeDisabled()
  await expect(page.getByRole('alert').filter({ hasText: 'Checkout needs a connection.' })).toBeVisible()
  // Still on the review step: nothing typed is lost.
  await expect(stepHeading(page, 'Review Your Order')).toBeVisible()

  await context.setOffline(false)
  await expect(notice(page)).toHaveCount(0)
  await expect(placeOrder).toBeEnabled()
  browserErrors.splice(0, browserErrors.length, ...browserErrors.filter((error) => !OFFLINE_ERRORS.test(error)))
})

test('a signed-in shopper’s recent orders show offline, and signing out takes them off the phone', async ({
  page,
  context,
  browserErrors,
}) => {
  const account = await registerAccount(page.request)
  await signInByApi(page, account)
  const orderNumber = await placeUnpaidOrder(page, account.email)

  await page.goto('/')
  await waitForServiceWorker(page)
  await page.goto('/accounts/orders')
  const order = page.getByRole('heading', { name: `Order ${orderNumber}` })
  await expect(order).toBeVisible()

  await context.setOffline(true)
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible()
  await expect(order).toBeVisible()
  await expect(notice(page)).toBeVisible()

  await context.setOffline(false)
  await page.goto('/accounts/orders')
  await expect(order).toBeVisible()
  const footer = page.getByRole('contentinfo')
  await waitForHydration(page, footer.getByRole('button', { name: 'Logout' }))
  await footer.getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/login/)

  // Nothing of the account is left in the worker's caches: offline, its orders page is one never saved.
  const kept = await page.evaluate(async () => {
    const urls: string[] = []
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url)
    }
    return urls
  })
  expect(kept.filter((url) => url.includes('/accounts/') || url.includes('/api/user/'))).toEqual([])
  await context.setOffline(true)
  await page.goto('/accounts/orders')
  await expect(page.getByRole('heading', { level: 1, name: 'This page was not saved on this phone' })).toBeVisible()
  await expect(page.getByText(orderNumber)).toHaveCount(0)
  browserErrors.splice(0, browserErrors.length, ...browserErrors.filter((error) => !OFFLINE_ERRORS.test(error)))
})

/** Places an order the simulated shopper does not pay (a number ending in 1032), as orders.spec.ts does. */
async function placeUnpaidOrder(page: Page, email: string): Promise<string> {
  const [product] = await stockedProducts(page.request)
  if (!product) throw new Error('no stocked product in the demo catalogue')
  await seedCart(page, [cartLine(product, 1)])
  await openCheckout(page)
  await fillShipping(page, shippingFor(email, '0712 341 032'))
  await toReview(page)
  await placeOrder(page)
  await expect(stepHeading(page, 'Payment not completed')).toBeVisible(PAYMENT_TIMEOUT)
  return shownOrderNumber(page)
}
