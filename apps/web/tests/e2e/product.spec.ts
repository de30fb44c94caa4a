import type { APIRequestContext, Page } from '@playwright/test'
import type { ProductDetail } from '@soko/contract/catalog'
import { expect, expectAccessible, test } from './fixtures.ts'
import { cartLink, waitForHydration } from './hydration.ts'

// Product pages of the deterministic demo catalogue, each chosen for what it shows; every test first checks that
// the product still has that property (so a changed catalogue fails with a reason), then reads its numbers from
// the API.
const DISCOUNTED = 'lenovo-tab-p11-128gb-wi-fi-iron-grey' // discounted, 3 pictures, 5 reviews, long description
const LOW_STOCK = 'north-star-canvas-sneakers-size-43'
const OUT_OF_STOCK = 'vaseline-shea-butter-cream-100ml'
const NO_REVIEWS = 'huggies-diaper-pants-size-2-mega-pack' // also: no discount, short description
const MANY_REVIEWS = 'tecno-33w-fast-charger-micro-usb-black' // more than one page of reviews
const PRODUCTS_API = '^/api/marketplace/api/products/'

async function product(request: APIRequestContext, slug: string): Promise<ProductDetail> {
  const response = await request.get(`/api/marketplace/api/products/${slug}/`)
  expect(response.status(), `demo product ${slug}`).toBe(200)
  return (await response.json()) as ProductDetail
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true })
const buyBar = (page: Page) => page.getByRole('region', { name: 'Buy this product' })

async function openProduct(page: Page, slug: string, name: string): Promise<void> {
  await page.goto(`/product/${slug}`)
  await expect(heading(page, name)).toBeVisible()
  await waitForHydration(page, buyBar(page).getByRole('button').first())
}

test.describe('product detail', () => {
  test('shows the gallery, badge, name, chips, price block, stats, stock, seller, description and reviews', async ({
    page,
    request,
  }) => {
    const p = await product(request, DISCOUNTED)
    expect(p.discount_percentage).toBeGreaterThan(0)
    expect(p.images.length).toBeGreaterThan(1)
    expect(p.review_count).toBeGreaterThan(2)
    await openProduct(page, DISCOUNTED, p.name)

    await expect(page.getByText('Product Details', { exact: true })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Go back' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Share this product' })).toBeVisible()
    await expect(page.getByText(`-${p.discount_percentage}% OFF`, { exact: true })).toBeVisible()
    await expect(page.getByRole('link', { name: p.category.name, exact: true })).toHaveAttribute(
      'href',
      `/category/${p.category.slug}`,
    )
    await expect(page.getByText(/^✔\s*Verified Seller$/)).toHaveCount(p.business.is_verified ? 1 : 0)

    const price = (kes: number) => `KSh ${kes.toLocaleString('en-KE')}`
    await expect(page.getByText(`Now ${price(p.effective_price)}`, { exact: true })).toBeVisible()
    await expect(page.locator('s').filter({ hasText: price(p.price) })).toBeVisible()
    await expect(page.getByText(`Save ${price(p.price - p.effective_price)}`)).toBeVisible()
    await expect(page.getByText(`${p.discount_percentage}% OFF`, { exact: true })).toBeVisible()
    await expect(page.getByText('Limited time offer')).toBeVisible()

    const stat = (term: string) =>
      page
        .getByRole('term')
        .filter({ hasText: new RegExp(`^${term}$`) })
        .locator('xpath=..')
    await expect(stat('Rating').getByRole('definition')).toHaveText(`★ ${p.avg_rating?.toFixed(1)}`)
    await expect(stat('Reviews').getByRole('definition')).toHaveText(String(p.review_count))
    await expect(stat('Views').getByRole('definition')).toHaveText(/^\d[\d,]*$/)
    await expect(page.getByText('In Stock', { exact: true })).toBeVisible()

    const seller = page.getByRole('region', { name: 'Seller Information' })
    await expect(seller).toContainText(p.business.name)
    await expect(seller).toContainText(p.business.type)
    await expect(seller.getByRole('link', { name: 'View Store' })).toHaveAttribute('href', `/vendor/${p.business.slug}`)

    const reviews = page.getByRole('region', { name: 'Customer Reviews' })
    await expect(reviews.getByRole('listitem')).toHaveCount(2)
    const [first, second] = p.reviews
    await expect(reviews.getByRole('listitem').nth(0)).toContainText(first?.user_name ?? '')
    await expect(reviews.getByRole('listitem').nth(0)).toContainText(first?.comment ?? '')
    await expect(reviews.getByRole('listitem').nth(1)).toContainText(second?.user_name ?? '')
    await expect(
      reviews
        .getByRole('listitem')
        .nth(0)
        .getByRole('img', { name: `Rated ${first?.rating}.0 out of 5` }),
    ).toBeVisible()
    await expect(reviews.getByRole('link', { name: `View All (${p.review_count})` })).toHaveAttribute(
      'href',
      `/product/${DISCOUNTED}/reviews`,
    )
  })

  test('the gallery selects a picture with its dots and thumbnails', async ({ page, request }) => {
    const p = await product(request, DISCOUNTED)
    const [one, two, three] = p.images
    if (!one || !two || !three) throw new Error(`${DISCOUNTED} has three pictures`)
    await openProduct(page, DISCOUNTED, p.name)
    const shown = (alt: string) => page.getByRole('img', { name: alt, exact: true })
    await expect(shown(one.alt_text)).toHaveAttribute('src', one.medium)
    await expect(shown(one.alt_text)).toHaveAttribute('fetchpriority', 'high')

    await page.getByRole('button', { name: `Show image 2 of ${p.images.length}` }).click()
    await expect(shown(two.alt_text)).toHaveAttribute('src', two.medium)
    await expect(page.getByRole('button', { name: `Show image 2 of ${p.images.length}` })).toHaveAttribute(
      'aria-current',
      'true',
    )
    const thumb = page.getByRole('button', { name: `Image 3: ${three.alt_text}` })
    await thumb.click()
    await expect(shown(three.alt_text)).toHaveAttribute('src', three.medium)
    await expect(thumb).toHaveAttribute('aria-pressed', 'true')
    await expect(page.getByRole('button', { name: `Image 1: ${one.alt_text}` })).toHaveAttribute(
      'aria-pressed',
      'false',
    )
  })

  test('a verified seller gets the Verified Seller chip', async ({ page, request }) => {
    const home = (await (await request.get('/api/marketplace/home/')).json()) as {
      featured_products: { slug: string; vendor: { is_verified: boolean } }[]
    }
    const slug = home.featured_products.find((item) => item.vendor.is_verified)?.slug
    if (!slug) throw new Error('a featured product from a verified seller')
    const p = await product(request, slug)
    await openProduct(page, slug, p.name)
    await expect(page.getByText(/^✔\s*Verified Seller$/)).toBeVisible()
    await expect(page.getByRole('region', { name: 'Seller Information' })).toContainText('(Verified Seller)')
  })

  test('the description folds to 3 lines with Read More and Show Less when over 150 characters', async ({
    page,
    request,
  }) => {
    const p = await product(request, DISCOUNTED)
    expect(p.description.length).toBeGreaterThan(150)
    await openProduct(page, DISCOUNTED, p.name)
    const description = page.getByRole('region', { name: 'Description' })
    const text = description.getByText(p.description)
    const clamp = () => text.evaluate((element) => getComputedStyle(element).webkitLineClamp)
    const readMore = description.getByRole('button', { name: 'Read More' })
    await expect(readMore).toHaveAttribute('aria-expanded', 'false')
    expect(await clamp()).toBe('3')
    await readMore.click()
    const showLess = description.getByRole('button', { name: 'Show Less' })
    await expect(showLess).toHaveAttribute('aria-expanded', 'true')
    expect(await clamp()).toBe('none')
    await showLess.click()
    await expect(description.getByRole('button', { name: 'Read More' })).toBeVisible()
  })

  test('without reviews: no ratings, no Read More for a short description, and an invitation to review', async ({
    page,
    request,
  }) => {
    const p = await product(request, NO_REVIEWS)
    expect(p.review_count).toBe(0)
    expect(p.description.length).toBeLessThanOrEqual(150)
    expect(p.discount_percentage).toBe(0)
    await openProduct(page, NO_REVIEWS, p.name)
    const noRatings = page.getByRole('term').filter({ hasText: 'No ratings' }).locator('xpath=..')
    await expect(noRatings.getByRole('definition')).toHaveText('--')
    const reviews = page.getByRole('region', { name: 'Customer Reviews' })
    await expect(reviews.getByText('No reviews yet')).toBeVisible()
    await expect(reviews.getByText('Be the first to review this product!')).toBeVisible()
    await expect(reviews.getByRole('link', { name: /View All/ })).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Read More' })).toHaveCount(0)
    await expect(page.getByText('Limited time offer')).toHaveCount(0)
    await expect(page.getByText(/^-\d+% OFF$/)).toHaveCount(0)
  })

  test('low stock says how many are left, and the quantity stays between 1 and the stock', async ({
    page,
    request,
  }) => {
    const p = await product(request, LOW_STOCK)
    expect(p.is_low_stock).toBe(true)
    expect(p.stock_qty).toBeGreaterThan(1)
    await openProduct(page, LOW_STOCK, p.name)
    // 'In Stock' stays, with 'Only N left' beside it (specification section 2).
    await expect(page.getByText(`In Stock Only ${p.stock_qty} left`, { exact: true })).toBeVisible()

    const quantity = buyBar(page).getByRole('spinbutton', { name: 'Quantity' })
    const more = buyBar(page).getByRole('button', { name: 'Increase quantity' })
    const less = buyBar(page).getByRole('button', { name: 'Decrease quantity' })
    await expect(quantity).toHaveValue('1')
    await expect(less).toBeDisabled()
    for (let n = 2; n <= p.stock_qty; n++) {
      await more.click()
      await expect(quantity).toHaveValue(String(n))
    }
    await expect(more).toBeDisabled()

    await quantity.fill('99')
    await quantity.press('Tab')
    await expect(quantity).toHaveValue(String(p.stock_qty))
    await quantity.fill('0')
    await quantity.press('Tab')
    await expect(quantity).toHaveValue('1')
    await quantity.fill('-4')
    await quantity.press('Tab')
    await expect(quantity).toHaveValue('1')

    // Its card in a listing says the same.
    await page.goto(`/search?q=${encodeURIComponent(p.name)}`)
    const card = page.getByRole('article', { name: p.name, exact: true }).first()
    await expect(card.getByText(`In Stock Only ${p.stock_qty} left`, { exact: true })).toBeVisible()
  })

  test('out of stock: the badge and a disabled Out of Stock button instead of buying', async ({ page, request }) => {
    const p = await product(request, OUT_OF_STOCK)
    expect(p.is_in_stock).toBe(false)
    await openProduct(page, OUT_OF_STOCK, p.name)
    await expect(page.getByText('Out of Stock', { exact: true }).first()).toBeVisible()
    await expect(buyBar(page).getByRole('button', { name: 'Out of Stock' })).toBeDisabled()
    await expect(buyBar(page).getByRole('button', { name: 'Add to Cart' })).toHaveCount(0)
    await expect(buyBar(page).getByRole('button', { name: 'Buy Now' })).toHaveCount(0)
    await expect(buyBar(page).getByRole('spinbutton', { name: 'Quantity' })).toHaveCount(0)
  })

  test('the favourite button sends a visitor to sign in and back', async ({ page, request }) => {
    const p = await product(request, DISCOUNTED)
    await openProduct(page, DISCOUNTED, p.name)
    const favourite = buyBar(page).getByRole('button', { name: `Add ${p.name} to wishlist` })
    await expect(favourite).toHaveAttribute('aria-pressed', 'false')
    await favourite.click()
    await expect(page).toHaveURL(`/login?next=${encodeURIComponent(`/product/${DISCOUNTED}`)}`)
  })

  test('the header stays at the top and the purchase bar at the bottom while scrolling', async ({ page, request }) => {
    const p = await product(request, DISCOUNTED)
    await openProduct(page, DISCOUNTED, p.name)
    await page
      .getByRole('region', { name: 'Customer Reviews' })
      .evaluate((element) => element.scrollIntoView({ block: 'end' }))
    await expect(page.getByText('Product Details', { exact: true })).toBeInViewport()
    await expect(buyBar(page).getByRole('button', { name: 'Add to Cart' })).toBeInViewport()
    await expect(page.getByRole('button', { name: 'Go back' })).toBeInViewport()
  })

  test('has no serious or critical accessibility violations', async ({ page, request }) => {
    const p = await product(request, DISCOUNTED)
    await openProduct(page, DISCOUNTED, p.name)
    await expectAccessible(page)
  })
})

test.describe('buying from the product page', () => {
  test('Add to Cart adds the chosen quantity, turns into Added, and the nav badge counts it', async ({
    page,
    request,
    isMobile,
  }) => {
    const p = await product(request, DISCOUNTED)
    await openProduct(page, DISCOUNTED, p.name)
    await buyBar(page).getByRole('button', { name: 'Increase quantity' }).click()
    await buyBar(page).getByRole('button', { name: 'Increase quantity' }).click()
    await buyBar(page).getByRole('button', { name: 'Add to Cart' }).click()
    await expect(buyBar(page).getByRole('button', { name: 'Added' })).toBeVisible()
    await expect(buyBar(page).getByRole('status')).toHaveText(`3 × ${p.name} added to your cart.`)
    await expect(await cartLink(page, isMobile, 3)).toBeVisible()

    const stored = await page.evaluate(() => JSON.parse(window.localStorage.getItem('cartItems') ?? '[]'))
    expect(stored).toEqual([
      {
        id: p.id,
        name: p.name,
        price: p.effective_price,
        originalPrice: p.price,
        discountedPrice: p.discounted_price,
        image: p.images.find((image) => image.is_primary)?.thumbnail,
        slug: p.slug,
        business: { name: p.business.name },
        stock_qty: p.stock_qty,
        quantity: 3,
      },
    ])

    await page.reload()
    await waitForHydration(page, buyBar(page).getByRole('button').first())
    await expect(buyBar(page).getByRole('button', { name: 'Added' })).toBeVisible()
  })

  test('Buy Now adds the product and goes to the checkout', async ({ page, request }) => {
    const p = await product(request, DISCOUNTED)
    await openProduct(page, DISCOUNTED, p.name)
    await buyBar(page).getByRole('button', { name: 'Buy Now' }).click()
    await expect(page).toHaveURL('/checkout')
    await expect(page.getByRole('heading', { level: 2, name: 'Shipping Information' })).toBeVisible()
    await expect(page.getByRole('complementary', { name: 'Order Summary' }).getByText(p.name)).toBeVisible()
    const stored = await page.evaluate(() => JSON.parse(window.localStorage.getItem('cartItems') ?? '[]'))
    expect(stored).toMatchObject([{ id: p.id, quantity: 1 }])
  })

  test('Share copies the link where the device has no share sheet', async ({ page, request, context, baseURL }) => {
    const p = await product(request, DISCOUNTED)
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await openProduct(page, DISCOUNTED, p.name)
    test.skip(await page.evaluate(() => typeof navigator.share === 'function'), 'this browser has a share sheet')
    await page.getByRole('button', { name: 'Share this product' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/product/${DISCOUNTED}`)
  })
})

test.describe('product page states', () => {
  test('a missing product answers 404 with Product Not Found and Go Back', async ({ page }) => {
    const response = await page.goto('/product/no-such-product-here')
    expect(response?.status()).toBe(404)
    await expect(heading(page, 'Product Not Found')).toBeVisible()
    await expect(
      page.getByText("Sorry, the product you're looking for doesn't exist or has been removed."),
    ).toBeVisible()
    await expect(page).toHaveTitle('Product Not Found | Soko')
    await expectAccessible(page)
    const goBack = page.getByRole('button', { name: 'Go Back', exact: true })
    await waitForHydration(page, goBack)
    // Landed here directly: nothing to go back to in this site, so Go Back goes home.
    await goBack.click()
    await expect(page).toHaveURL('/')
    await expect(page.getByRole('heading', { level: 1, name: 'Karibu Soko' })).toBeVisible()
  })

  test('a client-side visit shows Loading product details... and the back button returns', async ({
    page,
    request,
    faults,
  }) => {
    const home = (await (await request.get('/api/marketplace/home/')).json()) as {
      trending_products: { slug: string; name: string }[]
    }
    const target = home.trending_products[0]
    if (!target) throw new Error('the demo catalogue has trending products')
    await page.goto('/')
    const link = page.getByRole('region', { name: 'Trending Products' }).getByRole('link', { name: target.name })
    await waitForHydration(page, link.first())
    await faults.inject({ path: PRODUCTS_API, delayMs: 1500 })
    await link.first().click()
    await expect(page.getByRole('status').filter({ hasText: 'Loading product details...' })).toBeVisible()
    await expect(page).toHaveURL(`/product/${target.slug}`)
    await expect(heading(page, target.name)).toBeVisible()
    await expect(page).toHaveTitle(`${target.name} | Soko`)

    await page.getByRole('button', { name: 'Go back', exact: true }).click()
    await expect(page).toHaveURL('/')
    await expect(page.getByRole('heading', { level: 1, name: 'Karibu Soko' })).toBeVisible()
  })

  test('a failed load offers Try Again, which loads the product', async ({ page, request, faults }) => {
    const p = await product(request, DISCOUNTED)
    await faults.inject({ path: PRODUCTS_API, status: 500 })
    const response = await page.goto(`/product/${DISCOUNTED}`)
    expect(response?.status()).toBe(503)
    await expect(heading(page, 'Failed to load product details')).toBeVisible()
    await expect(page.getByText('Failed to load page data. Please try again.')).toBeVisible()
    const tryAgain = page.getByRole('button', { name: 'Try Again' })
    await waitForHydration(page, tryAgain)
    await faults.clear()
    await tryAgain.click()
    await expect(heading(page, p.name)).toBeVisible()
  })

  test('/products/{slug} redirects permanently to /product/{slug}', async ({ page, request }) => {
    const redirect = await request.get(`/products/${DISCOUNTED}`, { maxRedirects: 0 })
    expect(redirect.status()).toBe(301)
    expect(redirect.headers().location).toBe(`/product/${DISCOUNTED}`)
    const p = await product(request, DISCOUNTED)
    await page.goto(`/products/${DISCOUNTED}`)
    await expect(page).toHaveURL(`/product/${DISCOUNTED}`)
    await expect(heading(page, p.name)).toBeVisible()
  })
})

test.describe('search engines and link previews', () => {
  test('the server-rendered page carries title, description, canonical URL, Open Graph tags and JSON-LD', async ({
    request,
    baseURL,
  }) => {
    const p = await product(request, DISCOUNTED)
    const response = await request.get(`/product/${DISCOUNTED}`)
    expect(response.status()).toBe(200)
    const html = await response.text()
    const url = `${baseURL}/product/${DISCOUNTED}`
    const meta = (attribute: string, key: string) =>
      html.match(new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`))?.[1]

    expect(html).toContain(`<title>${p.name} | Soko</title>`)
    expect(meta('name', 'description')).toMatch(/^.{40,160}$/)
    expect(html).toContain(`<link rel="canonical" href="${url}"/>`)
    expect(meta('property', 'og:type')).toBe('product')
    expect(meta('property', 'og:title')).toBe(p.name)
    expect(meta('property', 'og:description')).toBeTruthy()
    expect(meta('property', 'og:url')).toBe(url)
    expect(meta('property', 'og:image')).toBe(`${baseURL}${p.images[0]?.original}`)

    const jsonLd = JSON.parse(html.match(/<script type="application\/ld\+json">(.*?)<\/script>/s)?.[1] ?? 'null')
    expect(jsonLd).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: p.name,
      sku: String(p.id),
      url,
      image: p.images.map((image) => `${baseURL}${image.original}`),
      offers: {
        '@type': 'Offer',
        price: p.effective_price.toFixed(2),
        priceCurrency: 'KES',
        availability: 'https://schema.org/InStock',
      },
      aggregateRating: { '@type': 'AggregateRating', ratingValue: p.avg_rating, reviewCount: p.review_count },
    })
  })

  test('JSON-LD says OutOfStock when none is left, and leaves out a rating without reviews', async ({ request }) => {
    const outOfStock = await (await request.get(`/product/${OUT_OF_STOCK}`)).text()
    const ld = (html: string) =>
      JSON.parse(html.match(/<script type="application\/ld\+json">(.*?)<\/script>/s)?.[1] ?? '{}')
    expect(ld(outOfStock).offers.availability).toBe('https://schema.org/OutOfStock')
    const unreviewed = await (await request.get(`/product/${NO_REVIEWS}`)).text()
    expect(ld(unreviewed).aggregateRating).toBeUndefined()
  })
})

test.describe('review list', () => {
  test('View All opens every review, a page at a time', async ({ page, request }) => {
    const p = await product(request, MANY_REVIEWS)
    expect(p.review_count).toBeGreaterThan(10)
    await openProduct(page, MANY_REVIEWS, p.name)
    await page.getByRole('link', { name: `View All (${p.review_count})` }).click()
    await expect(page).toHaveURL(`/product/${MANY_REVIEWS}/reviews`)
    await expect(heading(page, 'Customer Reviews')).toBeVisible()
    // The page links are a list too: count the reviews in the list named by the heading.
    const reviews = page.getByRole('list', { name: 'Customer Reviews' }).getByRole('listitem')
    await expect(reviews).toHaveCount(10)
    const pages = page.getByRole('navigation', { name: 'Review pages' })
    await expect(pages.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page')
    await pages.getByRole('link', { name: 'Next' }).click()
    await expect(page).toHaveURL(`/product/${MANY_REVIEWS}/reviews?page=2`)
    await expect(reviews).toHaveCount(p.review_count - 10)
    await expect(pages.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page')
    await expectAccessible(page)
    await page.getByRole('link', { name: p.name }).click()
    await expect(heading(page, p.name)).toBeVisible()
  })
})
