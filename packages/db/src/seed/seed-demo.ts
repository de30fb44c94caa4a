import { Param, sql } from 'drizzle-orm'
import type { Db } from '../client.ts'
import { categories } from '../schema/catalog.ts'
import { pickupStations } from '../schema/delivery.ts'
import { type HashPassword, seedDemoAccounts } from './demo-accounts.ts'
import { type DemoProduct, demoCatalogue, demoProducts, demoReviews } from './demo-catalogue.ts'
import { DEMO_STATIONS } from './demo-stations.ts'
import { seedDemoVoucher } from './demo-vouchers.ts'
import { type HistoryResult, type HistorySettings, seedDemoHistory } from './seed-demo-history.ts'

export interface SeedResult {
  seeded: boolean
  categories: number
  vendors: number
  products: number
  reviews: number
  images: number
  banners: number
  /** Demo sign-ins created or given a password (0 when no hash function was passed). */
  accounts: number
  /** The marketplace's past, when asked for (`history`). */
  history: HistoryResult | null
}

/** Taken by every seeder, so processes starting together on one empty PostgreSQL seed it once. */
const SEED_LOCK_KEY = 727_101_002
/** Rows per INSERT: large enough to amortise round trips, small enough to keep parameters modest. */
const BATCH = 5000

const DAY_MS = 86_400_000

/** One array parameter (drizzle would otherwise expand a JS array into a list of parameters). */
const arr = (values: unknown[]) => new Param(values)

/**
 * Fills an empty catalogue with the deterministic Kenyan demo catalogue; does nothing when any category exists.
 * Ids are assigned here (1..n) so that related rows can be inserted in bulk without reading ids back. With
 * `hashPassword`, the demo accounts (README, "Demo accounts") are created too.
 */
export async function seedDemoCatalogue(
  db: Db,
  options: {
    products: number
    now?: Date
    hashPassword?: HashPassword
    /** Days of past orders, returns, refunds and payouts to write, with the server's money settings. */
    history?: { days: number; settings: HistorySettings }
  },
): Promise<SeedResult> {
  const now = (options.now ?? new Date()).getTime()
  const at = (daysAgo: number) => new Date(now - daysAgo * DAY_MS).toISOString()
  const result = await db.transaction(async (t) => {
    await t.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`)
    const existing = await t.$count(categories)
    const result: SeedResult = {
      seeded: false,
      categories: 0,
      vendors: 0,
      products: 0,
      reviews: 0,
      images: 0,
      banners: 0,
      accounts: 0,
      history: null,
    }
    if (existing > 0) return result

    const catalogue = demoCatalogue()
    const categoryIds = new Map(catalogue.categories.map((c, i) => [c.slug, i + 1]))
    const vendorIds = new Map(catalogue.vendors.map((v, i) => [v.slug, i + 1]))
    const idOf = (map: Map<string, number>, slug: string, kind: string) => {
      const id = map.get(slug)
      if (id === undefined) throw new Error(`demo ${kind} ${slug} does not exist`)
      return id
    }

    // Parents first: the tree's foreign key checks each row as it is inserted.
    const orderedCategories = [...catalogue.categories].sort(
      (a, b) => Number(a.parentSlug !== null) - Number(b.parentSlug !== null),
    )
    await t.execute(sql`
      insert into categories (id, parent_id, slug, name, image_alt, hue, position)
      select * from unnest(
        ${arr(orderedCategories.map((c) => idOf(categoryIds, c.slug, 'category')))}::int[],
        ${arr(orderedCategories.map((c) => (c.parentSlug ? idOf(categoryIds, c.parentSlug, 'category') : null)))}::int[],
        ${arr(orderedCategories.map((c) => c.slug))}::text[],
        ${arr(orderedCategories.map((c) => c.name))}::text[],
        ${arr(orderedCategories.map((c) => c.imageAlt))}::text[],
        ${arr(orderedCategories.map((c) => c.hue))}::smallint[],
        ${arr(orderedCategories.map((c) => c.position))}::int[])`)

    await t.execute(sql`
      insert into users (id, email, first_name, last_name, role, created_at)
      select * from unnest(
        ${arr(catalogue.vendors.map((_, i) => i + 1))}::int[],
        ${arr(catalogue.vendors.map((v) => `owner@${v.slug}.demo.soko.co.ke`))}::text[],
        ${arr(catalogue.vendors.map((v) => v.name.split(' ')[0] ?? v.name))}::text[],
        ${arr(catalogue.vendors.map(() => 'Owner'))}::text[],
        ${arr(catalogue.vendors.map(() => 'vendor'))}::text[],
        ${arr(catalogue.vendors.map((v) => at(v.createdDaysAgo)))}::timestamptz[])`)

    await t.execute(sql`
      insert into businesses (id, owner_id, slug, name, type, description, is_verified, county, town, phone, payout_phone, email, created_at, updated_at)
      select *, c from unnest(
        ${arr(catalogue.vendors.map((_, i) => i + 1))}::int[],
        ${arr(catalogue.vendors.map((_, i) => i + 1))}::int[],
        ${arr(catalogue.vendors.map((v) => v.slug))}::text[],
        ${arr(catalogue.vendors.map((v) => v.name))}::text[],
        ${arr(catalogue.vendors.map((v) => v.type))}::text[],
        ${arr(catalogue.vendors.map((v) => v.description))}::text[],
        ${arr(catalogue.vendors.map((v) => v.isVerified))}::boolean[],
        ${arr(catalogue.vendors.map((v) => v.county))}::text[],
        ${arr(catalogue.vendors.map((v) => v.town))}::text[],
        ${arr(catalogue.vendors.map((v) => v.phone))}::text[],
        ${arr(catalogue.vendors.map((v) => v.payoutPhone))}::text[],
        ${arr(catalogue.vendors.map((v) => v.email))}::text[],
        ${arr(catalogue.vendors.map((v) => at(v.createdDaysAgo)))}::timestamptz[]) as u(i, o, s, n, ty, d, ve, co, tw, ph, pp, em, c)`)

    let batch: DemoProduct[] = []
    let productId = 0
    let imageId = 0
    let reviewId = 0
    const flush = async () => {
      if (batch.length === 0) return
      const firstId = productId - batch.length + 1
      const ids = batch.map((_, i) => firstId + i)
      await t.execute(sql`
        insert into products (id, business_id, category_id, slug, name, description, price_cents, discounted_price_cents,
          stock_qty, low_stock_threshold, sales_count, view_count, created_at, updated_at)
        select *, c from unnest(
          ${arr(ids)}::int[],
          ${arr(batch.map((p) => idOf(vendorIds, p.vendorSlug, 'vendor')))}::int[],
          ${arr(batch.map((p) => idOf(categoryIds, p.categorySlug, 'category')))}::int[],
          ${arr(batch.map((p) => p.slug))}::text[],
          ${arr(batch.map((p) => p.name))}::text[],
          ${arr(batch.map((p) => p.description))}::text[],
          ${arr(batch.map((p) => p.priceCents))}::int[],
          ${arr(batch.map((p) => p.discountedPriceCents))}::int[],
          ${arr(batch.map((p) => p.stockQty))}::int[],
          ${arr(batch.map((p) => p.lowStockThreshold))}::int[],
          ${arr(batch.map((p) => p.salesCount))}::int[],
          ${arr(batch.map((p) => p.viewCount))}::int[],
          ${arr(batch.map((p) => at(p.createdDaysAgo)))}::timestamptz[])
          as u(i, b, ca, s, n, d, pr, di, st, lo, sa, vi, c)`)

      const images = batch.flatMap((p, i) =>
        Array.from({ length: p.imageCount }, (_, position) => ({ productId: ids[i] as number, position, p })),
      )
      await t.execute(sql`
        insert into product_images (id, product_id, position, is_primary, alt_text, hue)
        select * from unnest(
          ${arr(images.map(() => ++imageId))}::int[],
          ${arr(images.map((img) => img.productId))}::int[],
          ${arr(images.map((img) => img.position))}::int[],
          ${arr(images.map((img) => img.position === 0))}::boolean[],
          ${arr(images.map((img) => (img.position === 0 ? img.p.name : `${img.p.name}, view ${img.position + 1}`)))}::text[],
          ${arr(images.map((img) => img.p.hue))}::smallint[])`)
      result.images += images.length

      const reviews = batch.flatMap((p, i) =>
        demoReviews(p, (ids[i] as number) - 1).map((r) => ({ ...r, productId: ids[i] as number })),
      )
      if (reviews.length > 0) {
        await t.execute(sql`
          insert into reviews (id, product_id, author_name, rating, comment, created_at)
          select * from unnest(
            ${arr(reviews.map(() => ++reviewId))}::int[],
            ${arr(reviews.map((r) => r.productId))}::int[],
            ${arr(reviews.map((r) => r.authorName))}::text[],
            ${arr(reviews.map((r) => r.rating))}::smallint[],
            ${arr(reviews.map((r) => r.comment))}::text[],
            ${arr(reviews.map((r) => at(r.daysAgo)))}::timestamptz[])`)
      }
      result.reviews += reviews.length
      batch = []
    }
    for (const product of demoProducts(options.products)) {
      productId++
      batch.push(product)
      if (batch.length === BATCH) await flush()
    }
    await flush()

    for (const [i, b] of catalogue.banners.entries()) {
      await t.execute(sql`
        insert into banners (id, title, subtitle, hue, category_id, link_url, link_text, stat1, stat1_label, stat2, stat2_label, position)
        values (${i + 1}, ${b.title}, ${b.subtitle}, ${b.hue},
          ${b.categorySlug ? idOf(categoryIds, b.categorySlug, 'category') : null}, ${b.linkUrl}, ${b.linkText},
          ${b.stat1}, ${b.stat1Label}, ${b.stat2}, ${b.stat2Label}, ${b.position})`)
    }

    await t.insert(pickupStations).values([...DEMO_STATIONS])
    await seedDemoVoucher(t, now)
    // A shop's copies of one product per size or colour become its variants (migration 0027, the same rule).
    await t.execute(sql`select soko_group_variants()`)

    // Ids were given explicitly: move each sequence past them so the next insert does not collide.
    for (const table of ['categories', 'users', 'businesses', 'products', 'product_images', 'reviews', 'banners']) {
      await t.execute(
        sql.raw(
          `select setval(pg_get_serial_sequence('${table}', 'id'), coalesce((select max(id) from ${table}), 0) + 1, false)`,
        ),
      )
    }
    if (options.hashPassword) result.accounts = await seedDemoAccounts(t, options.hashPassword)
    if (options.history && options.history.days > 0) {
      result.history = await seedDemoHistory(t, { now: new Date(now), ...options.history })
    }

    return {
      ...result,
      seeded: true,
      categories: catalogue.categories.length,
      vendors: catalogue.vendors.length,
      products: productId,
      banners: catalogue.banners.length,
    }
  })
  // The triggers' bookkeeping (ratings copied to products, counts and names upserted batch after batch) leaves
  // several dead row versions per live one, which every search would read through until a vacuum: PGlite never
  // vacuums by itself, and autovacuum may be off or not yet round. The small search tables are rewritten whole (a
  // tenth of their size: their counts were upserted once per batch). search_products is rewritten in the order of
  // its clustering index (migration 0009): one transaction updating every row several times leaves no room for
  // updates in place, so rows left the pages they were added to, and a search would read far more pages. The rest
  // is vacuumed. Outside the transaction: VACUUM needs that.
  if (result.seeded) {
    await db.execute(sql`vacuum (full, analyze) search_facet_counts, search_suggestions, search_terms`)
    await db.execute(sql`cluster search_products`)
    await db.execute(sql`vacuum (analyze)`)
  }
  return result
}
