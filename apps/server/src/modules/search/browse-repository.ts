import type { Db } from '@soko/db/client'
import { listingShape, type ProductRow } from '@soko/db/read-models/listing'
import { typedRows } from '@soko/db/typed-sql'
import { type SQL, sql } from 'drizzle-orm'
import {
  anyOf,
  atLeast,
  between,
  type FacetRow,
  facetSelects,
  facetShape,
  flagged,
  grouped,
  ints,
  PRICE_EDGES_CENTS,
  priceEdges,
  rowOrder,
  type SearchFilters,
  type SortKey,
  withListings,
} from './repository.ts'

// SQL of a search without text (browsing the catalogue with filters): facet counts from the maintained counts,
// and the page by walking an index in the sort's order, or gathering and sorting a few thousand products.

/**
 * ORDER BY over the catalogue's products (`p`), each matching one of its indexes (migrations 0001 and 0003) exactly:
 * Drizzle made the descending ones NULLS LAST, and a plain DESC (nulls first) would not walk them.
 */
function catalogueOrder(sort: Exclude<SortKey, 'relevance'>): SQL {
  switch (sort) {
    case 'popular':
      return sql`p.sales_count desc nulls last, p.id`
    case 'price_low':
      return sql`p.effective_price_cents, p.id`
    case 'price_high':
      return sql`p.effective_price_cents desc, p.id desc`
    case 'rating':
      return sql`soko_rating_avg(p.rating_sum, p.rating_count) desc nulls last, p.rating_count desc, p.id`
    case 'newest':
      return sql`p.created_at desc nulls last, p.id`
  }
}

/** The same orders over the columns `listPage` selects per category (`x`). */
const pickedOrder = (sort: Exclude<SortKey, 'relevance'>): SQL =>
  rowOrder(sort, { alias: 'x', id: 'id', price: 'effective_price_cents' })

/** A price interval in cents, [from, to): `to` null for no upper end. */
interface PriceSlice {
  from: number
  to: number | null
}

/**
 * How a price filter meets the price facet's bands (0-4, PRICE_EDGES_CENTS): the bands wholly inside it, and for
 * each band it cuts, the slices of that band to count product by product, with whether they are the part inside
 * the filter or the part outside (whichever looks narrower on a log scale of prices: fewer products to read).
 */
export interface PricePlan {
  inside: number[]
  cut: { band: number; slices: PriceSlice[]; scanned: 'inside' | 'outside' }[]
}

export function planPriceFilter(minCents: number | null, maxCents: number | null): PricePlan {
  const edges = [0, ...PRICE_EDGES_CENTS]
  const from = minCents ?? 0
  const to = maxCents === null ? null : maxCents + 1
  // Log-scale width of [a, b), prices counted from KES 1 and capped at KES 10 million for the open band.
  const width = (a: number, b: number | null) => Math.log((b ?? 1_000_000_000) + 100) - Math.log(a + 100)
  const plan: PricePlan = { inside: [], cut: [] }
  for (const [band, lo] of edges.entries()) {
    const hi = edges[band + 1] ?? null
    const startsInside = from <= lo
    const endsInside = to === null || (hi !== null && hi <= to)
    if (startsInside && endsInside) {
      plan.inside.push(band)
      continue
    }
    if ((hi !== null && hi <= from) || (to !== null && to <= lo)) continue // wholly outside
    const inside: PriceSlice = { from: Math.max(from, lo), to: to === null ? hi : hi === null ? to : Math.min(to, hi) }
    const outside: PriceSlice[] = []
    if (lo < inside.from) outside.push({ from: lo, to: inside.from })
    if (inside.to !== null && (hi === null || inside.to < hi)) outside.push({ from: inside.to, to: hi })
    const outsideWidth = outside.reduce((sum, slice) => sum + width(slice.from, slice.to), 0)
    plan.cut.push(
      width(inside.from, inside.to) <= outsideWidth
        ? { band, slices: [inside], scanned: 'inside' }
        : { band, slices: outside, scanned: 'outside' },
    )
  }
  return plan
}

/**
 * Facet counts of a search without text from the maintained counts (search_facet_counts), so independent of the
 * catalogue's size when the price bounds are band edges (the presets). Bounds inside a band (a shopper's own
 * range) cut that band: the maintained counts put all its products on one side of the filter, and the products of
 * the narrower side of each cut, read through the price index, are moved to the other (rows of opposite sign: the
 * facets are sums). The minimum rating must be a whole number (floor(rating) >= n is then exact).
 */
export function countFromSummary(db: Db, filters: SearchFilters): Promise<FacetRow[]> {
  const plan = planPriceFilter(filters.priceMinCents, filters.priceMaxCents)
  const shownIn = (table: string) =>
    sql`${filters.inStockOnly ? sql.raw(`${table}.in_stock`) : sql`true`}
      and ${filters.verifiedOnly ? sql.raw(`${table}.is_verified`) : sql`true`}`
  const ratingOk = (floor: SQL) => (filters.minRating === null ? sql`true` : sql`${floor} >= ${filters.minRating}`)
  const band = sql`width_bucket(c.price_band, ${priceEdges})`
  // Bands the maintained counts put inside the filter: those wholly inside it, and those cut where the part
  // outside is read (and moved out below).
  const countedInside = ints([
    ...plan.inside,
    ...plan.cut.filter((cut) => cut.scanned === 'outside').map((cut) => cut.band),
  ])
  const scannedInside = ints(plan.cut.filter((cut) => cut.scanned === 'inside').map((cut) => cut.band))
  const slices = plan.cut.flatMap((cut) => cut.slices)
  // A range per slice, read from the price index alone (it includes what the count groups by); ranges joined by OR
  // would be read as a filter over the whole index.
  const sliceRows = sql.join(
    slices.map(
      (slice) => sql`select sp.category_id, sp.business_id, sp.price_band, sp.rating_floor from search_products sp
        where sp.price_cents >= ${slice.from}${slice.to === null ? sql`` : sql` and sp.price_cents < ${slice.to}`}
          and ${shownIn('sp')}`,
    ),
    sql` union all `,
  )
  const moved =
    slices.length === 0
      ? sql``
      : sql`union all
          select x.category_id, x.business_id, x.band, x.rating_floor, m.price_ok, ${ratingOk(sql`x.rating_floor`)},
            case when m.price_ok = (x.band = any(${scannedInside}::int[])) then x.n else -x.n end
          from (
            select sp.category_id, sp.business_id, sp.price_band::int as band, sp.rating_floor::int as rating_floor,
              count(*)::int as n
            from (${sliceRows}) sp
            group by 1, 2, 3, 4
          ) x
          cross join (values (true), (false)) as m(price_ok)`
  return typedRows(
    db,
    facetShape,
    sql`with g as (
          select c.category_id, c.business_id, ${band} as band, c.rating_floor::int as rating_floor,
            ${band} = any(${countedInside}::int[]) as price_ok, ${ratingOk(sql`c.rating_floor`)} as rating_ok,
            c.product_count as n
          from search_facet_counts c
          where c.product_count > 0 and ${shownIn('c')}
          ${moved}
        ),
        ${flagged(filters)}
        ${facetSelects()}`,
  )
}

/** Facet counts of a search without text whose minimum rating is not a whole number: counts every product. */
export function countByScan(db: Db, filters: SearchFilters): Promise<FacetRow[]> {
  return typedRows(db, facetShape, sql`with ${grouped(filters, sql`true`)}, ${flagged(filters)} ${facetSelects()}`)
}

/**
 * How `listPage` finds a page: by walking the sort's index and stopping after the page ('walk', right when the
 * filters leave many products: the page's products turn up early), or by gathering every product the filters leave
 * and sorting those ('gather', right when they leave few: a walk would pass most of the catalogue first, the more so
 * as prices go against sales, dates and ratings; "Over KES 50,000" by best sellers read a third of it).
 */
export type PageStrategy = 'walk' | 'gather'

/** The pieces of a page query without text: the filters on `p` (products), price apart, and the sort's columns. */
function catalogueFilters(filters: SearchFilters) {
  const hiddenShops = sql`array(
    select b.id from businesses b where not b.is_active${filters.verifiedOnly ? sql` or not b.is_verified` : sql``})`
  const hiddenCategories = sql`array(
    select c.id from categories c left join categories pc on pc.id = c.parent_id
    where not c.is_active or not coalesce(pc.is_active, true))`
  return {
    hiddenCategories,
    /** Every filter but the price and the category. */
    unpriced: sql`p.is_active and p.listed
      and p.business_id <> all(${hiddenShops})
      and ${anyOf(sql`p.business_id`, filters.vendorIds)}
      and ${anyOf(sql`p.id`, filters.productIds)}
      and ${atLeast(sql`soko_rating_avg(p.rating_sum, p.rating_count)`, filters.minRating)}
      and ${filters.inStockOnly ? sql`p.stock_qty > 0` : sql`true`}`,
    price: (column: SQL) => between(column, filters.priceMinCents, filters.priceMaxCents),
    sortColumns: sql`p.id, p.sales_count, p.effective_price_cents, p.created_at, p.rating_count,
      soko_rating_avg(p.rating_sum, p.rating_count) as rating_avg`,
  }
}

/**
 * A page of a search without text, straight from the catalogue. Walking: in the order of one of its indexes,
 * stopping after the page. Visibility is tested against the (usually empty) sets of hidden shops and categories
 * rather than by joins, so that the planner walks the index. With a category filter each of its categories is read
 * in order separately (a parent's subcategories) and the pieces merged: one walk of the whole catalogue's order would
 * pass every other category's products first. Gathering: the filters alone pick the rows (through the price index,
 * say), fenced off (offset 0) so that the planner cannot turn it back into a walk, then they are sorted.
 */
export async function listPage(
  db: Db,
  filters: SearchFilters,
  sort: Exclude<SortKey, 'relevance'>,
  limit: number,
  offset: number,
  strategy: PageStrategy = 'walk',
): Promise<ProductRow[]> {
  const { hiddenCategories, unpriced, price, sortColumns } = catalogueFilters(filters)
  const conditions = sql`${unpriced} and ${price(sql`p.effective_price_cents`)}`
  let query: SQL
  if (strategy === 'gather') {
    const inCategories =
      filters.categoryIds === null
        ? sql`p.category_id <> all(${hiddenCategories})`
        : sql`p.category_id = any(${ints(filters.categoryIds)}::int[])`
    query = sql`select x.id from (
        select ${sortColumns} from products p where ${conditions} and ${inCategories} offset 0
      ) x
      order by ${pickedOrder(sort)} limit ${limit} offset ${offset}`
  } else if (filters.categoryIds === null) {
    query = sql`select p.id from products p
      where ${conditions} and p.category_id <> all(${hiddenCategories})
      order by ${catalogueOrder(sort)} limit ${limit} offset ${offset}`
  } else {
    query = sql`select x.id from unnest(${ints(filters.categoryIds)}::int[]) as c(id)
      cross join lateral (
        select ${sortColumns} from products p
        where p.category_id = c.id and ${conditions}
        order by ${catalogueOrder(sort)} limit ${limit + offset}
      ) x
      order by ${pickedOrder(sort)} limit ${limit} offset ${offset}`
  }
  return typedRows(db, listingShape, withListings(query, 'id'))
}

/**
 * A page of a search without text and without a category filter, looked for among the first `within` products of
 * the sort's order that pass every other filter: the price filter is applied to those only. When they hold a whole
 * page it is the page (the products before it in the order were all read); when they do not (a price range that
 * few products of that order fall in, or the last page), null, and the caller pages another way. So the walk's cost
 * is bounded whatever the price range, and it needs no count first.
 */
export async function walkWithin(
  db: Db,
  filters: SearchFilters,
  sort: Exclude<SortKey, 'relevance'>,
  limit: number,
  offset: number,
  within: number,
): Promise<ProductRow[] | null> {
  const { hiddenCategories, unpriced, price, sortColumns } = catalogueFilters(filters)
  const query = sql`select x.id from (
      select ${sortColumns} from products p
      where ${unpriced} and p.category_id <> all(${hiddenCategories})
      order by ${catalogueOrder(sort)} limit ${within}
    ) x
    where ${price(sql`x.effective_price_cents`)}
    order by ${pickedOrder(sort)} limit ${limit} offset ${offset}`
  const rows = await typedRows(db, listingShape, withListings(query, 'id'))
  return rows.length === limit ? rows : null
}
