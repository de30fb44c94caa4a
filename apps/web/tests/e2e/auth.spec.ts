import type { Page } from '@playwright/test'
import {
  DEMO_ADMIN,
  DEMO_CUSTOMER,
  mainNav,
  newAccount,
  openLogin,
  registerAccount,
  signInByApi,
  signInThroughForm,
} from './accounts.ts'
import { expect, expectAccessible, test } from './fixtures.ts'
import { waitForHydration } from './hydration.ts'

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true })
const alert = (page: Page) => page.getByRole('main').getByRole('alert')
const status = (page: Page) => page.getByRole('main').getByRole('status')

async function openSignup(page: Page) {
  await page.goto('/signup')
  await waitForHydration(page, page.getByRole('button', { name: 'Sign Up', exact: true }))
}

async function fillSignup(page: Page, email: string, password: string, confirm: string) {
  await field(page, 'Email').fill(email)
  await field(page, 'Password').fill(password)
  await field(page, 'Confirm Password').fill(confirm)
}

test.describe('sign-up and sign-in', () => {
  test('a new shopper signs up, signs in, sees Account and Logout, and logs out', async ({ page, isMobile }) => {
    const account = newAccount()
    await openSignup(page)
    await expect(page).toHaveTitle('Sign Up | Soko')
    await fillSignup(page, account.email, account.password, account.password)
    await page.getByRole('button', { name: 'Sign Up' }).click()
    await expect(status(page)).toHaveText('Account created successfully!')
    await page.waitForURL('**/login')

    await waitForHydration(page, page.getByRole('button', { name: 'Sign in', exact: true }))
    await signInThroughForm(page, account)
    await expect(status(page)).toHaveText('Signed in successfully.')
    await page.waitForURL((url) => url.pathname === '/')

    const nav = await mainNav(page, isMobile)
    await expect(nav.getByRole('link', { name: 'Account' })).toBeVisible()
    await expect(nav.getByRole('link', { name: 'Login' })).toHaveCount(0)
    const footer = page.getByRole('contentinfo')
    await expect(footer.getByRole('link', { name: 'Create Account' })).toHaveCount(0)
    await footer.getByRole('button', { name: 'Logout' }).click()
    await page.waitForURL('**/login')

    // The session really ended: the server no longer knows the browser, and a full reload shows the visitor's nav.
    expect((await page.request.get('/api/auth/me/')).status()).toBe(401)
    await page.reload()
    const navAfter = await mainNav(page, isMobile)
    await expect(navAfter.getByRole('link', { name: 'Login' })).toBeVisible()
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Create Account' })).toBeVisible()
  })

  test('login shows the submitting state, then the error for a wrong password, keeping what was typed', async ({
    page,
    request,
    faults,
  }) => {
    const account = await registerAccount(request)
    await openLogin(page)
    await expect(page).toHaveTitle('Login | Soko')

    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await expect(alert(page)).toHaveText('Please enter both email and password')

    await field(page, 'Email').fill(account.email)
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await expect(alert(page)).toHaveText('Please enter both email and password')

    await faults.inject({ path: '^/api/auth/login/', delayMs: 800 })
    await field(page, 'Password').fill('not-the-password-1')
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    const busy = page.getByRole('button', { name: 'Signing in..' })
    await expect(busy).toBeVisible()
    await expect(busy).toBeDisabled()
    await expect(alert(page)).toHaveText('Invalid email or password')
    await expect(field(page, 'Email')).toHaveValue(account.email)
    await expect(field(page, 'Password')).toHaveValue('not-the-password-1')
  })

  test('login reports a server failure and keeps what was typed', async ({ page, faults }) => {
    await faults.inject({ path: '^/api/auth/login/', status: 500 })
    await openLogin(page)
    await signInThroughForm(page, DEMO_CUSTOMER)
    await expect(alert(page)).toHaveText('An error occurred during login. Please try again.')
    await expect(field(page, 'Email')).toHaveValue(DEMO_CUSTOMER.email)
    await expect(field(page, 'Password')).toHaveValue(DEMO_CUSTOMER.password)
  })

  test('too many failed sign-ins show the rate limit message', async ({ page, request }) => {
    // A dedicated account: the limit is per account (10 failures in 15 minutes by default).
    const account = await registerAccount(request)
    for (let attempt = 0; attempt < 10; attempt++) {
      await request.post('/api/auth/login/', { data: { email: account.email, password: `wrong-${attempt}-x` } })
    }
    await openLogin(page)
    await signInThroughForm(page, account)
    await expect(alert(page)).toHaveText(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/)
  })

  test('in the demo, Sign in with Google goes through the stand-in’s consent page and signs in', async ({ page }) => {
    // The browser tests' server is a demo with no Google credentials: the built-in stand-in plays Google.
    await openLogin(page, '/login?next=%2Faccounts%2Fdashboard')
    await expect(page.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password')
    await expect(page.getByRole('main').getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup')
    await expectAccessible(page)
    await page.getByRole('link', { name: 'Sign in with Google' }).click()

    await expect(page.getByRole('heading', { level: 1, name: 'Choose an account' })).toBeVisible()
    await expect(page.getByText('to continue to Soko')).toBeVisible()
    expect(new URL(page.url()).pathname).toBe('/authorize')
    await expectAccessible(page)
    await page.getByRole('button', { name: /Achieng Otieno/ }).click()

    await page.waitForURL((url) => url.pathname === '/accounts/dashboard')
    const me = await page.request.get('/api/auth/me/')
    expect(me.status()).toBe(200)
    expect(await me.json()).toMatchObject({ email: 'achieng.otieno@gmail.example', firstName: 'Achieng' })
  })

  test('a Google sign-in that came back unfinished says why', async ({ page }) => {
    await page.goto('/login?error=google_cancelled')
    await expect(alert(page)).toHaveText('Google sign-in was cancelled.')
  })

  test('signup checks every field with the specification’s messages', async ({ page }) => {
    await openSignup(page)
    await page.getByRole('button', { name: 'Sign Up' }).click()
    await expect(page.getByText('Email is required')).toBeVisible()
    await expect(page.getByText('Password is required')).toBeVisible()
    await expect(page.getByText('Please confirm your password')).toBeVisible()
    await expect(field(page, 'Email')).toHaveAttribute('aria-invalid', 'true')

    await fillSignup(page, 'not-an-email', 'short', 'different')
    await page.getByRole('button', { name: 'Sign Up' }).click()
    await expect(page.getByText('Email is invalid')).toBeVisible()
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisible()
    await expect(page.getByText('Passwords do not match')).toBeVisible()

    await fillSignup(page, 'someone@example.co.ke', 'password123', 'password123')
    await page.getByRole('button', { name: 'Sign Up' }).click()
    await expect(page.getByText('This password is too common. Choose one that is harder to guess')).toBeVisible()
    await expectAccessible(page)
  })

  test('signup shows the server’s answer for a taken email under the field', async ({ page }) => {
    const account = newAccount()
    await openSignup(page)
    await fillSignup(page, DEMO_CUSTOMER.email, account.password, account.password)
    await page.getByRole('button', { name: 'Sign Up' }).click()
    await expect(
      page.getByText('An account with this email already exists. Sign in or reset your password.'),
    ).toBeVisible()
    await expect(field(page, 'Email')).toHaveAttribute('aria-invalid', 'true')
    await expect(field(page, 'Password')).toHaveValue(account.password)
  })

  test('signup reports a server failure, shows its submitting state and keeps what was typed', async ({
    page,
    faults,
  }) => {
    const account = newAccount()
    await faults.inject({ path: '^/api/auth/register/', status: 500, delayMs: 600 })
    await openSignup(page)
    await fillSignup(page, account.email, account.password, account.password)
    await page.getByRole('button', { name: 'Sign Up' }).click()
    await expect(page.getByRole('button', { name: 'Signing Up...' })).toBeDisabled()
    await expect(alert(page)).toHaveText('An error occurred. Please try again later')
    await expect(field(page, 'Email')).toHaveValue(account.email)
    await expect(field(page, 'Password')).toHaveValue(account.password)
    await expect(field(page, 'Confirm Password')).toHaveValue(account.password)
  })
})

test.describe('guards', () => {
  test('a visitor is sent to /login and comes back to the page after signing in', async ({ page, request }) => {
    const account = await registerAccount(request)
    await page.goto('/accounts/orders')
    await expect(page).toHaveURL('/login?next=%2Faccounts%2Forders')
    await waitForHydration(page, page.getByRole('button', { name: 'Sign in', exact: true }))
    await signInThroughForm(page, account)
    await page.waitForURL('**/accounts/orders')
    await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible()
  })

  test('every signed-in page is guarded, on the server', async ({ page }) => {
    for (const path of [
      '/account-settings',
      '/accounts/dashboard',
      '/accounts/orders',
      '/accounts/wishlist',
      '/accounts/profile',
      '/accounts/changepassword',
    ]) {
      const response = await page.request.get(path, { maxRedirects: 0 })
      expect(response.status(), path).toBe(302)
      expect(response.headers().location, path).toBe(`/login?next=${encodeURIComponent(path)}`)
    }
  })

  test('a next that leaves the site is ignored: signing in lands on the home page', async ({ page, request }) => {
    test.setTimeout(60_000)
    const account = await registerAccount(request)
    const home = new URL('/', test.info().project.use.baseURL).href
    for (const next of [
      '//evil.example/steal',
      `?next=${encodeURIComponent('/.//evil.example')}`,
      `?next=${encodeURIComponent('/%2F%2Fevil.example')}`,
      `?next=${encodeURIComponent('/\\evil.example')}`,
      `?next=${encodeURIComponent('https:evil.example')}`,
    ]) {
      await page.context().clearCookies()
      await openLogin(page, next.startsWith('?') ? `/login${next}` : `/login?next=${next}`)
      await signInThroughForm(page, account)
      await page.waitForURL((url) => url.pathname === '/')
      expect(page.url(), next).toBe(home)
    }
  })

  test('the admin area: visitors to /login, customers to the home page, superusers in', async ({ page }) => {
    await page.goto('/admin/users')
    await expect(page).toHaveURL('/login?next=%2Fadmin%2Fusers')

    await signInByApi(page, DEMO_CUSTOMER)
    await page.goto('/admin/dashboard')
    await expect(page).toHaveURL('/')

    await page.request.post('/api/auth/logout/', { headers: { origin: new URL(page.url()).origin } })
    await signInByApi(page, DEMO_ADMIN)
    await page.goto('/admin/dashboard')
    await expect(page).toHaveTitle('Soko Admin')
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Admin' })).toBeVisible()
    await expect(page.getByText('Soko Admin', { exact: true })).toBeVisible()
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Orders' }).click()
    await expect(page).toHaveURL('/admin/orders')
    await expect(page.getByRole('heading', { level: 2, name: 'Orders' })).toBeVisible()
  })
})

test.describe('password reset', () => {
  test('forgot password, the emailed link, a mismatch, the new password and signing in with it', async ({
    page,
    request,
  }) => {
    const account = await registerAccount(request)
    await page.goto('/forgot-password')
    await waitForHydration(page, page.getByRole('button', { name: 'Send Link' }))
    await field(page, 'Email').fill(account.email)
    await page.getByRole('button', { name: 'Send Link' }).click()
    await expect(status(page)).toHaveText('Check your email for reset instructions.')

    let link = ''
    await expect(async () => {
      const messages = await (await request.get(`/api/dev/outbox/?to=${encodeURIComponent(account.email)}`)).json()
      const match = /https?:\/\/[^\s]+\/reset-password\/[^\s]+/.exec(messages[0]?.text ?? '')
      expect(match).not.toBeNull()
      link = match?.[0] ?? ''
    }).toPass()
    await page.goto(new URL(link).pathname)
    await expect(page.getByRole('heading', { level: 1, name: 'Reset Your Password' })).toBeVisible()
    await waitForHydration(page, page.getByRole('button', { name: 'Reset Password' }))

    const newPassword = `${account.password}-new`
    await field(page, 'New Password').fill(newPassword)
    await field(page, 'Confirm New Password').fill(`${newPassword}x`)
    await page.getByRole('button', { name: 'Reset Password' }).click()
    await expect(page.getByText("Passwords don't match")).toBeVisible()

    await field(page, 'Confirm New Password').fill(newPassword)
    await page.getByRole('button', { name: 'Reset Password' }).click()
    await expect(status(page)).toHaveText('Password changed successfully. Redirecting...')
    await page.waitForURL('**/login', { timeout: 6000 })

    await waitForHydration(page, page.getByRole('button', { name: 'Sign in', exact: true }))
    await signInThroughForm(page, { email: account.email, password: newPassword })
    await page.waitForURL((url) => url.pathname === '/')
  })

  test('a bad reset link and a failing server say so', async ({ page, faults }) => {
    await page.goto('/reset-password/xyz/not-a-token')
    await waitForHydration(page, page.getByRole('button', { name: 'Reset Password' }))
    await field(page, 'New Password').fill('Mlima-Kenya-2026')
    await field(page, 'Confirm New Password').fill('Mlima-Kenya-2026')
    await page.getByRole('button', { name: 'Reset Password' }).click()
    await expect(alert(page)).toHaveText('This reset link is invalid or has expired. Please request a new one.')

    await faults.inject({ path: '^/api/auth/(reset-password|request-password-reset)/', status: 500 })
    await page.getByRole('button', { name: 'Reset Password' }).click()
    await expect(alert(page)).toHaveText('Failed to reset password')

    await page.goto('/forgot-password')
    await waitForHydration(page, page.getByRole('button', { name: 'Send Link' }))
    await field(page, 'Email').fill('someone@example.co.ke')
    await page.getByRole('button', { name: 'Send Link' }).click()
    await expect(alert(page)).toHaveText('Something went wrong.')
    await expect(field(page, 'Email')).toHaveValue('someone@example.co.ke')
  })
})
