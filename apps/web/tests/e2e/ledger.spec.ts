import type { TrialBalanceView } from '@soko/contract/admin'
import { DEMO_ADMIN, signInByApi } from './accounts.ts'
import { expect, expectAccessible, test } from './fixtures.ts'

// The admin's ledger screen (decision 0014): the trial balance the API answers, every account a row, the totals
// equal and said to be balanced. The demo's past is in the ledger, so there is something to show.

test('the admin reads the trial balance, balanced', async ({ page }) => {
  await signInByApi(page, DEMO_ADMIN)
  const trial = (await (await page.request.get('/api/admin/ledger/trial-balance/')).json()) as TrialBalanceView
  expect(trial.balanced).toBe(true)
  await page.goto('/admin/ledger')
  await expect(page.getByRole('heading', { name: 'Ledger', level: 2 })).toBeVisible()
  await expect(page.getByText('Balanced', { exact: true })).toBeVisible()
  const table = page.getByRole('region', { name: 'Trial balance' }).getByRole('table')
  await expect(table.getByRole('row')).toHaveCount(trial.lines.length + 2)
  await expect(table.getByRole('row', { name: /^Totals/ })).toBeVisible()
  await expectAccessible(page)
})
