import { ORDER_LOOKUP_FAILED } from '@soko/contract/checkout-options'
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

// A guest's order without an account (docs/decisions/0011-guest-orders.md): 'View My Orders' after checking out
// opens it; the link in the confirmation email opens it in any browser; /orders finds it by its number and the
// phone it was placed with. The link's browser runs without scripts: the link and the form work without them.

test.describe('guest orders', () => {
  test('a guest opens the order from the emailed link in a fresh browser and finds it by number and phone in another', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(90_000)
    const products = await stockedProducts(request)
    const product = products[2]
    if (!product) throw new Error('no product')
    const email = guestEmail()
    const phone = payingPhone()
    const orderNumber = await buyPaid(page, [cartLine(product, 1)], email, phone)

    // 'View My Orders' opens this order itself.
    await page.getByRole('link', { name: 'View My Orders' }).click()
    await expect(page).toHaveURL(new RegExp(`/orders/${orderNumber}\\?token=`))
    await expect(page.getByRole('heading', { level: 1, name: `Order ${orderNumber}` })).toBeVisible()

    // The confirmation email's link, in a browser that never saw the order.
    let link = ''
    await expect
      .poll(async () => {
        const confirmed = (await outbox(request, email)).find((m) => m.subject === `Order ${orderNumber} confirmed`)
        link = /https?:\/\/\S+\/orders\/SK-[0-9A-Z]+\?token=\S+/.exec(confirmed?.text ?? '')?.[0] ?? ''
        return link
      }, PAYMENT_TIMEOUT)
      .not.toBe('')
    const mailReader = await browser.newContext({ javaScriptEnabled: false })
    const opened = await mailReader.newPage()
    await opened.goto(link)
    await expect(opened.getByRole('heading', { level: 1, name: `Order ${orderNumber}` })).toBeVisible()
    await expect(opened.getByText('14 Oginga Odinga Street', { exact: true })).toBeVisible()
    await expect(opened.getByText(product.name).first()).toBeVisible()
    // The look-up form works there too: a wrong phone says the same as a number that does not exist, and what was
    // typed stays.
    await opened.goto('/orders')
    await opened.getByLabel('Order number').fill(orderNumber.toLowerCase())
    await opened.getByLabel('Phone number or email').fill('0799 000 000')
    await opened.getByRole('button', { name: 'Find My Order' }).click()
    await expect(opened.getByRole('alert')).toHaveText(ORDER_LOOKUP_FAILED)
    await expect(opened.getByLabel('Order number')).toHaveValue(orderNumber.toLowerCase())
    await expect(opened.getByLabel('Phone number or email')).toHaveValue('0799 000 000')
    await mailReader.close()

    // Another browser finds it at /orders by its number and phone.
    const other = await browser.newContext()
    const finder = await other.newPage()
    await finder.goto('/orders')
    await finder.getByLabel('Order number').fill(orderNumber)
    await finder.getByLabel('Phone number or email').fill('0700 000 000')
    await finder.getByRole('button', { name: 'Find My Order' }).click()
    await expect(finder.getByRole('alert')).toHaveText(ORDER_LOOKUP_FAILED)
    await expect(finder.getByLabel('Phone number or email')).toHaveValue('0700 000 000')
    await expectAccessible(finder)
    // In another of the usual forms: +254 and no spaces.
    await finder.getByLabel('Phone number or email').fill(`+254${phone.replaceAll(' ', '').slice(1)}`)
    await finder.getByRole('button', { name: 'Find My Order' }).click()
    await expect(finder).toHaveURL(new RegExp(`/orders/${orderNumber}\\?token=`))
    await expect(finder.getByRole('heading', { level: 1, name: `Order ${orderNumber}` })).toBeVisible()
    await expectAccessible(finder)

    // A link whose token is wrong says so, and points to the look-up.
    await finder.goto(`/orders/${orderNumber}?token=wrong`)
    await expect(finder.getByRole('heading', { level: 1, name: 'We cannot open this order' })).toBeVisible()
    await expect(finder.getByRole('link', { name: 'Find your order' })).toHaveAttribute('href', '/orders')
    await other.close()
  })
})
