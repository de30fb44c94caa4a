import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { users } from '@soko/db/schema/accounts'
import { auditLog } from '@soko/db/schema/audit'
import { productImages, products } from '@soko/db/schema/catalog'
import { orders, vendorOrders } from '@soko/db/schema/orders'
import { rateLimits } from '@soko/db/schema/rate-limits'
import { businesses } from '@soko/db/schema/vendors'
import { type Shape, typedRows, value } from '@soko/db/typed-sql'
import { type SQL, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client, newCustomer, outbox, RELAXED_LIMITS } from './support/accounts.ts'
import { FAST_PAYMENTS, orderBody, type Placed, placeOrder, settledPayment } from './support/checkout.ts'
import { engines, startTestServer, type TestServer } from './support/test-server.ts'
import {
  applyBody,
  cameraJpeg,
  categories,
  type ErrorAnswer,
  newVendor,
  pngImage,
  productBody,
  type Shop,
  servedSize,
  upload,
  type VendorImage,
  type VendorProduct,
} from './support/vendor.ts'

interface Dashboard {
  salesToday: number
  salesThisMonth: number
  ordersToday: number
  ordersToFulfil: number
  lowStockCount: number
  lowStock: { id: number; stockQty: number }[]
  salesSeries: { date: string; sales: number; orders: number }[]
}

interface Payouts {
  balance: number
  earned: number
  paidOut: number
  awaitingDelivery: number
  lines: { vendorOrderId: number; orderNumber: string; subtotal: number; commission: number; net: number }[]
  payouts: { amount: number }[]
}

/** "YYYY-MM-DD" of today in Nairobi (UTC+3 all year). */
const nairobiToday = () => new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 10)

describe.each(engines)('vendor portal on %s', (engine) => {
  let server: TestServer
  let leaf: number
  let parent: number

  beforeAll(async () => {
    server = await startTestServer(engine, { env: { ...RELAXED_LIMITS, ...FAST_PAYMENTS } })
    ;({ leaf, parent } = await categories(server))
  })
  afterAll(() => server?.close())

  const db = () => server.database.db
  const row = async <S extends Shape>(shape: S, query: SQL) => (await typedRows(db(), shape, query))[0]

  it('turns a signed-in customer into a vendor with a live, unverified shop; a second application is a 409', async () => {
    const customer = await newCustomer(server)
    expect((await customer.client.get('/api/vendor/shop/')).status).toBe(403)
    const answer = await customer.client.post<Shop>('/api/vendor/apply/', applyBody({ name: 'Duka la Mama' }))
    expect(answer.status).toBe(201)
    expect(answer.headers.get('cache-control')).toBe('private, no-store')
    expect(answer.body).toMatchObject({
      name: 'Duka la Mama',
      slug: 'duka-la-mama',
      type: 'Retailer',
      county: 'Nairobi',
      phone: '+254712345678',
      payoutPhone: '+254722000111',
      isVerified: false,
      isActive: true,
      isSuspended: false,
    })
    const user = await row(
      { id: users.id, role: users.role },
      sql`select id, role from users where lower(email) = ${customer.email}`,
    )
    expect(user?.role).toBe('vendor')
    const audit = await row(
      { action: auditLog.action, subject_id: auditLog.subjectId },
      sql`select action, subject_id from audit_log where actor_id = ${user?.id ?? 0}`,
    )
    expect(audit).toEqual({ action: 'vendor.applied', subject_id: answer.body.id })
    // The session cookie was renewed on the change of role, and the new one works.
    expect((await customer.client.get<Shop>('/api/vendor/shop/')).body.id).toBe(answer.body.id)

    const twice = await customer.client.post<ErrorAnswer>('/api/vendor/apply/', applyBody({ name: 'Second shop' }))
    expect(twice.status).toBe(409)
    expect(twice.body.detail).toContain('already have a shop')
    const count = await row(
      { n: value.int },
      sql`select count(*)::int as n from businesses where owner_id = ${user?.id ?? 0}`,
    )
    expect(count?.n).toBe(1)

    // The same name again makes a unique slug.
    const other = await newVendor(server, { name: 'Duka la Mama' })
    expect(other.shop.slug).toBe('duka-la-mama-2')
  })

  it('refuses a bad application with a reason per field, and unknown fields', async () => {
    const customer = await newCustomer(server)
    const bad = await customer.client.post<ErrorAnswer>(
      '/api/vendor/apply/',
      applyBody({ name: '', type: 'Pirate', county: 'Atlantis', phone: '12345', payoutPhone: '' }),
    )
    expect(bad.status).toBe(400)
    expect(bad.body.errors).toMatchObject({
      name: ['Shop name is required'],
      county: ["Choose one of Kenya's 47 counties"],
      phone: ['Enter a Kenyan mobile number, e.g. 0712 345 678'],
      payoutPhone: ['M-Pesa payout number is required'],
    })
    expect(bad.body.errors?.type?.[0]).toContain('Choose a business type')
    const sneaky = await customer.client.post<ErrorAnswer>('/api/vendor/apply/', {
      ...applyBody(),
      isVerified: true,
    })
    expect(sneaky.status).toBe(400)
    expect(sneaky.body.errors?.isVerified).toEqual(['is not an accepted field'])
    const role = await row({ role: users.role }, sql`select role from users where lower(email) = ${customer.email}`)
    expect(role?.role).toBe('customer')
  })

  it('limits applications per user', async () => {
    const customer = await newCustomer(server)
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) {
      statuses.push((await customer.client.post('/api/vendor/apply/', applyBody())).status)
    }
    expect(statuses).toEqual([201, 409, 409, 409, 409, 429])
  })

  it('shows and edits the shop profile, and shows a suspension with its reason', async () => {
    const vendor = await newVendor(server)
    const edited = await vendor.client.put<Shop>('/api/vendor/shop/', {
      ...applyBody({ name: 'Mama Mboga Greens', county: 'Kiambu', type: 'Farm' }),
      email: 'greens@example.co.ke',
    })
    expect(edited.status).toBe(200)
    expect(edited.body).toMatchObject({ name: 'Mama Mboga Greens', county: 'Kiambu', type: 'Farm' })
    expect(edited.body.slug).toBe(vendor.shop.slug)
    const protectedField = await vendor.client.put<ErrorAnswer>('/api/vendor/shop/', {
      ...applyBody(),
      isVerified: true,
    })
    expect(protectedField.status).toBe(400)
    // Earnings are paid by M-Pesa, which only a Safaricom line can receive; the shop's contact phone may be any.
    const airtelPayout = await vendor.client.put<ErrorAnswer>('/api/vendor/shop/', {
      ...applyBody({ phone: '0733 000 111', payoutPhone: '0733 123 456' }),
    })
    expect(airtelPayout.status).toBe(400)
    expect(airtelPayout.body.errors).toEqual({
      payoutPhone: ['M-Pesa needs a Safaricom number. 0733 123 456 is an Airtel line.'],
    })

    await db().execute(
      sql`update businesses set is_active = false, suspended_reason = 'Counterfeit goods reported'
          where id = ${vendor.shop.id}`,
    )
    const shop = await vendor.client.get<Shop>('/api/vendor/shop/')
    expect(shop.body).toMatchObject({
      isActive: false,
      isSuspended: true,
      suspendedReason: 'Counterfeit goods reported',
    })
  })

  it('asks for the current password only to change the payout number, and emails the owner when it changes', async () => {
    const vendor = await newVendor(server)
    const profile = (overrides: Record<string, unknown> = {}) => ({
      ...applyBody({ name: 'Mama Mboga Greens' }),
      email: 'duka@example.co.ke',
      ...overrides,
    })
    const saved = async () => (await vendor.client.get<Shop>('/api/vendor/shop/')).body
    const payoutMails = async () =>
      (await outbox(server, vendor.email)).filter((m) => m.subject.includes('M-Pesa payout number'))

    // Everything else saves without the password (the number written another way is the same number).
    const other = await vendor.client.put<Shop>('/api/vendor/shop/', profile({ payoutPhone: '+254 722 000 111' }))
    expect(other.status).toBe(200)
    expect(other.body).toMatchObject({ name: 'Mama Mboga Greens', payoutPhone: '+254722000111' })

    // A new number without the password, or with a wrong one: refused at the field, and nothing in it saved.
    const missing = await vendor.client.put<ErrorAnswer>(
      '/api/vendor/shop/',
      profile({ name: 'Renamed meanwhile', payoutPhone: '0722 124 567' }),
    )
    expect(missing.status).toBe(400)
    expect(missing.body.errors?.currentPassword).toEqual([
      'Enter your current password to change the M-Pesa payout number',
    ])
    const wrong = await vendor.client.put<ErrorAnswer>(
      '/api/vendor/shop/',
      profile({ payoutPhone: '0722 124 567', currentPassword: 'Not-my-password-1' }),
    )
    expect(wrong.status).toBe(400)
    expect(wrong.body.errors?.currentPassword).toEqual(['Your current password is incorrect.'])
    expect(await saved()).toMatchObject({ name: 'Mama Mboga Greens', payoutPhone: '+254722000111' })
    expect(await payoutMails()).toEqual([])
    // A wrong password counts towards the account's sign-in limit: a stolen session cannot guess it freely.
    const key = `login:account:${vendor.email}`
    const counted = await row({ hits: rateLimits.hits }, sql`select hits from rate_limits where key = ${key}`)
    expect(counted?.hits).toBeGreaterThanOrEqual(1)
    await db().execute(sql`update rate_limits set hits = 1000000 where key = ${key}`)
    const throttled = await vendor.client.put<ErrorAnswer>(
      '/api/vendor/shop/',
      profile({ payoutPhone: '0722 124 567', currentPassword: vendor.password }),
    )
    expect(throttled.status).toBe(429)
    await db().execute(sql`delete from rate_limits where key = ${key}`)

    // The right password: changed, audited, and the owner is told at the sign-in address (not the shop's).
    const changed = await vendor.client.put<Shop>(
      '/api/vendor/shop/',
      profile({ payoutPhone: '0722 124 567', currentPassword: vendor.password }),
    )
    expect(changed.status).toBe(200)
    expect(changed.body.payoutPhone).toBe('+254722124567')
    expect((await saved()).payoutPhone).toBe('+254722124567')
    const [mail, ...more] = await payoutMails()
    expect(more).toEqual([])
    expect(mail?.subject).toBe('The M-Pesa payout number of Mama Mboga Greens was changed')
    expect(mail?.text).toContain('…4567')
    expect(mail?.text).not.toMatch(/733\s?124/)
    expect(mail?.text).toMatch(/changed on \d{1,2} \w+ \d{4} at \d{2}:\d{2} \(Nairobi time\)/)
    expect(mail?.text).toContain('If this was not you')
    expect(await outbox(server, 'duka@example.co.ke')).toEqual([])
    const audit = await row(
      { n: value.int },
      sql`select count(*)::int as n from audit_log
          where action = 'vendor.payout_phone_changed' and subject_id = ${vendor.shop.id}`,
    )
    expect(audit?.n).toBe(1)

    // Saving again with the new number (and no password) changes nothing that needs one.
    expect((await vendor.client.put('/api/vendor/shop/', profile({ payoutPhone: '0722124567' }))).status).toBe(200)
    expect(await payoutMails()).toHaveLength(1)
  })

  it('asks an account with no password (Google sign-in only) to set one before changing the payout number', async () => {
    const vendor = await newVendor(server)
    await db().execute(sql`update users set password_hash = null where lower(email) = ${vendor.email}`)
    const answer = await vendor.client.put<ErrorAnswer>('/api/vendor/shop/', {
      ...applyBody({ payoutPhone: '0722 124 567' }),
      currentPassword: 'anything',
    })
    expect(answer.status).toBe(400)
    expect(answer.body.errors?.currentPassword?.[0]).toContain('Set one with "Forgot password"')
    expect((await vendor.client.get<Shop>('/api/vendor/shop/')).body.payoutPhone).toBe('+254722000111')
    const rest = await vendor.client.put<Shop>('/api/vendor/shop/', applyBody({ town: 'Kilimani' }))
    expect(rest.status).toBe(200)
    expect(rest.body).toMatchObject({ town: 'Kilimani', payoutPhone: '+254722000111' })
  })

  it('adds a product with every field of the form; it is in search and on its product page at once', async () => {
    const vendor = await newVendor(server, { name: 'Gikomba Threads' })
    const created = await vendor.client.post<VendorProduct>(
      '/api/vendor/products/',
      productBody(leaf, { name: 'Kitenge wrap dress zebra', price: 1200, comparePrice: 1500, stockQty: 7 }),
    )
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({
      slug: 'kitenge-wrap-dress-zebra',
      price: 1200,
      comparePrice: 1500,
      discountPercentage: 20,
      stockQty: 7,
      isActive: true,
      images: [],
    })
    const stored = await row(
      {
        price_cents: products.priceCents,
        discounted_price_cents: products.discountedPriceCents,
        business_id: products.businessId,
      },
      sql`select price_cents, discounted_price_cents, business_id from products where id = ${created.body.id}`,
    )
    expect(stored).toEqual({ price_cents: 150_000, discounted_price_cents: 120_000, business_id: vendor.shop.id })

    const search = await new Client(server).get<{ products: { id: number; effective_price: number }[] }>(
      `/api/marketplace/search/?q=${encodeURIComponent('Kitenge wrap dress zebra')}`,
    )
    expect(search.body.products.map((product) => product.id)).toContain(created.body.id)
    const page = await new Client(server).get<{ name: string; price: number; discounted_price: number | null }>(
      `/api/marketplace/api/products/${created.body.slug}/`,
    )
    expect(page.status).toBe(200)
    expect(page.body).toMatchObject({ name: 'Kitenge wrap dress zebra', price: 1500, discounted_price: 1200 })

    // Same name again: the slug gets a suffix; a chosen slug that is taken is a 400 naming the field.
    const again = await vendor.client.post<VendorProduct>(
      '/api/vendor/products/',
      productBody(leaf, { name: 'Kitenge wrap dress zebra' }),
    )
    expect(again.body.slug).toBe('kitenge-wrap-dress-zebra-2')
    const taken = await vendor.client.post<ErrorAnswer>(
      '/api/vendor/products/',
      productBody(leaf, { slug: 'kitenge-wrap-dress-zebra' }),
    )
    expect(taken.status).toBe(400)
    expect(taken.body.errors?.slug).toEqual(['This slug is already taken: choose another'])

    // Edit: the whole form again; dropping the compare-at price drops the discount; the slug stays.
    const edited = await vendor.client.put<VendorProduct>(
      `/api/vendor/products/${created.body.id}/`,
      productBody(leaf, { name: 'Kitenge wrap dress (zebra)', price: 1400, comparePrice: null, stockQty: 3 }),
    )
    expect(edited.status).toBe(200)
    expect(edited.body).toMatchObject({ slug: created.body.slug, price: 1400, comparePrice: null, stockQty: 3 })
    const list = await vendor.client.get<{ products: VendorProduct[]; total: number }>(
      '/api/vendor/products/?q=zebra&page=1&per_page=10',
    )
    expect(list.body.total).toBe(2)
    expect(list.body.products.map((product) => product.id).sort()).toEqual([created.body.id, again.body.id].sort())
  })

  it('checks the category, the prices and the fields of the form', async () => {
    const vendor = await newVendor(server)
    const notLeaf = await vendor.client.post<ErrorAnswer>('/api/vendor/products/', productBody(parent))
    expect(notLeaf.status).toBe(400)
    expect(notLeaf.body.errors?.categoryId?.[0]).toContain('Choose a category')
    const missing = await vendor.client.post<ErrorAnswer>('/api/vendor/products/', productBody(999_999))
    expect(missing.status).toBe(400)
    expect(missing.body.errors?.categoryId).toBeDefined()

    const discount = await vendor.client.post<ErrorAnswer>(
      '/api/vendor/products/',
      productBody(leaf, { price: 500, comparePrice: 500 }),
    )
    expect(discount.status).toBe(400)
    expect(discount.body.errors?.comparePrice).toEqual(['Compare-at price must be higher than the price'])

    const bad = await vendor.client.post<ErrorAnswer>(
      '/api/vendor/products/',
      productBody(leaf, { name: ' ', price: -1, stockQty: 1.5, salesCount: 100 }),
    )
    expect(bad.status).toBe(400)
    expect(bad.body.errors).toMatchObject({ salesCount: ['is not an accepted field'] })
    const fields = await vendor.client.post<ErrorAnswer>(
      '/api/vendor/products/',
      productBody(leaf, { name: ' ', price: -1, stockQty: 1.5 }),
    )
    expect(fields.body.errors).toMatchObject({
      name: ['Product name is required'],
      price: ['Price must be more than 0'],
      stockQty: ['Stock must be a whole number'],
    })
    const count = await row(
      { n: value.int },
      sql`select count(*)::int as n from products where business_id = ${vendor.shop.id}`,
    )
    expect(count?.n).toBe(0)
  })

  it('edits stock, takes products off sale, and never switches back on what an admin took down', async () => {
    const vendor = await newVendor(server)
    const { body: product } = await vendor.client.post<VendorProduct>('/api/vendor/products/', productBody(leaf))
    const stock = await vendor.client.request<VendorProduct>('PATCH', `/api/vendor/products/${product.id}/stock/`, {
      body: { stockQty: 2 },
    })
    expect(stock.status).toBe(200)
    expect(stock.body.stockQty).toBe(2)
    const negative = await vendor.client.request('PATCH', `/api/vendor/products/${product.id}/stock/`, {
      body: { stockQty: -1 },
    })
    expect(negative.status).toBe(400)

    expect((await vendor.client.delete(`/api/vendor/products/${product.id}/`)).status).toBe(204)
    const off = await row(
      { is_active: products.isActive },
      sql`select is_active from products where id = ${product.id}`,
    )
    expect(off?.is_active).toBe(false)
    const listed = await vendor.client.get<{ products: VendorProduct[] }>('/api/vendor/products/')
    expect(listed.body.products.find((p) => p.id === product.id)?.isActive).toBe(false)
    const back = await vendor.client.put<VendorProduct>(
      `/api/vendor/products/${product.id}/`,
      productBody(leaf, { isActive: true }),
    )
    expect(back.body.isActive).toBe(true)

    await db().execute(
      sql`update products set is_active = false, deactivated_reason = 'Listing breaks the rules.'
          where id = ${product.id}`,
    )
    const refused = await vendor.client.put<ErrorAnswer>(
      `/api/vendor/products/${product.id}/`,
      productBody(leaf, { isActive: true }),
    )
    expect(refused.status).toBe(403)
    expect(refused.body.detail).toContain('Listing breaks the rules.')
    const still = await row(
      { is_active: products.isActive },
      sql`select is_active from products where id = ${product.id}`,
    )
    expect(still?.is_active).toBe(false)
    // Edits that leave it off are fine.
    const quiet = await vendor.client.put<VendorProduct>(
      `/api/vendor/products/${product.id}/`,
      productBody(leaf, { isActive: false, description: 'Fixed the listing' }),
    )
    expect(quiet.status).toBe(200)
    expect(quiet.body.deactivatedReason).toBe('Listing breaks the rules.')
  })

  it('turns an uploaded camera photo into three WebP sizes served under /media', async () => {
    const vendor = await newVendor(server)
    const { body: product } = await vendor.client.post<VendorProduct>('/api/vendor/products/', productBody(leaf))
    const answer = await upload(vendor.client, product.id, [{ name: 'IMG_0001.jpg', data: await cameraJpeg() }])
    expect(answer.status).toBe(201)
    expect(answer.body).toHaveLength(1)
    const [image] = answer.body
    if (!image) throw new Error('no image')
    expect(image).toMatchObject({ isPrimary: true, isUploaded: true })
    expect(await servedSize(server, image.thumbnail)).toMatchObject({
      status: 200,
      width: 200,
      height: 150,
      format: 'webp',
    })
    expect(await servedSize(server, image.medium)).toMatchObject({ width: 600, height: 450 })
    expect(await servedSize(server, image.original)).toMatchObject({ width: 1200, height: 900 })
    const stored = await row(
      { is_uploaded: productImages.isUploaded, hue: productImages.hue },
      sql`select is_uploaded, hue from product_images where id = ${image.id}`,
    )
    expect(stored).toEqual({ is_uploaded: true, hue: null })
    const mine = await vendor.client.get<{ products: VendorProduct[] }>('/api/vendor/products/')
    expect(mine.body.products[0]?.thumbnail).toBe(image.thumbnail)
    const page = await new Client(server).get<{ images: { thumbnail: string }[] }>(
      `/api/marketplace/api/products/${product.slug}/`,
    )
    expect(page.body.images.map((i) => i.thumbnail)).toEqual([image.thumbnail])

    // By content: a PNG named .jpg is a PNG, and is accepted; a text file named .jpg is not an image.
    const png = await upload(vendor.client, product.id, [
      { name: 'photo.jpg', data: await pngImage(), type: 'image/jpeg' },
    ])
    expect(png.status).toBe(201)
    expect(await servedSize(server, png.body[1]?.original ?? '')).toMatchObject({ width: 800, height: 600 })
    const text = await upload(vendor.client, product.id, [
      { name: 'notes.jpg', data: Buffer.from('just some text, honest'), type: 'image/jpeg' },
    ])
    expect(text.status).toBe(400)
    expect(text.body.detail).toContain('"notes.jpg" is not a JPEG, PNG, WebP or HEIC photo')

    // A HEIC photo is recognised, but this build of sharp cannot decode it.
    const heicHeader = Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from('ftypheic'),
      Buffer.from([0, 0, 0, 0]),
      Buffer.from('mif1heic'),
      Buffer.alloc(200),
    ])
    const heic = await upload(vendor.client, product.id, [{ name: 'IMG_0002.HEIC', data: heicHeader }])
    expect(heic.status).toBe(400)
    expect(heic.body.detail).toContain('HEIC photos are not supported yet: please send JPEG')

    // Over 10 MB.
    const big = Buffer.alloc(10 * 1024 * 1024 + 10, 7)
    big.set([0xff, 0xd8, 0xff], 0)
    const tooBig = await upload(vendor.client, product.id, [{ name: 'huge.jpg', data: big }])
    expect(tooBig.status).toBe(413)
    expect(tooBig.body.detail).toContain('"huge.jpg" is larger than 10 MB')

    // Nothing of the refused uploads was stored.
    const count = await row(
      { n: value.int },
      sql`select count(*)::int as n from product_images where product_id = ${product.id}`,
    )
    expect(count?.n).toBe(2)
  })

  it('keeps at most 8 images per product, and removes and reorders them', async () => {
    const vendor = await newVendor(server)
    const { body: product } = await vendor.client.post<VendorProduct>('/api/vendor/products/', productBody(leaf))
    const small = await cameraJpeg(640, 480)
    const seven = await upload(
      vendor.client,
      product.id,
      Array.from({ length: 7 }, (_, i) => ({ name: `p${i}.jpg`, data: small })),
    )
    expect(seven.status).toBe(201)
    const two = await upload(vendor.client, product.id, [
      { name: 'a.jpg', data: small },
      { name: 'b.jpg', data: small },
    ])
    expect(two.status).toBe(400)
    expect(two.body.detail).toBe('A product can have at most 8 images')
    const eighth = await upload(vendor.client, product.id, [{ name: 'h.jpg', data: small }])
    expect(eighth.status).toBe(201)
    const ninth = await upload(vendor.client, product.id, [{ name: 'i.jpg', data: small }])
    expect(ninth.status).toBe(400)
    expect(ninth.body.detail).toBe('A product can have at most 8 images')
    expect(eighth.body).toHaveLength(8)

    const images = eighth.body
    const last = images[7] as VendorImage
    const reordered = await vendor.client.put<VendorImage[]>(`/api/vendor/products/${product.id}/images/order/`, {
      imageIds: [last.id, ...images.slice(0, 7).map((image) => image.id)],
    })
    expect(reordered.status).toBe(200)
    expect(reordered.body[0]).toMatchObject({ id: last.id, isPrimary: true, position: 0 })
    expect(reordered.body.filter((image) => image.isPrimary)).toHaveLength(1)
    const partial = await vendor.client.put(`/api/vendor/products/${product.id}/images/order/`, {
      imageIds: [last.id],
    })
    expect(partial.status).toBe(400)

    const removed = await vendor.client.delete<VendorImage[]>(`/api/vendor/products/${product.id}/images/${last.id}/`)
    expect(removed.status).toBe(200)
    expect(removed.body).toHaveLength(7)
    expect(removed.body[0]?.isPrimary).toBe(true)
    const gone = await fetch(`${server.url}${last.thumbnail}`)
    await gone.arrayBuffer()
    expect(gone.status).toBe(404)
    expect(existsSync(join(server.app.soko.config.mediaDir, 'product-images', String(last.id)))).toBe(false)
  })

  it('sums paid orders on the dashboard, and owes the shop its delivered orders less commission', async () => {
    const vendor = await newVendor(server)
    const { body: product } = await vendor.client.post<VendorProduct>(
      '/api/vendor/products/',
      productBody(leaf, { name: 'Dashboard test maize 2kg', price: 250, stockQty: 6 }),
    )
    await vendor.client.post<VendorProduct>(
      '/api/vendor/products/',
      productBody(leaf, { name: 'Almost gone', stockQty: 1 }),
    )
    const before = await vendor.client.get<Dashboard>('/api/vendor/dashboard/')
    expect(before.body).toMatchObject({ salesToday: 0, salesThisMonth: 0, ordersToFulfil: 0, lowStockCount: 1 })
    expect(before.body.salesSeries).toHaveLength(30)

    const buyer = new Client(server)
    const placed = await placeOrder(buyer, orderBody([{ productId: product.id, quantity: 2 }]))
    expect(placed.status).toBe(201)
    expect((await settledPayment(buyer, placed.body)).status).toBe('paid')

    const after = await vendor.client.get<Dashboard>('/api/vendor/dashboard/')
    expect(after.body).toMatchObject({ salesToday: 500, salesThisMonth: 500, ordersToday: 1, ordersToFulfil: 1 })
    // Stock went from 6 to 4: at or below the threshold of 5.
    expect(after.body.lowStockCount).toBe(2)
    const lastDay = after.body.salesSeries.at(-1)
    expect(lastDay).toEqual({ date: nairobiToday(), sales: 500, orders: 1 })
    expect(after.body.salesSeries.slice(0, -1).every((point) => point.sales === 0)).toBe(true)

    const owed = await vendor.client.get<Payouts>('/api/vendor/payouts/')
    expect(owed.body).toMatchObject({ balance: 0, earned: 0, awaitingDelivery: 450 })
    expect(owed.body.lines).toEqual([
      expect.objectContaining({ orderNumber: placed.body.order.orderNumber, subtotal: 500, commission: 50, net: 450 }),
    ])

    const part = (await vendor.client.get<{ id: number }[]>('/api/vendor/orders/')).body[0]
    if (!part) throw new Error('no vendor part')
    expect(
      (await vendor.client.post(`/api/vendor/orders/${part.id}/ship/`, { carrier: 'g4s', trackingReference: 'G1' }))
        .status,
    ).toBe(204)
    expect((await vendor.client.post(`/api/vendor/orders/${part.id}/deliver/`)).status).toBe(204)
    const delivered = await vendor.client.get<Payouts>('/api/vendor/payouts/')
    expect(delivered.body).toMatchObject({ balance: 450, earned: 450, paidOut: 0, awaitingDelivery: 0 })

    await db().execute(
      sql`insert into payouts (business_id, amount_cents, reference) values (${vendor.shop.id}, 30000, 'QK12345')`,
    )
    // A payout recorded before the ledger was kept: the opening backfill posts it (sent and settled).
    expect(await server.app.soko.ledgerBackfill.run()).toMatchObject({ payouts: 1 })
    const paid = await vendor.client.get<Payouts>('/api/vendor/payouts/')
    expect(paid.body).toMatchObject({ balance: 150, earned: 450, paidOut: 300 })
    expect(paid.body.payouts).toEqual([expect.objectContaining({ amount: 300 })])
    const fulfilled = await vendor.client.get<Dashboard>('/api/vendor/dashboard/')
    expect(fulfilled.body).toMatchObject({ salesToday: 500, ordersToFulfil: 0 })
  })

  it('emails the vendor when its part of an order is paid (the hook checkout calls)', async () => {
    const vendor = await newVendor(server)
    const { body: product } = await vendor.client.post<VendorProduct>(
      '/api/vendor/products/',
      productBody(leaf, { name: 'Email test sufuria', price: 900 }),
    )
    const buyer = new Client(server)
    const placed = await placeOrder(buyer, orderBody([{ productId: product.id, quantity: 1 }]))
    await settledPayment(buyer, placed.body as Placed)
    const order = await row(
      { id: orders.id },
      sql`select id from orders where order_number = ${placed.body.order.orderNumber}`,
    )
    const ids = await server.app.soko.paidShopNotices.enqueue(db(), order?.id ?? 0, 'https://soko.test')
    expect(ids).toHaveLength(1)
    const [mail] = (await outbox(server, vendor.email)).filter((m) => m.subject.startsWith('New paid order'))
    expect(mail?.subject).toBe(`New paid order ${placed.body.order.orderNumber} for ${vendor.shop.name}`)
    expect(mail?.text).toContain('Email test sufuria × 1: KSh 900')
    expect(mail?.text).toContain('https://soko.test/vendor-portal/orders')
  })

  it('answers only the shop owner: customers 403, signed-out 401, another vendor 404 with nothing changed', async () => {
    const a = await newVendor(server, { name: 'Vendor A shop' })
    const b = await newVendor(server, { name: 'Vendor B shop' })
    const customer = await newCustomer(server)
    const anonymous = new Client(server)
    const { body: product } = await a.client.post<VendorProduct>(
      '/api/vendor/products/',
      productBody(leaf, { name: 'Vendor A only product', stockQty: 9 }),
    )
    const [image] = (await upload(a.client, product.id, [{ name: 'a.jpg', data: await cameraJpeg(300, 200) }])).body
    if (!image) throw new Error('no image')
    const buyer = new Client(server)
    const placed = await placeOrder(buyer, orderBody([{ productId: product.id, quantity: 1 }]))
    await settledPayment(buyer, placed.body)
    const part = (await a.client.get<{ id: number }[]>('/api/vendor/orders/')).body[0]
    if (!part) throw new Error('no part')

    const snapshot = async () => ({
      product: await row(
        {
          name: products.name,
          slug: products.slug,
          price_cents: products.priceCents,
          discounted_price_cents: products.discountedPriceCents,
          stock_qty: products.stockQty,
          is_active: products.isActive,
          category_id: products.categoryId,
          description: products.description,
          updated_at: products.updatedAt,
        },
        sql`select name, slug, price_cents, discounted_price_cents, stock_qty, is_active, category_id,
        description, updated_at from products where id = ${product.id}`,
      ),
      images: await typedRows(
        db(),
        { id: productImages.id, position: productImages.position, is_primary: productImages.isPrimary },
        sql`select id, position, is_primary from product_images
        where product_id = ${product.id} order by id`,
      ),
      part: await row(
        { status: vendorOrders.status, tracking_note: vendorOrders.trackingNote },
        sql`select status, tracking_note from vendor_orders where id = ${part.id}`,
      ),
      shop: await row(
        {
          name: businesses.name,
          phone: businesses.phone,
          payout_phone: businesses.payoutPhone,
          updated_at: businesses.updatedAt,
        },
        sql`select name, phone, payout_phone, updated_at from businesses where id = ${a.shop.id}`,
      ),
    })
    const before = await snapshot()

    const p = product.id
    const form = productBody(leaf, { name: 'Hijacked', stockQty: 0 })
    const owned: [string, string, unknown?][] = [
      ['GET', `/api/vendor/products/${p}/`],
      ['PUT', `/api/vendor/products/${p}/`, form],
      ['PATCH', `/api/vendor/products/${p}/stock/`, { stockQty: 0 }],
      ['DELETE', `/api/vendor/products/${p}/`],
      ['GET', `/api/vendor/products/${p}/images/`],
      ['PUT', `/api/vendor/products/${p}/images/order/`, { imageIds: [image.id] }],
      ['DELETE', `/api/vendor/products/${p}/images/${image.id}/`],
      ['POST', `/api/vendor/orders/${part.id}/process/`],
      ['POST', `/api/vendor/orders/${part.id}/ship/`, { carrier: 'boda-boda', trackingNote: 'x' }],
      ['POST', `/api/vendor/orders/${part.id}/deliver/`],
    ]
    const general: [string, string, unknown?][] = [
      ['GET', '/api/vendor/shop/'],
      ['PUT', '/api/vendor/shop/', applyBody({ name: 'Hijacked' })],
      ['GET', '/api/vendor/dashboard/'],
      ['GET', '/api/vendor/categories/'],
      ['GET', '/api/vendor/products/'],
      ['POST', '/api/vendor/products/', form],
      ['GET', '/api/vendor/payouts/'],
      ['GET', '/api/vendor/orders/'],
    ]
    const small = await cameraJpeg(300, 200)
    for (const [method, path, body] of [...general, ...owned]) {
      const asCustomer = await customer.client.request(method, path, body === undefined ? {} : { body })
      expect(asCustomer.status, `customer ${method} ${path}`).toBe(403)
      const signedOut = await anonymous.request(method, path, body === undefined ? {} : { body })
      expect(signedOut.status, `signed out ${method} ${path}`).toBe(401)
    }
    expect((await upload(customer.client, p, [{ name: 'x.jpg', data: small }])).status).toBe(403)
    expect((await upload(anonymous, p, [{ name: 'x.jpg', data: small }])).status).toBe(401)
    expect((await anonymous.post('/api/vendor/apply/', applyBody())).status).toBe(401)

    for (const [method, path, body] of owned) {
      const answer = await b.client.request<ErrorAnswer>(method, path, body === undefined ? {} : { body })
      expect(answer.status, `vendor B ${method} ${path}`).toBe(404)
    }
    expect((await upload(b.client, p, [{ name: 'x.jpg', data: small }])).status).toBe(404)
    // B's own lists never show A's records.
    const bProducts = await b.client.get<{ products: VendorProduct[] }>('/api/vendor/products/')
    expect(bProducts.body.products.map((x) => x.id)).not.toContain(p)
    expect((await b.client.get<{ id: number }[]>('/api/vendor/orders/')).body).toEqual([])
    expect((await b.client.get<Payouts>('/api/vendor/payouts/')).body.lines).toEqual([])

    expect(await snapshot()).toEqual(before)
    const kept = await fetch(`${server.url}${image.original}`)
    await kept.arrayBuffer()
    expect(kept.status).toBe(200)
  })
})
