import type { Page } from '@playwright/test'
import type { SitePolicies } from '@soko/contract/site'
import { DEMO_ADMIN, signInByApi } from './accounts.ts'
import { expect, expectAccessible, test } from './fixtures.ts'
import { waitForHydration } from './hydration.ts'

// Commission rates per category: the admin gives a new subcategory a rate of its own, and the pricing page lists
// it. Every number is read from the API (the server's COMMISSION_PERCENT is not the 10 % default). Each project
// works under a parent of its own that no other journey reorders, with a new empty subcategory it deletes at the end
// (its rate touches no product, so no other journey's commission).

const announcement = (page: Page) => page.getByRole('status').filter({ hasText: /\S/ }).first()

test('the admin sets a subcategory’s commission and the pricing page lists it', async ({ page }, testInfo) => {
  const policies = (await (await page.request.get('/api/site/policies/')).json()) as SitePolicies
  const fallback = `${Number(policies.commissionPercent.toFixed(2))}%`
  const parent = testInfo.project.name === 'mobile' ? 'Baby & Kids' : 'Sports & Outdoors'
  const name = `Rated ${Date.now().toString(36)}${testInfo.project.name === 'mobile' ? 1 : 0}`

  await signInByApi(page, DEMO_ADMIN)
  await page.goto('/admin/categories')
  const add = page.getByRole('button', { name: `Add a subcategory to ${parent}` })
  await waitForHydration(page, add)
  await add.click()
  const form = page.getByRole('form', { name: 'New category' })
  await form.getByLabel('Name', { exact: true }).fill(name)
  const commission = form.getByLabel('Commission (%)')
  await expect(form).toContainText(`Blank: it inherits ${fallback} from the marketplace`)
  await expectAccessible(page)

  // The form refuses what the API would, with the API's own message.
  await commission.fill('12.345')
  await form.getByRole('button', { name: 'Save category' }).click()
  await expect(form).toContainText('Commission may have at most two decimals')
  await commission.fill('7.25')
  await form.getByRole('button', { name: 'Save category' }).click()
  await expect(announcement(page)).toHaveText(`Category ${name} created.`)
  const row = page
    .getByRole('list', { name: `Subcategories of ${parent}` })
    .getByRole('listitem')
    .filter({
      hasText: name,
    })
  await expect(row).toContainText('Commission 7.25%, its own')

  try {
    await page.goto('/pricing')
    const table = page.getByRole('table', { name: 'Categories with their own rate' })
    const line = table.getByRole('row').filter({ hasText: name })
    await expect(line).toContainText(`in ${parent}`)
    await expect(line.getByRole('cell')).toHaveText('7.25%')
    await expectAccessible(page)
  } finally {
    const tree = (await (await page.request.get('/api/admin/categories/')).json()) as {
      children: { id: number; name: string }[]
    }[]
    const created = tree.flatMap((top) => top.children).find((child) => child.name === name)
    if (created) {
      const removed = await page.request.delete(`/api/admin/categories/${created.id}/`, {
        headers: { origin: new URL(page.url()).origin },
      })
      expect(removed.status()).toBe(204)
    }
  }
})
