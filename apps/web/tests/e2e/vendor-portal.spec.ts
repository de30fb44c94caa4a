import { randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import type { ProductListing } from '@soko/contract/catalog'
import type { PayoutSummary } from '@soko/contract/vendor'
import sharp from 'sharp'
import { type Account, mainNav, registerAccount, signInByApi } from './accounts.ts'
import { buyPaid, cartLine, guestEmail, outbox, stockedProducts } from './checkout-helpers.ts'
import { expect, expectAccessible, test } from './fixtures.ts'
import { waitForHydration } from './hydration.ts'

// The vendor portal, from a fresh account: opening a shop at /sell, adding a product with a photo (it reaches the
// storefront and search), a shopper buying it with M-Pesa (the simulator pays), shipping and delivering the order,
// and the payout that is then owed. Each test has its own account and shop: tests run in parallel on one server.

/** A small real JPEG, as a phone camera would send (smaller). */
async function jpeg(name: string) {
  const buffer = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#0f7b3f' } })
    .jpeg({ quality: 80 })
    .toBuffer()
  return { name, mimeType: 'image/jpeg', buffer }
}

/** The first bytes of an iPhone HEIC photo: the server recognises it by content and refuses it with a sentence. */
function heic(name: string) {
  const head = Buffer.alloc(64)
  head.writeUInt32BE(24, 0)
  head.write('ftypheic', 4, 'latin1')
  head.write('mif1heic', 16, 'latin1')
  return { name, mimeType: 'image/heic', buffer: head }
}

const toast = (page: Page) => page.locator('.toast')

/** Signs a fresh account in and opens a shop through the /sell form; the portal's dashboard opens. */
async function openShop(page: Page, shopName: string): Promise<Account> {
  const account = await registerAccount(page.request)
  await signInByApi(page, account)
  await page.goto('/sell')
  await expect(page.getByRole('heading', { level: 1, name: 'Open your shop on Soko' })).toBeVisible()
  await waitForHydration(page, page.getByRole('button', { name: 'Open my shop' }))
  await page.getByLabel('Business name').fill(shopName)
  await page.getByLabel('Business type').selectOption('Artisan')
  await page.getByLabel('County').selectOption('Nairobi')
  await page.getByLabel('Town').fill('Westlands')
  await page.getByLabel('Phone', { exact: true }).fill('0712 345 678')
  await page.getByLabel('M-Pesa payout number').fill('0712 345 678')
  await page.getByLabel('Description').fill('Handwoven sisal baskets from Machakos, sold in Nairobi.')
  await page.getByRole('button', { name: 'Open my shop' }).click()
  await expect(page).toHaveURL('/vendor-portal?welcome=1')
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
  return account
}

test.describe('vendor portal', () => {
  test('a customer opens a shop, lists a product with a photo, and ships and is paid for an order', async ({
    page,
    browser,
    isMobile,
  }) => {
    test.setTimeout(150_000)
    const id = randomUUID().slice(0, 8)
    const shopName = `Nyota Baskets ${id}`
    const productName = `Kiondo basket ${id}`

    // Opening the shop: /sell, then the dashboard with its welcome note and the shop's state.
    await openShop(page, shopName)
    await expect(page.getByRole('heading', { name: `Welcome to Soko, ${shopName}!` })).toBeVisible()
    await expect(page.getByText('Not verified yet').first()).toBeVisible()
    await expect(page.getByRole('img', { name: /Sales over the last 30 days/ })).toBeVisible()
    await expectAccessible(page)
    const nav = await mainNav(page, isMobile)
    await expect(nav.getByRole('link', { name: 'Vendor Portal' })).toHaveAttribute('href', '/vendor-portal')
    await expect(nav.getByRole('link', { name: 'Sell on Soko' })).toHaveCount(0)
    if (isMobile) await page.getByRole('button', { name: 'Close menu' }).click()

    // Adding a product with two photos: the JPEG is uploaded, the HEIC is refused with the server's reason.
    await page.getByRole('link', { name: 'Add your first product' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Add product' })).toBeVisible()
    await waitForHydration(page, page.getByRole('button', { name: 'Add product' }))
    await page.getByLabel('Choose photos').setInputFiles([await jpeg('kiondo.jpg'), heic('IMG_0042.heic')])
    await expect(page.getByText('Uploads when you add the product')).toHaveCount(2)
    await page.getByLabel('Product name').fill(productName)
    await expect(page.getByLabel('Slug')).toHaveValue(`kiondo-basket-${id}`)
    await page.getByLabel('Description').fill('A sturdy sisal basket with leather straps.')
    const category = page.getByLabel('Category')
    await category.selectOption({ index: 1 })
    await page.getByLabel('Price (KSh)', { exact: true }).fill('1,500')
    await page.getByLabel('Compare-at price (KSh)').fill('1800')
    await page.getByLabel('Stock', { exact: true }).fill('12')
    await expectAccessible(page)
    await page.getByRole('button', { name: 'Add product' }).click()

    await expect(page).toHaveURL(/\/vendor-portal\/products\/\d+$/)
    await expect(page.getByRole('heading', { level: 1, name: productName })).toBeVisible()
    await expect(toast(page)).toContainText('1 photo uploaded. 1 photo could not be uploaded', { timeout: 15_000 })
    await expect(page.getByText('HEIC photos are not supported yet: please send JPEG')).toBeVisible()
    const photos = page.getByRole('list', { name: 'Product photos' })
    await expect(photos.getByRole('img', { name: `${productName}, 1 of 1` })).toBeVisible()
    await expect(photos.getByText('Primary')).toBeVisible()
    await expect(page.getByRole('link', { name: 'View in store' })).toHaveAttribute(
      'href',
      `/product/kiondo-basket-${id}`,
    )
    await expectAccessible(page)

    // The storefront: its product page, and search (the catalogue drops its cache on every write).
    await page.getByRole('link', { name: 'View in store' }).click()
    await expect(page.getByRole('heading', { level: 1, name: productName })).toBeVisible()
    await expect(page.getByText('KSh 1,500').first()).toBeVisible()
    await page.goto(`/search?q=${encodeURIComponent(productName)}`)
    await expect(page.getByRole('link', { name: new RegExp(productName) }).first()).toBeVisible()

    // A shopper (a guest, in a browser of their own) buys two and pays with M-Pesa.
    const listing = await page.request.get(`/api/marketplace/search/?q=${encodeURIComponent(productName)}`)
    const found = ((await listing.json()) as { products: ProductListing[] }).products.find(
      (p) => p.slug === `kiondo-basket-${id}`,
    )
    if (!found) throw new Error('the new product is not in search')
    const shopperContext = await browser.newContext({ baseURL: test.info().project.use.baseURL })
    const shopper = await shopperContext.newPage()
    const orderNumber = await buyPaid(shopper, [cartLine(found, 2)], guestEmail())
    await shopperContext.close()

    // The vendor's orders: the paid part, started, shipped with its carrier and tracking reference, then delivered.
    await page.goto('/vendor-portal/orders')
    const order = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: `Order ${orderNumber}` }) })
    await expect(order).toBeVisible()
    await expect(order.getByText('Paid', { exact: true })).toBeVisible()
    await expect(order.getByText('Achieng Odhiambo')).toBeVisible()
    await expect(order.getByText('Kisumu, Kisumu')).toBeVisible()
    await expect(order.getByText(`2 × ${productName}`)).toBeVisible()
    await expect(order.getByText('KSh 3,000').first()).toBeVisible()
    await expectAccessible(page)
    const start = order.getByRole('button', { name: 'Start processing' })
    await waitForHydration(page, start)
    await start.click()
    await expect(toast(page)).toContainText(`Order ${orderNumber} marked as processing.`)
    await expect(order.getByText('Processing', { exact: true })).toBeVisible()
    await expect(start).toHaveCount(0)
    const ship = order.getByRole('button', { name: 'Mark as shipped' })
    await ship.click()
    await order.getByLabel('Carrier').selectOption({ label: 'G4S' })
    await order.getByLabel('Tracking reference').fill('12345')
    await order.getByLabel('Tracking note').fill('Fragile: handle with care')
    await expectAccessible(page)
    await order.getByRole('button', { name: 'Confirm shipped' }).click()
    await expect(toast(page)).toContainText(`Order ${orderNumber} marked as shipped.`)
    await expect(order.getByText('Shipped', { exact: true })).toBeVisible()
    await expect(order.getByText('G4S 12345')).toBeVisible()
    await order.getByRole('button', { name: 'Mark as delivered' }).click()
    await expect(toast(page)).toContainText(`Order ${orderNumber} marked as delivered.`)
    await expect(order.getByText('Delivered', { exact: true })).toBeVisible()
    await expect(order.getByRole('button', { name: 'Mark as delivered' })).toHaveCount(0)
    await expect(order.getByText('Waiting for the customer to confirm')).toBeVisible()

    // The dashboard counts the sale; payouts show the balance owed after commission.
    await page.getByRole('navigation', { name: 'Vendor Portal' }).getByRole('link', { name: 'Dashboard' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
    await expect(page.getByText('KSh 3,000').first()).toBeVisible()
    await page.getByRole('navigation', { name: 'Vendor Portal' }).getByRole('link', { name: 'Payouts' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Payouts' })).toBeVisible()
    const summary = (await (await page.request.get('/api/vendor/payouts/')).json()) as PayoutSummary
    const line = summary.lines.find((entry) => entry.orderNumber === orderNumber)
    expect(line?.subtotal).toBe(3000)
    expect(summary.balance).toBe(line?.net)
    expect(summary.balance).toBeGreaterThan(0)
    const balance = `KSh ${summary.balance.toLocaleString('en-KE', { maximumFractionDigits: 2 })}`
    await expect(page.getByText('Balance owed to you').locator('..')).toContainText(balance)
    // Delivered but not confirmed: all of it is pending, none available yet, and the page says when that changes.
    expect(summary.pending).toBe(summary.balance)
    const figure = (name: string) =>
      page
        .getByRole('term')
        .filter({ hasText: new RegExp(`^${name}$`) })
        .locator('..')
    await expect(figure('Pending')).toContainText(balance)
    await expect(figure('Available')).toContainText('KSh 0')
    await expect(page.getByText(/is pending until its delivery is confirmed/)).toContainText(
      `and the ${summary.returnWindowDays}-day return window`,
    )
    const row = page.getByRole('row').filter({ hasText: orderNumber })
    await expect(row).toContainText('KSh 3,000')
    await expect(row).toContainText('Delivered')
    await expect(row).toContainText('Pending')
    await expectAccessible(page)

    // Products: the list with search, and the stock edited in place.
    await page.getByRole('navigation', { name: 'Vendor Portal' }).getByRole('link', { name: 'Products' }).click()
    await page.getByRole('searchbox', { name: 'Search your products' }).fill('Kiondo')
    await page.getByRole('button', { name: 'Search' }).click()
    await expect(page).toHaveURL('/vendor-portal/products?q=Kiondo')
    await expect(page.getByText('1 product matching "Kiondo"')).toBeVisible()
    const stock = page.getByLabel(`Stock of ${productName}`)
    await expect(stock).toHaveValue('10')
    await waitForHydration(page, stock)
    await stock.fill('25')
    await page.getByRole('button', { name: `Save stock of ${productName}` }).click()
    await expect(toast(page)).toContainText(`Stock of ${productName} set to 25.`)
    await expectAccessible(page)

    // The shop profile: saved whole, the verification state beside it.
    await page.getByRole('navigation', { name: 'Vendor Portal' }).getByRole('link', { name: 'Shop profile' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Shop profile' })).toBeVisible()
    await expect(page.getByLabel('Business name')).toHaveValue(shopName)
    await waitForHydration(page, page.getByRole('button', { name: 'Save profile' }))
    await page.getByLabel('Town').fill('Kilimani')
    await expect(page.getByLabel('Current password')).toHaveCount(0)
    await page.getByRole('button', { name: 'Save profile' }).click()
    await expect(toast(page)).toContainText('Shop profile saved.')
    await expectAccessible(page)
  })

  test('checks before sending, and keeps what was typed when the server refuses a field', async ({ page }) => {
    test.setTimeout(60_000)
    const id = randomUUID().slice(0, 8)
    const [taken] = await stockedProducts(page.request)
    if (!taken) throw new Error('no demo product')
    await openShop(page, `Duka la Mama ${id}`)

    await page.goto('/vendor-portal/products/new')
    const add = page.getByRole('button', { name: 'Add product' })
    await waitForHydration(page, add)
    await add.click()
    await expect(page.getByText('Product name is required')).toBeVisible()
    await expect(page.getByText('Category is required')).toBeVisible()
    await expect(page.getByLabel('Product name')).toBeFocused()

    await page.getByLabel('Product name').fill(`Sukuma wiki ${id}`)
    await page.getByLabel('Slug').fill(taken.slug)
    await page.getByLabel('Category').selectOption({ index: 1 })
    await page.getByLabel('Price (KSh)', { exact: true }).fill('120')
    await page.getByLabel('Compare-at price (KSh)').fill('100')
    await page.getByLabel('Stock', { exact: true }).fill('5')
    await add.click()
    await expect(page.getByText('Compare-at price must be higher than the price')).toBeVisible()
    await page.getByLabel('Compare-at price (KSh)').fill('')
    await add.click()
    // The slug belongs to another product: the server says so at the field, and the form keeps every value.
    await expect(page.getByLabel('Slug')).toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByText('This slug is already taken: choose another').first()).toBeVisible()
    await expect(page.getByLabel('Product name')).toHaveValue(`Sukuma wiki ${id}`)
    await expect(page.getByLabel('Price (KSh)', { exact: true })).toHaveValue('120')
    await expect(page).toHaveURL('/vendor-portal/products/new')
    await expectAccessible(page)
  })

  test('a new payout number asks for the current password, keeps what was typed when it is wrong, and is emailed', async ({
    page,
  }) => {
    test.setTimeout(60_000)
    const account = await openShop(page, `Kiondo Corner ${randomUUID().slice(0, 8)}`)
    await page.goto('/vendor-portal/shop')
    const save = page.getByRole('button', { name: 'Save profile' })
    await waitForHydration(page, save)
    const password = page.getByLabel('Current password')
    await expect(password).toHaveCount(0)

    // The field comes with a new number (and goes when the number is typed back).
    await page.getByLabel('M-Pesa payout number').fill('0722 124 567')
    await expect(password).toBeVisible()
    await page.getByLabel('M-Pesa payout number').fill('0712345678')
    await expect(password).toHaveCount(0)
    await page.getByLabel('M-Pesa payout number').fill('0722 124 567')
    await page.getByLabel('Town').fill('Kilimani')
    await save.click()
    await expect(page.getByText('Enter your current password to change the M-Pesa payout number')).toBeVisible()
    await expect(password).toBeFocused()

    // A wrong password: said at the field; everything typed is still there.
    await password.fill('Not-my-password-1')
    await save.click()
    await expect(password).toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByText('Your current password is incorrect.').first()).toBeVisible()
    await expect(page.getByLabel('M-Pesa payout number')).toHaveValue('0722 124 567')
    await expect(page.getByLabel('Town')).toHaveValue('Kilimani')
    await expect(password).toHaveValue('Not-my-password-1')
    await expectAccessible(page)

    await password.fill(account.password)
    await save.click()
    await expect(toast(page)).toContainText('Shop profile saved.')
    await expect(password).toHaveCount(0)
    await expect(page.getByLabel('M-Pesa payout number')).toHaveValue('0722 124 567')
    const mails = (await outbox(page.request, account.email)).filter((m) => m.subject.includes('payout number'))
    expect(mails).toHaveLength(1)
    expect(mails[0]?.text).toContain('…4567')
  })

  test('visitors sign in first; a customer is sent to /sell; a vendor goes from /sell to the portal', async ({
    page,
    browser,
    isMobile,
  }) => {
    await page.goto('/vendor-portal/orders')
    await expect(page).toHaveURL('/login?next=%2Fvendor-portal%2Forders')
    await page.goto('/sell')
    await expect(page).toHaveURL('/login?next=%2Fsell')

    const account = await registerAccount(page.request)
    await signInByApi(page, account)
    await page.goto('/vendor-portal')
    await expect(page).toHaveURL('/sell')
    await expect(page.getByRole('heading', { level: 1, name: 'Open your shop on Soko' })).toBeVisible()
    const nav = await mainNav(page, isMobile)
    await expect(nav.getByRole('link', { name: 'Sell on Soko' })).toHaveAttribute('href', '/sell')
    await expect(nav.getByRole('link', { name: 'Vendor Portal' })).toHaveCount(0)
    if (isMobile) await page.getByRole('button', { name: 'Close menu' }).click()

    // An empty form is checked before anything is sent.
    const open = page.getByRole('button', { name: 'Open my shop' })
    await waitForHydration(page, open)
    await open.click()
    await expect(page.getByText('Shop name is required')).toBeVisible()
    await expect(page.getByText('Business type is required')).toBeVisible()
    await expect(page.getByLabel('Business name')).toBeFocused()
    await expectAccessible(page)

    // /pricing leads here.
    await page.goto('/pricing')
    await page.getByRole('link', { name: 'Open your shop' }).click()
    await expect(page).toHaveURL('/sell')

    // The demo shop owners are vendors already.
    const [demo] = await stockedProducts(page.request)
    if (!demo) throw new Error('no demo product')
    const vendor = await browser.newContext({ baseURL: test.info().project.use.baseURL })
    const vendorPage = await vendor.newPage()
    await signInByApi(vendorPage, {
      email: `owner@${demo.vendor.slug}.demo.soko.co.ke`,
      password: 'Vendor-demo-2026',
    })
    await vendorPage.goto('/sell')
    await expect(vendorPage).toHaveURL('/vendor-portal')
    await expect(vendorPage.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
    await vendor.close()
  })
})
