import { products as productsTable } from '@soko/db/schema/catalog'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './support/test-server.ts'

describe('robots.txt and sitemaps', () => {
  let server: TestServer

  beforeAll(async () => {
    server = await startTestServer('pglite', { env: { PUBLIC_URL: 'https://soko.example/' } })
  })
  afterAll(() => server.close())

  it('robots.txt keeps crawlers out of private pages and points at the sitemap', async () => {
    const response = await fetch(`${server.url}/robots.txt`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/)
    const text = await response.text()
    expect(text).toContain('Disallow: /api/')
    expect(text).toContain('Disallow: /checkout')
    expect(text).toContain('Sitemap: https://soko.example/sitemap.xml')
  })

  it('the sitemap index lists every sitemap, and they list every public page', async () => {
    const index = await (await fetch(`${server.url}/sitemap.xml`)).text()
    const files = [...index.matchAll(/<loc>https:\/\/soko\.example(\/sitemaps\/[\w-]+\.xml)<\/loc>/g)].map((m) => m[1])
    expect(files).toEqual([
      '/sitemaps/static.xml',
      '/sitemaps/categories.xml',
      '/sitemaps/vendors.xml',
      '/sitemaps/products-1.xml',
    ])

    const products = await (await fetch(`${server.url}/sitemaps/products-1.xml`)).text()
    const n = await server.database.db.$count(productsTable, eq(productsTable.isActive, true))
    expect(products.match(/<url>/g)).toHaveLength(n)
    expect(products).toMatch(
      /<loc>https:\/\/soko\.example\/product\/[a-z0-9-]+<\/loc><lastmod>\d{4}-\d\d-\d\d<\/lastmod>/,
    )

    const categories = await (await fetch(`${server.url}/sitemaps/categories.xml`)).text()
    expect(categories).toContain('<loc>https://soko.example/category/smartphones</loc>')
    const vendors = await (await fetch(`${server.url}/sitemaps/vendors.xml`)).text()
    expect(vendors).toMatch(/<loc>https:\/\/soko\.example\/vendor\/[a-z0-9-]+<\/loc>/)
    const statics = await (await fetch(`${server.url}/sitemaps/static.xml`)).text()
    expect(statics).toContain('<loc>https://soko.example/about</loc>')
    expect(statics).toContain('<loc>https://soko.example/product-category</loc>')
  })

  it('answers 404 for a sitemap page past the end and 400 for a made-up name', async () => {
    expect((await fetch(`${server.url}/sitemaps/products-9.xml`)).status).toBe(404)
    expect((await fetch(`${server.url}/sitemaps/passwords.xml`)).status).toBe(400)
  })
})
