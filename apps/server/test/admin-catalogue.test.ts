import { auditLog } from '@soko/db/schema/audit'
import { products } from '@soko/db/schema/catalog'
import { contactMessages } from '@soko/db/schema/contact'
import { and, asc, eq, max, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client, type newCustomer, RELAXED_LIMITS, registerUser, signIn } from './support/accounts.ts'
import { sellableProducts, waitFor } from './support/checkout.ts'
import { engines, startTestServer, type TestServer } from './support/test-server.ts'

type Signed = Awaited<ReturnType<typeof newCustomer>>

async function newAdmin(server: TestServer): Promise<Signed> {
  const credentials = await registerUser(server)
  await server.database.db.execute(sql`update users set role = 'superuser' where lower(email) = ${credentials.email}`)
  return { ...credentials, ...(await signIn(server, credentials)) }
}

interface SearchAnswer {
  products: { id: number }[]
  total_products: number
}

interface Category {
  id: number
  slug: string
  name: string
  parent_id: number | null
  position: number
}

describe.each(engines)('admin catalogue (%s)', (engine) => {
  let server: TestServer
  let admin: Client
  const shopper = () => new Client(server)
  const searchIds = async (vendorId: number) =>
    (await shopper().get<SearchAnswer>(`/api/marketplace/search/?vendor=${vendorId}&per_page=100`)).body.products.map(
      (product) => product.id,
    )

  beforeAll(async () => {
    server = await startTestServer(engine, { env: RELAXED_LIMITS })
    admin = (await newAdmin(server)).client
  })
  afterAll(() => server?.close())

  it('lists every product, takes one down (it leaves search at once) and puts it back', async () => {
    const [product] = await sellableProducts(server, 1)
    if (!product) throw new Error('fixture')
    const listed = await admin.get<{ count: number; results: { id: number; shop: { id: number } }[] }>(
      `/api/admin/products/?shop=${product.business_id}&per_page=100`,
    )
    expect(listed.status).toBe(200)
    expect(listed.body.results.map((p) => p.id)).toContain(product.id)
    expect(listed.body.results.every((p) => p.shop.id === product.business_id)).toBe(true)
    expect(await searchIds(product.business_id)).toContain(product.id)

    const noReason = await admin.post(`/api/admin/products/${product.id}/deactivate/`, { reason: '  ' })
    expect(noReason.status).toBe(400)
    expect(noReason.body).toMatchObject({ detail: 'Reason is required', errors: { reason: ['Reason is required'] } })

    const down = await admin.post<{ is_active: boolean; deactivated_reason: string }>(
      `/api/admin/products/${product.id}/deactivate/`,
      { reason: 'Listed as original but reported counterfeit' },
    )
    expect(down.status).toBe(200)
    expect(down.body).toMatchObject({
      is_active: false,
      deactivated_reason: 'Listed as original but reported counterfeit',
    })
    expect(await searchIds(product.business_id)).not.toContain(product.id)
    expect((await shopper().get(`/api/marketplace/api/products/${product.slug}/`)).status).toBe(404)
    const inactive = await admin.get<{ results: { id: number }[] }>(
      `/api/admin/products/?status=inactive&shop=${product.business_id}`,
    )
    expect(inactive.body.results.map((p) => p.id)).toContain(product.id)

    const up = await admin.post<{ is_active: boolean; deactivated_reason: null }>(
      `/api/admin/products/${product.id}/reactivate/`,
    )
    expect(up.body).toMatchObject({ is_active: true, deactivated_reason: null })
    expect(await searchIds(product.business_id)).toContain(product.id)
    expect((await admin.post('/api/admin/products/99999999/deactivate/', { reason: 'x' })).status).toBe(404)

    // A product its shop switched off itself stays the shop's call.
    await server.database.db.execute(sql`update products set is_active = false where id = ${product.id}`)
    expect((await admin.post(`/api/admin/products/${product.id}/reactivate/`)).status).toBe(409)
    await server.database.db.execute(sql`update products set is_active = true where id = ${product.id}`)
  })

  it("verifies shops, and suspension takes a shop's products out of search at once", async () => {
    const [product] = await sellableProducts(server, 1)
    if (!product) throw new Error('fixture')
    const shopId = product.business_id
    const list = await admin.get<{ results: { id: number; owner: unknown; product_count: number }[] }>(
      '/api/admin/vendors/?per_page=100',
    )
    expect(list.status).toBe(200)
    const shop = list.body.results.find((s) => s.id === shopId)
    expect(shop?.product_count).toBeGreaterThan(0)

    const unverified = await admin.post<{ is_verified: boolean; verified_at: null }>(
      `/api/admin/vendors/${shopId}/unverify/`,
    )
    expect(unverified.body).toMatchObject({ is_verified: false, verified_at: null })
    const verified = await admin.post<{ is_verified: boolean; verified_at: string }>(
      `/api/admin/vendors/${shopId}/verify/`,
    )
    expect(verified.body.is_verified).toBe(true)
    expect(Date.parse(verified.body.verified_at)).toBeGreaterThan(Date.now() - 60_000)
    const verifiedOnly = await admin.get<{ results: { is_verified: boolean; is_active: boolean }[] }>(
      '/api/admin/vendors/?status=verified&per_page=100',
    )
    expect(verifiedOnly.body.results.every((s) => s.is_verified && s.is_active)).toBe(true)

    expect((await searchIds(shopId)).length).toBeGreaterThan(0)
    const suspended = await admin.post<{ is_active: boolean; suspended_reason: string }>(
      `/api/admin/vendors/${shopId}/suspend/`,
      { reason: 'Selling counterfeit phones' },
    )
    expect(suspended.body).toMatchObject({ is_active: false, suspended_reason: 'Selling counterfeit phones' })
    const search = await shopper().get<SearchAnswer>(`/api/marketplace/search/?q=${encodeURIComponent(product.slug)}`)
    expect(search.body.products.map((p) => p.id)).not.toContain(product.id)
    expect(await searchIds(shopId)).toEqual([])
    expect((await shopper().get(`/api/marketplace/api/products/${product.slug}/`)).status).toBe(404)

    const back = await admin.post<{ is_active: boolean; suspended_reason: null }>(
      `/api/admin/vendors/${shopId}/unsuspend/`,
    )
    expect(back.body).toMatchObject({ is_active: true, suspended_reason: null })
    expect(await searchIds(shopId)).toContain(product.id)

    const audit = await server.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, 'shop'), eq(auditLog.subjectId, shopId)))
      .orderBy(asc(auditLog.id))
    expect(audit.map((row) => row.action)).toEqual([
      'shop.unverified',
      'shop.verified',
      'shop.suspended',
      'shop.unsuspended',
    ])
  })

  it('creates, edits, reorders and deletes categories; the storefront shows each change at once', async () => {
    const storefront = async () => (await shopper().get<Category[]>('/api/marketplace/categories/')).body
    await storefront() // cached now: the changes below must drop it
    const top = await admin.post<Category & { children: Category[] }>('/api/admin/categories/', {
      name: 'Jua Kali Crafts',
      description: 'Made in Kenyan workshops',
      image_url: 'https://images.example.co.ke/jua-kali.webp',
      image_alt: 'A metal workshop',
    })
    expect(top.status).toBe(201)
    expect(top.body).toMatchObject({ slug: 'jua-kali-crafts', parent_id: null, children: [] })
    const names = ['Sufuria Makers', 'Tin Lamps', 'Sandals from Tyres']
    const children: Category[] = []
    for (const name of names) {
      const child = await admin.post<Category>('/api/admin/categories/', { name, parent_id: top.body.id })
      expect(child.status).toBe(201)
      children.push(child.body)
    }
    // Every process drops its cache when PostgreSQL announces the change: a few milliseconds after the commit.
    await expect.poll(async () => (await storefront()).find((c) => c.id === top.body.id)?.name).toBe('Jua Kali Crafts')
    await expect
      .poll(async () => (await storefront()).filter((c) => c.parent_id === top.body.id).map((c) => c.name))
      .toEqual(names)

    const [a, b, c] = children
    if (!a || !b || !c) throw new Error('fixture')
    const reordered = await admin.put<(Category & { children: Category[] })[]>('/api/admin/categories/order/', {
      parent_id: top.body.id,
      ids: [c.id, a.id, b.id],
    })
    expect(reordered.status).toBe(200)
    expect(reordered.body.find((x) => x.id === top.body.id)?.children.map((x) => x.id)).toEqual([c.id, a.id, b.id])
    await expect
      .poll(async () => (await storefront()).filter((x) => x.parent_id === top.body.id).map((x) => x.id))
      .toEqual([c.id, a.id, b.id])
    const partial = await admin.put('/api/admin/categories/order/', { parent_id: top.body.id, ids: [a.id, b.id] })
    expect(partial.status).toBe(400)
    expect(partial.body).toMatchObject({ errors: { ids: ['Ids must name every category of that level, each once'] } })

    const renamed = await admin.put<Category>(`/api/admin/categories/${b.id}/`, { name: 'Paraffin Lamps' })
    expect(renamed.body).toMatchObject({ name: 'Paraffin Lamps', slug: 'tin-lamps' })
    await expect.poll(async () => (await storefront()).find((x) => x.id === b.id)?.name).toBe('Paraffin Lamps')
    const hidden = await admin.put<Category>(`/api/admin/categories/${b.id}/`, { is_active: false })
    expect(hidden.status).toBe(200)
    await expect.poll(async () => (await storefront()).some((x) => x.id === b.id)).toBe(false)
    expect((await shopper().get(`/api/marketplace/categories/tin-lamps/`)).status).toBe(404)

    // Validation, slugs, the two-level rule.
    const noName = await admin.post('/api/admin/categories/', { description: 'x' })
    expect(noName.status).toBe(400)
    expect(noName.body).toMatchObject({ errors: { name: ['Name is required'] } })
    const taken = await admin.post('/api/admin/categories/', { name: 'Another', slug: 'jua-kali-crafts' })
    expect(taken.status).toBe(409)
    expect(taken.body).toMatchObject({ errors: { slug: ['Another category already uses this slug'] } })
    const same = await admin.post<Category>('/api/admin/categories/', { name: 'Jua Kali Crafts!' })
    expect(same.body.slug).toBe('jua-kali-crafts-2')
    const deep = await admin.post('/api/admin/categories/', { name: 'Too deep', parent_id: a.id })
    expect(deep.status).toBe(400)
    expect(deep.body).toMatchObject({ errors: { parent_id: [expect.stringMatching(/top-level/)] } })
    const script = await admin.post('/api/admin/categories/', { name: 'X', image_url: 'javascript:alert(1)' })
    expect(script.status).toBe(400)
    expect((await admin.post('/api/admin/categories/', { name: 'X', hue: 3 })).status).toBe(400)

    // Deleting: only an empty category.
    const withChildren = await admin.delete<{ detail: string }>(`/api/admin/categories/${top.body.id}/`)
    expect(withChildren.status).toBe(409)
    expect(withChildren.body.detail).toMatch(/3 subcategories/)
    const [used] = await server.database.db.select({ category_id: products.categoryId }).from(products).limit(1)
    const withProducts = await admin.delete<{ detail: string }>(`/api/admin/categories/${used?.category_id}/`)
    expect(withProducts.status).toBe(409)
    expect(withProducts.body.detail).toMatch(/products?: move them/)
    expect((await admin.delete(`/api/admin/categories/${c.id}/`)).status).toBe(204)
    await expect.poll(async () => (await storefront()).some((x) => x.id === c.id)).toBe(false)
    expect((await admin.delete(`/api/admin/categories/${c.id}/`)).status).toBe(404)
  })

  it('creates, edits and deletes banners; the home page honours their schedule', async () => {
    const home = async () =>
      (await shopper().get<{ banners: { id: number; title: string }[] }>('/api/marketplace/home/')).body.banners.map(
        (banner) => banner.title,
      )
    await home()
    const live = await admin.post<{ id: number; state: string; image: { url: string } }>('/api/admin/banners/', {
      title: 'Mashujaa Day deals',
      subtitle: 'Up to 40% off',
      link_url: '/products?category=phones-tablets',
      stat1: '40%',
      stat1_label: 'off',
    })
    expect(live.status).toBe(201)
    expect(live.body.state).toBe('live')
    expect(live.body.image.url).toBe(`/media/banners/${live.body.id}/original.webp`)
    // Every process drops its cached home page when PostgreSQL announces the change: a few milliseconds after commit.
    await expect.poll(home).toContain('Mashujaa Day deals')

    const startsAt = new Date(Date.now() + 2500).toISOString()
    const later = await admin.post<{ id: number; state: string }>('/api/admin/banners/', {
      title: 'Jamhuri Day sale',
      image_url: 'https://images.example.co.ke/jamhuri.webp',
      starts_at: startsAt,
    })
    expect(later.body.state).toBe('scheduled')
    const ended = await admin.post<{ state: string }>('/api/admin/banners/', {
      title: 'Last month',
      starts_at: '2026-01-01T00:00:00+03:00',
      ends_at: '2026-01-02T00:00:00+03:00',
    })
    expect(ended.body.state).toBe('ended')
    const off = await admin.post<{ state: string }>('/api/admin/banners/', { title: 'Switched off', is_active: false })
    expect(off.body.state).toBe('off')
    const titles = await home()
    expect(titles).not.toContain('Jamhuri Day sale')
    expect(titles).not.toContain('Last month')
    expect(titles).not.toContain('Switched off')
    // Nothing is written when the start comes: the home page must still show it then.
    await waitFor(async () => ((await home()).includes('Jamhuri Day sale') ? true : null), 10_000)

    const backwards = await admin.post('/api/admin/banners/', {
      title: 'Backwards',
      starts_at: '2026-02-02T00:00:00+03:00',
      ends_at: '2026-02-01T00:00:00+03:00',
    })
    expect(backwards.status).toBe(400)
    expect(backwards.body).toMatchObject({ errors: { ends_at: ['End must be after start'] } })
    const badLink = await admin.post('/api/admin/banners/', { title: 'X', link_url: 'javascript:alert(1)' })
    expect(badLink.status).toBe(400)
    const badDate = await admin.post('/api/admin/banners/', { title: 'X', starts_at: 'tomorrow' })
    expect(badDate.status).toBe(400)

    const edited = await admin.put<{ title: string; ends_at: string }>(`/api/admin/banners/${live.body.id}/`, {
      title: 'Mashujaa Day mega deals',
      ends_at: new Date(Date.now() - 1000).toISOString(),
    })
    expect(edited.status).toBe(200)
    expect(await home()).not.toContain('Mashujaa Day mega deals')
    const listed = await admin.get<{ id: number; state: string }[]>('/api/admin/banners/')
    expect(listed.body.find((b) => b.id === live.body.id)?.state).toBe('ended')

    expect((await admin.delete(`/api/admin/banners/${later.body.id}/`)).status).toBe(204)
    await expect.poll(home).not.toContain('Jamhuri Day sale')
    expect((await admin.delete(`/api/admin/banners/${later.body.id}/`)).status).toBe(404)
  })

  it('marks contact messages handled, once', async () => {
    const sent = await shopper().post('/api/contact/', {
      name: 'Otieno',
      email: 'otieno@example.co.ke',
      subject: 'Where is my order?',
      message: 'It has been a week since I ordered.',
    })
    expect(sent.status).toBe(201)
    const [row] = await server.database.db.select({ id: max(contactMessages.id) }).from(contactMessages)
    const before = await admin.get<{ quick_actions: { unhandled_contact_messages: number } }>('/api/admin/dashboard/')
    const first = await admin.post<{ id: number; handled_at: string }>(
      `/api/admin/contact-messages/${row?.id}/handled/`,
    )
    expect(first.status).toBe(200)
    const second = await admin.post<{ handled_at: string }>(`/api/admin/contact-messages/${row?.id}/handled/`)
    expect(second.body.handled_at).toBe(first.body.handled_at)
    const after = await admin.get<{ quick_actions: { unhandled_contact_messages: number } }>('/api/admin/dashboard/')
    expect(after.body.quick_actions.unhandled_contact_messages).toBe(
      before.body.quick_actions.unhandled_contact_messages - 1,
    )
    expect((await admin.post('/api/admin/contact-messages/99999999/handled/')).status).toBe(404)
    // The inbox shows it handled, after a reload too.
    const inbox = await admin.get<{ results: { id: number; handled_at: string | null }[] }>(
      '/api/admin/contact-messages/?per_page=50',
    )
    expect(inbox.body.results.find((message) => message.id === row?.id)?.handled_at).toBe(first.body.handled_at)
  })
})
