import type { APIRequestContext } from '@playwright/test'
import { registerAccount, signInByApi } from './accounts.ts'
import { buyPaid, cartLine, stockedProducts } from './checkout-helpers.ts'
import { expect, expectAccessible, test } from './fixtures.ts'
import { waitForHydration } from './hydration.ts'

// Returns (docs/decisions/0013-returns.md): a signed-in shopper returns a delivered item from the order page; the
// demo shop's owner accepts it with pickup and confirms it came back in the vendor portal; the shopper sees it
// refunded.

const VENDOR_PASSWORD = 'Vendor-demo-2026'

/** Ships and delivers the shop's part of the order through the API, as its owner. */
async function shipAndDeliver(request: APIRequestContext, shopSlug: string, orderNumber: string) {
  const login = await request.post('/api/auth/login/', {
    data: { email: `owner@${shopSlug}.demo.soko.co.ke`, password: VENDOR_PASSWORD },
  })
  expect(login.status(), await login.text()).toBe(200)
  const { access_token: token } = (await login.json()) as { access_token: string }
  const headers = { authorization: `Bearer ${token}` }
  const list = await request.get('/api/vendor/orders/', { headers })
  const part = ((await list.json()) as { id: number; orderNumber: string }[]).find(
    (item) => item.orderNumber === orderNumber,
  )
  if (!part) throw new Error(`the vendor does not see ${orderNumber}`)
  const ship = await request.post(`/api/vendor/orders/${part.id}/ship/`, {
    headers,
    data: { carrier: 'own-delivery' },
  })
  expect(ship.status(), await ship.text()).toBe(204)
  const deliver = await request.post(`/api/vendor/orders/${part.id}/deliver/`, { headers })
  expect(deliver.status(), await deliver.text()).toBe(204)
}

test.describe('returns', () => {
  test('a shopper returns a delivered item; the shop accepts it with pickup, receives it, and it is refunded', async ({
    page,
    browser,
    playwright,
    baseURL,
  }) => {
    test.setTimeout(90_000)
    const products = await stockedProducts(page.request)
    const p = products[8]
    if (!p) throw new Error('no product')
    const account = await registerAccount(page.request)
    await signInByApi(page, account)
    const orderNumber = await buyPaid(page, [cartLine(p, 2)], account.email)
    const api = await playwright.request.newContext({ baseURL })
    await shipAndDeliver(api, p.vendor.slug, orderNumber)
    await api.dispose()

    await page.goto(`/accounts/orders/${orderNumber}`)
    const returns = page.getByRole('region', { name: 'Returns' })
    const open = returns.getByRole('button', { name: `Return items from ${p.vendor.name}` })
    await waitForHydration(page, open)
    await open.click()
    const form = page.getByRole('form', { name: `Return items from ${p.vendor.name}` })
    await form.getByRole('button', { name: 'Request Return' }).click()
    await expect(form.getByText('Choose at least one item to return')).toBeVisible()
    await form.getByLabel('Quantity to return').selectOption('1')
    await form.getByLabel('Reason').selectOption({ label: 'Arrived damaged' })
    await expectAccessible(page)
    await form.getByRole('button', { name: 'Request Return' }).click()
    await expect(returns.getByText('Return requested')).toBeVisible()
    await expect(returns.getByText(`${p.name} × 1`)).toBeVisible()

    // The shop's owner, in a browser of their own.
    const vendorContext = await browser.newContext()
    const vendor = await vendorContext.newPage()
    await signInByApi(vendor, { email: `owner@${p.vendor.slug}.demo.soko.co.ke`, password: VENDOR_PASSWORD })
    await vendor.goto('/vendor-portal/orders')
    const card = vendor
      .getByRole('listitem')
      .filter({ has: vendor.getByRole('heading', { name: `Return for order ${orderNumber}` }) })
    await expect(card.getByText('Arrived damaged')).toBeVisible()
    const accept = card.getByRole('button', { name: 'Accept', exact: true })
    await waitForHydration(vendor, accept)
    await accept.click()
    await card.getByLabel('How it comes back').selectOption({ label: 'Pickup by the shop' })
    await expectAccessible(vendor)
    await card.getByRole('button', { name: 'Accept return' }).click()
    await expect(card.getByText('Return accepted')).toBeVisible()
    await card.getByRole('button', { name: 'Item received' }).click()
    await expect(card.getByText('Refunded', { exact: true })).toBeVisible()
    await vendorContext.close()

    await page.reload()
    await expect(returns.getByText('Refunded', { exact: true })).toBeVisible()
    await expect(returns.getByText(/Pickup by the shop/)).toBeVisible()
  })
})
