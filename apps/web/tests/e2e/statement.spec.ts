import { randomUUID } from 'node:crypto'
import type { Shop, Statement } from '@soko/contract/vendor'
import { DEMO_ADMIN, openShopByApi } from './accounts.ts'
import { expect, expectAccessible, test } from './fixtures.ts'
import { waitForHydration } from './hydration.ts'

// A shop's statement (decision 0031), from the Payouts page: a new shop, credited KSh 25 by an admin's adjustment,
// reads its statement for this month (the opening, the line with its reason, the closing), is told what to fix
// for a period that ends tomorrow, downloads the CSV, and prints the sheet without the site's navigation.

test('a shop reads, downloads and prints its statement', async ({ page, browser, baseURL }) => {
  const name = `Statement Crafts ${randomUUID().slice(0, 8)}`
  await openShopByApi(page, baseURL, name)
  const shop = (await (await page.request.get('/api/vendor/shop/')).json()) as Shop

  // An admin credits the shop KSh 25, with a reason.
  const adminContext = await browser.newContext({ baseURL })
  const login = await adminContext.request.post('/api/auth/login/', { data: DEMO_ADMIN })
  expect(login.status()).toBe(200)
  const adjusted = await adminContext.request.post('/api/admin/ledger/adjustments/', {
    headers: { 'Idempotency-Key': `e2e-statement-${shop.id}`, origin: baseURL ?? '' },
    data: {
      debit: { account: 'adjustments', vendor_id: null },
      credit: { account: 'vendor_available', vendor_id: shop.id },
      amount: 25,
      reason: 'Welcome credit for the statement test',
    },
  })
  expect(adjusted.status(), await adjusted.text()).toBe(201)
  await adminContext.close()

  await page.goto('/vendor-portal/payouts')
  await page.getByRole('link', { name: 'Statement for any period' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Statement' })).toBeVisible()
  await expect(
    page.getByRole('navigation', { name: 'Vendor Portal' }).getByRole('link', { name: 'Statement' }),
  ).toHaveAttribute('aria-current', 'page')
  const statement = (await (await page.request.get('/api/vendor/statement/')).json()) as Statement
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible()
  const table = page.getByRole('region', { name: 'Statement lines' }).getByRole('table')
  await expect(table.getByRole('row', { name: /Opening balance/ })).toContainText('KSh 0')
  await expect(
    table.getByRole('row').filter({ hasText: 'Adjustment by Soko: Welcome credit for the statement test' }),
  ).toContainText('KSh 25')
  await expect(table.getByRole('row', { name: /Closing balance/ })).toContainText('KSh 25')
  await expectAccessible(page)

  // A period that ends tomorrow: the form says what to do, at the field.
  const tomorrow = new Date(Date.parse(`${statement.period.to}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
  await page.goto(`/vendor-portal/statement?from=${statement.period.from}&to=${tomorrow}`)
  await expect(page.getByText(`A statement can end today (${statement.period.to}) at the latest`)).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'To', exact: true })).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByRole('link', { name: 'Download CSV' })).toHaveCount(0)

  // The usual period, one tap away; the CSV downloads with its name.
  await page.getByRole('link', { name: 'This month' }).click()
  await expect(page).toHaveURL(`/vendor-portal/statement?from=${statement.period.from}&to=${statement.period.to}`)
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download CSV' }).click(),
  ])
  expect(download.suggestedFilename()).toBe(
    `soko-statement-${shop.slug}-${statement.period.from}-${statement.period.to}.csv`,
  )

  // Printed: the sheet, without the site's navigation, the portal's tabs or the form.
  await waitForHydration(page, page.getByRole('button', { name: 'Print statement' }))
  await page.emulateMedia({ media: 'print' })
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Vendor Portal' })).toBeHidden()
  await expect(page.getByRole('link', { name: 'View my shop' })).toBeHidden()
  await expect(page.getByRole('button', { name: 'Show statement' })).toBeHidden()
  await expect(page.getByRole('button', { name: 'Print statement' })).toBeHidden()
  await page.emulateMedia({ media: 'screen' })
})
