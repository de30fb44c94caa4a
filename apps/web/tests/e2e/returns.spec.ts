import type { APIRequestContext, Browser, Page } from '@playwright/test'
import { DEMO_ADMIN, registerAccount, signInByApi } from './accounts.ts'
import { buyPaid, cartLine, stockedProducts } from './checkout-helpers.ts'
import { expect, expectAccessible, test } from './fixtures.ts'
import { waitForHydration } from './hydration.ts'

// Returns (docs/decisions/0013-returns.md, 0015-return-disputes.md): a signed-in shopper returns a delivered item
// from the order page; the demo shop's owner accepts it with pickup and confirms it came back in the vendor portal;
// the shopper sees it refunded. A refused return, with the shopper's photo, goes to the dispute desk, where an admin
// refunds part of it, and both sides see the decision.

const VENDOR_PASSWORD = 'Vendor-demo-2026'

/** A small PNG photo (an 8 × 8 square), as a phone's file chooser would hand one over. */
const PHOTO = {
  name: 'cracked-lid.png',
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWM4YaOBFTEMLQkAdntLAQXW6sIAAAAASUVORK5CYII=',
    'base64',
  ),
}

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

/**
 * A new shopper buys `quantity` of the `index`th stocked product, its shop ships and delivers it, and the shopper
 * opens the return form on the order page.
 */
async function deliveredWithReturnForm(
  page: Page,
  playwright: { request: { newContext(options: { baseURL: string }): Promise<APIRequestContext> } },
  baseURL: string,
  index: number,
  quantity: number,
) {
  const p = (await stockedProducts(page.request))[index]
  if (!p) throw new Error('no product')
  const account = await registerAccount(page.request)
  await signInByApi(page, account)
  const orderNumber = await buyPaid(page, [cartLine(p, quantity)], account.email)
  const api = await playwright.request.newContext({ baseURL })
  await shipAndDeliver(api, p.vendor.slug, orderNumber)
  await api.dispose()

  await page.goto(`/accounts/orders/${orderNumber}`)
  const returns = page.getByRole('region', { name: 'Returns' })
  const open = returns.getByRole('button', { name: `Return items from ${p.vendor.name}` })
  await waitForHydration(page, open)
  await open.click()
  const form = page.getByRole('form', { name: `Return items from ${p.vendor.name}` })
  return { p, orderNumber, returns, form }
}

/** The demo shop's owner, in a browser of their own, at the return's card in the vendor portal. */
async function shopReturnCard(browser: Browser, shopSlug: string, orderNumber: string) {
  const vendorContext = await browser.newContext()
  const vendor = await vendorContext.newPage()
  await signInByApi(vendor, { email: `owner@${shopSlug}.demo.soko.co.ke`, password: VENDOR_PASSWORD })
  await vendor.goto('/vendor-portal/orders')
  const card = vendor
    .getByRole('listitem')
    .filter({ has: vendor.getByRole('heading', { name: `Return for order ${orderNumber}` }) })
  return { vendorContext, vendor, card }
}

test.describe('returns', () => {
  test('a shopper returns a delivered item; the shop accepts it with pickup, receives it, and it is refunded', async ({
    page,
    browser,
    playwright,
    baseURL,
  }) => {
    test.setTimeout(90_000)
    const { p, orderNumber, returns, form } = await deliveredWithReturnForm(page, playwright, baseURL ?? '', 8, 2)
    await form.getByRole('button', { name: 'Request Return' }).click()
    await expect(form.getByText('Choose at least one item to return')).toBeVisible()
    await form.getByLabel('Quantity to return').selectOption('1')
    await form.getByLabel('Reason').selectOption({ label: 'Arrived damaged' })
    await expectAccessible(page)
    await form.getByRole('button', { name: 'Request Return' }).click()
    await expect(returns.getByText('Return requested')).toBeVisible()
    await expect(returns.getByText(`${p.name} × 1`)).toBeVisible()

    // The shop's owner, in a browser of their own.
    const { vendorContext, vendor, card } = await shopReturnCard(browser, p.vendor.slug, orderNumber)
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

  test('a refused return with a photo goes to the dispute desk; the admin refunds part of it and both sides see why', async ({
    page,
    browser,
    playwright,
    baseURL,
    isMobile,
  }) => {
    test.skip(isMobile, 'the dispute desk is in the admin area, which runs on the desktop only')
    test.setTimeout(120_000)
    const { p, orderNumber, returns, form } = await deliveredWithReturnForm(page, playwright, baseURL ?? '', 9, 1)
    await form.getByLabel('Quantity to return').selectOption('1')
    await form.getByLabel('Reason').selectOption({ label: 'Arrived damaged' })
    await form.getByLabel('Photos (optional)').setInputFiles(PHOTO)
    await form.getByRole('button', { name: 'Request Return' }).click()
    await expect(returns.getByText('Return requested')).toBeVisible()
    await expect(returns.getByRole('img', { name: 'The returned items, 1 of 1' })).toBeVisible()
    await expect(returns.getByText(/The shop answers by/)).toBeVisible()

    // The shop refuses it.
    const { vendorContext, vendor, card } = await shopReturnCard(browser, p.vendor.slug, orderNumber)
    await expect(card.getByRole('img', { name: 'The returned items, 1 of 1' })).toBeVisible()
    const refuse = card.getByRole('button', { name: 'Refuse', exact: true })
    await waitForHydration(vendor, refuse)
    await refuse.click()
    await card.getByLabel('Reason for refusing').fill('The lid was fine when it left the shop')
    await card.getByRole('button', { name: 'Refuse return' }).click()
    await expect(card.getByText('With Soko for a decision')).toBeVisible()
    await vendorContext.close()

    // The dispute desk: the admin sees both sides and the photo, and refunds part of it.
    const adminContext = await browser.newContext()
    const admin = await adminContext.newPage()
    await signInByApi(admin, DEMO_ADMIN)
    await admin.goto('/admin/disputes')
    const dispute = admin.getByRole('listitem').filter({ hasText: `Return for order ${orderNumber}` })
    await expect(dispute.getByText('The lid was fine when it left the shop')).toBeVisible()
    await expect(dispute.getByRole('img', { name: 'The returned items, 1 of 1' })).toBeVisible()
    const decision = dispute.getByLabel('Decision')
    await waitForHydration(admin, decision)
    await decision.selectOption({ label: 'Refund in part' })
    await dispute.getByLabel('Amount to refund (KSh)').fill('100')
    await dispute.getByRole('button', { name: 'Save decision' }).click()
    await expect(dispute.getByText('Write why: both the shopper and the shop read it')).toBeVisible()
    await dispute.getByLabel('Why').fill('The photo shows a crack; the shop pays part of it')
    await expectAccessible(admin)
    await dispute.getByRole('button', { name: 'Save decision' }).click()
    await expect(dispute.getByText('Refunded', { exact: true })).toBeVisible()
    await adminContext.close()

    await page.reload()
    await expect(returns.getByText('Refunded KSh 100')).toBeVisible()
    await expect(returns.getByText('The photo shows a crack; the shop pays part of it', { exact: false })).toBeVisible()
  })
})
