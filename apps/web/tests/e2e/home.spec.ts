import { gzipSync } from 'node:zlib'
import { type APIRequestContext, devices, type Page } from '@playwright/test'
import type { Category, Home } from '@soko/contract/catalog'
import { expect, expectAccessible, test } from './fixtures.ts'
import { cartLink, waitForHydration } from './hydration.ts'
import { openSuggestions, searchBox } from './search-helpers.ts'

// The home page against the real API and demo catalogue. Expectations are read from the API itself, so the tests
// say "what the API has, the page shows" without hard-coding the demo data.

const HOME_API = '^/api/marketplace/home/'
const CATEGORIES_API = '^/api/marketplace/categories/'
const HOME_AND_CATEGORIES_API = '^/api/marketplace/(home|categories)/'

/**
 * Freezes the page's fake clock at (about) its present: from here only runFor moves it. The page's time runs on
 * while the test asks for it, so a pause just ahead of it can land in the past on a busy machine; it is asked again.
 */
async function freezeClock(page: Page): Promise<void> {
  for (let tries = 1; ; tries++) {
    try {
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 50 * tries)
      return
    } catch (error) {
      if (tries >= 10 || !String(error).includes('fast-forward to the past')) throw error
    }
  }
}

async function homeData(request: APIRequestContext): Promise<Home> {
  return (await (await request.get('/api/marketplace/home/')).json()) as Home
}

async function topLevelCategories(request: APIRequestContext): Promise<Category[]> {
  const all = (await (await request.get('/api/marketplace/categories/')).json()) as Category[]
  return all.filter((category) => category.parent_id === null)
}

const searchButton = (page: Page) => page.getByRole('button', { name: 'Search', exact: true })
const carousel = (page: Page) => page.getByRole('region', { name: 'Promotions' })
/** Only the slide on show is exposed to assistive technology, so its title is the one level-2 heading. */
const slideTitle = (page: Page) => carousel(page).getByRole('heading', { level: 2 })

test.describe('home page with data', () => {
  test('shows the categories, featured and trending products, top vendors and the hero', async ({ page, request }) => {
    const home = await homeData(request)
    const categories = await topLevelCategories(request)
    await page.goto('/')

    const categorySection = page.getByRole('region', { name: 'Shop by Category' })
    for (const category of categories) {
      const tile = categorySection.getByRole('link', { name: category.name, exact: true })
      await expect(tile).toHaveAttribute('href', `/category/${category.slug}`)
    }
    await expect(categorySection.getByRole('link')).toHaveCount(categories.length)
    await expect(categorySection.locator('img').first()).toHaveAttribute('src', /\/media\/categories\//)

    const featured = page.getByRole('region', { name: 'Featured Products' })
    expect(home.featured_products.length).toBeGreaterThan(0)
    await expect(featured.getByRole('article')).toHaveCount(home.featured_products.length)
    const trending = page.getByRole('region', { name: 'Trending Products' })
    await expect(trending.getByRole('article')).toHaveCount(home.trending_products.length)
    const first = home.trending_products[0]
    if (!first) throw new Error('the demo catalogue has trending products')
    await expect(trending.getByRole('link', { name: first.name }).first()).toHaveAttribute(
      'href',
      `/product/${first.slug}`,
    )

    const vendors = page.getByRole('region', { name: 'Top Vendors' })
    await expect(vendors.getByRole('link')).toHaveCount(home.top_vendors.length)
    for (const vendor of home.top_vendors) {
      const card = vendors.getByRole('link', { name: new RegExp(`^${escapeRegExp(vendor.name)}`) })
      await expect(card).toHaveAttribute('href', `/vendor/${vendor.slug}`)
      if (vendor.is_verified) await expect(card).toContainText('(Verified Seller)')
      if (vendor.avg_rating !== null) {
        await expect(card.getByRole('img', { name: `Rated ${vendor.avg_rating.toFixed(1)} out of 5` })).toHaveCount(1)
      }
    }

    const banner = home.banners[0]
    if (!banner) throw new Error('the demo catalogue has banners')
    await expect(slideTitle(page)).toHaveText(banner.title)
    const slide = carousel(page).getByRole('group', { name: `1 of ${home.banners.length}` })
    await expect(slide).toContainText(banner.subtitle)
    await expect(slide).toContainText(banner.stat1)
    await expect(slide).toContainText(banner.stat1_label)
    await expect(slide).toContainText(banner.stat2_label)
    await expect(slide.getByRole('link', { name: banner.link_text })).toHaveAttribute('href', banner.link_url)
  })

  test('is rendered on the server with every section', async ({ request }) => {
    const home = await homeData(request)
    const html = await (await request.get('/')).text()
    for (const text of ['Shop by Category', 'Featured Products', 'Trending Products', 'Top Vendors']) {
      expect(html).toContain(text)
    }
    expect(html).toContain(escapeHtml(home.banners[0]?.title ?? ''))
    expect(html).toContain(escapeHtml(home.trending_products[0]?.name ?? ''))
  })

  test('loads the first hero image at once and everything below the fold lazily', async ({ page }) => {
    await page.goto('/')
    const heroImage = carousel(page).locator('img').first()
    await expect(heroImage).toHaveAttribute('loading', 'eager')
    await expect(heroImage).toHaveAttribute('fetchpriority', 'high')
    await expect(heroImage).toHaveAttribute('width', '1600')
    await expect(heroImage).toHaveAttribute('height', '600')
    for (const name of ['Shop by Category', 'Featured Products', 'Trending Products']) {
      const images = page.getByRole('region', { name }).locator('img')
      expect(await images.count()).toBeGreaterThan(0)
      for (const image of await images.all()) {
        await expect(image).toHaveAttribute('loading', 'lazy')
        await expect(image).toHaveAttribute('width', /\d+/)
        await expect(image).toHaveAttribute('height', /\d+/)
      }
    }
  })

  test('a product card adds to the cart, shows Added to Cart and the nav badge, and opens the product', async ({
    page,
    request,
    isMobile,
  }) => {
    const home = await homeData(request)
    const product = home.trending_products.find((p) => p.is_in_stock)
    if (!product) throw new Error('the demo catalogue has a trending product in stock')
    await page.goto('/')
    const trending = page.getByRole('region', { name: 'Trending Products' })
    const add = trending.getByRole('button', { name: `Add to Cart: ${product.name}` })
    await waitForHydration(page, add)
    await add.click()
    await expect(trending.getByRole('button', { name: `Added to Cart: ${product.name}; add one more` })).toHaveText(
      'Added to Cart',
    )
    await expect(await cartLink(page, isMobile, 1)).toBeVisible()
    if (isMobile) await page.getByRole('button', { name: 'Close menu' }).click()

    await trending.getByRole('link', { name: product.name }).first().click()
    await expect(page).toHaveURL(`/product/${product.slug}`)
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible()
  })

  test('has no serious or critical accessibility violations', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('region', { name: 'Trending Products' }).getByRole('article').first()).toBeVisible()
    await expectAccessible(page)
  })
})

test.describe('home page while loading', () => {
  // Crawlers get whole pages (apps/web/app/entry.server.tsx), and headless Chromium's own user agent says
  // "HeadlessChrome": stream to this test as to a shopper's browser (the phone project too: only the user agent changes).
  test.use({ userAgent: devices['Desktop Chrome'].userAgent })
  test.beforeEach(({ isMobile }) => {
    if (isMobile)
      test.info().annotations.push({ type: 'user agent', description: 'desktop Chrome on a phone viewport' })
  })
  test('shows 8 category skeletons and 10 product skeletons until the API answers', async ({ page, faults }) => {
    // Slowed long enough that the loading state is still there to see when a busy machine gets to look.
    await faults.inject({ path: HOME_AND_CATEGORIES_API, delayMs: 5000 })
    // The page's shell streams at once; its sections follow when the (slowed) API answers.
    await page.goto('/', { waitUntil: 'commit' })
    const loadingCategories = page.getByRole('status', { name: 'Loading categories' })
    await expect(loadingCategories).toBeVisible()
    await expect(loadingCategories.locator('.category-tile--skeleton')).toHaveCount(8)
    const trending = page.getByRole('region', { name: 'Trending Products' })
    await expect(trending.getByRole('status', { name: 'Loading products' })).toBeVisible()
    await expect(trending.locator('.product-card--skeleton')).toHaveCount(10)

    await expect(page.getByRole('region', { name: 'Shop by Category' }).getByRole('link').first()).toBeVisible({
      timeout: 15_000,
    })
    await expect(trending.getByRole('article').first()).toBeVisible()
    await expect(loadingCategories).toHaveCount(0)
    await expect(trending.locator('.product-card--skeleton')).toHaveCount(0)
  })
})

test.describe('home page when the API fails', () => {
  test('shows the error state, and Try Again refetches home data and categories', async ({ page, faults }) => {
    await faults.inject({ path: HOME_AND_CATEGORIES_API, status: 500 })
    await page.goto('/')
    const homeError = page.getByRole('alert').filter({ hasText: 'Failed to load home data' })
    const categoriesError = page.getByRole('alert').filter({ hasText: 'Failed to load categories' })
    await expect(homeError).toBeVisible()
    await expect(homeError).toContainText('Failed to load page data. Please try again.')
    await expect(categoriesError).toBeVisible()
    await expect(page.getByRole('region', { name: 'Trending Products' })).toHaveCount(0)
    await expectAccessible(page)

    await faults.clear()
    const tryAgain = homeError.getByRole('button', { name: 'Try Again' })
    await waitForHydration(page, tryAgain)
    await tryAgain.click()
    await expect(page.getByRole('region', { name: 'Trending Products' }).getByRole('article').first()).toBeVisible()
    await expect(page.getByRole('region', { name: 'Shop by Category' }).getByRole('link').first()).toBeVisible()
    await expect(slideTitle(page)).toBeVisible()
    await expect(page.getByRole('alert')).toHaveCount(0)
  })

  test('a failure of the categories alone leaves the rest of the page', async ({ page, faults }) => {
    await faults.inject({ path: CATEGORIES_API, status: 503 })
    await page.goto('/')
    await expect(page.getByRole('alert')).toHaveText(/Failed to load categories/)
    await expect(page.getByRole('region', { name: 'Trending Products' }).getByRole('article').first()).toBeVisible()

    await faults.clear()
    const tryAgain = page.getByRole('button', { name: 'Try Again' })
    await waitForHydration(page, tryAgain)
    await tryAgain.click()
    await expect(page.getByRole('region', { name: 'Shop by Category' }).getByRole('link').first()).toBeVisible()
    await expect(page.getByRole('alert')).toHaveCount(0)
  })

  test('a failure of the home data alone leaves the categories', async ({ page, faults }) => {
    await faults.inject({ path: HOME_API, status: 500 })
    await page.goto('/')
    await expect(page.getByRole('alert')).toHaveText(/Failed to load home data/)
    await expect(page.getByRole('region', { name: 'Shop by Category' }).getByRole('link').first()).toBeVisible()
    await expect(carousel(page)).toHaveCount(0)
  })
})

test.describe('hero carousel', () => {
  // FIXME: racy on a busy machine: it pauses the fake clock 50 ms after reading the page's time, so a stall in
  // between fails it ('Cannot fast-forward to the past') or shifts the 5 s phase. Rewrite it to pause the clock
  // before hydration. The controls, hover pause and reduced motion are covered by the tests below.
  test.fixme('moves on every 5 seconds and wraps from the last banner to the first', async ({ page, request }) => {
    const { banners } = await homeData(request)
    expect(banners.length).toBeGreaterThan(1)
    await page.clock.install()
    await page.goto('/')
    await waitForHydration(page, carousel(page).getByRole('button', { name: 'Next slide' }))
    // Freeze time once the page runs; from here only runFor moves it. The first timer started at hydration, so
    // the first 5 s move it at least once; after that each move restarts the 5 s.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 50)
    const title = slideTitle(page)
    const first = await title.textContent()
    await page.clock.runFor(5000)
    await expect(title).not.toHaveText(first ?? '')
    let index = banners.findIndex((banner) => banner.title === first) + 1
    expect(index).toBeGreaterThan(0)
    for (let step = 0; step < banners.length; step++) {
      await page.clock.runFor(4900)
      await expect(title).toHaveText(banners[index % banners.length]?.title ?? '')
      await page.clock.runFor(100)
      index = (index + 1) % banners.length
      await expect(title).toHaveText(banners[index]?.title ?? '')
      await expect(
        carousel(page).getByRole('button', { name: `Go to slide ${index + 1}: ${banners[index]?.title}` }),
      ).toHaveAttribute('aria-current', 'true')
    }
  })

  test('previous, next and dot controls change the banner, wrapping both ways', async ({ page, request }) => {
    const { banners } = await homeData(request)
    const count = banners.length
    await page.goto('/')
    const next = carousel(page).getByRole('button', { name: 'Next slide' })
    const previous = carousel(page).getByRole('button', { name: 'Previous slide' })
    await waitForHydration(page, next)
    // Pointer and focus in the carousel stop its rotation, so each click leaves it on the chosen banner.
    await next.click()
    await expect(slideTitle(page)).toHaveText(banners[1]?.title ?? '')
    await previous.click()
    await expect(slideTitle(page)).toHaveText(banners[0]?.title ?? '')
    await previous.click()
    await expect(slideTitle(page)).toHaveText(banners[count - 1]?.title ?? '')
    await expect(carousel(page).getByRole('group', { name: `${count} of ${count}` })).toBeVisible()
    await next.click()
    await expect(slideTitle(page)).toHaveText(banners[0]?.title ?? '')
    const third = banners[2]
    if (third) {
      await carousel(page)
        .getByRole('button', { name: `Go to slide 3: ${third.title}` })
        .click()
      await expect(slideTitle(page)).toHaveText(third.title)
      await expect(carousel(page).getByRole('button', { name: `Go to slide 3: ${third.title}` })).toHaveAttribute(
        'aria-current',
        'true',
      )
    }
  })

  test('stops while the pointer is over it or focus is in it, and with its pause button', async ({
    page,
    request,
    isMobile,
  }) => {
    test.skip(isMobile, 'hovering needs a mouse')
    const { banners } = await homeData(request)
    await page.clock.install()
    await page.goto('/')
    const next = carousel(page).getByRole('button', { name: 'Next slide' })
    await waitForHydration(page, next)
    await page.mouse.move(0, 0)
    await freezeClock(page)
    const title = slideTitle(page)
    const first = (await title.textContent()) ?? ''

    await carousel(page).hover()
    await page.clock.runFor(12_000)
    await expect(title).toHaveText(first)
    await page.mouse.move(0, 0)

    await next.focus()
    const second = banners[(banners.findIndex((b) => b.title === first) + 1) % banners.length]?.title ?? ''
    await page.clock.runFor(12_000)
    await expect(title).toHaveText(first)
    await searchBox(page).focus()

    await page.getByRole('button', { name: 'Pause slideshow' }).click()
    await page.mouse.move(0, 0)
    await searchBox(page).focus()
    await page.clock.runFor(12_000)
    await expect(title).toHaveText(first)

    await page.getByRole('button', { name: 'Play slideshow' }).click()
    await page.mouse.move(0, 0)
    await searchBox(page).focus()
    await page.clock.runFor(5000)
    await expect(title).toHaveText(second)
  })

  test('does not move by itself for shoppers who ask for reduced motion', async ({ page, request }) => {
    const { banners } = await homeData(request)
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await page.clock.install()
    await page.goto('/')
    await waitForHydration(page, carousel(page).getByRole('button', { name: 'Next slide' }))
    await freezeClock(page)
    await page.clock.runFor(15_000)
    await expect(slideTitle(page)).toHaveText(banners[0]?.title ?? '')
    await expect(page.getByRole('button', { name: 'Pause slideshow' })).toHaveCount(0)
  })

  test('hides banner images that fail to load', async ({ page, request }) => {
    const { banners } = await homeData(request)
    // The images themselves fail (not the API): the browser gets a 404 for every banner picture.
    await page.route('**/media/banners/**', (route) => route.fulfill({ status: 404, body: '' }))
    await page.goto('/')
    const slide = carousel(page).getByRole('group', { name: `1 of ${banners.length}` })
    await waitForHydration(page, carousel(page).getByRole('button', { name: 'Next slide' }))
    await expect(slide.locator('img')).toHaveCount(0)
    await expect(slideTitle(page)).toHaveText(banners[0]?.title ?? '')
    await carousel(page).getByRole('button', { name: 'Next slide' }).click()
    await expect(
      carousel(page)
        .getByRole('group', { name: `2 of ${banners.length}` })
        .locator('img'),
    ).toHaveCount(0)
  })
})

test.describe('search box', () => {
  test('is disabled while empty and goes to /search?q=... on submit', async ({ page }) => {
    await page.goto('/')
    const box = searchBox(page)
    await waitForHydration(page, box)
    await expect(searchButton(page)).toBeDisabled()
    await box.fill('   ')
    await expect(searchButton(page)).toBeDisabled()
    await box.fill(' kikoy towel ')
    await expect(searchButton(page)).toBeEnabled()
    await box.press('Enter')
    await expect(page).toHaveURL('/search?q=kikoy%20towel')
  })

  test('suggestions are chosen with the arrow keys, Enter and Escape', async ({ page, request }) => {
    const probe = await request.get('/api/marketplace/search/suggestions/?q=sa')
    test.skip(probe.status() === 404, 'the suggestions endpoint is not in this build yet')
    const { suggestions } = (await probe.json()) as { suggestions: string[] }
    test.skip(suggestions.length < 2, 'the catalogue has fewer than two suggestions for "sa"')

    const { box, list } = await openSuggestions(page, '/')
    await expect(box).toHaveAttribute('aria-expanded', 'true')
    const options = list.getByRole('option')
    const count = await options.count()
    expect(count).toBeGreaterThan(1)
    expect(count).toBeLessThanOrEqual(8)

    await box.press('ArrowDown')
    await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true')
    await expect(box).toHaveAttribute('aria-activedescendant', (await options.nth(0).getAttribute('id')) ?? '')
    await box.press('ArrowDown')
    await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true')
    await expect(options.nth(0)).toHaveAttribute('aria-selected', 'false')
    await box.press('ArrowUp')
    await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true')
    await box.press('ArrowUp')
    await expect(options.nth(count - 1)).toHaveAttribute('aria-selected', 'true')

    await box.press('Escape')
    await expect(list).toBeHidden()
    await expect(box).toHaveAttribute('aria-expanded', 'false')
    await expect(box).not.toHaveAttribute('aria-activedescendant')
    await expect(box).toHaveValue('sa')

    await box.press('ArrowDown')
    await expect(list).toBeVisible()
    const choice = (await options.nth(0).textContent()) ?? ''
    await box.press('Enter')
    await expect(page).toHaveURL(`/search?q=${encodeURIComponent(choice)}`)
  })

  test('shows no suggestions (and no error) when the suggestions call fails', async ({ page, faults }) => {
    await faults.inject({ path: '^/api/marketplace/search/suggestions/', status: 500 })
    await page.goto('/')
    const box = searchBox(page)
    await waitForHydration(page, box)
    const answered = page.waitForResponse((response) => response.url().includes('/search/suggestions/'))
    await box.fill('sufuria')
    await answered
    await expect(page.getByRole('listbox', { name: 'Search suggestions' })).toBeHidden()
    await expect(box).toHaveAttribute('aria-expanded', 'false')
    await expect(page.getByRole('alert')).toHaveCount(0)
    await searchButton(page).click()
    await expect(page).toHaveURL('/search?q=sufuria')
  })
})

test.describe('performance', () => {
  test('the home page loads at most 150 KB of JavaScript (gzipped)', async ({ page, request }) => {
    test.skip(test.info().project.name !== 'desktop', 'the same bundle for every screen')
    const scripts = new Set<string>()
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.add(response.url())
    })
    await page.goto('/')
    await waitForHydration(page, searchBox(page))
    let total = 0
    for (const url of scripts) total += gzipSync(await (await request.get(url)).body(), { level: 9 }).length
    console.log(`home first-load JavaScript: ${(total / 1024).toFixed(1)} KB gzipped in ${scripts.size} files`)
    expect(scripts.size).toBeGreaterThan(0)
    expect(total).toBeLessThan(150 * 1024)
  })
})

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}
