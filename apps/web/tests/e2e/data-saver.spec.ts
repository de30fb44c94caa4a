import type { Page } from '@playwright/test'
import type { Home } from '@soko/contract/catalog'
import { expect, test } from './fixtures.ts'
import { waitForHydration } from './hydration.ts'

// Data saver (for shoppers on a small data bundle): with `Save-Data: on` from the browser, or the footer's switch,
// product pictures load only when tapped (the small thumbnail), and the home carousel stays still.

/** Every product picture the page asks the server for, from now on. */
function productImageRequests(page: Page): string[] {
  const urls: string[] = []
  page.on('request', (request) => {
    const { pathname } = new URL(request.url())
    if (pathname.startsWith('/media/product-images/')) urls.push(pathname)
  })
  return urls
}

const carousel = (page: Page) => page.getByRole('region', { name: 'Promotions' })

test.describe('with Save-Data: on', () => {
  test.use({ extraHTTPHeaders: { 'Save-Data': 'on' } })

  test('home: no product picture until tapped, then its thumbnail; the carousel does not move', async ({
    page,
    request,
  }) => {
    const home = (await (await request.get('/api/marketplace/home/')).json()) as Home
    const first = home.featured_products[0]
    expect(first?.primary_image).toBeTruthy()
    const images = productImageRequests(page)
    const banners: string[] = []
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/media/banners/')) banners.push(new URL(r.url()).pathname)
    })
    await page.clock.install()
    await page.goto('/')
    const featured = page.getByRole('region', { name: 'Featured Products' })
    const show = featured.getByRole('button', { name: `Show image: ${first?.primary_image?.alt_text || first?.name}` })
    await waitForHydration(page, show)
    // Scrolled to the end, nothing lazy comes in either.
    await page.keyboard.press('End')
    await page.waitForLoadState('networkidle')
    expect(images).toEqual([])
    await expect(featured.locator('img')).toHaveCount(0)

    // Only the first banner, at its smallest size; and the slideshow stays on it, with no pause button to offer.
    expect(banners).toEqual(['/media/banners/1/thumbnail.webp'])
    const title = carousel(page).getByRole('heading', { level: 2 })
    const firstTitle = (await title.textContent()) ?? ''
    await page.clock.runFor(20_000)
    await expect(title).toHaveText(firstTitle)
    await expect(page.getByRole('button', { name: 'Pause slideshow' })).toHaveCount(0)

    await show.scrollIntoViewIfNeeded()
    await show.click()
    const picture = featured.locator('img.product-card__image').first()
    await expect(picture).toHaveAttribute('src', first?.primary_image?.thumbnail_url ?? '')
    await expect(picture).not.toHaveAttribute('srcset', /./)
    await expect.poll(() => images).toEqual([first?.primary_image?.thumbnail_url])
    await expect(page.getByRole('contentinfo')).toContainText('Data saver is on')
  })

  test('product page: the gallery waits for a tap too', async ({ page, request }) => {
    const home = (await (await request.get('/api/marketplace/home/')).json()) as Home
    const product = home.trending_products.find((p) => p.primary_image)
    expect(product).toBeTruthy()
    const images = productImageRequests(page)
    await page.goto(`/product/${product?.slug}`)
    const show = page.getByRole('button', { name: /^Show image: / }).first()
    await waitForHydration(page, show)
    await page.waitForLoadState('networkidle')
    expect(images).toEqual([])
    await show.click()
    await expect(page.locator('img.pd-gallery__image')).toHaveAttribute('src', /\/thumbnail\.webp$/)
    await expect.poll(() => images.length).toBe(1)
  })
})

test('the footer switch turns data saver on for this shopper and off again', async ({ page }) => {
  const images = productImageRequests(page)
  await page.goto('/search?q=sufuria')
  await expect(page.locator('img.product-card__image').first()).toBeVisible()
  const footer = page.getByRole('contentinfo')

  await footer.getByRole('button', { name: 'Turn data saver on' }).click()
  await expect(footer).toContainText('Data saver is on')
  await expect(page).toHaveURL(/\/search\?q=sufuria$/)
  images.length = 0
  await page.reload()
  await expect(page.getByRole('button', { name: /^Show image: / }).first()).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(images).toEqual([])

  await footer.getByRole('button', { name: 'Turn data saver off' }).click()
  await expect(footer).toContainText('Data saver is off')
  await expect(page.locator('img.product-card__image').first()).toBeVisible()
  await expect(page.getByRole('button', { name: /^Show image: / })).toHaveCount(0)
})
