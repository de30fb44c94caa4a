import type { Page } from '@playwright/test'
import type { TrialBalanceView, VendorLedger } from '@soko/contract/admin'
import { DEMO_ADMIN, signInByApi } from './accounts.ts'
import { expect, expectAccessible, test } from './fixtures.ts'

// The admin's ledger screen (decision 0014): the trial balance the API answers, every account a row, the totals
// equal and said to be balanced. The demo's past is in the ledger, so there is something to show.

// One after the other: the adjustment adds the adjustments account's line while the first test reads the table.
test.describe.configure({ mode: 'serial' })

test('the admin reads the trial balance, balanced', async ({ page }) => {
  await signInByApi(page, DEMO_ADMIN)
  const trial = (await (await page.request.get('/api/admin/ledger/trial-balance/')).json()) as TrialBalanceView
  expect(trial.balanced).toBe(true)
  await page.goto('/admin/ledger')
  await expect(page.getByRole('heading', { name: 'Ledger', level: 2 })).toBeVisible()
  await expect(page.getByText('Balanced', { exact: true })).toBeVisible()
  const table = page.getByRole('region', { name: 'Trial balance' }).getByRole('table')
  // Every account the API answered is a row (other tests may open accounts meanwhile: new shops, say).
  await expect(table.getByRole('row', { name: /^M-Pesa float/ })).toBeVisible()
  expect(await table.getByRole('row').count()).toBeGreaterThanOrEqual(trial.lines.length + 2)
  await expect(table.getByRole('row', { name: /^Totals/ })).toBeVisible()
  await expectAccessible(page)
})

const announcement = (page: Page) => page.getByRole('status').filter({ hasText: /\S/ }).first()

test('the admin records an adjustment with a reason, and the shop’s available money moves by it', async ({
  page,
  baseURL,
}) => {
  await signInByApi(page, DEMO_ADMIN)
  // The last demo shop: the adjustment is taken back at the end, so the shop is as it was.
  const shopId = 62
  const available = async () =>
    ((await (await page.request.get(`/api/admin/vendors/${shopId}/ledger/`)).json()) as VendorLedger).balances.available
  const before = await available()
  await page.goto('/admin/ledger')
  const form = page.getByRole('form', { name: 'Record an adjustment' })
  await form.getByRole('button', { name: 'Record adjustment' }).click()
  await expect(form.getByText('Give the reason: the statement and the reconciliation show it')).toBeVisible()
  await form.getByLabel('Debit (from)').selectOption('adjustments')
  await form.getByLabel('Credit (to)').selectOption('vendor_available')
  await form.getByLabel('Shop number').fill(String(shopId))
  await form.getByLabel('Amount (KES)').fill('12.50')
  await form.getByLabel('Reason').fill('Rider fee the shop paid for us')
  await form.getByRole('button', { name: 'Record adjustment' }).click()
  await expect(announcement(page)).toHaveText(/^Adjustment \d+ recorded\.$/)
  await expect.poll(available).toBe(before + 12.5)
  await expect(form.getByLabel('Reason')).toHaveValue('')
  // Taken back by another adjustment, as a mistake would be.
  const back = await page.request.post('/api/admin/ledger/adjustments/', {
    // Signed-in writes must come from Soko's own pages.
    headers: { 'Idempotency-Key': `e2e-adjustment-back-${Date.now()}`, origin: baseURL ?? '' },
    data: {
      debit: { account: 'vendor_available', vendor_id: shopId },
      credit: { account: 'adjustments', vendor_id: null },
      amount: 12.5,
      reason: 'Taken back after the test',
    },
  })
  expect(back.status()).toBe(201)
  expect(await available()).toBe(before)
})
