import { products } from '@soko/db/schema/catalog'
import { and, asc, desc, eq, gt, gte, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { engines, startTestServer, type TestServer } from './support/test-server.ts'

interface Listing {
  id: number
  slug: string
  price: number
  discounted_price: number | null
  effective_price: number
  discount_percentage: number
  thumbnail_url: string | null
  is_in_stock: boolean
  in_stock: boolean
  stock_qty: number
  vendor: { id: number; slug: string; is_verified: boolean }
  category_breadcrumb: { name: string; slug: string }[]
  average_rating: number | null
}

interface Home {
  banners: { id: number; title: string; image: { url: string }; link_url: string }[]
  featured_products: Listing[]
  trending_products: Listing[]
  top_vendors: { id: number; slug: string; avg_rating: number | null; is_verified: boolean }[]
}

async function getJson<T>(server: TestServer, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}${path}`, { headers })
  return { response, body: (response.status === 304 ? null : await response.json()) as T }
}

describe.each(engines)('catalogue API (%s)', (engine) => {
  let server: TestServer

  beforeAll(async () => {
    server = await startTestServer(engine)
  })
  afterAll(() => server.close())

  describe('GET /api/marketplace/home/', () => {
    it('answers banners, featured and trending products and top vendors in the listing shape', async () => {
      const { response, body } = await getJson<Home>(server, '/api/marketplace/home/')
      expect(response.status).toBe(200)
      expect(Object.keys(body).sort()).toEqual(['banners', 'featured_products', 'top_vendors', 'trending_products'])
      expect(body.banners.length).toBeGreaterThanOrEqual(3)
      expect(body.banners[0]?.image.url).toMatch(/^\/media\/banners\/\d+\/original\.webp$/)
      expect(body.featured_products).toHaveLength(10)
      expect(body.trending_products).toHaveLength(10)
      expect(body.top_vendors.length).toBeGreaterThan(0)
      for (const product of body.featured_products) {
        // Featured: discounted, in stock, from verified shops.
        expect(product.discounted_price).not.toBeNull()
        expect(product.effective_price).toBe(product.discounted_price)
        expect(product.discount_percentage).toBeGreaterThan(0)
        expect(product.is_in_stock).toBe(true)
        expect(product.vendor.is_verified).toBe(true)
        expect(product.thumbnail_url).toMatch(/^\/media\/product-images\/\d+\/thumbnail\.webp$/)
        expect(product.category_breadcrumb).toHaveLength(2)
      }
      const sales = body.trending_products.map((p) => (p as Listing & { sales_count: number }).sales_count)
      expect(sales).toEqual([...sales].sort((a, b) => b - a))
    })

    it('sends a validator and answers 304 to a matching conditional request', async () => {
      const first = await fetch(`${server.url}/api/marketplace/home/`)
      const etag = first.headers.get('etag')
      expect(etag).toBeTruthy()
      expect(first.headers.get('cache-control')).toBe('public, no-cache')
      const second = await fetch(`${server.url}/api/marketplace/home/`, { headers: { 'if-none-match': etag ?? '' } })
      expect(second.status).toBe(304)
      expect(await second.text()).toBe('')
    })
  })

  describe('GET /api/marketplace/categories/', () => {
    it('lists the two-level tree, parents first, with images and product counts', async () => {
      const { response, body } = await getJson<
        {
          id: number
          slug: string
          parent_id: number | null
          image: { url: string; alt_text: string }
          product_count: number
        }[]
      >(server, '/api/marketplace/categories/')
      expect(response.status).toBe(200)
      expect(body.length).toBeGreaterThanOrEqual(20)
      const parents = body.filter((c) => c.parent_id === null)
      const leaves = body.filter((c) => c.parent_id !== null)
      expect(parents.length).toBeGreaterThanOrEqual(8)
      expect(body.findIndex((c) => c.parent_id !== null)).toBe(parents.length)
      for (const leaf of leaves) expect(parents.map((p) => p.id)).toContain(leaf.parent_id)
      for (const category of body) {
        expect(category.image.url).toMatch(/^\/media\/categories\/\d+\/medium\.webp$/)
        expect(category.image.alt_text.length).toBeGreaterThan(0)
      }
      // A parent counts its subcategories' products.
      for (const parent of parents) {
        const children = leaves.filter((c) => c.parent_id === parent.id)
        expect(parent.product_count).toBe(children.reduce((sum, c) => sum + c.product_count, 0))
      }
      const n = await server.database.db.$count(products, eq(products.isActive, true))
      expect(parents.reduce((sum, c) => sum + c.product_count, 0)).toBe(n)
      expect(body.map((c) => c.slug)).toEqual(expect.arrayContaining(['smartphones', 'kitenge-african-prints']))
    })
  })

  describe('GET /api/marketplace/api/products/{slug}/', () => {
    it('answers the detail shape and counts a view', async () => {
      const [row] = await server.database.db
        .select({ slug: products.slug, view_count: products.viewCount, id: products.id })
        .from(products)
        .where(and(gt(products.ratingCount, 1), gt(products.stockQty, 0)))
        .orderBy(asc(products.id))
        .limit(1)
      if (!row) throw new Error('the demo catalogue has no reviewed product')
      const { response, body } = await getJson<Record<string, unknown>>(
        server,
        `/api/marketplace/api/products/${row.slug}/`,
      )
      expect(response.status).toBe(200)
      expect(body).toMatchObject({
        id: row.id,
        slug: row.slug,
        is_in_stock: true,
        category: { name: expect.any(String), slug: expect.any(String) },
        business: { name: expect.any(String), type: expect.any(String), is_verified: expect.any(Boolean) },
        avg_rating: expect.any(Number),
        review_count: expect.any(Number),
        view_count: row.view_count,
      })
      const images = body.images as { thumbnail: string; medium: string; original: string; is_primary: boolean }[]
      expect(images.length).toBeGreaterThan(0)
      expect(images[0]?.is_primary).toBe(true)
      expect(images[0]?.medium).toMatch(/\/medium\.webp$/)
      const reviews = body.reviews as { user_name: string; rating: number }[]
      expect(reviews.length).toBe(Math.min(10, body.review_count as number))
      for (const review of reviews) expect(review.rating).toBeGreaterThanOrEqual(1)

      await server.app.soko.catalog.views.flush()
      const [after] = await server.database.db
        .select({ view_count: products.viewCount })
        .from(products)
        .where(eq(products.id, row.id))
      expect(after?.view_count).toBe(row.view_count + 1)
    })

    it('answers 404 with a detail for an unknown slug, and 400 for a malformed one', async () => {
      const missing = await getJson<{ detail: string }>(server, '/api/marketplace/api/products/no-such-product/')
      expect(missing.response.status).toBe(404)
      expect(missing.body.detail).toBe('No product with the slug "no-such-product".')

      const malformed = await getJson<{ detail: string; errors: Record<string, string[]> }>(
        server,
        `/api/marketplace/api/products/${encodeURIComponent("x' OR 1=1 --")}/`,
      )
      expect(malformed.response.status).toBe(400)
      expect(malformed.body.errors.slug).toBeDefined()
    })

    it('hides a deactivated product', async () => {
      const [row] = await server.database.db
        .select({ id: products.id, slug: products.slug })
        .from(products)
        .orderBy(desc(products.id))
        .limit(1)
      if (!row) throw new Error('no product')
      expect((await fetch(`${server.url}/api/marketplace/api/products/${row.slug}/`)).status).toBe(200)
      await server.database.db.execute(sql`update products set is_active = false where id = ${row.id}`)
      await expect
        .poll(async () => (await fetch(`${server.url}/api/marketplace/api/products/${row.slug}/`)).status)
        .toBe(404)
    })
  })

  describe('reviews', () => {
    it('are paginated, newest first, with true totals', async () => {
      const [row] = await server.database.db
        .select({ slug: products.slug, n: products.ratingCount })
        .from(products)
        .where(gte(products.ratingCount, 5))
        .orderBy(asc(products.id))
        .limit(1)
      if (!row) throw new Error('no product with five reviews')
      const { body } = await getJson<{ count: number; total_pages: number; results: { created_at: string }[] }>(
        server,
        `/api/marketplace/api/products/${row.slug}/reviews/?page=1&per_page=2`,
      )
      expect(body.count).toBe(row.n)
      expect(body.total_pages).toBe(Math.ceil(row.n / 2))
      expect(body.results).toHaveLength(2)
      const dates = body.results.map((r) => r.created_at)
      expect(dates).toEqual([...dates].sort().reverse())
      const past = await getJson<{ results: unknown[] }>(
        server,
        `/api/marketplace/api/products/${row.slug}/reviews/?page=999`,
      )
      expect(past.body.results).toEqual([])
      const bad = await getJson<{ detail: string }>(
        server,
        `/api/marketplace/api/products/${row.slug}/reviews/?page=-1`,
      )
      expect(bad.response.status).toBe(400)
      expect(bad.body.detail).toMatch(/^page: /)
    })
  })

  describe('vendor and category pages', () => {
    it('answer a vendor by slug with its rating and product count', async () => {
      const { body: home } = await getJson<Home>(server, '/api/marketplace/home/')
      const vendor = home.top_vendors[0]
      if (!vendor) throw new Error('no vendor')
      const { response, body } = await getJson<{ id: number; product_count: number; county: string }>(
        server,
        `/api/marketplace/vendors/${vendor.slug}/`,
      )
      expect(response.status).toBe(200)
      expect(body.id).toBe(vendor.id)
      expect(body.product_count).toBeGreaterThan(0)
      expect(body.county.length).toBeGreaterThan(0)
      expect((await fetch(`${server.url}/api/marketplace/vendors/no-such-shop/`)).status).toBe(404)
    })

    it('answer a category with its parent, children and breadcrumb', async () => {
      const leaf = await getJson<{
        parent: { slug: string } | null
        breadcrumb: { slug: string }[]
        children: unknown[]
      }>(server, '/api/marketplace/categories/smartphones/')
      expect(leaf.response.status).toBe(200)
      expect(leaf.body.parent?.slug).toBe('phones-tablets')
      expect(leaf.body.breadcrumb.map((c) => c.slug)).toEqual(['phones-tablets', 'smartphones'])
      const parent = await getJson<{ children: { parent_id: number }[] }>(
        server,
        '/api/marketplace/categories/phones-tablets/',
      )
      expect(parent.body.children.length).toBeGreaterThanOrEqual(2)
      expect((await fetch(`${server.url}/api/marketplace/categories/no-such-category/`)).status).toBe(404)
      expect((await fetch(`${server.url}/api/marketplace/categories/UPPER/`)).status).toBe(400)
    })
  })

  describe('cache invalidation', () => {
    it('shows a product edit at once, though its page is cached', async () => {
      const { body: home } = await getJson<Home>(server, '/api/marketplace/home/')
      const product = home.trending_products[0]
      if (!product) throw new Error('no product')
      const path = `/api/marketplace/api/products/${product.slug}/`
      const before = await getJson<{ name: string; price: number }>(server, path)
      // The write goes straight to the database, as another server process or an operator would make it.
      await server.database.db.execute(
        sql`update products set name = 'Renamed Kikoy', price_cents = price_cents + 10000, discounted_price_cents = null where id = ${product.id}`,
      )
      await expect
        .poll(async () => (await getJson<{ name: string }>(server, path)).body.name, { timeout: 2000 })
        .toBe('Renamed Kikoy')
      const after = await getJson<{ price: number }>(server, path)
      expect(after.body.price).toBe(before.body.price + 100)
      // Home lists it too and is dropped as well.
      await expect
        .poll(async () => (await getJson<Home>(server, '/api/marketplace/home/')).body.trending_products[0]?.slug)
        .toBe(product.slug)
      const refreshed = await getJson<Home>(server, '/api/marketplace/home/')
      expect((refreshed.body.trending_products[0] as Listing & { name: string }).name).toBe('Renamed Kikoy')
    })

    it('shows a new review in the rating at once', async () => {
      const [row] = await server.database.db
        .select({ id: products.id, slug: products.slug })
        .from(products)
        .where(and(eq(products.ratingCount, 0), eq(products.isActive, true)))
        .orderBy(asc(products.id))
        .limit(1)
      if (!row) throw new Error('no unreviewed product')
      const path = `/api/marketplace/api/products/${row.slug}/`
      expect((await getJson<{ avg_rating: number | null }>(server, path)).body.avg_rating).toBeNull()
      await server.database.db.execute(
        sql`insert into reviews (product_id, author_name, rating, comment) values (${row.id}, 'Wanjiku M.', 4, 'Poa sana')`,
      )
      await expect
        .poll(async () => (await getJson<{ avg_rating: number | null }>(server, path)).body.avg_rating)
        .toBe(4)
      const detail = await getJson<{ review_count: number; reviews: { user_name: string }[] }>(server, path)
      expect(detail.body.review_count).toBe(1)
      expect(detail.body.reviews[0]?.user_name).toBe('Wanjiku M.')
    })

    it('does not drop caches on page views', async () => {
      const { body: home } = await getJson<Home>(server, '/api/marketplace/home/')
      const slug = home.featured_products[0]?.slug
      const first = await fetch(`${server.url}/api/marketplace/api/products/${slug}/`)
      const etag = first.headers.get('etag') ?? ''
      await server.app.soko.catalog.views.flush()
      await new Promise((resolve) => setTimeout(resolve, 100))
      // The cached body (with its view count as cached) is still served: same validator.
      const second = await fetch(`${server.url}/api/marketplace/api/products/${slug}/`, {
        headers: { 'if-none-match': etag },
      })
      expect(second.status).toBe(304)
    })
  })

  describe('media', () => {
    it('serves generated product images in three sizes as immutable WebP', async () => {
      const { body: home } = await getJson<Home>(server, '/api/marketplace/home/')
      const thumbnail = home.featured_products[0]?.thumbnail_url ?? ''
      for (const url of [
        thumbnail,
        thumbnail.replace('thumbnail', 'medium'),
        thumbnail.replace('thumbnail', 'original'),
      ]) {
        const response = await fetch(`${server.url}${url}`)
        expect(response.status).toBe(200)
        expect(response.headers.get('content-type')).toBe('image/webp')
        expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
        const bytes = new Uint8Array(await response.arrayBuffer())
        expect(new TextDecoder().decode(bytes.slice(8, 12))).toBe('WEBP')
      }
      // Served again from the disk cache: identical bytes.
      const again = await fetch(`${server.url}${thumbnail}`)
      expect(again.status).toBe(200)
    })

    it('answers 404 for an unknown image and 400 for a malformed path', async () => {
      expect((await fetch(`${server.url}/media/product-images/99999999/medium.webp`)).status).toBe(404)
      expect((await fetch(`${server.url}/media/product-images/abc/medium.webp`)).status).toBe(400)
      expect((await fetch(`${server.url}/media/product-images/1/huge.webp`)).status).toBe(400)
      expect((await fetch(`${server.url}/media/elsewhere/1/medium.webp`)).status).toBe(400)
      expect((await fetch(`${server.url}/media/../../etc/passwd`)).status).toBe(404)
    })
  })

  describe('OpenAPI', () => {
    it('documents the catalogue calls with their trailing slashes', async () => {
      const { response, body } = await getJson<{ openapi: string; paths: Record<string, unknown> }>(
        server,
        '/api/openapi.json',
      )
      expect(response.status).toBe(200)
      expect(body.openapi).toMatch(/^3\./)
      expect(Object.keys(body.paths)).toEqual(
        expect.arrayContaining([
          '/api/marketplace/home/',
          '/api/marketplace/categories/',
          '/api/marketplace/api/products/{slug}/',
          '/api/marketplace/vendors/{slug}/',
        ]),
      )
      const docs = await fetch(`${server.url}/api/docs`)
      expect(docs.status).toBe(200)
      expect(await docs.text()).toContain('Swagger UI')
    })
  })
})
