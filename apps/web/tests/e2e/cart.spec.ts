import type { APIRequestContext, Page } from '@playwright/test'
import type { ProductDetail } from '@soko/contract/catalog'
import { seedCart } from './checkout-helpers.ts'
import { expect, expectAccessible, test } from './fixtures.ts'
import { cartLink, waitForHydration } from './hydration.ts'

// Demo catalogue products (see product.spec.ts): each test reads their numbers from the API.
const DISCOUNTED = 'samsung-guru-music-2-black'
const LOW_STOCK = 'north-star-canvas-sneakers-size-43'
const NO_DISCOUNT = 'huggies-diaper-pants-size-2-mega-pack'

async function product(request: APIRequestContext, slug: string): Promise<ProductDetail> {
  const response = await request.get(`/api/marketplace/api/products/${slug}/`)
  expect(response.status(), `demo product ${slug}`).toBe(200)
  return (await response.json()) as ProductDetail
}

const kes = (amount: number) => `KSh ${amount.toLocaleString('en-KE', { maximumFractionDigits: 2 })}`

/** The cart line the storefront stores for a product (specification section 3). */
function cartLine(p: ProductDetail, quantity: number) {
  const image = p.images.find((i) => i.is_primary) ?? p.images[0]
  return {
    id: p.id,
    name: p.name,
    price: p.effective_price,
    originalPrice: p.price,
    discountedPrice: p.discounted_price,
    image: image?.thumbnail ?? '/placeholder-product.svg',
    slug: p.slug,
    business: { name: p.business.name },
    stock_qty: p.stock_qty,
    quantity,
  }
}

const cartItems = (page: Page) => page.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem')
const line = (page: Page, name: string) =>
  cartItems(page).filter({ has: page.getByRole('link', { name, exact: true }) })
// The items' sum: the quote's Subtotal row once the server has priced the cart (Total Amount adds delivery and VAT).
const total = (page: Page) => page.getByRole('term').filter({ hasText: 'Subtotal' }).locator('xpath=..')

async function openCart(page: Page) {
  await page.goto('/cart')
  await expect(page.getByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: 'Loading your cart...' })).toHaveCount(0)
}

test.describe('cart', () => {
  test('an empty cart says so and leads back to shopping', async ({ page }) => {
    await openCart(page)
    await expect(page).toHaveTitle('Shopping Cart | Soko')
    await expect(page.getByText('Your cart is empty.')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/')
    await expect(page.getByRole('link', { name: 'Proceed to Checkout' })).toHaveCount(0)
    await expectAccessible(page)
    await page.getByRole('link', { name: 'Continue Shopping' }).click()
    await expect(page.getByRole('heading', { name: 'Karibu Soko' })).toBeVisible()
  })

  test('the server sends a loading state, never a cart it cannot know', async ({ request }) => {
    const html = await (await request.get('/cart')).text()
    expect(html).toContain('Shopping Cart')
    expect(html).toContain('Loading your cart...')
    expect(html).not.toContain('Your cart is empty.')
  })

  test('is also served at /products/cart', async ({ page }) => {
    const response = await page.goto('/products/cart')
    expect(response?.status()).toBe(200)
    await expect(page.getByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeVisible()
    await expect(page.getByText('Your cart is empty.')).toBeVisible()
  })

  test('a product added on its page shows with its image, price, seller and subtotal; quantities change the totals and the badge', async ({
    page,
    request,
    isMobile,
  }) => {
    const p = await product(request, DISCOUNTED)
    expect(p.discounted_price).not.toBeNull()
    expect(p.stock_qty).toBeGreaterThan(3)
    await page.goto(`/product/${p.slug}`)
    const bar = page.getByRole('region', { name: 'Buy this product' })
    await waitForHydration(page, bar.getByRole('button', { name: 'Add to Cart' }))
    await bar.getByRole('button', { name: 'Add to Cart' }).click()
    await (await cartLink(page, isMobile, 1)).click()
    await expect(page).toHaveURL('/cart')

    const item = line(page, p.name)
    await expect(item).toHaveCount(1)
    await expect(item.getByRole('link', { name: p.name })).toHaveAttribute('href', `/product/${p.slug}`)
    await expect(item.locator('img')).toHaveAttribute('src', cartLine(p, 1).image)
    await expect(item.getByText(kes(p.effective_price), { exact: true }).first()).toBeVisible()
    await expect(item.locator('s')).toContainText(kes(p.price))
    await expect(item.getByText(`by ${p.business.name}`)).toBeVisible()
    const quantity = item.getByRole('status', { name: `Quantity of ${p.name}` })
    await expect(quantity).toHaveText('1')
    await expect(item.getByText(`Subtotal: ${kes(p.effective_price)}`)).toBeAttached()
    await expect(total(page)).toContainText(kes(p.effective_price))

    const minus = item.getByRole('button', { name: `Decrease quantity of ${p.name}` })
    const plus = item.getByRole('button', { name: `Increase quantity of ${p.name}` })
    await expect(minus).toBeDisabled()
    await plus.click()
    await plus.click()
    await expect(quantity).toHaveText('3')
    await expect(item.getByText(`Subtotal: ${kes(p.effective_price * 3)}`)).toBeAttached()
    await expect(total(page)).toContainText(kes(p.effective_price * 3))
    await expect(page.getByText('3 items', { exact: true })).toBeVisible()
    await minus.click()
    await expect(quantity).toHaveText('2')
    await expect(total(page)).toContainText(kes(p.effective_price * 2))
    await expect(await cartLink(page, isMobile, 2)).toBeVisible()

    // Saved: a reload shows the same cart.
    await page.reload()
    await expect(line(page, p.name).getByRole('status', { name: `Quantity of ${p.name}` })).toHaveText('2')
  })

  test('totals several lines, removes a line, and ends empty', async ({ page, request, isMobile }) => {
    const a = await product(request, DISCOUNTED)
    const b = await product(request, NO_DISCOUNT)
    expect(b.discounted_price).toBeNull()
    await seedCart(page, [cartLine(a, 2), cartLine(b, 3)])
    await openCart(page)
    await expect(cartItems(page)).toHaveCount(2)
    await expect(total(page)).toContainText(kes(a.effective_price * 2 + b.effective_price * 3))
    await expect(page.getByText('5 items', { exact: true })).toBeVisible()
    // Not discounted: no struck price.
    await expect(line(page, b.name).locator('s')).toHaveCount(0)
    await expect(await cartLink(page, isMobile, 5)).toBeVisible()
    if (isMobile) await page.getByRole('button', { name: 'Close menu' }).click()

    await line(page, a.name).getByRole('button', { name: 'Remove' }).click()
    await expect(cartItems(page)).toHaveCount(1)
    await expect(page.getByRole('status').filter({ hasText: `${a.name} was removed from your cart.` })).toBeAttached()
    await expect(total(page)).toContainText(kes(b.effective_price * 3))
    await expect(page.getByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeFocused()

    await line(page, b.name)
      .getByRole('button', { name: `Remove ${b.name}` })
      .click()
    await expect(page.getByText('Your cart is empty.')).toBeVisible()
    expect(await page.evaluate(() => window.localStorage.getItem('cartItems'))).toBe('[]')
    await expect(page.getByRole('link', { name: /^Cart, \d+ items$/ })).toHaveCount(0)
  })

  test('the plus button stops at the stock', async ({ page, request }) => {
    const p = await product(request, LOW_STOCK)
    expect(p.stock_qty).toBeGreaterThan(1)
    await seedCart(page, [cartLine(p, p.stock_qty - 1)])
    await openCart(page)
    const item = line(page, p.name)
    const plus = item.getByRole('button', { name: `Increase quantity of ${p.name}` })
    await expect(plus).toBeEnabled()
    await plus.click()
    await expect(item.getByRole('status', { name: `Quantity of ${p.name}` })).toHaveText(String(p.stock_qty))
    await expect(plus).toBeDisabled()
    await expect(item.getByText(`Only ${p.stock_qty} in stock`)).toBeVisible()
  })

  test('Proceed to Checkout opens the checkout with the cart', async ({ page, request }) => {
    const p = await product(request, NO_DISCOUNT)
    await seedCart(page, [cartLine(p, 1)])
    await openCart(page)
    const proceed = page.getByRole('link', { name: 'Proceed to Checkout' })
    await expect(proceed).toHaveAttribute('href', '/checkout')
    const continueShopping = page.getByRole('complementary').getByRole('link', { name: 'Continue Shopping' })
    await expect(continueShopping).toHaveAttribute('href', '/')
    await waitForHydration(page, proceed)
    await proceed.click()
    await expect(page).toHaveURL('/checkout')
    await expect(page.getByRole('heading', { level: 2, name: 'Shipping Information' })).toBeVisible()
    await expect(page.getByRole('complementary', { name: 'Order Summary' }).getByText(p.name)).toBeVisible()
  })

  test('an unreadable stored cart shows as empty, without an error', async ({ page, isMobile }) => {
    await seedCart(page, '{not json')
    await openCart(page)
    await expect(page.getByText('Your cart is empty.')).toBeVisible()
    if (isMobile) await page.getByRole('button', { name: 'Open menu' }).click()
    await expect(page.getByRole('link', { name: 'Cart', exact: true })).toHaveText('Cart')
  })

  test('lines stored without some fields still show, with fallbacks', async ({ page }) => {
    await seedCart(page, [{ id: 999_001, name: 'Jogoo Maize Flour 2kg', price: 210, quantity: 2 }, { bogus: true }])
    await openCart(page)
    await expect(cartItems(page)).toHaveCount(1)
    await expect(page.getByRole('link', { name: 'Jogoo Maize Flour 2kg' })).toHaveAttribute(
      'href',
      '/product/jogoo-maize-flour-2kg',
    )
    // No such product on sale: the server's quote says so, and offers to take it out of the cart.
    const notice = page.getByRole('region', { name: 'Some items in your cart have changed' })
    await expect(notice).toContainText('Jogoo Maize Flour 2kg')
    await notice.getByRole('button', { name: 'Update my cart' }).click()
    await expect(page.getByText('Your cart is empty.')).toBeVisible()
  })

  test('a cart with items has no serious accessibility violations', async ({ page, request }) => {
    await seedCart(page, [cartLine(await product(request, DISCOUNTED), 2)])
    await openCart(page)
    await expect(cartItems(page)).toHaveCount(1)
    await expectAccessible(page)
  })
})
