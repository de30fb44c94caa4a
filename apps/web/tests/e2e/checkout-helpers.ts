import type { APIRequestContext, Page, PlaywrightWorkerArgs } from '@playwright/test'
import type { ProductListing } from '@soko/contract/catalog'
import type { OutboxMessage } from '@soko/contract/dev'
import type { CheckoutValues } from '../../app/features/checkout/checkout-form.ts'
import { expect } from './fixtures.ts'
import { waitForHydration } from './hydration.ts'

// Shared by checkout.spec.ts and orders.spec.ts: demo products with plenty of stock (tests run in parallel and a
// direct run keeps its database, so each order takes stock for good), the browser cart (cart.spec.ts too), the
// shipping form, and the card provider's page.

/**
 * In-stock demo products with the most stock, most first (the same list for every test). Products with variants are
 * left out: their card stands for several products, each named after its options in the cart and the order.
 */
export async function stockedProducts(request: APIRequestContext): Promise<ProductListing[]> {
  const response = await request.get('/api/marketplace/search/?q=&in_stock_only=true&per_page=48&sort_by=popular')
  expect(response.status()).toBe(200)
  const { products } = (await response.json()) as { products: ProductListing[] }
  const stocked = products
    .filter((p) => p.stock_qty >= 20 && p.variants === null)
    .sort((a, b) => b.stock_qty - a.stock_qty)
  expect(stocked.length, 'demo products with stock').toBeGreaterThan(3)
  return stocked
}

/** The cart line the storefront stores for a product (specification section 3). */
export function cartLine(p: ProductListing, quantity: number, price = p.effective_price) {
  return {
    id: p.id,
    name: p.name,
    price,
    originalPrice: p.price,
    discountedPrice: p.discounted_price,
    image: p.thumbnail_url ?? '/placeholder-product.svg',
    slug: p.slug,
    business: { name: p.vendor.name },
    stock_qty: p.stock_qty,
    quantity,
  }
}

/** Stores a cart before any page script runs, as if the shopper had filled it earlier (first load only). */
export async function seedCart(page: Page, lines: unknown[] | string): Promise<void> {
  const raw = typeof lines === 'string' ? lines : JSON.stringify(lines)
  await page.addInitScript((value) => {
    // Only on the first load: later loads must see what the page itself saved.
    if (!window.sessionStorage.getItem('seeded')) {
      window.localStorage.setItem('cartItems', value)
      window.sessionStorage.setItem('seeded', '1')
    }
  }, raw)
}

/** What the tests type into the shipping step: the checkout form's required fields. */
export type Shipping = Pick<
  CheckoutValues,
  'firstName' | 'lastName' | 'email' | 'phone' | 'address' | 'city' | 'county'
>

export function shippingFor(email: string, phone = '0712 345 678'): Shipping {
  return {
    firstName: 'Achieng',
    lastName: 'Odhiambo',
    email,
    phone,
    address: '14 Oginga Odinga Street',
    city: 'Kisumu',
    county: 'Kisumu',
  }
}

export const stepHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name, exact: true })

/** Opens /checkout (the cart already stored) and waits for the shipping step to answer. */
export async function openCheckout(page: Page): Promise<void> {
  await page.goto('/checkout')
  // The first server render of checkout after a build can take a while on a busy machine.
  await expect(stepHeading(page, 'Shipping Information')).toBeVisible({ timeout: 15_000 })
  await waitForHydration(page, page.getByRole('button', { name: 'Continue to Payment' }))
}

export async function fillShipping(page: Page, shipping: Shipping): Promise<void> {
  await page.getByLabel('First Name', { exact: true }).fill(shipping.firstName)
  await page.getByLabel('Last Name', { exact: true }).fill(shipping.lastName)
  await page.getByLabel('Email', { exact: true }).fill(shipping.email)
  await page.getByLabel('Phone', { exact: true }).fill(shipping.phone)
  await page.getByLabel('Address', { exact: true }).fill(shipping.address)
  await page.getByLabel('City', { exact: true }).fill(shipping.city)
  await page.getByLabel('County', { exact: true }).selectOption(shipping.county)
}

/** From a filled shipping step to the review step, paying with M-Pesa from `mpesaNumber` (else the phone). */
export async function toReview(page: Page, mpesaNumber?: string): Promise<void> {
  await page.getByRole('button', { name: 'Continue to Payment' }).click()
  await expect(stepHeading(page, 'Payment Method')).toBeVisible()
  if (mpesaNumber) await page.getByLabel('M-Pesa Number').fill(mpesaNumber)
  await page.getByRole('button', { name: 'Continue to Review' }).click()
  await expect(stepHeading(page, 'Review Your Order')).toBeVisible()
}

/** With `lines` in the cart, from the checkout's first step to its review step, paying with M-Pesa. */
export async function reachReview(page: Page, lines: unknown[], shipping: Shipping): Promise<void> {
  await seedCart(page, lines)
  await openCheckout(page)
  await fillShipping(page, shipping)
  await toReview(page)
}

export async function placeOrder(page: Page): Promise<void> {
  await page.getByRole('checkbox', { name: /I accept the Terms of Service/ }).check()
  await page.getByRole('button', { name: 'Place Order' }).click()
}

/**
 * How long the confirmation step may take to show what the simulated payment did: the simulated shopper answers
 * within seconds, and polling every two seconds adds up to two more.
 */
export const PAYMENT_TIMEOUT = { timeout: 20_000 }

/**
 * A Safaricom number the simulator pays from (any ending but its special ones), new for each purchase: the simulator
 * refuses a second prompt to a phone that has one waiting, so purchases running at once must not share one.
 */
export function payingPhone(): string {
  const digit = () => Math.floor(Math.random() * 10)
  return `07${['0', '1', '2', '9'][Math.floor(Math.random() * 4)]}${digit()} ${digit()}${digit()}5 678`
}

/**
 * A whole purchase of `lines` paid with M-Pesa (the simulator pays): the cart, the checkout's steps with `email`,
 * 'Order Confirmed!'. Resolves with the order number shown.
 */
export async function buyPaid(page: Page, lines: unknown[], email: string, phone = payingPhone()): Promise<string> {
  await reachReview(page, lines, shippingFor(email, phone))
  await placeOrder(page)
  await expect(stepHeading(page, 'Order Confirmed!')).toBeVisible(PAYMENT_TIMEOUT)
  return shownOrderNumber(page)
}

/** On the card provider's page that Place Order opens: pays with the card `number`, back to the checkout. */
export async function payOnCardPage(page: Page, number: string): Promise<void> {
  await expect(page.getByLabel('Card number')).toBeVisible(PAYMENT_TIMEOUT)
  await page.getByLabel('Card number').fill(number)
  await page.getByLabel('Expiry (MM/YY)').fill('12/30')
  await page.getByLabel('CVC').fill('123')
  await page.getByLabel('Name on card').fill('Achieng Odhiambo')
  await page.getByRole('button', { name: /^Pay / }).click()
  await expect(page).toHaveURL(/\/checkout\?order=SK-/, PAYMENT_TIMEOUT)
}

/** The order number the confirmation step shows. */
export async function shownOrderNumber(page: Page): Promise<string> {
  const text = await page
    .getByText(/^Order number: SK-/)
    .first()
    .textContent()
  const match = /SK-[0-9A-Z]+/.exec(text ?? '')
  expect(match, 'an order number on the confirmation step').not.toBeNull()
  return match?.[0] ?? ''
}

export async function outbox(request: APIRequestContext, to: string): Promise<OutboxMessage[]> {
  const response = await request.get(`/api/dev/outbox/?to=${encodeURIComponent(to)}`)
  expect(response.status()).toBe(200)
  return (await response.json()) as OutboxMessage[]
}

/** A unique guest email, so that the outbox shows this test's mail only. */
export const guestEmail = () =>
  `guest-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.co.ke`

/** A demo shop owner's API, bearer-authenticated in a request context of its own (no Origin needed). */
export async function shopOwnerApi(
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string | undefined,
  shopSlug: string,
): Promise<APIRequestContext> {
  const signIn = await playwright.request.newContext({ baseURL })
  const login = await signIn.post('/api/auth/login/', {
    data: { email: `owner@${shopSlug}.demo.soko.co.ke`, password: 'Vendor-demo-2026' },
  })
  expect(login.status(), await login.text()).toBe(200)
  const { access_token: token } = (await login.json()) as { access_token: string }
  await signIn.dispose()
  return playwright.request.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${token}` } })
}
