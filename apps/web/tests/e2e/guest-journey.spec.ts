import type { Browser, Page } from '@playwright/test'
import { signInByApi } from './accounts.ts'
import {
  buyPaid,
  cartLine,
  guestEmail,
  outbox,
  PAYMENT_TIMEOUT,
  payingPhone,
  stockedProducts,
} from './checkout-helpers.ts'
import { expect, expectAccessible, test } from './fixtures.ts'
import { waitForHydration } from './hydration.ts'

// Issue 18's whole journey for a shopper without an account (decisions 0011, 0012, 0013): a guest pays with M-Pesa
// and closes the browser; the link in the confirmation email opens the order in another; a third finds it at
// /orders by its number and phone; the shop ships it (a carrier from the list, a tracking reference) and marks it
// delivered in its vendor portal; the guest confirms receipt and returns one item; the shop accepts the return and
// confirms the item came back; the guest's page shows the return refunded.

const VENDOR_PASSWORD = 'Vendor-demo-2026'

/** The shop owner's browser, signed in, on the vendor portal's orders. */
async function openVendorOrders(
  browser: Browser,
  shopSlug: string,
): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext()
  const page = await context.newPage()
  await signInByApi(page, { email: `owner@${shopSlug}.demo.soko.co.ke`, password: VENDOR_PASSWORD })
  await page.goto('/vendor-portal/orders')
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible()
  return { page, close: () => context.close() }
}

test.describe('a guest order from payment to refund', () => {
  test('a guest buys, closes the browser, follows the order by email link and look-up, confirms receipt, returns an item and is refunded', async ({
    browser,
    request,
  }, testInfo) => {
    test.setTimeout(420_000)
    const products = await stockedProducts(request)
    // A product no other spec buys, one for each project running at once.
    const product = products[12 + (testInfo.project.name === 'mobile' ? 1 : 0)]
    if (!product) throw new Error('no product')
    const shop = product.vendor
    const email = guestEmail()
    const phone = payingPhone()

    // A guest pays with M-Pesa, then closes the browser.
    const checkoutContext = await browser.newContext()
    const orderNumber = await buyPaid(await checkoutContext.newPage(), [cartLine(product, 2)], email, phone)
    await checkoutContext.close()

    // The confirmation email's link opens the order in a browser that never saw it.
    let link = ''
    await expect
      .poll(async () => {
        const confirmed = (await outbox(request, email)).find((m) => m.subject === `Order ${orderNumber} confirmed`)
        link = /https?:\/\/\S+\/orders\/SK-[0-9A-Z]+\?token=\S+/.exec(confirmed?.text ?? '')?.[0] ?? ''
        return link
      }, PAYMENT_TIMEOUT)
      .not.toBe('')
    const mailContext = await browser.newContext()
    const fromMail = await mailContext.newPage()
    await fromMail.goto(link)
    await expect(fromMail.getByRole('heading', { level: 1, name: `Order ${orderNumber}` })).toBeVisible()
    await expect(fromMail.getByText(product.name).first()).toBeVisible()
    await expect(fromMail.getByRole('region', { name: `Tracking: ${shop.name}` })).toContainText('Not shipped yet')
    await expectAccessible(fromMail)
    await mailContext.close()

    // Another browser finds it at /orders by its number and phone; the guest follows it there from now on.
    const guestContext = await browser.newContext()
    const guest = await guestContext.newPage()
    await guest.goto('/orders')
    await guest.getByLabel('Order number').fill(orderNumber)
    await guest.getByLabel('Phone number or email').fill(phone)
    await expectAccessible(guest)
    await guest.getByRole('button', { name: 'Find My Order' }).click()
    await expect(guest).toHaveURL(new RegExp(`/orders/${orderNumber}\\?token=`))
    await expect(guest.getByRole('heading', { level: 1, name: `Order ${orderNumber}` })).toBeVisible()

    // The shop ships it with a carrier from the list and a tracking reference, then marks it delivered.
    const trackingReference = `GX${Date.now().toString().slice(-8)}`
    const vendor = await openVendorOrders(browser, shop.slug)
    const card = vendor.page
      .getByRole('listitem')
      .filter({ has: vendor.page.getByRole('heading', { name: `Order ${orderNumber}`, exact: true }) })
    await expect(card.getByText('Paid', { exact: true })).toBeVisible()
    const markShipped = card.getByRole('button', { name: 'Mark as shipped' })
    await waitForHydration(vendor.page, markShipped)
    await markShipped.click()
    await card.getByLabel('Carrier').selectOption({ label: 'G4S' })
    await card.getByLabel('Tracking reference').fill(trackingReference)
    await expectAccessible(vendor.page)
    await card.getByRole('button', { name: 'Confirm shipped' }).click()
    await expect(card.getByText(`G4S ${trackingReference}`)).toBeVisible()
    await card.getByRole('button', { name: 'Mark as delivered' }).click()
    await expect(card.getByText('Waiting for the customer to confirm')).toBeVisible()

    // The shipped and delivered emails carry the part's timeline and the order's link; a guest is not told to
    // review (reviews need an account) but how to.
    const mailed = async (subject: string) =>
      (await outbox(request, email)).find((m) => m.subject === `Order ${orderNumber}: ${shop.name} ${subject}`)?.text ??
      ''
    const orderLink = new RegExp(`/orders/${orderNumber}\\?token=`)
    await expect
      .poll(async () => {
        const shipped = await mailed('shipped your items')
        return [shipped.includes('✓ Shipped') && shipped.includes(`G4S ${trackingReference}`), orderLink.test(shipped)]
      })
      .toEqual([true, true])
    await expect
      .poll(async () => {
        const delivered = await mailed('delivered your items')
        return [
          delivered.includes('✓ Delivered') && delivered.includes('Please confirm you received it'),
          delivered.includes('create a Soko account with this email address'),
          orderLink.test(delivered),
        ]
      })
      .toEqual([true, true, true])

    // The guest sees the timeline and confirms receipt.
    await guest.reload()
    const tracking = guest.getByRole('region', { name: `Tracking: ${shop.name}` })
    await expect(tracking).toContainText(`Courier and tracking: G4S ${trackingReference}`)
    await expect(tracking).toContainText('Please confirm you received it')
    const confirm = tracking.getByRole('button', { name: `Confirm receipt from ${shop.name}` })
    await waitForHydration(guest, confirm)
    await expectAccessible(guest)
    await confirm.click()
    await expect(tracking).toContainText('You confirmed receipt.')
    await expect(confirm).toHaveCount(0)
    // The shop is told its money's clock has started.
    await expect
      .poll(async () =>
        (await outbox(request, `owner@${shop.slug}.demo.soko.co.ke`))
          .filter((m) => m.subject === `Order ${orderNumber}: delivery confirmed for ${shop.name}`)
          .map((m) => m.text.includes('The shopper confirmed receiving')),
      )
      .toEqual([true])

    // The guest returns one of the two, with a reason from the list.
    const returns = guest.getByRole('region', { name: 'Returns' })
    await returns.getByRole('button', { name: `Return items from ${shop.name}` }).click()
    const form = guest.getByRole('form', { name: `Return items from ${shop.name}` })
    await form.getByLabel('Quantity to return').selectOption('1')
    await form.getByLabel('Reason').selectOption({ label: 'Not as described' })
    await expectAccessible(guest)
    await form.getByRole('button', { name: 'Request Return' }).click()
    await expect(returns.getByText('Return requested')).toBeVisible()
    await expect(returns.getByText(`${product.name} × 1`)).toBeVisible()

    // The shop's owner accepts it (drop-off) and confirms the item came back: the refund is recorded.
    await vendor.page.reload()
    const returnCard = vendor.page
      .getByRole('listitem')
      .filter({ has: vendor.page.getByRole('heading', { name: `Return for order ${orderNumber}` }) })
    await expect(returnCard.getByText('Not as described')).toBeVisible()
    const accept = returnCard.getByRole('button', { name: 'Accept', exact: true })
    await waitForHydration(vendor.page, accept)
    await accept.click()
    await returnCard.getByLabel('How it comes back').selectOption({ label: 'Drop-off at the shop' })
    await returnCard.getByRole('button', { name: 'Accept return' }).click()
    await expect(returnCard.getByText('Return accepted')).toBeVisible()
    await returnCard.getByRole('button', { name: 'Item received' }).click()
    await expect(returnCard.getByText('Refunded', { exact: true })).toBeVisible()
    await expectAccessible(vendor.page)
    await vendor.close()

    // The guest's page shows the return refunded; the email says so, with the order's link.
    await guest.reload()
    await expect(returns.getByText('Refunded', { exact: true })).toBeVisible()
    await expect(returns.getByText(/Drop-off at the shop/)).toBeVisible()
    await expectAccessible(guest)
    await guestContext.close()
    await expect
      .poll(async () =>
        (await outbox(request, email))
          .filter((m) => m.subject === `Order ${orderNumber}: your return is refunded`)
          .map((m) => /\/orders\/SK-[0-9A-Z]+\?token=/.test(m.text)),
      )
      .toEqual([true])
  })
})
