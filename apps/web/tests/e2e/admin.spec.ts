import type { APIRequestContext, Browser, Locator, Page, PlaywrightWorkerArgs } from '@playwright/test'
import type { AdminProductsPage, AdminUsersPage, AdminVendorsPage } from '@soko/contract/admin'
import {
  type Account,
  DEMO_ADMIN,
  DEMO_CUSTOMER,
  openLogin,
  registerAccount,
  signInByApi,
  signInThroughForm,
} from './accounts.ts'
import { buyPaid, cartLine, guestEmail, stockedProducts } from './checkout-helpers.ts'
import { expect, expectAccessible, test } from './fixtures.ts'
import { waitForHydration } from './hydration.ts'
import { cards, openFilters, results, searchApi } from './search-helpers.ts'

// The admin area against the real server. Tests run in parallel (a desktop and a phone project on one server, and a
// direct run keeps its database), so each journey picks its own shop, product and parent category by project, and
// puts back what it changed.

/**
 * The demo admin's API for setting up, in a request context of its own: bearer-authenticated, so it needs no
 * Origin, and its session cookie never reaches the test's other requests.
 */
async function demoAdminApi(
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string | undefined,
): Promise<APIRequestContext> {
  const signIn = await playwright.request.newContext({ baseURL })
  const login = await signIn.post('/api/auth/login/', { data: DEMO_ADMIN })
  expect(login.status(), await login.text()).toBe(200)
  const { access_token: token } = (await login.json()) as { access_token: string }
  await signIn.dispose()
  return playwright.request.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${token}` } })
}

/** A fresh account made a superuser by the demo admin, as an operator would promote a colleague. */
async function freshSuperuser(request: APIRequestContext, admin: APIRequestContext): Promise<Account> {
  const account = await registerAccount(request)
  const found = await admin.get(`/api/admin/users/?q=${encodeURIComponent(account.email)}`)
  const user = ((await found.json()) as AdminUsersPage).results[0]
  if (!user) throw new Error('the new account is not listed')
  const promoted = await admin.put(`/api/admin/users/${user.id}/role/`, { data: { role: 'superuser' } })
  expect(promoted.status(), await promoted.text()).toBe(200)
  return account
}

const adminNav = (page: Page) => page.getByRole('navigation', { name: 'Admin' })
const announcement = (page: Page) => page.getByRole('status').filter({ hasText: /\S/ }).first()
const metric = (page: Page, title: string) =>
  page
    .getByRole('list', { name: 'Marketplace figures' })
    .getByRole('listitem')
    .filter({
      has: page.getByRole('heading', { name: title, exact: true }),
    })

/** A whole number shown on a metric card ('1,234'). */
async function metricNumber(card: Locator): Promise<number> {
  const text = (await card.getByRole('paragraph').first().textContent()) ?? ''
  return Number(text.replace(/[^\d]/g, ''))
}

async function openScreen(page: Page, label: string, heading: RegExp | string) {
  await adminNav(page).getByRole('link', { name: label, exact: true }).click()
  await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible()
}

/** Buys one product as a guest in a browser of its own and pays with the simulated M-Pesa; the order number. */
async function buyAndPay(browser: Browser, productIndex: number): Promise<string> {
  const shopper = await browser.newPage()
  try {
    const products = await stockedProducts(shopper.request)
    const product = products[productIndex]
    if (!product) throw new Error('no product')
    return await buyPaid(shopper, [cartLine(product, 1)], guestEmail())
  } finally {
    await shopper.close()
  }
}

test.describe('the admin area', () => {
  test('is closed to visitors and to signed-in customers', async ({ page }) => {
    for (const path of ['/admin', '/admin/dashboard', '/admin/vendors', '/admin/orders/1', '/admin/categories']) {
      await page.goto(path)
      await expect(page).toHaveURL(`/login?next=${encodeURIComponent(path)}`)
    }
    await signInByApi(page, DEMO_CUSTOMER)
    for (const path of ['/admin', '/admin/products', '/admin/users', '/admin/banners', '/admin/messages']) {
      await page.goto(path)
      await expect(page).toHaveURL('/')
    }
  })

  test('a new superuser verifies a shop, takes a product down, sees a paid order in the figures and refunds it, and orders categories', async ({
    page,
    browser,
    request,
    isMobile,
    playwright,
    baseURL,
  }, testInfo) => {
    test.setTimeout(150_000)
    const lane = testInfo.project.name === 'mobile' ? 1 : 0
    const admin = await demoAdminApi(playwright, baseURL)
    const account = await freshSuperuser(request, admin)
    await signInByApi(page, account)

    // The dashboard, reached from /admin.
    await page.goto('/admin')
    await expect(page).toHaveURL('/admin/dashboard')
    await expect(page).toHaveTitle('Soko Admin')
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Admin' })).toBeVisible()
    for (const title of ['Orders', 'Revenue this month', 'Users', 'Products']) {
      await expect(metric(page, title)).toBeVisible()
    }
    await expect(metric(page, 'Revenue this month')).toContainText(/KSh [\d,]+/)
    await expect(page.locator('main')).not.toContainText('$')
    await expect(page.getByRole('img', { name: /Sales over the last 30 days/ })).toBeVisible()
    await expect(page.getByRole('link', { name: /^Shops to verify: \d+/ })).toHaveAttribute(
      'href',
      '/admin/vendors?status=unverified',
    )
    const ordersBefore = await metricNumber(metric(page, 'Orders'))
    await expectAccessible(page)

    // Verify a shop ('Verified Seller'), then take the badge away again.
    const unverified = (await (
      await admin.get('/api/admin/vendors/?status=unverified&per_page=10')
    ).json()) as AdminVendorsPage
    const shop = unverified.results[lane + 2]
    if (!shop) throw new Error('no unverified shop')
    await openScreen(page, 'Vendors', 'Vendors')
    await page.getByRole('searchbox', { name: 'Search shops' }).fill(shop.slug)
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    await expect(page.getByRole('link', { name: shop.name, exact: true })).toBeVisible()
    const verify = page.getByRole('button', { name: `Verify: ${shop.name}` })
    await waitForHydration(page, verify)
    await verify.click()
    const verifyDialog = page.getByRole('dialog', { name: `Verify ${shop.name}` })
    await expect(verifyDialog).toBeVisible()
    await expectAccessible(page)
    await verifyDialog.getByRole('button', { name: 'Verify shop' }).click()
    await expect(announcement(page)).toHaveText(`${shop.name} is now a 'Verified Seller'.`)
    await expect(page.getByRole('row').filter({ hasText: shop.name }).getByText('Verified Seller')).toBeVisible()
    await page.getByRole('button', { name: `Unverify: ${shop.name}` }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Unverify shop' }).click()
    await expect(announcement(page)).toHaveText(`${shop.name} is no longer a 'Verified Seller'.`)

    // A payout: what is available and what is pending, and when pending money becomes available.
    await page.getByRole('button', { name: `Record payout: ${shop.name}` }).click()
    const payoutDialog = page.getByRole('dialog', { name: `Record a payout to ${shop.name}` })
    await expect(payoutDialog.getByRole('term').filter({ hasText: 'Available to pay' })).toBeVisible()
    await expect(payoutDialog.getByRole('term').filter({ hasText: /^Pending$/ })).toBeVisible()
    await expect(payoutDialog.getByText(/is pending until its delivery is confirmed/)).toContainText('return window')
    await expectAccessible(page)
    await payoutDialog.getByRole('button', { name: 'Cancel' }).click()

    // Take a product down with a reason: it leaves search. Then put it back.
    const avoid = new Set((await stockedProducts(request)).map((p) => p.id))
    const listed = (await (
      await admin.get(`/api/admin/products/?status=active&per_page=20&page=${30 + lane}`)
    ).json()) as AdminProductsPage
    const product = listed.results.find((p) => !avoid.has(p.id) && p.stock_qty > 0)
    if (!product) throw new Error('no product to take down')
    const found = (await searchApi(request, { q: product.name })).products.find((p) => p.id === product.id)
    if (!found) throw new Error('the product is not found by its name')
    await page.goto(`/search?q=${encodeURIComponent(product.name)}`)
    // A variant's card carries its product's name ("Radio", not "Radio (Black)").
    await expect(results(page).getByRole('link', { name: found.name }).first()).toBeVisible()

    await page.goto('/admin/products')
    await page.getByRole('searchbox', { name: 'Search products' }).fill(product.slug)
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    const deactivate = page.getByRole('button', { name: `Deactivate ${product.name}` })
    await waitForHydration(page, deactivate)
    await expectAccessible(page)
    await deactivate.click()
    const takeDown = page.getByRole('dialog', { name: `Deactivate ${product.name}` })
    await takeDown.getByRole('button', { name: 'Deactivate product' }).click()
    await expect(takeDown.getByText('Reason is required')).toBeVisible()
    await takeDown.getByLabel('Reason').fill('Counterfeit goods reported by three shoppers')
    await takeDown.getByRole('button', { name: 'Deactivate product' }).click()
    await expect(announcement(page)).toHaveText(
      `${product.name} was taken down. It no longer shows in the shop or in search.`,
    )
    await expect(page.getByText('Reason: Counterfeit goods reported by three shoppers')).toBeVisible()
    await page.goto(`/search?q=${encodeURIComponent(product.name)}`)
    await expect(page.getByRole('heading', { level: 1, name: 'Search Results' })).toBeVisible()
    await expect(cards(page).filter({ hasText: product.name })).toHaveCount(0)

    await page.goto(`/admin/products?q=${encodeURIComponent(product.slug)}`)
    const reactivate = page.getByRole('button', { name: `Reactivate ${product.name}` })
    await waitForHydration(page, reactivate)
    await reactivate.click()
    await page.getByRole('dialog').getByRole('button', { name: 'Reactivate product' }).click()
    await expect(announcement(page)).toHaveText(`${product.name} is back on sale.`)

    // A paid order shows in the figures; then it is refunded.
    const orderNumber = await buyAndPay(browser, 6 + lane)
    await page.goto('/admin/dashboard')
    await expect(
      page.getByRole('link', { name: new RegExp(`placed order ${orderNumber} for KSh [\\d,]+ \\(paid\\)`) }),
    ).toBeVisible()
    expect(await metricNumber(metric(page, 'Orders'))).toBeGreaterThan(ordersBefore)
    await expect(metric(page, 'Revenue this month')).not.toContainText('Today KSh 0;')

    await openScreen(page, 'Orders', 'Orders')
    await page.getByRole('searchbox', { name: 'Search orders' }).fill(orderNumber)
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    await expect(page.getByRole('row')).toHaveCount(2)
    await expectAccessible(page)
    await page.getByRole('link', { name: orderNumber, exact: true }).click()
    await expect(page.getByRole('heading', { level: 2, name: `Order ${orderNumber}` })).toBeVisible()
    await expect(page.getByRole('heading', { name: /^Sold by / }).first()).toBeVisible()
    await expect(page.getByText('Paid', { exact: true }).first()).toBeVisible()
    await expectAccessible(page)
    const refund = page.getByRole('button', { name: 'Refund order' })
    await waitForHydration(page, refund)
    await refund.click()
    const refundDialog = page.getByRole('dialog', { name: `Refund order ${orderNumber}` })
    await refundDialog.getByRole('button', { name: 'Confirm refund' }).click()
    await expect(refundDialog.getByText('Reason is required')).toBeVisible()
    await refundDialog.getByLabel('Reason').fill('The shopper changed their mind before dispatch')
    await refundDialog.getByLabel('Reference (optional)').fill('QK12RV0001')
    await refundDialog.getByRole('button', { name: 'Confirm refund' }).click()
    await expect(announcement(page)).toHaveText(`Order ${orderNumber} refunded.`)
    await expect(
      page.getByText(/Refunded .* The shopper changed their mind before dispatch \(reference QK12RV0001\)/),
    ).toBeVisible()
    await expect(page.getByRole('button', { name: 'Refund order' })).toHaveCount(0)

    // Categories: two new subcategories, the second moved above the first; the storefront's filters follow.
    const parent = lane === 0 ? 'Books & Stationery' : 'Agriculture'
    const suffix = `${Date.now().toString(36)}${lane}`
    const first = `Kilimo Alpha ${suffix}`
    const second = `Kilimo Beta ${suffix}`
    await openScreen(page, 'Categories', 'Categories')
    await expectAccessible(page)
    for (const name of [first, second]) {
      const add = page.getByRole('button', { name: `Add a subcategory to ${parent}` })
      await waitForHydration(page, add)
      await add.click()
      const form = page.getByRole('form', { name: 'New category' })
      await form.getByLabel('Name', { exact: true }).fill(name)
      await expect(form.getByLabel('Slug')).toHaveValue(`kilimo-${name.split(' ')[1]?.toLowerCase()}-${suffix}`)
      await expect(form.getByLabel('Parent')).toHaveValue(/\d+/)
      await form.getByLabel('Description').fill('Seeds, tools and more for the shamba')
      await form.getByRole('button', { name: 'Save category' }).click()
      await expect(announcement(page)).toHaveText(`Category ${name} created.`)
    }
    const moveUp = page.getByRole('button', { name: `Move ${second} up` })
    await moveUp.click()
    await expect(announcement(page)).toHaveText(`${second} moved up.`)
    await expect(moveUp).toBeFocused()
    const level = page.getByRole('list', { name: `Subcategories of ${parent}` })
    const rows = await level.getByRole('listitem').allTextContents()
    const row = (name: string) => rows.findIndex((text) => text.includes(name))
    expect(row(second)).toBe(row(first) - 1)

    await page.goto('/products')
    const { scope } = await openFilters(page, isMobile)
    const options = await scope
      .getByRole('combobox', { name: 'Category', exact: true })
      .locator('option')
      .allTextContents()
    const at = (name: string) => options.findIndex((text) => text.includes(name))
    expect(at(second)).toBeGreaterThan(0)
    expect(at(second)).toBe(at(first) - 1)

    // A category that still has subcategories cannot go: the server says why. The new, empty ones can.
    await page.goto('/admin/categories')
    const remove = page.getByRole('button', { name: `Delete ${parent}` })
    await waitForHydration(page, remove)
    await remove.click()
    const refused = page.getByRole('dialog', { name: `Delete ${parent}` })
    await refused.getByRole('button', { name: 'Delete category' }).click()
    await expect(refused.getByRole('alert')).toHaveText(/has \d+ subcategories: move or delete them first/)
    await refused.getByRole('button', { name: 'Cancel' }).click()
    for (const name of [first, second]) {
      await page.getByRole('button', { name: `Delete ${name}` }).click()
      await page
        .getByRole('dialog', { name: `Delete ${name}` })
        .getByRole('button', { name: 'Delete category' })
        .click()
      await expect(announcement(page)).toHaveText(`Category ${name} deleted.`)
    }
  })

  test("confirms a shipped vendor part's receipt on the shopper's word", async ({
    page,
    browser,
    request,
    playwright,
    baseURL,
  }, testInfo) => {
    test.setTimeout(90_000)
    const lane = testInfo.project.name === 'mobile' ? 1 : 0
    const admin = await demoAdminApi(playwright, baseURL)
    const account = await freshSuperuser(request, admin)
    const products = await stockedProducts(request)
    const product = products[10 + lane]
    if (!product) throw new Error('no product')
    const orderNumber = await buyAndPay(browser, 10 + lane)

    // Its shop ships it (the demo owner, through the API).
    const vendor = await playwright.request.newContext({ baseURL })
    const login = await vendor.post('/api/auth/login/', {
      data: { email: `owner@${product.vendor.slug}.demo.soko.co.ke`, password: 'Vendor-demo-2026' },
    })
    expect(login.status(), await login.text()).toBe(200)
    const headers = { authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` }
    const parts = (await (await vendor.get('/api/vendor/orders/', { headers })).json()) as {
      id: number
      orderNumber: string
    }[]
    const part = parts.find((item) => item.orderNumber === orderNumber)
    if (!part) throw new Error(`the shop does not see ${orderNumber}`)
    const ship = await vendor.post(`/api/vendor/orders/${part.id}/ship/`, {
      headers,
      data: { carrier: 'sendy', trackingReference: 'SND-4455' },
    })
    expect(ship.status(), await ship.text()).toBe(204)
    await vendor.dispose()

    await signInByApi(page, account)
    const found = await admin.get(`/api/admin/orders/?q=${orderNumber}`)
    const order = ((await found.json()) as { results: { id: number }[] }).results[0]
    if (!order) throw new Error(`${orderNumber} is not listed`)
    await admin.dispose()
    await page.goto(`/admin/orders/${order.id}`)
    await expect(page.getByText('Tracking: Sendy SND-4455')).toBeVisible()
    const confirm = page.getByRole('button', { name: 'Confirm receipt' })
    await waitForHydration(page, confirm)
    await confirm.click()
    const dialog = page.getByRole('dialog', { name: `Confirm receipt of ${product.vendor.name}'s part` })
    await expectAccessible(page)
    await dialog.getByRole('button', { name: 'Confirm receipt' }).click()
    await expect(announcement(page)).toHaveText(
      `Receipt of ${product.vendor.name}'s part of order ${orderNumber} confirmed.`,
    )
    await expect(page.getByText(/Receipt confirmed .* \(by an admin\)/)).toBeVisible()
    await expect(page.getByRole('button', { name: 'Confirm receipt' })).toHaveCount(0)
  })

  test('users, banners and contact messages', async ({ page, request, playwright, baseURL }) => {
    test.setTimeout(90_000)
    const account = await freshSuperuser(request, await demoAdminApi(playwright, baseURL))
    const customer = await registerAccount(request)
    await signInByApi(page, account)

    // Disable an account with a reason, and enable it again.
    await page.goto(`/admin/users?q=${encodeURIComponent(customer.email)}`)
    await expect(page).toHaveTitle('Users | Soko Admin')
    const disable = page.getByRole('button', { name: `Disable ${customer.email}` })
    await waitForHydration(page, disable)
    await expectAccessible(page)
    await disable.click()
    const dialog = page.getByRole('dialog', { name: `Disable ${customer.email}` })
    await dialog.getByLabel('Reason').fill('Fraudulent M-Pesa reversals')
    await dialog.getByRole('button', { name: 'Disable account' }).click()
    await expect(announcement(page)).toHaveText(`${customer.email} was disabled and signed out.`)
    await expect(page.getByText('Reason: Fraudulent M-Pesa reversals')).toBeVisible()
    expect((await request.post('/api/auth/login/', { data: customer })).status()).toBe(403)
    await page.getByRole('button', { name: `Enable ${customer.email}` }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Enable account' }).click()
    await expect(announcement(page)).toHaveText(`${customer.email} can sign in again.`)

    // A banner scheduled for later: created, listed as scheduled, deleted.
    const title = `Msimu wa Mvua ${Date.now().toString(36)}`
    await adminNav(page).getByRole('link', { name: 'Banners', exact: true }).click()
    await expect(page.getByRole('heading', { level: 2, name: 'Banners' })).toBeVisible()
    await expectAccessible(page)
    const create = page.getByRole('button', { name: 'New banner' })
    await waitForHydration(page, create)
    await create.click()
    const form = page.getByRole('form', { name: 'New banner' })
    await form.getByLabel('Title', { exact: true }).fill(title)
    await form.getByLabel('Link URL').fill('javascript:alert(1)')
    await form.getByLabel('Starts (Nairobi time)').fill('2099-12-01T08:00')
    await form.getByLabel('Ends (Nairobi time)').fill('2099-11-01T08:00')
    await form.getByRole('button', { name: 'Save banner' }).click()
    await expect(form.getByText('Link URL must be an http(s) URL or a path starting with /')).toBeVisible()
    await expect(form.getByText('End must be after start')).toBeVisible()
    await form.getByLabel('Link URL').fill('/category/agriculture')
    await form.getByLabel('Ends (Nairobi time)').fill('2099-12-31T20:00')
    await form.getByRole('button', { name: 'Save banner' }).click()
    await expect(announcement(page)).toHaveText(`Banner ${title} created.`)
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) })
    await expect(card.getByText('Scheduled')).toBeVisible()
    await expect(card).toContainText('from 1 Dec 2099')
    await card.getByRole('button', { name: `Delete ${title}` }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Delete banner' }).click()
    await expect(announcement(page)).toHaveText(`Banner ${title} deleted.`)
    await expect(card).toHaveCount(0)

    // A contact message marked handled.
    const subject = `Delivery to Nyeri ${Date.now().toString(36)}`
    const sent = await request.post('/api/contact/', {
      data: {
        name: 'Wambui Kariuki',
        email: 'wambui@example.co.ke',
        subject,
        message: 'Do you deliver to Nyeri town?',
      },
    })
    expect(sent.status(), await sent.text()).toBe(201)
    await adminNav(page).getByRole('link', { name: 'Messages', exact: true }).click()
    const message = page.getByRole('listitem').filter({ hasText: subject })
    const mark = message.getByRole('button', { name: `Mark handled: ${subject}` })
    await waitForHydration(page, mark)
    await expectAccessible(page)
    await mark.click()
    await expect(announcement(page)).toHaveText(`Message "${subject}" marked handled.`)
    await expect(message.getByText(/^Handled /)).toBeVisible()
  })

  test('in the demo, the outbox lets a password reset be finished by someone with only the admin account', async ({
    page,
    browser,
    request,
  }) => {
    // A shopper of its own (not the shared demo customer) asks for a reset on the site.
    const shopper = await registerAccount(request)
    await page.goto('/forgot-password')
    await waitForHydration(page, page.getByRole('button', { name: 'Send Link' }))
    await page.getByLabel('Email', { exact: true }).fill(shopper.email)
    await page.getByRole('button', { name: 'Send Link' }).click()
    await expect(page.getByRole('main').getByRole('status')).toHaveText('Check your email for reset instructions.')

    // The demo admin, in a browser of their own, reads the mail in the admin area.
    const adminContext = await browser.newContext()
    const admin = await adminContext.newPage()
    try {
      await signInByApi(admin, DEMO_ADMIN)
      await admin.goto('/admin/dashboard')
      await openScreen(admin, 'Outbox', 'Outbox')
      const search = admin.getByRole('search', { name: 'Search by recipient' })
      await waitForHydration(admin, search.getByRole('button', { name: 'Search' }))
      await search.getByLabel('Search by recipient').fill(shopper.email)
      await search.getByRole('button', { name: 'Search' }).click()
      const row = admin.getByRole('row').filter({ hasText: shopper.email })
      await expect(row).toHaveCount(1)
      await expect(row.getByText('Not sent (no mail server)')).toBeVisible()
      await expectAccessible(admin)
      await row.getByRole('link', { name: 'Reset your Soko password' }).click()

      await expect(admin.getByRole('heading', { level: 2, name: 'Reset your Soko password' })).toBeVisible()
      await expect(admin.getByText(shopper.email, { exact: true })).toBeVisible()
      await expectAccessible(admin)
      await admin.getByRole('link', { name: /\/reset-password\// }).click()

      // The link leads to the reset screen, where the new password is set.
      await expect(admin.getByRole('heading', { level: 1, name: 'Reset Your Password' })).toBeVisible()
      await waitForHydration(admin, admin.getByRole('button', { name: 'Reset Password' }))
      const newPassword = `${shopper.password}-outbox`
      await admin.getByLabel('New Password', { exact: true }).fill(newPassword)
      await admin.getByLabel('Confirm New Password', { exact: true }).fill(newPassword)
      await admin.getByRole('button', { name: 'Reset Password' }).click()
      await expect(admin.getByRole('main').getByRole('status')).toHaveText(
        'Password changed successfully. Redirecting...',
      )

      // The shopper signs in with it.
      await openLogin(page)
      await signInThroughForm(page, { email: shopper.email, password: newPassword })
      await expect(page.getByRole('main').getByRole('status')).toHaveText('Signed in successfully.')
      await page.waitForURL((url) => url.pathname === '/')
    } finally {
      await adminContext.close()
    }
  })
})
