import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { categories as categoryTable } from '@soko/db/schema/catalog'
import { typedRows, value } from '@soko/db/typed-sql'
import { sql } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RELAXED_LIMITS } from './support/accounts.ts'
import { HEADER, importCsv } from './support/product-import.ts'
import { engines, startTestServer, type TestServer } from './support/test-server.ts'
import { newVendor } from './support/vendor.ts'

// A CSV import's image URLs fetched over real HTTP (decision 0027) from a local image server: with the explicit
// exception for 127.0.0.1 (IMPORT_IMAGE_ALLOW_HOSTS, tests and demo only) a real photo is imported through the
// photo pipeline; private, link-local and loopback addresses outside the exception, a page that is not an image
// and a missing one are reported on their line while the product is still imported. Without the exception even
// 127.0.0.1 is refused, before any request is made.

interface ImageServer {
  url: string
  hits: Map<string, number>
  close(): Promise<void>
}

async function imageServer(): Promise<ImageServer> {
  const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#c0392b' } })
    .png()
    .toBuffer()
  const jpeg = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#2e86c1' } })
    .jpeg()
    .toBuffer()
  const hits = new Map<string, number>()
  const server: Server = createServer((request, response) => {
    const path = request.url ?? '/'
    hits.set(path, (hits.get(path) ?? 0) + 1)
    if (path === '/photo.png') response.writeHead(200, { 'content-type': 'image/png' }).end(png)
    else if (path === '/moved.jpg') response.writeHead(302, { location: '/photo.jpg' }).end()
    else if (path === '/photo.jpg') response.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg)
    else if (path === '/page.png') response.writeHead(200, { 'content-type': 'image/png' }).end('<html>no</html>')
    else response.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    close: async () => {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}

async function leafSlugOf(server: TestServer): Promise<string> {
  const [leaf] = await typedRows(
    server.database.db,
    { slug: categoryTable.slug },
    sql`select c.slug from categories c where c.is_active and c.parent_id is not null
        and not exists (select 1 from categories ch where ch.parent_id = c.id) order by c.id limit 1`,
  )
  if (!leaf) throw new Error('fixture: no categories')
  return leaf.slug
}

async function imagesOf(server: TestServer, shopId: number, sku: string) {
  return typedRows(
    server.database.db,
    { id: value.int, is_primary: value.bool, is_uploaded: value.bool },
    sql`select i.id, i.is_primary, i.is_uploaded from product_images i join products p on p.id = i.product_id
        where p.business_id = ${shopId} and p.sku = ${sku} order by i.position, i.id`,
  )
}

describe.each(engines)('CSV import image URLs on %s', (engine) => {
  let server: TestServer
  let images: ImageServer
  let leaf: string

  beforeAll(async () => {
    images = await imageServer()
    server = await startTestServer(engine, { env: { ...RELAXED_LIMITS, IMPORT_IMAGE_ALLOW_HOSTS: '127.0.0.1' } })
    leaf = await leafSlugOf(server)
  })
  afterAll(async () => {
    await server?.close()
    await images?.close()
  })

  it('fetches each image into the photo pipeline; a failed image is reported on its line, the product imported', async () => {
    const vendor = await newVendor(server, { name: 'Picha Duka' })
    const port = new URL(images.url).port
    const line = (sku: string, urls: string[]) => `${sku},Picha ${sku},,${leaf},500,,3,,active,${urls.join('|')}`
    const csv = [
      HEADER,
      line('IMG-1', [`${images.url}/photo.png`, `${images.url}/page.png`, `${images.url}/missing.png`]),
      line('IMG-2', [
        'http://169.254.169.254/latest/meta-data/',
        `http://[::1]:${port}/photo.png`,
        `http://[::ffff:127.0.0.1]:${port}/photo.png`,
        'http://10.0.0.1/a.jpg',
      ]),
      line('IMG-3', [`${images.url}/moved.jpg`, `${images.url}/photo.png`]),
    ].join('\n')
    const done = await importCsv(vendor, csv)
    expect(done).toMatchObject({ created: 3, failed: 0, failures: [] })
    const problems = done.imageFailures.map((issue) => [issue.line, issue.field, issue.message])
    expect(problems).toEqual([
      [2, 'image_urls', `Image "${images.url}/page.png" was not added: it is not a JPEG, PNG, WebP or HEIC photo`],
      [2, 'image_urls', `Image "${images.url}/missing.png" was not added: it answered HTTP 404`],
      [3, 'image_urls', expect.stringMatching(/169\.254\.169\.254.*link-local address, which is not allowed/)],
      [3, 'image_urls', expect.stringMatching(/\[::1\].*loopback address, which is not allowed/)],
      [3, 'image_urls', expect.stringMatching(/\[::ffff:127\.0\.0\.1\].*loopback address, which is not allowed/)],
      [3, 'image_urls', expect.stringMatching(/10\.0\.0\.1.*private address, which is not allowed/)],
    ])
    expect(images.hits.get('/photo.png')).toBe(2)

    const first = await imagesOf(server, vendor.shop.id, 'IMG-1')
    expect(first).toMatchObject([{ is_primary: true, is_uploaded: true }])
    expect(await imagesOf(server, vendor.shop.id, 'IMG-2')).toEqual([])
    expect(await imagesOf(server, vendor.shop.id, 'IMG-3')).toHaveLength(2)
    // Served as the uploads are: WebP in three sizes.
    const thumbnail = await fetch(`${server.url}/media/product-images/${first[0]?.id}/thumbnail.webp`)
    expect(thumbnail.status).toBe(200)
    const meta = await sharp(Buffer.from(await thumbnail.arrayBuffer())).metadata()
    expect(meta).toMatchObject({ format: 'webp', width: 200 })

    // The same file again updates the products; those with photos get no more (and are not fetched again).
    const again = await importCsv(vendor, csv)
    expect(again).toMatchObject({ created: 0, updated: 3, failed: 0 })
    expect(await imagesOf(server, vendor.shop.id, 'IMG-1')).toHaveLength(1)
    expect(await imagesOf(server, vendor.shop.id, 'IMG-3')).toHaveLength(2)
    expect(images.hits.get('/photo.png')).toBe(2)
  })
})

describe('CSV import image URLs without the exception', () => {
  it('refuses 127.0.0.1 before making any request, and imports the product without the image', async () => {
    const images = await imageServer()
    const [engine = 'pglite'] = engines
    const server = await startTestServer(engine, { env: RELAXED_LIMITS })
    try {
      const vendor = await newVendor(server, { name: 'Karibu Duka' })
      const leaf = await leafSlugOf(server)
      const done = await importCsv(
        vendor,
        `${HEADER}\nLOCAL-1,Local photo,,${leaf},500,,3,,active,${images.url}/photo.png\n`,
      )
      expect(done).toMatchObject({ created: 1, failed: 0 })
      expect(done.imageFailures).toEqual([
        {
          line: 2,
          field: 'image_urls',
          message: `Image "${images.url}/photo.png" was not added: it points to a loopback address, which is not allowed`,
        },
      ])
      expect(images.hits.size).toBe(0)
      expect(await imagesOf(server, vendor.shop.id, 'LOCAL-1')).toEqual([])
    } finally {
      await server.close()
      await images.close()
    }
  })
})
