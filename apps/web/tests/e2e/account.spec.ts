import type { Page } from '@playwright/test'
import { type Account, registerAccount, signInByApi } from './accounts.ts'
import { expect, expectAccessible, test } from './fixtures.ts'
import { waitForHydration } from './hydration.ts'

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true })
const main = (page: Page) => page.getByRole('main')

async function signedIn(page: Page): Promise<Account> {
  const account = await registerAccount(page.request)
  await signInByApi(page, account)
  return account
}

async function openTab(page: Page, tab: string, ready: string) {
  await page.goto(`/account-settings?tab=${tab}`)
  const button = main(page).getByRole('button', { name: ready, exact: true }).first()
  await expect(button).toBeVisible()
  await waitForHydration(page, button)
}

test.describe('account settings', () => {
  test('the My Account sidebar, addressable tabs and the profile', async ({ page }) => {
    const account = await signedIn(page)
    await page.goto('/account-settings')
    await expect(page).toHaveTitle('My Account | Soko')
    const sidebar = page.getByRole('navigation', { name: 'My Account' })
    for (const tab of ['Profile', 'Orders', 'Addresses', 'Payment Methods', 'Security', 'Settings']) {
      await expect(sidebar.getByRole('link', { name: tab })).toBeVisible()
    }
    await expect(main(page).getByRole('button', { name: 'Logout' })).toBeVisible()
    await expect(main(page).getByText(account.email)).toBeVisible()
    await expect(main(page).getByRole('link', { name: 'Change your password' })).toHaveAttribute(
      'href',
      '/accounts/changepassword',
    )
    await expectAccessible(page)

    await sidebar.getByRole('link', { name: 'Addresses' }).click()
    await expect(page).toHaveURL('/account-settings?tab=addresses')
    await expect(main(page).getByText('No addresses found')).toBeVisible()
    await page.reload()
    await expect(sidebar.getByRole('link', { name: 'Addresses' })).toHaveAttribute('aria-current', 'page')
    await expect(main(page).getByRole('heading', { name: 'Addresses' })).toBeVisible()
  })

  test('profile edit: checks, saves, and asks for the password to change the email', async ({ page, faults }) => {
    const account = await signedIn(page)
    await openTab(page, 'profile', 'Edit Profile')
    await main(page).getByRole('button', { name: 'Edit Profile' }).click()
    await expect(field(page, 'Phone')).toHaveAttribute('placeholder', '07xx xxx xxx')

    await field(page, 'First Name').fill('')
    await field(page, 'Phone').fill('12345')
    await page.getByRole('button', { name: 'Save Changes' }).click()
    await expect(page.getByText('First name is required')).toBeVisible()
    await expect(page.getByText('Enter a Kenyan mobile number, e.g. 0712 345 678')).toBeVisible()

    await field(page, 'First Name').fill('Achieng')
    await field(page, 'Last Name').fill('Otieno')
    await field(page, 'Phone').fill('0712 345 678')
    await faults.inject({ path: '^/api/user/profile', status: 500 })
    await page.getByRole('button', { name: 'Save Changes' }).click()
    await expect(main(page).getByRole('alert')).toHaveText('Failed to update profile')
    await expect(field(page, 'First Name')).toHaveValue('Achieng')
    await faults.clear()

    await page.getByRole('button', { name: 'Save Changes' }).click()
    await expect(main(page).getByText('Your profile has been updated.')).toBeVisible()
    await expect(main(page).getByText('Achieng Otieno')).toBeVisible()
    await expect(main(page).getByText('0712 345 678')).toBeVisible()

    // A new email address needs the current password.
    await main(page).getByRole('button', { name: 'Edit Profile' }).click()
    const newEmail = account.email.replace('@', '+new@')
    await field(page, 'Email').fill(newEmail)
    await page.getByRole('button', { name: 'Save Changes' }).click()
    await expect(page.getByText('Enter your current password to change your email address')).toBeVisible()
    await field(page, 'Current Password').fill(account.password)
    await page.getByRole('button', { name: 'Save Changes' }).click()
    await expect(main(page).getByText(newEmail)).toBeVisible()

    await page.reload()
    await expect(main(page).getByText('Achieng Otieno')).toBeVisible()
  })

  test('profile load failure, orders empty and their filters', async ({ page, faults }) => {
    await signedIn(page)
    await faults.inject({ path: '^/api/user/profile', status: 500 })
    await page.goto('/account-settings?tab=profile')
    await expect(main(page).getByRole('alert')).toHaveText('Error: Failed to fetch profile data')
    await faults.clear()

    await openTab(page, 'orders', 'All Orders')
    await expect(main(page).getByText('No orders found')).toBeVisible()
    await expect(main(page).getByRole('button', { name: 'All Orders' })).toHaveAttribute('aria-pressed', 'true')
    await main(page).getByRole('button', { name: 'Shipped' }).click()
    await expect(main(page).getByRole('button', { name: 'Shipped' })).toHaveAttribute('aria-pressed', 'true')
    await expect(main(page).getByText('No orders found')).toBeVisible()
  })

  test('addresses: add, edit, set as default and remove', async ({ page }) => {
    await signedIn(page)
    await openTab(page, 'addresses', 'Add New Address')
    await main(page).getByRole('button', { name: 'Add New Address' }).click()
    await page.getByRole('button', { name: 'Save Address' }).click()
    await expect(page.getByText('Address line 1 is required')).toBeVisible()
    await expect(page.getByText('County is required')).toBeVisible()

    await field(page, 'First Name').fill('Wanjiru')
    await field(page, 'Last Name').fill('Kamau')
    await field(page, 'Address line 1').fill('Moi Avenue 12')
    await field(page, 'City').fill('Nairobi')
    await field(page, 'County').selectOption('Nairobi')
    await expect(field(page, 'County').locator('option')).toHaveCount(48)
    await field(page, 'Phone').fill('0712345678')
    await page.getByRole('button', { name: 'Save Address' }).click()
    const home = main(page).getByRole('listitem', { name: 'Home address' })
    await expect(home).toContainText('Moi Avenue 12')
    await expect(home.getByText('Default', { exact: true })).toBeVisible()
    await expect(home).toContainText('0712 345 678')

    await home.getByRole('button', { name: 'Edit' }).click()
    await field(page, 'Address line 2').fill('Flat 4')
    await field(page, 'Postal Code').fill('00100')
    await page.getByRole('button', { name: 'Save Address' }).click()
    await expect(home).toContainText('Flat 4')
    await expect(home).toContainText('00100')

    await main(page).getByRole('button', { name: 'Add New Address' }).click()
    await field(page, 'Label').fill('Work')
    await field(page, 'Address line 1').fill('Oginga Odinga Street 3')
    await field(page, 'City').fill('Kisumu')
    await field(page, 'County').selectOption('Kisumu')
    await field(page, 'Phone').fill('+254 722 000 111')
    await page.getByRole('button', { name: 'Save Address' }).click()
    const work = main(page).getByRole('listitem', { name: 'Work address' })
    await expect(work).toContainText('Kisumu')
    await expect(work.getByText('Default', { exact: true })).toHaveCount(0)

    await work.getByRole('button', { name: 'Set as Default' }).click()
    await expect(work.getByText('Default', { exact: true })).toBeVisible()
    await expect(home.getByText('Default', { exact: true })).toHaveCount(0)
    await expect(home.getByRole('button', { name: 'Set as Default' })).toBeVisible()

    await home.getByRole('button', { name: 'Remove' }).click()
    await expect(home).toHaveCount(0)
    await work.getByRole('button', { name: 'Remove' }).click()
    await expect(main(page).getByText('No addresses found')).toBeVisible()
  })

  test('payment methods: add an M-Pesa number, shown masked, and remove it', async ({ page }) => {
    await signedIn(page)
    await openTab(page, 'payment', 'Add M-Pesa Number')
    await expect(main(page).getByText('No payment methods found')).toBeVisible()
    await main(page).getByRole('button', { name: 'Add M-Pesa Number' }).click()
    await field(page, 'M-Pesa Number').fill('12')
    await page.getByRole('button', { name: 'Save M-Pesa Number' }).click()
    await expect(page.getByText('Enter a Safaricom number, e.g. 0712 345 678')).toBeVisible()
    await field(page, 'M-Pesa Number').fill('0733 123 456')
    await page.getByRole('button', { name: 'Save M-Pesa Number' }).click()
    await expect(page.getByText('M-Pesa needs a Safaricom number. 0733 123 456 is an Airtel line.')).toBeVisible()
    await field(page, 'M-Pesa Number').fill('0712 345 678')
    await page.getByRole('button', { name: 'Save M-Pesa Number' }).click()
    // The saved number is listed before its masked digits are read back.
    await expect(main(page).getByRole('listitem', { name: /^M-PESA / })).toHaveCount(1)

    const methods = await (await page.request.get('/api/user/payment-methods')).json()
    const masked = methods[0].last4 as string
    expect(masked).not.toContain('345')
    const card = main(page).getByRole('listitem', { name: `M-PESA ${masked}` })
    await expect(card).toContainText(masked)
    await expect(card.getByText('Default', { exact: true })).toBeVisible()
    await card.getByRole('button', { name: 'Remove' }).click()
    await expect(main(page).getByText('No payment methods found')).toBeVisible()
  })

  test('security: the active sessions and signing out of all other devices', async ({ page, browser }) => {
    const account = await signedIn(page)
    const other = await browser.newContext()
    const otherPage = await other.newPage()
    await otherPage.goto('/')
    await signInByApi(otherPage, account)
    expect((await otherPage.request.get('/api/auth/me/')).status()).toBe(200)

    await openTab(page, 'security', 'Change Password')
    const sessions = main(page).getByRole('region', { name: 'Active Sessions' })
    await expect(sessions.getByRole('listitem')).toHaveCount(2)
    await expect(sessions.getByText('This device')).toBeVisible()
    await expect(sessions.getByText(/IP .* · Last seen/).first()).toBeVisible()
    await expect(sessions.getByRole('button', { name: 'Sign out', exact: true })).toHaveCount(1)
    await sessions.getByRole('button', { name: 'Sign out of all other devices' }).click()
    await expect(sessions.getByText('You have been signed out of all other devices.')).toBeVisible()
    await expect(sessions.getByRole('listitem')).toHaveCount(1)
    expect((await otherPage.request.get('/api/auth/me/')).status()).toBe(401)
    expect((await page.request.get('/api/auth/me/')).status()).toBe(200)
    await other.close()
  })

  test('the theme choice is stored under "theme" and survives a reload', async ({ page }) => {
    await signedIn(page)
    await page.goto('/account-settings?tab=settings')
    const dark = page.getByRole('radio', { name: 'Dark' })
    await waitForHydration(page, dark)
    await expect(page.getByRole('radio', { name: 'System' })).toBeChecked()
    await dark.check()
    await expect(page.locator('html')).toHaveClass(/\bdark\b/)
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark')
    await page.reload()
    await expect(page.locator('html')).toHaveClass(/\bdark\b/)
    await expect(page.getByRole('radio', { name: 'Dark' })).toBeChecked()
    await page.goto('/')
    await expect(page.locator('html')).toHaveClass(/\bdark\b/)

    await page.goto('/account-settings?tab=settings')
    await waitForHydration(page, page.getByRole('radio', { name: 'Light' }))
    await page.getByRole('radio', { name: 'Light' }).check()
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/)
  })

  test('order texts are on until the shopper turns them off, and the choice is kept on the server', async ({
    page,
  }) => {
    await signedIn(page)
    await page.goto('/account-settings?tab=settings')
    const texts = page.getByRole('checkbox', { name: 'Text me about my orders' })
    await waitForHydration(page, texts)
    await expect(texts).toBeChecked()
    await expect(texts).toBeEnabled()
    await texts.uncheck()
    await expect(texts).not.toBeChecked()
    await expect(texts).toBeEnabled()
    // The save may still be on its way when the box shows the change: ask until the server has it.
    await expect
      .poll(async () => (await (await page.request.get('/api/user/preferences')).json()) as unknown)
      .toEqual({ sms_order_updates: false })
    await page.reload()
    await waitForHydration(page, page.getByRole('checkbox', { name: 'Text me about my orders' }))
    await expect(page.getByRole('checkbox', { name: 'Text me about my orders' })).not.toBeChecked()
    await expectAccessible(page)
  })

  test('change password on /accounts/changepassword', async ({ page }) => {
    const account = await signedIn(page)
    await page.goto('/accounts/changepassword')
    await waitForHydration(page, page.getByRole('button', { name: 'Change Password' }))
    await field(page, 'Current Password').fill('not-my-password')
    await field(page, 'New Password').fill(`${account.password}-2`)
    await field(page, 'Confirm New Password').fill(`${account.password}-3`)
    await page.getByRole('button', { name: 'Change Password' }).click()
    await expect(page.getByText("Passwords don't match")).toBeVisible()
    await field(page, 'Confirm New Password').fill(`${account.password}-2`)
    await page.getByRole('button', { name: 'Change Password' }).click()
    await expect(main(page).getByRole('alert')).toHaveText('Your current password is incorrect.')
    await field(page, 'Current Password').fill(account.password)
    await page.getByRole('button', { name: 'Change Password' }).click()
    await expect(main(page).getByRole('status')).toHaveText('Password changed successfully.')
  })
})

test.describe('the /accounts pages and the wishlist', () => {
  test('the dashboard links to the registered /accounts paths', async ({ page }) => {
    await signedIn(page)
    await page.goto('/accounts/dashboard')
    for (const [name, href] of [
      ['My Orders', '/accounts/orders'],
      ['My Wishlist', '/accounts/wishlist'],
      ['My Profile', '/accounts/profile'],
      ['Change Password', '/accounts/changepassword'],
    ] as const) {
      await expect(main(page).getByRole('link', { name: new RegExp(`^${name}`) })).toHaveAttribute('href', href)
    }
    await page.goto('/accounts/profile')
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible()
  })

  test('the product page heart adds to the wishlist, and the wishlist card removes it', async ({ page }) => {
    await signedIn(page)
    const slug = 'samsung-guru-music-2-black'
    const product = await (await page.request.get(`/api/marketplace/api/products/${slug}/`)).json()
    await page.goto('/accounts/wishlist')
    await expect(main(page).getByText(/Your wishlist is empty/)).toBeVisible()

    await page.goto(`/product/${slug}`)
    const bar = page.getByRole('region', { name: 'Buy this product' })
    const heart = bar.getByRole('button', { name: `Add ${product.name} to wishlist` })
    await waitForHydration(page, heart)
    await heart.click()
    await expect(bar.getByRole('button', { name: `Remove ${product.name} from wishlist` })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    await expect.poll(async () => (await (await page.request.get('/api/user/wishlist/')).json()).length).toBe(1)

    await page.goto('/accounts/wishlist')
    const card = main(page).getByRole('article', { name: product.name })
    await expect(card).toBeVisible()
    await card.getByRole('button', { name: `Remove ${product.name} from wishlist` }).click()
    await expect(main(page).getByText(/Your wishlist is empty/)).toBeVisible()
  })
})
