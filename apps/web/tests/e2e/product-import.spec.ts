import { randomUUID } from 'node:crypto'
import { openShopByApi } from './accounts.ts'
import { expect, expectAccessible, test } from './fixtures.ts'
import { waitForHydration } from './hydration.ts'

// A vendor's CSV import from the portal: a small file with one bad line is previewed (the error shown with its
// line), imported in the background, and the good products appear in the shop's product list.

test.describe('vendor CSV import', () => {
  test('previews a file with one bad line, imports the rest and lists them', async ({ page, baseURL }) => {
    test.setTimeout(90_000)
    const id = randomUUID().slice(0, 8)
    await openShopByApi(page, baseURL, `Pwani Kikoi ${id}`)
    const categories = (await (await page.request.get('/api/vendor/categories/')).json()) as { slug: string }[]
    const slug = categories[0]?.slug ?? ''

    const csv = [
      'sku,name,description,category,price,compare_at_price,stock,low_stock_threshold,status,image_urls',
      `KK-${id}-1,Kikoi wrap ${id},"Cotton, hand-woven",${slug},1200,1500,10,3,active,`,
      `KK-${id}-2,Kanga set ${id},,${slug},not-a-price,,4,,active,`,
      `KK-${id}-3,Beach bag ${id},,${slug},850,,6,,draft,`,
    ].join('\n')

    await page.goto('/vendor-portal/products')
    await page.getByRole('link', { name: 'Import / export CSV' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Import and export products' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Download the template' })).toHaveAttribute(
      'href',
      '/api/vendor/products/import/template.csv',
    )
    const input = page.getByLabel('CSV file')
    await waitForHydration(page, input)
    await input.setInputFiles({ name: 'products.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })

    await expect(page.getByRole('heading', { name: 'Preview: nothing is saved yet' })).toBeVisible()
    await expect(
      page.getByText('3 lines: 2 ready to import (2 new, 0 updated), 1 with errors (skipped).'),
    ).toBeVisible()
    const errors = page.getByRole('region', { name: 'Errors in the file' })
    await expect(errors.getByRole('row').nth(1)).toContainText('3')
    await expect(errors.getByRole('row').nth(1)).toContainText('price')
    await expect(errors.getByRole('row').nth(1)).toContainText('Price must be a number in KES')
    await expectAccessible(page)

    await page.getByRole('button', { name: 'Import 2 products' }).click()
    await expect(page.getByRole('heading', { name: '2 added, 0 updated, 1 not imported' })).toBeVisible({
      timeout: 30_000,
    })
    await expect(page.getByRole('region', { name: 'Lines not imported' })).toContainText('Price must be a number')
    await expect(page.getByRole('link', { name: 'Download the lines not imported' })).toBeVisible()

    await page.getByRole('link', { name: 'See your products' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible()
    await expect(page.getByRole('link', { name: `Kikoi wrap ${id}`, exact: true })).toBeVisible()
    await expect(page.getByRole('link', { name: `Beach bag ${id}`, exact: true })).toBeVisible()
    await expect(page.getByRole('link', { name: `Kanga set ${id}`, exact: true })).toHaveCount(0)

    const exported = await page.request.get('/api/vendor/products/export.csv')
    expect(exported.status()).toBe(200)
    expect(await exported.text()).toContain(`KK-${id}-1,Kikoi wrap ${id},"Cotton, hand-woven"`)
  })
})
