import type { Category, CategoryDetail, VendorDetail } from '@soko/contract/catalog'
import { expect, expectAccessible, test } from './fixtures.ts'
import { waitForHydration } from './hydration.ts'
import {
  cards,
  expectResultCount,
  expectResults,
  openFilters,
  results,
  searchApi,
  searchBox,
  summary,
} from './search-helpers.ts'

// /products, /category/{slug} and /vendor/{slug}: the same search call and filters, each page with its own header,
// title and canonical URL. Expectations come from the API.

test.describe('all products', () => {
  test('lists every product, and ?category= and ?vendor= filter it', async ({ page, request }) => {
    const all = await searchApi(request)
    await page.goto('/products')
    await expect(page).toHaveTitle('All Products | Soko')
    await expect(page.getByRole('heading', { level: 1, name: 'All Products' })).toBeVisible()
    await expectResults(page, all, 'All products')

    const category = all.categories?.find((c) => c.parent_id !== null)
    if (!category) throw new Error('no subcategory')
    const inCategory = await searchApi(request, { category: category.slug })
    await page.goto(`/products?category=${category.slug}`)
    await expectResultCount(page, inCategory.total_products)
    await expect(summary(page)).toHaveText(`in ${category.name}`)

    const vendor = all.vendors[0]
    if (!vendor) throw new Error('no vendor')
    const ofVendor = await searchApi(request, { vendor: String(vendor.id) })
    await page.goto(`/products?vendor=${vendor.id}`)
    await expectResults(page, ofVendor, `from ${vendor.name}`)
  })

  test('a text search from /products goes to the search screen', async ({ page }) => {
    await page.goto('/products')
    const box = searchBox(page)
    await waitForHydration(page, box)
    await box.fill('kikoy')
    await box.press('Enter')
    await expect(page).toHaveURL('/search?q=kikoy&cache_first=true')
    await expect(page.getByRole('heading', { level: 1, name: 'Search Results' })).toBeVisible()
  })
})

test.describe('category page', () => {
  test('shows the heading, breadcrumb, subcategories and its products', async ({ page, request }) => {
    const all = await searchApi(request)
    const parent = all.categories?.find((c) => c.parent_id === null)
    if (!parent) throw new Error('no category')
    const category = (await (await request.get(`/api/marketplace/categories/${parent.slug}/`)).json()) as CategoryDetail
    const api = await searchApi(request, { category: category.slug })

    await page.goto(`/category/${category.slug}`)
    await expect(page).toHaveTitle(`${category.name} | Soko`)
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/category\/[a-z0-9-]+$/)
    await expect(page.getByRole('heading', { level: 1, name: category.name })).toBeVisible()
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' })
    await expect(breadcrumb.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/')
    await expect(breadcrumb.getByText(category.name)).toHaveAttribute('aria-current', 'page')
    const chips = page.getByRole('navigation', { name: 'Subcategories' }).getByRole('link')
    await expect(chips).toHaveCount(category.children.length)
    const child = category.children[0]
    if (!child) throw new Error('the demo category has subcategories')
    await expect(chips.first()).toHaveAttribute('href', `/category/${child.slug}`)
    await expect(results(page).getByRole('heading', { level: 2, name: `${category.name} products` })).toBeVisible()
    await expectResults(page, api)
    await expectAccessible(page)

    // A subcategory chip opens its own page, with its parent in the breadcrumb.
    await waitForHydration(page, chips.first())
    await chips.first().click()
    await expect(page).toHaveURL(`/category/${child.slug}`)
    await expect(page.getByRole('heading', { level: 1, name: child.name })).toBeVisible()
    await expect(breadcrumb.getByRole('link', { name: category.name })).toHaveAttribute(
      'href',
      `/category/${category.slug}`,
    )
    const childApi = await searchApi(request, { category: child.slug })
    await expectResultCount(page, childApi.total_products)
    await expect(page).toHaveTitle(`${child.name} | Soko`)
  })

  test('filters, sorts and pages its products on its own path', async ({ page, request, isMobile }) => {
    const slug = (await searchApi(request)).categories?.[0]?.slug ?? ''
    await page.goto(`/category/${slug}`)
    const sort = results(page).getByRole('combobox', { name: 'Sort', exact: true })
    await waitForHydration(page, sort)
    await sort.selectOption('price_low')
    await expect(page).toHaveURL(`/category/${slug}?sort_by=price_low`)
    const api = await searchApi(request, { category: slug, sort_by: 'price_low', in_stock_only: 'true' })
    const { scope, apply } = await openFilters(page, isMobile)
    await expect(scope.getByRole('combobox', { name: 'Category', exact: true })).toHaveCount(0)
    await scope.getByRole('checkbox', { name: 'In stock only' }).check()
    await apply.click()
    await expect(page).toHaveURL(`/category/${slug}?in_stock_only=true&sort_by=price_low`)
    await expectResultCount(page, api.total_products)
    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Page 2' }).click()
    await expect(page).toHaveURL(`/category/${slug}?in_stock_only=true&sort_by=price_low&page=2`)
    await expect(page).toHaveTitle(/ - Page 2 \| Soko$/)
  })

  test('an unknown category answers 404', async ({ page }) => {
    const response = await page.goto('/category/no-such-category')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1, name: 'Category Not Found' })).toBeVisible()
    await expect(page).toHaveTitle('Category Not Found | Soko')
  })
})

test.describe('category index', () => {
  const count = (n: number) => `${n.toLocaleString('en-KE')} ${n === 1 ? 'product' : 'products'}`

  test('lists every category under its parent with its picture and product count; a click opens it', async ({
    page,
    request,
  }) => {
    const categories = (await (await request.get('/api/marketplace/categories/')).json()) as Category[]
    const topLevel = categories.filter((c) => c.parent_id === null)
    expect(topLevel.length, 'demo categories').toBeGreaterThan(3)

    const response = await page.goto('/product-category')
    expect(response?.status()).toBe(200)
    await expect(page).toHaveTitle('All Categories | Soko')
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/product-category$/)
    await expect(page.getByRole('heading', { level: 1, name: 'All Categories' })).toBeVisible()

    const groups = page.locator('.category-index__groups > li')
    await expect(groups).toHaveCount(topLevel.length)
    for (const [index, parent] of topLevel.entries()) {
      const group = groups.nth(index)
      const main = group.getByRole('link', { name: `${parent.name} ${count(parent.product_count)}`, exact: true })
      await expect(main).toHaveAttribute('href', `/category/${parent.slug}`)
      await expect(main.getByRole('img')).toHaveCount(0) // decorative: alt=""
      await expect(main.locator('img')).toHaveAttribute('src', /\/media\/categories\/\d+\//)
      const children = categories.filter((c) => c.parent_id === parent.id)
      const subs = group.getByRole('list', { name: parent.name, exact: true }).getByRole('link')
      await expect(subs).toHaveCount(children.length)
      for (const [i, child] of children.entries()) {
        await expect(subs.nth(i)).toHaveAccessibleName(`${child.name} ${count(child.product_count)}`)
        await expect(subs.nth(i)).toHaveAttribute('href', `/category/${child.slug}`)
      }
    }
    // Good on a phone: nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
    await expectAccessible(page)

    const parent = topLevel.find((c) => categories.some((child) => child.parent_id === c.id))
    const child = categories.find((c) => c.parent_id === parent?.id)
    if (!parent || !child) throw new Error('the demo catalogue has subcategories')
    const link = page.getByRole('link', { name: `${child.name} ${count(child.product_count)}`, exact: true })
    await waitForHydration(page, link)
    await link.click()
    await expect(page).toHaveURL(`/category/${child.slug}`)
    await expect(page.getByRole('heading', { level: 1, name: child.name })).toBeVisible()
    const childApi = await searchApi(request, { category: child.slug })
    await expectResultCount(page, childApi.total_products)
    expect(childApi.total_products).toBe(child.product_count)

    await page.goBack()
    const main = page.getByRole('link', { name: `${parent.name} ${count(parent.product_count)}`, exact: true })
    await main.click()
    await expect(page).toHaveURL(`/category/${parent.slug}`)
    await expect(page.getByRole('heading', { level: 1, name: parent.name })).toBeVisible()
  })
})

test.describe('vendor page', () => {
  test("shows the vendor's store and its products", async ({ page, request }) => {
    const all = await searchApi(request)
    const listed = all.vendors.find((v) => v.is_verified) ?? all.vendors[0]
    if (!listed) throw new Error('no vendor')
    const vendor = (await (await request.get(`/api/marketplace/vendors/${listed.slug}/`)).json()) as VendorDetail
    const api = await searchApi(request, { vendor: String(vendor.id) })

    await page.goto(`/vendor/${vendor.slug}`)
    await expect(page).toHaveTitle(`${vendor.name}: shop on Soko`)
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', new RegExp(`^${vendor.name}`))
    const header = page.locator('.vendor-header')
    await expect(header.getByRole('heading', { level: 1, name: vendor.name })).toBeVisible()
    if (vendor.is_verified) await expect(header.getByText('Verified Seller')).toBeVisible()
    if (vendor.avg_rating !== null) {
      await expect(
        header.getByRole('img', { name: new RegExp(`^Rated ${vendor.avg_rating.toFixed(1)} out of 5`) }),
      ).toBeVisible()
    }
    await expect(header).toContainText(vendor.type)
    await expect(header).toContainText(`${vendor.town}, ${vendor.county}`)
    await expect(header).toContainText(vendor.description)
    await expect(header).toContainText(`${vendor.product_count} products`)
    await expectResults(page, api)
    for (const name of await cards(page).locator('.product-card__vendor').allTextContents()) {
      expect(name).toContain(vendor.name)
    }
    await expectAccessible(page)
  })

  test('an unknown vendor answers 404', async ({ page }) => {
    const response = await page.goto('/vendor/no-such-shop')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1, name: 'Vendor Not Found' })).toBeVisible()
  })
})
