import { randomUUID } from 'node:crypto'
import { openShopByApi } from './accounts.ts'
import { expect, expectAccessible, test } from './fixtures.ts'
import { waitForHydration } from './hydration.ts'
import { openFilters } from './search-helpers.ts'

// Variants (decision 0026) in the browser: a vendor adds a size to a product in the portal (a mistake said at its
// field, what was typed kept); shoppers find one card for the product, with its "from" price and "Choose Options",
// pick a size on the product page (the sold-out one struck through), and add that size to the cart.

test.describe('product variants', () => {
  test('a vendor adds a size; a shopper picks it on the product page and adds it to the cart', async ({
    page,
    baseURL,
    browser,
  }) => {
    test.setTimeout(120_000)
    const id = randomUUID().slice(0, 8)
    const name = `Kitenge Shirt ${id}`
    await openShopByApi(page, baseURL, `Pwani Tailors ${id}`)
    const headers = { origin: baseURL ?? '' }
    const categories = (await (await page.request.get('/api/vendor/categories/')).json()) as { id: number }[]
    const created = await page.request.post('/api/vendor/products/', {
      headers,
      data: { name, categoryId: categories[0]?.id, price: 1500, stockQty: 5, description: 'Wax print cotton' },
    })
    expect(created.status(), await created.text()).toBe(201)
    const product = (await created.json()) as { id: number }

    // The portal: the first variant names the option and this product's own value.
    await page.goto(`/vendor-portal/products/${product.id}`)
    const panel = page.getByRole('region', { name: 'Variants' })
    const add = panel.getByRole('button', { name: 'Add variant' })
    await waitForHydration(page, add)
    await panel.getByLabel('Options').fill('Size')
    await panel.getByLabel("This product's values").fill('M')
    await panel.getByLabel("New variant's values").fill('m')
    await panel.getByLabel('Price (KSh)', { exact: true }).fill('1700')
    await panel.getByLabel('Stock', { exact: true }).fill('3')
    await add.click()
    await expect(panel.getByText('This product already has a variant m')).toBeVisible()
    await expect(panel.getByLabel('Price (KSh)', { exact: true })).toHaveValue('1700')
    await panel.getByLabel("New variant's values").fill('L')
    await add.click()
    await expect(panel.getByRole('cell', { name: 'L', exact: true })).toBeVisible()
    await expect(panel.getByRole('cell', { name: 'KSh 1,700' })).toBeVisible()
    // The second variant gets a field per option; XL is added sold out.
    await panel.getByRole('textbox', { name: 'Size' }).fill('XL')
    await panel.getByLabel('Price (KSh)', { exact: true }).fill('1800')
    await panel.getByLabel('Stock', { exact: true }).fill('0')
    await add.click()
    await expect(panel.getByRole('cell', { name: 'XL', exact: true })).toBeVisible()
    await expectAccessible(page)

    // A shopper searches: one card for the three sizes.
    const shopper = await browser.newContext()
    try {
      const shop = await shopper.newPage()
      await shop.goto(`/search?q=${encodeURIComponent(name)}`)
      const cards = shop.getByRole('article').filter({ hasText: name })
      await expect(cards).toHaveCount(1)
      await expect(cards.getByText('From KSh 1,500')).toBeVisible()
      // The filter panel offers the sizes found, with how many products have each; choosing one keeps the card.
      const { scope, apply } = await openFilters(shop, false)
      const sizeFilter = scope.getByRole('combobox', { name: 'Size, colour...' })
      await expect(sizeFilter.getByRole('option', { name: /^L \(\d+\)$/ })).toHaveCount(1)
      await sizeFilter.selectOption('Size:L')
      await apply.click()
      await expect(shop).toHaveURL(/option=Size%3AL/)
      await expect(cards).toHaveCount(1)
      await cards.getByRole('link', { name: `Choose Options: size of ${name}` }).click()

      await expect(shop.getByRole('heading', { level: 1, name })).toBeVisible()
      const sizes = shop.getByRole('group', { name: /Size/ })
      await expect(sizes.getByRole('link', { name: 'Size M', exact: true })).toHaveAttribute('aria-current', 'true')
      await expect(sizes.getByRole('link', { name: 'Size XL, sold out' })).toBeVisible()
      const large = sizes.getByRole('link', { name: 'Size L', exact: true })
      await waitForHydration(shop, large)
      await large.click()
      await expect(sizes.getByRole('link', { name: 'Size L', exact: true })).toHaveAttribute('aria-current', 'true')
      await expect(shop.getByText('KSh 1,700').first()).toBeVisible()
      await expectAccessible(shop)
      await shop
        .getByRole('button', { name: /Add to Cart/ })
        .first()
        .click()
      await shop.goto('/cart')
      await expect(shop.getByText(`${name} (L)`).first()).toBeVisible()
    } finally {
      await shopper.close()
    }
  })
})
