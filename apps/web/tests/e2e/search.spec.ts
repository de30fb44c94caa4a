import { devices } from '@playwright/test'
import type { Home } from '@soko/contract/catalog'
import { expect, expectAccessible, test } from './fixtures.ts'
import { waitForHydration } from './hydration.ts'
import {
  cards,
  expectResultCount,
  expectResults,
  fastBanner,
  openFilters,
  openSuggestions,
  resultCount,
  results,
  searchApi,
  searchBox,
  shownNames,
  summary,
} from './search-helpers.ts'

// The search results screen against the real search API and demo catalogue: expectations come from the API.

const SEARCH_API = '^/api/marketplace/search/\\?'

test.describe('search results', () => {
  test('show the title, count, summary and products the search call answers, even for a typo', async ({
    page,
    request,
  }) => {
    const api = await searchApi(request, { q: 'samsng' })
    expect(api.total_products).toBeGreaterThan(0)
    await page.goto('/search?q=samsng')
    await expect(page).toHaveTitle('Search Results for "samsng" | Soko')
    await expect(page.getByRole('heading', { level: 1, name: 'Search Results' })).toBeVisible()
    await expectResultCount(page, api.total_products)
    await expect(summary(page)).toHaveText('"samsng"')
    await expect(cards(page)).toHaveCount(api.products.length)
    expect(await shownNames(page)).toEqual(api.products.map((p) => p.name))
    const first = api.products[0]
    if (!first) throw new Error('no results')
    await expect(results(page).getByRole('link', { name: first.name }).first()).toHaveAttribute(
      'href',
      `/product/${first.slug}`,
    )
  })

  test('are rendered on the server, with a canonical URL free of fast mode and tracking', async ({ request }) => {
    const api = await searchApi(request, { q: 'tea', sort_by: 'price_low' })
    const html = await (
      await request.get('/products/search?utm_source=sms&q=tea&cache_first=true&sort_by=price_low')
    ).text()
    expect(html).toContain(api.products[0]?.name.replace(/&/g, '&amp;') ?? 'missing')
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/[^"]+\/search\?q=tea&amp;sort_by=price_low"/)
    expect(html).not.toContain('<meta name="robots"')
  })

  test('typing and submitting a query shows its results (Search with Full API leaves fast mode)', async ({
    page,
    request,
  }) => {
    const api = await searchApi(request, { q: 'sufuria' })
    await page.goto('/search')
    const box = searchBox(page)
    await waitForHydration(page, box)
    const submit = page.getByRole('search').getByRole('button', { name: 'Search', exact: true })
    await expect(submit).toBeDisabled()
    await box.fill('sufuria')
    await expect(submit).toBeEnabled()
    await box.press('Enter')
    await expect(page).toHaveURL(/\/search\?q=sufuria&cache_first=true$/)
    await expect(summary(page)).toHaveText('"sufuria"')
    // Fast mode answers from this browser's cache only when it holds 6 matches; either way the full search is a click away.
    if (await fastBanner(page).isVisible()) {
      await fastBanner(page).getByRole('button', { name: 'Search with Full API' }).click()
      await expect(page).toHaveURL(/\/search\?q=sufuria$/)
    }
    await expectResultCount(page, api.total_products)
    await expect(fastBanner(page)).toHaveCount(0)
    expect(await shownNames(page)).toEqual(api.products.map((p) => p.name))
  })

  test('suggestions come after two characters, at most 8, and are chosen with the keyboard', async ({ page }) => {
    const { box, list } = await openSuggestions(page, '/search')
    const count = await list.getByRole('option').count()
    expect(count).toBeGreaterThan(0)
    expect(count).toBeLessThanOrEqual(8)
    await box.press('ArrowDown')
    const choice = (await list.getByRole('option').first().textContent()) ?? ''
    await expect(list.getByRole('option').first()).toHaveAttribute('aria-selected', 'true')
    await box.press('Enter')
    await expect(page).toHaveURL(`/search?${new URLSearchParams({ q: choice, cache_first: 'true' })}`)
    await expect(summary(page)).toHaveText(`"${choice}"`)
  })

  test('a fast search answers from the cache with the blue Fast Search banner', async ({ page, request }) => {
    // The first page of results for 'samsung' is in this browser's cache after the first visit; searching it again
    // in fast mode finds at least 6 matches there.
    const api = await searchApi(request, { q: 'samsung' })
    // The page also holds the filters call (the first page of all products).
    const pool = new Map([...(await searchApi(request)).products, ...api.products].map((p) => [p.id, p]))
    const cachedMatches = [...pool.values()].filter((p) =>
      `${p.name} ${p.description}`.toLowerCase().includes('samsung'),
    )
    expect(cachedMatches.length).toBeGreaterThanOrEqual(6)
    await page.goto('/search?q=samsung')
    await expectResultCount(page, api.total_products)
    const box = searchBox(page)
    await waitForHydration(page, box)
    await box.press('Enter')
    await expect(page).toHaveURL('/search?q=samsung&cache_first=true')
    await expect(fastBanner(page)).toBeVisible()
    await expect(fastBanner(page)).toHaveCSS('background-color', 'rgb(232, 241, 253)')
    await expectResultCount(page, cachedMatches.length)
    await fastBanner(page).getByRole('button', { name: 'Search with Full API' }).click()
    await expect(page).toHaveURL('/search?q=samsung')
    await expect(fastBanner(page)).toHaveCount(0)
    await expectResultCount(page, api.total_products)
  })

  test('list matching vendors, linking to their store pages', async ({ page, request }) => {
    const everyone = await searchApi(request)
    // A word from a vendor's name that the search call answers with matching vendors.
    let found: { word: string; vendors: Awaited<ReturnType<typeof searchApi>>['vendors'] } | undefined
    for (const vendor of everyone.vendors.slice(0, 10)) {
      const word = vendor.name.split(' ').find((w) => w.length >= 5) ?? vendor.name
      const api = await searchApi(request, { q: word })
      if (api.vendors.length > 0) {
        found = { word, vendors: api.vendors }
        break
      }
    }
    if (!found) throw new Error('no vendor name finds matching vendors')
    await page.goto(`/search?q=${encodeURIComponent(found.word)}`)
    const section = page.getByRole('region', { name: 'Matching Vendors' })
    await expect(section.getByRole('link')).toHaveCount(found.vendors.length)
    for (const vendor of found.vendors) {
      await expect(section.getByRole('link', { name: new RegExp(`^${escapeRegExp(vendor.name)}`) })).toHaveAttribute(
        'href',
        `/vendor/${vendor.slug}`,
      )
    }
  })

  test('empty: No products found, with View All Products', async ({ page }) => {
    await page.goto('/search?q=qqxxzzy')
    await expect(page.getByRole('heading', { name: 'No products found' })).toBeVisible()
    await expect(page.getByText('Try adjusting your search or filters')).toBeVisible()
    await expect(resultCount(page)).toHaveText('0 results')
    await expect(page.getByRole('link', { name: 'View All Products' })).toHaveAttribute('href', '/products')
  })

  test('have no serious or critical accessibility violations', async ({ page }) => {
    await page.goto('/search?q=samsung')
    await expect(cards(page).first()).toBeVisible()
    await expectAccessible(page)
  })
})

test.describe('filters and sort', () => {
  test('category, vendor and price presets change the URL and the results, with facet counts', async ({
    page,
    request,
    isMobile,
  }) => {
    const all = await searchApi(request, { q: 'phone' })
    const category = all.facets.categories.find((c) => c.parent_id === null && c.count > 0)
    if (!category) throw new Error('no category facet')
    await page.goto('/search?q=phone')
    let { scope, apply } = await openFilters(page, isMobile)
    const categorySelect = scope.getByRole('combobox', { name: 'Category', exact: true })
    await expect(categorySelect.locator('option', { hasText: `${category.name} (${category.count})` })).toHaveCount(1)
    await categorySelect.selectOption(category.slug)
    await apply.click()
    await expect(page).toHaveURL(`/search?q=phone&category=${category.slug}&cache_first=true`)
    await expect(summary(page)).toHaveText(`"phone" · in ${category.name}`)
    const inCategory = await searchApi(request, { q: 'phone', category: category.slug })
    if (await fastBanner(page).isVisible()) await fastBanner(page).getByRole('button').click()
    await expectResultCount(page, inCategory.total_products)

    const vendor = inCategory.facets.vendors[0]
    if (!vendor) throw new Error('no vendor facet')
    ;({ scope, apply } = await openFilters(page, isMobile))
    await scope.getByRole('combobox', { name: 'Vendor', exact: true }).selectOption(String(vendor.id))
    const price = scope.getByRole('combobox', { name: 'Price range' })
    await expect(scope.getByRole('spinbutton', { name: 'Min price' })).toBeVisible()
    await price.selectOption({ index: 2 })
    // A preset range hides the custom prices.
    await expect(scope.getByRole('spinbutton', { name: 'Min price' })).toHaveCount(0)
    await apply.click()
    await expect(page).toHaveURL(
      new RegExp(`category=${category.slug}&vendor=${vendor.id}&price_min=1000&price_max=5000`),
    )
    await expect(summary(page)).toContainText('KSh 1,000 - 5,000')
  })

  test('custom prices, rating, verified vendors and in stock only each narrow the results', async ({
    page,
    request,
    isMobile,
  }) => {
    await page.goto('/products')
    const { scope, apply } = await openFilters(page, isMobile)
    await scope.getByRole('spinbutton', { name: 'Min price' }).fill('2000')
    await scope.getByRole('spinbutton', { name: 'Max price' }).fill('9000')
    await scope.getByRole('combobox', { name: 'Minimum rating' }).selectOption('4')
    await scope.getByRole('checkbox', { name: 'Verified vendors' }).check()
    await scope.getByRole('checkbox', { name: 'In stock only' }).check()
    await apply.click()
    await expect(page).toHaveURL(
      '/products?price_min=2000&price_max=9000&min_rating=4&verified_only=true&in_stock_only=true',
    )
    const api = await searchApi(request, {
      price_min: '2000',
      price_max: '9000',
      min_rating: '4',
      verified_only: 'true',
      in_stock_only: 'true',
    })
    await expectResults(page, api, 'KSh 2,000 - 9,000 · 4+ stars · verified vendors · in stock')

    // Clear removes every filter.
    const again = await openFilters(page, isMobile)
    await again.scope.getByRole('button', { name: 'Clear' }).click()
    await expect(page).toHaveURL('/products')
    await expect(summary(page)).toHaveText('All products')
  })

  test('auto-apply applies a filter 500 ms after it changes', async ({ page, isMobile }) => {
    await page.goto('/search')
    const { scope } = await openFilters(page, isMobile)
    await scope.getByRole('checkbox', { name: 'Auto-apply' }).check()
    await scope.getByRole('checkbox', { name: 'In stock only' }).check()
    await expect(page).toHaveURL('/search?in_stock_only=true')
    await expect(summary(page)).toHaveText('in stock')
  })

  test('sorting changes the order and goes back to the first page', async ({ page, request }) => {
    const api = await searchApi(request, { q: 'shoes', sort_by: 'price_high' })
    await page.goto('/search?q=shoes&page=2')
    const sort = results(page).getByRole('combobox', { name: 'Sort', exact: true })
    await waitForHydration(page, sort)
    await expect(sort.locator('option')).toHaveText([
      'Relevance',
      'Price: Low to High',
      'Price: High to Low',
      'Highest Rated',
      'Newest',
      'Most Popular',
    ])
    await sort.selectOption('price_high')
    await expect(page).toHaveURL('/search?q=shoes&sort_by=price_high')
    await expect.poll(() => shownNames(page)).toEqual(api.products.map((p) => p.name))
  })

  test('pagination shows up to 5 pages around the current one, with previous and next', async ({ page, request }) => {
    const api = await searchApi(request)
    expect(api.total_pages).toBeGreaterThan(7)
    await page.goto('/products')
    const pages = page.getByRole('navigation', { name: 'Pagination' })
    await expect(pages.getByRole('listitem')).toHaveText(['1', '2', '3', '4', '5'])
    await expect(pages.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page')
    await expect(pages.getByRole('link', { name: /Previous/ })).toHaveCount(0)
    await waitForHydration(page, pages.getByRole('link', { name: /Next/ }))
    await pages.getByRole('link', { name: /Next/ }).click()
    await expect(page).toHaveURL('/products?page=2')
    const second = await searchApi(request, { page: '2' })
    await expect.poll(() => shownNames(page)).toEqual(second.products.map((p) => p.name))
    await pages.getByRole('link', { name: 'Page 4' }).click()
    await expect(page).toHaveURL('/products?page=4')
    await expect(pages.getByRole('listitem')).toHaveText(['2', '3', '4', '5', '6'])
    await expect(pages.getByRole('link', { name: 'Page 4' })).toHaveAttribute('aria-current', 'page')
    await pages.getByRole('link', { name: /Previous/ }).click()
    await expect(page).toHaveURL('/products?page=3')

    await page.goto(`/products?page=${api.total_pages}`)
    const last = api.total_pages
    await expect(pages.getByRole('listitem')).toHaveText([last - 4, last - 3, last - 2, last - 1, last].map(String))
    await expect(pages.getByRole('link', { name: /Next/ })).toHaveCount(0)
  })
})

test.describe('filters on phones and narrow screens', () => {
  test('the Filters button opens a sheet: focus inside, Escape closes it, Apply filters', async ({
    page,
    request,
    isMobile,
  }) => {
    test.skip(!isMobile, 'the filter sheet is for phones')
    const category = (await searchApi(request)).facets.categories[0]
    if (!category) throw new Error('no category')
    await page.goto('/search')
    await expect(page.getByRole('search').getByRole('combobox', { name: 'Category', exact: true })).toBeHidden()
    const toggle = page.getByRole('button', { name: 'Filters', exact: true })
    await waitForHydration(page, toggle)
    await toggle.click()
    const sheet = page.getByRole('dialog', { name: 'Filters' })
    await expect(sheet).toBeVisible()
    await expect(sheet.locator(':focus')).toHaveCount(1)
    await page.keyboard.press('Escape')
    await expect(sheet).toBeHidden()
    await expect(toggle).toBeFocused()

    await toggle.click()
    await sheet.getByRole('combobox', { name: 'Category', exact: true }).selectOption(category.slug)
    await sheet.getByRole('button', { name: 'Apply' }).click()
    await expect(sheet).toBeHidden()
    await expect(page).toHaveURL(`/search?category=${category.slug}`)
    await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeVisible()
    await page.getByRole('button', { name: 'Filters (1)' }).click()
    await sheet.getByRole('button', { name: 'Close filters' }).click()
    await expect(sheet).toBeHidden()
  })

  test('the bar hides its filters under 769 px and shows them from 769 px', async ({ page, isMobile }) => {
    test.skip(isMobile, 'resizes a desktop window')
    await page.setViewportSize({ width: 768, height: 800 })
    await page.goto('/search')
    const category = page.getByRole('search').getByRole('combobox', { name: 'Category', exact: true })
    await expect(category).toBeHidden()
    await expect(page.getByRole('button', { name: 'Filters', exact: true })).toBeVisible()
    await page.setViewportSize({ width: 769, height: 800 })
    await expect(category).toBeVisible()
    await expect(page.getByRole('button', { name: 'Filters', exact: true })).toBeHidden()
  })
})

test.describe('search while loading', () => {
  // Crawlers (and headless Chromium's own user agent) get whole pages; stream to this test as to a shopper's browser.
  test.use({ userAgent: devices['Desktop Chrome'].userAgent })

  test('shows 24 skeleton cards until the results arrive', async ({ page, faults }) => {
    await faults.inject({ path: `${SEARCH_API}q=samsung`, delayMs: 2500 })
    await page.goto('/search?q=samsung', { waitUntil: 'commit' })
    await expect(page.getByRole('status', { name: 'Loading search results' })).toBeVisible()
    await expect(page.locator('.product-card--skeleton')).toHaveCount(24)
    await expect(cards(page).first()).toBeVisible({ timeout: 10_000 })
    await expect(page.locator('.product-card--skeleton')).toHaveCount(0)
  })

  test('keeps the results under an overlay while new ones load', async ({ page, faults }) => {
    await page.goto('/search?q=samsung')
    const sort = results(page).getByRole('combobox', { name: 'Sort', exact: true })
    await waitForHydration(page, sort)
    await faults.inject({ path: `${SEARCH_API}q=samsung&sort_by=newest`, delayMs: 2000 })
    await sort.selectOption('newest')
    await expect(page.getByRole('status').filter({ hasText: 'Updating results' })).toBeVisible()
    await expect(cards(page).first()).toBeVisible()
    await expect(page.getByRole('status').filter({ hasText: 'Updating results' })).toHaveCount(0, { timeout: 10_000 })
  })
})

test.describe('search when the API fails', () => {
  test('shows Search Unavailable, and Try Again searches again', async ({ page, faults, request }) => {
    await faults.inject({ path: '^/api/marketplace/search/', status: 500 })
    await page.goto('/search?q=tea')
    const alert = page.getByRole('alert')
    await expect(alert.getByRole('heading', { name: 'Search Unavailable' })).toBeVisible()
    await expect(alert).toContainText('Search service temporarily unavailable')
    await expect(alert.getByRole('link', { name: 'Browse All Products' })).toHaveAttribute('href', '/products')
    await expectAccessible(page)

    await faults.clear()
    const api = await searchApi(request, { q: 'tea' })
    const tryAgain = alert.getByRole('button', { name: 'Try Again' })
    await waitForHydration(page, tryAgain)
    await tryAgain.click()
    await expectResultCount(page, api.total_products)
    await expect(page.getByRole('alert')).toHaveCount(0)
  })

  test('falls back to cached home data with the Fast Search banner', async ({ page, faults, request }) => {
    const home = (await (await request.get('/api/marketplace/home/')).json()) as Home
    const pool = [...home.featured_products, ...home.trending_products]
    const word = (pool[0]?.name.split(' ')[0] ?? '').toLowerCase()
    const expected = new Set(
      pool.filter((p) => `${p.name} ${p.description}`.toLowerCase().includes(word)).map((p) => p.name),
    )
    await page.goto('/')
    const homeBox = searchBox(page)
    await waitForHydration(page, homeBox)
    await faults.inject({ path: '^/api/marketplace/search/', status: 500 })
    await homeBox.fill(word)
    await homeBox.press('Enter')
    await expect(page).toHaveURL(`/search?q=${encodeURIComponent(word)}`)
    await expect(fastBanner(page)).toBeVisible()
    await expectResultCount(page, expected.size)
    expect(new Set(await shownNames(page))).toEqual(expected)

    await faults.clear()
    const api = await searchApi(request, { q: word })
    await fastBanner(page).getByRole('button', { name: 'Search with Full API' }).click()
    await expect(fastBanner(page)).toHaveCount(0)
    await expectResultCount(page, api.total_products)
  })
})

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
