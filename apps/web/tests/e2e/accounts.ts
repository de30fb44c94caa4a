import { randomUUID } from 'node:crypto'
import { type APIRequestContext, expect, type Page } from '@playwright/test'
import { waitForHydration } from './hydration.ts'

export const DEMO_CUSTOMER = { email: 'wanjiku@demo.soko.co.ke', password: 'Wanjiku-demo-2026' }
export const DEMO_ADMIN = { email: 'admin@demo.soko.co.ke', password: 'Admin-demo-2026' }

export interface Account {
  email: string
  password: string
}

/** A fresh, unique account's details (not yet registered). */
export function newAccount(): Account {
  const id = randomUUID().slice(0, 12)
  return { email: `e2e-${id}@example.co.ke`, password: `Kilima-${id}-2026` }
}

/** Registers a fresh account through the API. */
export async function registerAccount(request: APIRequestContext, account: Account = newAccount()): Promise<Account> {
  const response = await request.post('/api/auth/register/', { data: account })
  expect(response.status(), await response.text()).toBe(201)
  return account
}

/**
 * Signs the page's browser context in through the API (the context's request shares its cookies), for tests
 * about what comes after signing in.
 */
export async function signInByApi(page: Page, account: Account): Promise<void> {
  const response = await page.request.post('/api/auth/login/', { data: account })
  expect(response.status(), await response.text()).toBe(200)
}

/**
 * A fresh account, signed in on the page's browser context, that has opened a shop named `name` through the API:
 * the vendor portal's tests start here. `origin` is the site's (the API refuses a cross-site write).
 */
export async function openShopByApi(page: Page, origin: string | undefined, name: string): Promise<void> {
  await signInByApi(page, await registerAccount(page.request))
  const opened = await page.request.post('/api/vendor/apply/', {
    headers: { origin: origin ?? '' },
    data: { name, type: 'Artisan', county: 'Mombasa', phone: '0712 345 678', payoutPhone: '0712 345 678' },
  })
  expect(opened.status(), await opened.text()).toBe(201)
}

/** Opens /login (with an optional ?next) and waits until the form answers to clicks. */
export async function openLogin(page: Page, path = '/login'): Promise<void> {
  await page.goto(path)
  await waitForHydration(page, page.getByRole('button', { name: 'Sign in', exact: true }))
}

export async function signInThroughForm(page: Page, account: Account): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(account.email)
  await page.getByLabel('Password', { exact: true }).fill(account.password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
}

/** The main navigation, with the mobile menu opened first on narrow screens. */
export async function mainNav(page: Page, isMobile: boolean) {
  const nav = page.getByRole('navigation', { name: 'Main' })
  if (isMobile) await page.getByRole('button', { name: 'Open menu' }).click()
  return nav
}
