import { categories as categoryTable } from '@soko/db/schema/catalog'
import { typedRows, value } from '@soko/db/typed-sql'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RELAXED_LIMITS } from './support/accounts.ts'
import { HEADER, type Issue, importCsv, type Progress, sendCsv } from './support/product-import.ts'
import { engines, startTestServer, type TestServer } from './support/test-server.ts'
import { type ErrorAnswer, newVendor } from './support/vendor.ts'

interface Preview {
  totalRows: number
  validRows: number
  failedRows: number
  toCreate: number
  toUpdate: number
  rows: { line: number; sku: string | null; name: string; action: 'create' | 'update' }[]
  errors: Issue[]
  imageNote: string
  limits: { maxBytes: number; maxRows: number }
}

describe.each(engines)('vendor CSV import and export on %s', (engine) => {
  let server: TestServer
  let leafSlug: string
  let parentSlug: string

  beforeAll(async () => {
    server = await startTestServer(engine, { env: RELAXED_LIMITS })
    const [leaf] = await typedRows(
      server.database.db,
      { slug: categoryTable.slug },
      sql`select c.slug from categories c where c.is_active and c.parent_id is not null
          and not exists (select 1 from categories ch where ch.parent_id = c.id) order by c.id limit 1`,
    )
    const [parent] = await typedRows(
      server.database.db,
      { slug: categoryTable.slug },
      sql`select c.slug from categories c where exists (select 1 from categories ch where ch.parent_id = c.id)
          order by c.id limit 1`,
    )
    if (!leaf || !parent) throw new Error('fixture: no categories')
    leafSlug = leaf.slug
    parentSlug = parent.slug
  })
  afterAll(() => server?.close())

  const count = async (shopId: number) =>
    (
      await typedRows(
        server.database.db,
        { n: value.int },
        sql`select count(*)::int as n from products where business_id = ${shopId}`,
      )
    )[0]?.n

  it('imports 980 of 1,000 lines and reports the 20 bad ones with their line numbers; the preview saved nothing', async () => {
    const vendor = await newVendor(server, { name: 'Bulk Duka' })
    const bad = new Set(Array.from({ length: 20 }, (_, i) => 10 + i * 50))
    const lines: string[] = []
    const expectedFailures: number[] = []
    for (let i = 0; i < 1000; i++) {
      // Every 7th description runs over two lines, so the file's line numbers are not the product's index.
      const description = i % 7 === 0 ? `"Made in Kenya,\nbatch ${i}"` : `Batch ${i}`
      const price = bad.has(i) ? 'free' : String(100 + i)
      lines.push(`BULK-${i},Product ${i},${description},${leafSlug},${price},,${i % 50},,active,`)
    }
    let line = 2
    for (const [i, text] of lines.entries()) {
      if (bad.has(i)) expectedFailures.push(line)
      line += text.split('\n').length
    }
    const csv = `${HEADER}\n${lines.join('\n')}\n`

    const preview = await sendCsv<Preview>(vendor, '/api/vendor/products/import/preview/', csv)
    expect(preview.status).toBe(200)
    expect(preview.body).toMatchObject({ totalRows: 1000, validRows: 980, failedRows: 20, toCreate: 980, toUpdate: 0 })
    expect(preview.body.rows).toHaveLength(50)
    expect(preview.body.errors.map((issue) => issue.line)).toEqual(expectedFailures)
    expect(preview.body.errors[0]).toEqual({
      line: expectedFailures[0],
      field: 'price',
      message: 'Price must be a number in KES, e.g. 1500 or 1,499.50',
    })
    expect(await count(vendor.shop.id)).toBe(0)

    const done = await importCsv(vendor, csv)
    expect(done).toMatchObject({ totalRows: 1000, rowsDone: 1000, created: 980, updated: 0, failed: 20 })
    expect(done.failures.map((issue) => issue.line)).toEqual(expectedFailures)
    expect(await count(vendor.shop.id)).toBe(980)

    // The products are the shop's, in the vendor's list and in the catalogue (search reads them by trigger).
    const listed = await vendor.client.get<{ total: number }>('/api/vendor/products/?q=Product%2099')
    expect(listed.body.total).toBeGreaterThan(0)
    const multiLine = await typedRows(
      server.database.db,
      { description: value.text, stock_qty: value.int },
      sql`select description, stock_qty from products where business_id = ${vendor.shop.id} and sku = 'BULK-14'`,
    )
    expect(multiLine).toEqual([{ description: 'Made in Kenya,\nbatch 14', stock_qty: 14 }])
  }, 180_000)

  it('updates by SKU on a second import instead of adding twice; another shop’s same SKUs are untouched', async () => {
    const first = await newVendor(server, { name: 'First Duka' })
    const other = await newVendor(server, { name: 'Other Duka' })
    const csv = (price: number) =>
      `${HEADER}\nA-1,Kikoi,,${leafSlug},${price},,5,,active,\nA-2,Kanga,,${leafSlug},${price + 1},,5,,draft,\n`
    expect(await importCsv(other, csv(50))).toMatchObject({ created: 2, updated: 0, failed: 0 })
    expect(await importCsv(first, csv(100))).toMatchObject({ created: 2, updated: 0, failed: 0 })

    const preview = await sendCsv<Preview>(first, '/api/vendor/products/import/preview/', csv(300))
    expect(preview.body).toMatchObject({ toCreate: 0, toUpdate: 2 })
    expect(preview.body.rows.map((row) => row.action)).toEqual(['update', 'update'])

    expect(await importCsv(first, csv(300))).toMatchObject({ created: 0, updated: 2, failed: 0 })
    expect(await count(first.shop.id)).toBe(2)
    const prices = async (shopId: number) =>
      typedRows(
        server.database.db,
        { sku: value.text, price_cents: value.int, is_active: value.bool },
        sql`select sku, price_cents, is_active from products where business_id = ${shopId} order by sku`,
      )
    expect(await prices(first.shop.id)).toEqual([
      { sku: 'A-1', price_cents: 30_000, is_active: true },
      { sku: 'A-2', price_cents: 30_100, is_active: false },
    ])
    expect(await prices(other.shop.id)).toEqual([
      { sku: 'A-1', price_cents: 5_000, is_active: true },
      { sku: 'A-2', price_cents: 5_100, is_active: false },
    ])
    // Another shop's import is not found.
    const started = await sendCsv<Progress>(other, '/api/vendor/products/import/', csv(70))
    expect((await first.client.get<ErrorAnswer>(`/api/vendor/products/import/${started.body.id}/`)).status).toBe(404)
  })

  it('exports the shop’s products in the import’s format, and the export imports back unchanged', async () => {
    const vendor = await newVendor(server, { name: 'Round Trip Duka' })
    const csv =
      `${HEADER}\n` +
      `R-1,"Kikoi, striped","Two lines\nwith ""quotes""",${leafSlug},1199.50,1500,7,3,active,https://images.invalid/a.jpg|https://images.invalid/b.jpg\n` +
      `R-2,=SUM(A1),,${leafSlug},80,,0,5,draft,\n`
    expect(await importCsv(vendor, csv)).toMatchObject({ created: 2, failed: 0 })

    const template = await vendor.client.get<string>('/api/vendor/products/import/template.csv')
    expect(template.status).toBe(200)
    expect(template.headers.get('content-type')).toContain('text/csv')
    expect(template.body.split('\r\n')[0]?.replace('\ufeff', '')).toBe(
      `${HEADER},handle,option1_name,option1_value,option2_name,option2_value,option3_name,option3_value`,
    )
    const previewTemplate = await sendCsv<Preview>(vendor, '/api/vendor/products/import/preview/', template.body)
    expect(previewTemplate.body).toMatchObject({ validRows: 1, errors: [] })

    const exported = await vendor.client.get<string>('/api/vendor/products/export.csv')
    expect(exported.status).toBe(200)
    expect(exported.headers.get('content-disposition')).toContain('attachment')
    expect(exported.body).toContain("'=SUM(A1)")
    const snapshot = () =>
      typedRows(
        server.database.db,
        {
          sku: value.text,
          name: value.text,
          description: value.text,
          price_cents: value.int,
          discounted_price_cents: value.nullable(value.int),
          stock_qty: value.int,
          low_stock_threshold: value.int,
          is_active: value.bool,
          urls: value.text,
        },
        sql`select sku, name, description, price_cents, discounted_price_cents, stock_qty, low_stock_threshold,
              is_active, array_to_string(pending_image_urls, '|') as urls
            from products where business_id = ${vendor.shop.id} order by sku`,
      )
    const before = await snapshot()
    expect(before[0]).toMatchObject({
      name: 'Kikoi, striped',
      description: 'Two lines\nwith "quotes"',
      price_cents: 150_000,
      discounted_price_cents: 119_950,
      urls: 'https://images.invalid/a.jpg|https://images.invalid/b.jpg',
    })
    expect(before[1]?.name).toBe('=SUM(A1)')
    expect(await importCsv(vendor, exported.body)).toMatchObject({ created: 0, updated: 2, failed: 0 })
    expect(await snapshot()).toEqual(before)
  })

  it('answers a bad upload with a 4xx and a reason, and saves nothing', async () => {
    const vendor = await newVendor(server, { name: 'Careful Duka' })
    const preview = '/api/vendor/products/import/preview/'
    const cases: [string, string | Buffer, string, number, string][] = [
      ['not CSV', JSON.stringify({ name: 'x' }), 'application/json', 415, 'text/csv'],
      ['binary', Buffer.from([0x50, 0x4b, 3, 4, 0, 0, 0xff]), 'text/csv', 400, ''],
      ['an unknown column', 'name,colour\nx,red\n', 'text/csv', 400, 'unknown column "colour"'],
      ['only a header', `${HEADER}\n`, 'text/csv', 400, 'no products'],
      ['a quote never closed', `${HEADER}\n"A,b\n`, 'text/csv', 400, 'Line 2: A quoted field is never closed'],
      [
        'too many lines',
        `name,category,price,stock\n${`x,${leafSlug},1,1\n`.repeat(5001)}`,
        'text/csv',
        400,
        'more than 5,000',
      ],
      ['over 2 MB', `${HEADER}\n${'x'.repeat(2 * 1024 * 1024 + 10)}`, 'text/csv', 413, 'larger than 2 MB'],
    ]
    for (const [name, body, type, status, reason] of cases) {
      for (const path of [preview, '/api/vendor/products/import/']) {
        const answer = await sendCsv<ErrorAnswer>(vendor, path, body, type)
        expect({ name, path, status: answer.status }).toEqual({ name, path, status })
        expect(answer.body.detail).toContain(reason)
      }
    }
    const category = await sendCsv<Preview>(
      vendor,
      preview,
      `${HEADER}\nC-1,Wrap,,${parentSlug},10,,1,,,\nC-2,Wrap,,no-such-thing,10,,1,,,\n`,
    )
    expect(category.body.errors).toEqual([
      { line: 2, field: 'category', message: 'Choose a category from the list (the most specific one)' },
      {
        line: 3,
        field: 'category',
        message: 'No category "no-such-thing": use a category\'s slug from the list on the import page',
      },
    ])
    expect(await count(vendor.shop.id)).toBe(0)
    // A customer is not a vendor.
    const customer = await newVendor(server, { name: 'Not Yet' })
    await customer.client.post('/api/auth/logout/')
    expect((await sendCsv<ErrorAnswer>(customer, preview, `${HEADER}\n`)).status).toBe(401)
  })
})
