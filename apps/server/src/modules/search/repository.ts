import { type Db, queryRows } from '@soko/db/client'
import { Param, type SQL, sql } from 'drizzle-orm'
import {
  listingColumns,
  listingJoins,
  type ProductRow,
  type VendorRow,
  visibleProduct,
} from '../catalog/listing-read-model.ts'

// SQL of the search module, over the tables of migration 0003 (search_products, search_facet_counts,
// search_suggestions, search_terms) and, for the page shown, the catalogue's own. Every value from a request
// travels as a parameter; tsquery texts are built by the service from normalised words only.

/** The price facet's band edges in cents (KES 1,000 / 5,000 / 10,000 / 50,000): soko_price_band() has the same. */
export const PRICE_EDGES_CENTS = [100_000, 500_000, 1_000_000, 5_000_000] as const

const ints = (values: number[]) => new Param(values)
const priceEdges = sql`array[100000, 500000, 1000000, 5000000]::int[]`

export interface WordRow {
  ord: number
  word: string
  /** The word's English stem; null for a stop word. */
  lexeme: string | null
  /** Whether the vocabulary has the word or its stem: a whole word, not one still being typed. */
  whole: boolean
  /** Whether the vocabulary has the word, its stem, or (for the last word, maybe still being typed) a word it begins. */
  known: boolean
  /** Vocabulary words that look like it (trigram similarity), most alike first. */
  candidates: { term: string; lexeme: string; similarity: number }[]
}

/** Cuts the text into normalised words (at most `maxWords`) and looks each up in the vocabulary. */
export async function analyseWords(db: Db, text: string, maxWords: number): Promise<WordRow[]> {
  const rows = await queryRows<Omit<WordRow, 'candidates'> & { candidates: WordRow['candidates'] | string }>(
    db,
    sql`with words as (
          select x.word, x.ord::int as ord, (x.ord = x.n) as is_last
          from (
            select w.word, w.ord, count(*) over () as n
            from unnest(string_to_array(soko_search_text(${text}), ' ')) with ordinality as w(word, ord)
            where w.word <> ''
          ) x
          where x.ord <= ${maxWords}
        )
        select w.ord, w.word, s.lexeme, k.whole,
          k.whole or (w.is_last and exists (
            select 1 from search_terms t where t.term >= w.word and t.term < w.word || '{'
          )) as known,
          (select coalesce(json_agg(json_build_object('term', c.term, 'lexeme', c.lexeme, 'similarity', c.sim)), '[]')
           from (
             select t.term, t.lexeme, similarity(t.term, w.word) as sim from search_terms t
             where t.term % w.word and t.term <> w.word
             order by sim desc, t.doc_count desc limit 8
           ) c) as candidates
        from words w
        cross join lateral (
          select (tsvector_to_array(to_tsvector('pg_catalog.english'::regconfig, w.word)))[1] as lexeme
        ) s
        cross join lateral (
          select exists (select 1 from search_terms t where t.term = w.word or t.lexeme = s.lexeme) as whole
        ) k
        order by w.ord`,
  )
  return rows.map((row) => ({
    ...row,
    candidates: typeof row.candidates === 'string' ? JSON.parse(row.candidates) : row.candidates,
  }))
}

/** One word of a text search, as tsquery texts (see the service for how they are built). */
export interface WordQuery {
  /** Any form of the word, anywhere in the document. */
  any: string
  /** The same, in the product's name (weight A). */
  inName: string
  /** The same, in its category or shop names (weight B). */
  inContext: string
  /** The word's exact stem (no prefix, no correction), when the word has other forms too. */
  exact: string | null
}

export interface SearchFilters {
  /** Leaf and parent ids the category filter admits; null: no category filter; empty: nothing matches. */
  categoryIds: number[] | null
  /** The vendor filter; null: none; empty: nothing matches. */
  vendorIds: number[] | null
  priceMinCents: number | null
  priceMaxCents: number | null
  minRating: number | null
  inStockOnly: boolean
  verifiedOnly: boolean
}

export type SortKey = 'relevance' | 'price_low' | 'price_high' | 'rating' | 'newest' | 'popular'

/**
 * Facet counts of a search, as rows: `kind` says which (see FacetKind), `key` is the category, vendor, price band
 * (0-4) or rating floor (0 without reviews), `n` the count, leaving the facet's own filter out. Vendor rows also
 * carry `matching`, the vendor's products under every filter (they add up to the total).
 */
export interface FacetRow {
  kind: number
  key: number
  n: number
  matching: number
  /** The shop's name and slug, on vendor rows. */
  name: string | null
  slug: string | null
}

export const FacetKind = { category: 1, vendor: 2, band: 3, rating: 4 } as const

export interface TextSearchResult {
  /** The page's listing rows, in order. */
  page: ProductRow[]
  facets: FacetRow[]
}

/**
 * Listing rows of the products a page query picks (product ids, in order), in that order, in the same statement:
 * one round trip fewer than reading them after. Hidden ones are left out.
 */
function withListings(page: SQL, idColumn: string): SQL {
  return sql`select ${listingColumns}
    from (select q.${sql.raw(idColumn)} as id, row_number() over () as ord from (${page}) q) picked
    join products p on p.id = picked.id ${listingJoins}
    where ${visibleProduct}
    order by picked.ord`
}

function anyOf(column: SQL, ids: number[] | null): SQL {
  return ids === null ? sql`true` : sql`${column} = any(${ints(ids)}::int[])`
}

function between(column: SQL, min: number | null, max: number | null): SQL {
  if (min === null && max === null) return sql`true`
  if (max === null) return sql`${column} >= ${min}`
  if (min === null) return sql`${column} <= ${max}`
  return sql`${column} between ${min} and ${max}`
}

function atLeast(column: SQL, min: number | null): SQL {
  return min === null ? sql`true` : sql`coalesce(${column} >= ${min}, false)`
}

/**
 * The facet rows over `f` (grouped matches: category_id, business_id, band, rating_floor, price_ok, rating_ok, n,
 * with category_ok and vendor_ok) in one pass: a grouping set per facet, each summing the groups that pass every
 * filter but its own. `f` holds a few thousand groups at most, whatever the number of matches.
 */
function facetSelects(): SQL {
  const sumWhere = (condition: SQL) => sql`coalesce(sum(f.n) filter (where ${condition}), 0)::int`
  // grouping() sets a bit for each column left out of the set: 7 = (category), 11 = (vendor), 13 = (band).
  const set = sql`grouping(f.category_id, f.business_id, f.band, f.rating_floor)`
  return sql`
    select x.kind, x.key, (array[x.for_category, x.for_vendor, x.for_band, x.for_rating])[x.kind] as n, x.matching,
      b.name, b.slug
    from (
      select case ${set} when 7 then 1 when 11 then 2 when 13 then 3 else 4 end as kind,
        coalesce(f.category_id, f.business_id, f.band, f.rating_floor) as key,
        ${sumWhere(sql`f.vendor_ok and f.price_ok and f.rating_ok`)} as for_category,
        ${sumWhere(sql`f.category_ok and f.price_ok and f.rating_ok`)} as for_vendor,
        ${sumWhere(sql`f.category_ok and f.vendor_ok and f.rating_ok`)} as for_band,
        ${sumWhere(sql`f.category_ok and f.vendor_ok and f.price_ok`)} as for_rating,
        ${sumWhere(sql`f.category_ok and f.vendor_ok and f.price_ok and f.rating_ok`)} as matching
      from f
      group by grouping sets ((f.category_id), (f.business_id), (f.band), (f.rating_floor))
    ) x
    left join businesses b on x.kind = ${sql.raw(String(FacetKind.vendor))} and b.id = x.key`
}

/**
 * `g`: the products of search_products that meet `where` and the stock and verification filters, grouped as the
 * facets need (with whether they pass the price and rating filters). The band and rating floor are stored columns
 * (migration 0010), and a filter's flag is a grouping column only when there is that filter: grouping by a constant
 * still costs a hash per row.
 */
function grouped(filters: SearchFilters, where: SQL): SQL {
  const flags = [
    ...(filters.priceMinCents !== null || filters.priceMaxCents !== null ? [sql`price_ok`] : []),
    ...(filters.minRating !== null ? [sql`rating_ok`] : []),
  ]
  return sql`g as (
    select m.category_id, m.business_id, m.price_band::int as band, m.rating_floor::int as rating_floor,
      ${between(sql`m.price_cents`, filters.priceMinCents, filters.priceMaxCents)} as price_ok,
      ${atLeast(sql`m.rating_avg`, filters.minRating)} as rating_ok,
      count(*)::int as n
    from search_products m
    where ${where}
      and ${filters.inStockOnly ? sql`m.in_stock` : sql`true`}
      and ${filters.verifiedOnly ? sql`m.is_verified` : sql`true`}
    group by ${sql.join([sql`m.category_id, m.business_id, m.price_band, m.rating_floor`, ...flags], sql`, `)}
  )`
}

/** `f`: the groups `g` with whether they pass the category and vendor filters. */
function flagged(filters: SearchFilters): SQL {
  return sql`f as (
    select g.*, ${anyOf(sql`g.category_id`, filters.categoryIds)} as category_ok,
      ${anyOf(sql`g.business_id`, filters.vendorIds)} as vendor_ok
    from g
  )`
}

/** ORDER BY over `m` (the text search's matches): the same orders as `catalogueOrder` (relevance: see pageQuery). */
function matchOrder(sort: Exclude<SortKey, 'relevance'>): SQL {
  switch (sort) {
    case 'popular':
      return sql`m.sales_count desc, m.product_id`
    case 'price_low':
      return sql`m.price_cents, m.product_id`
    case 'price_high':
      return sql`m.price_cents desc, m.product_id desc`
    case 'rating':
      return sql`m.rating_avg desc nulls last, m.rating_count desc, m.product_id`
    case 'newest':
      return sql`m.created_at desc, m.product_id`
  }
}

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
function pickedOrder(sort: Exclude<SortKey, 'relevance'>): SQL {
  switch (sort) {
    case 'popular':
      return sql`x.sales_count desc, x.id`
    case 'price_low':
      return sql`x.effective_price_cents, x.id`
    case 'price_high':
      return sql`x.effective_price_cents desc, x.id desc`
    case 'rating':
      return sql`x.rating_avg desc nulls last, x.rating_count desc, x.id`
    case 'newest':
      return sql`x.created_at desc, x.id`
  }
}

/**
 * Where text search statements run: on connections where the planner reads matches through the document's GIN
 * index. It prefers a sequential scan once it expects more than a few percent of the rows (a broad word such as
 * "phone"), which costs a document check on every row and is several times slower at 100,000 products (it
 * underestimates what @@ costs). JIT compilation is off too: its milliseconds of compiling never pay off on queries
 * this short (and the disabled scan's cost would trigger it). On PostgreSQL the pool `indexScans` has those settings
 * for the session; on PGlite a transaction sets them for itself.
 */
export interface SearchDb {
  db: Db
  indexScans?: Db | undefined
}

async function withIndexScans<T>(target: SearchDb, work: (db: Db) => Promise<T>): Promise<T> {
  if (target.indexScans) return work(target.indexScans)
  return target.db.transaction(async (tx) => {
    const scoped = tx as unknown as Db
    await scoped.execute(sql`select set_config('enable_seqscan', 'off', true), set_config('jit', 'off', true)`)
    return work(scoped)
  })
}

/**
 * A text search in two statements that run side by side on their own connections (one after the other on PGlite):
 * the facet counts over every match, grouped as they are read through the document's index, and the page in the
 * order asked for. Only search_products is read.
 *
 * Relevance, per word of the text: 1004 when it matches the product's name (weight A), 1002 its category or shop
 * (B), 1001 its description (C), plus 1 when the word itself matches (not only as a prefix or a typo correction).
 * So products with more of the words come first, then those matching in better places; ties go to the best sellers.
 * A product with every word outscores any with fewer (1001 n > 1005 (n - 1)), so when those fill the page only they
 * are read and scored, through the index (all the words at once): scoring is most of the work, and a broad word
 * ("phone") matches a fifth of the catalogue while all the words of a text usually match far fewer.
 */
export async function searchText(
  target: SearchDb,
  words: WordQuery[],
  filters: SearchFilters,
  sort: SortKey,
  limit: number,
  offset: number,
): Promise<TextSearchResult> {
  const anyWord = words.map((word) => word.any).join(' | ')
  const facetQuery = sql`with ${grouped(filters, sql`m.document @@ ${anyWord}::tsquery`)},
    ${flagged(filters)}
    ${facetSelects()}`
  const [facets, page] = await Promise.all([
    withIndexScans(target, (db) => queryRows<FacetRow>(db, facetQuery)),
    withIndexScans(target, (db) =>
      queryRows<ProductRow>(db, withListings(pageQuery(words, filters, sort, limit, offset), 'product_id')),
    ),
  ])
  return { page, facets }
}

/** The page of a text search: product ids in order (see searchText). */
function pageQuery(words: WordQuery[], filters: SearchFilters, sort: SortKey, limit: number, offset: number): SQL {
  const passes = sql`${between(sql`m.price_cents`, filters.priceMinCents, filters.priceMaxCents)}
    and ${atLeast(sql`m.rating_avg`, filters.minRating)}
    and ${anyOf(sql`m.category_id`, filters.categoryIds)} and ${anyOf(sql`m.business_id`, filters.vendorIds)}
    and ${filters.inStockOnly ? sql`m.in_stock` : sql`true`}
    and ${filters.verifiedOnly ? sql`m.is_verified` : sql`true`}`
  const anyWord = words.map((word) => word.any).join(' | ')
  const wordScore = (word: WordQuery) =>
    sql`(case when m.document @@ ${word.inName}::tsquery then 1004
         when m.document @@ ${word.inContext}::tsquery then 1002 else 1001 end)${
           word.exact === null ? sql`` : sql` + (case when m.document @@ ${word.exact}::tsquery then 1 else 0 end)`
         }`
  if (sort !== 'relevance') {
    return sql`select m.product_id from search_products m where m.document @@ ${anyWord}::tsquery and ${passes}
      order by ${matchOrder(sort)} limit ${limit} offset ${offset}`
  }
  if (words.length === 1) {
    return sql`select m.product_id from search_products m where m.document @@ ${anyWord}::tsquery and ${passes}
      order by ${byScore(sql.join(words.map(wordScore), sql``), sql`m.sales_count`)}, m.product_id
      limit ${limit} offset ${offset}`
  }
  // Several words: those with every word when they fill the page, else every match, each word scored if present.
  const allWords = words.map((word) => word.any).join(' & ')
  const scoreOfAny = sql.join(
    words.map((word) => sql`(case when m.document @@ ${word.any}::tsquery then ${wordScore(word)} else 0 end)`),
    sql` + `,
  )
  return sql`with complete as materialized (
      select m.product_id, m.sales_count, ${sql.join(words.map(wordScore), sql` + `)} as score
      from search_products m where m.document @@ ${allWords}::tsquery and ${passes}
    ),
    enough as (select count(*) >= ${limit + offset} as yes from complete)
    select r.product_id from (
      select c.product_id, c.score, c.sales_count from complete c where (select yes from enough)
      union all
      select m.product_id, ${scoreOfAny}, m.sales_count from search_products m
      where not (select yes from enough) and m.document @@ ${anyWord}::tsquery and ${passes}
    ) r
    order by ${byScore(sql`r.score`, sql`r.sales_count`)}, r.product_id limit ${limit} offset ${offset}`
}

/**
 * Relevance order's first key, score then best sellers, as one bigint: exact (a score below 2^31 shifted past any
 * int4 sales count), and a sort compares one number where it compared two, mostly equal scores then often equal
 * sales. A deep page sorts every match ("phone", page 300: 7,200 of 17,700), a fifth faster so.
 */
function byScore(score: SQL, sales: SQL): SQL {
  return sql`((${score})::int8 << 32) + ${sales} desc`
}

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
  return queryRows<FacetRow>(
    db,
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
  return queryRows<FacetRow>(db, sql`with ${grouped(filters, sql`true`)}, ${flagged(filters)} ${facetSelects()}`)
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
    unpriced: sql`p.is_active
      and p.business_id <> all(${hiddenShops})
      and ${anyOf(sql`p.business_id`, filters.vendorIds)}
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
  return queryRows<ProductRow>(db, withListings(query, 'id'))
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
  const rows = await queryRows<ProductRow>(db, withListings(query, 'id'))
  return rows.length === limit ? rows : null
}

export interface CategoryRow {
  id: number
  name: string
  slug: string
  parent_id: number | null
}

/** Every active category (under an active parent), parents first, in the catalogue's order. */
export function listCategories(db: Db): Promise<CategoryRow[]> {
  return queryRows<CategoryRow>(
    db,
    sql`select c.id, c.name, c.slug, c.parent_id from categories c
        left join categories parent on parent.id = c.parent_id
        where c.is_active and (parent.id is null or parent.is_active)
        order by c.parent_id nulls first, c.position, c.name`,
  )
}

/** The id of an active vendor, by id or slug. */
export async function findVendorId(db: Db, ref: { id: number } | { slug: string }): Promise<number | null> {
  const rows = await queryRows<{ id: number }>(
    db,
    'id' in ref
      ? sql`select id from businesses where id = ${ref.id} and is_active`
      : sql`select id from businesses where slug = ${ref.slug} and is_active`,
  )
  return rows[0]?.id ?? null
}

/** The catalogue's VendorRow of a shop `b`; product_count counts its visible products. */
const vendorColumns = sql`b.id, b.slug, b.name, b.type, b.is_verified, b.county, b.town, b.description, b.phone,
  b.email, b.rating_sum, b.rating_count, b.created_at,
  coalesce((select sum(f.product_count) from search_facet_counts f where f.business_id = b.id), 0)::int
    as product_count`

/** Vendors whose name matches the words: the best `limit` (full rows, best first), and how many match in all. */
export async function matchVendorNames(
  db: Db,
  words: WordQuery[],
  limit: number,
): Promise<{ rows: VendorRow[]; total: number }> {
  const all = words.map((word) => word.any).join(' | ')
  const matched = sql.join(
    words.map((word) => sql`(s.document @@ ${word.any}::tsquery)::int`),
    sql` + `,
  )
  const rows = await queryRows<VendorRow & { total: number }>(
    db,
    sql`select ${vendorColumns}, m.total
        from (
          select s.key::int as id, count(*) over ()::int as total,
            row_number() over (order by ${matched} desc, length(s.norm), s.key::int) as rank
          from search_suggestions s
          where s.kind = 'vendor' and s.document @@ ${all}::tsquery
          order by rank
          limit ${limit}
        ) m
        join businesses b on b.id = m.id and b.is_active
        order by m.rank`,
  )
  return { rows: rows.map(({ total: _, ...row }) => row), total: rows[0]?.total ?? 0 }
}

/** Full vendor rows (the catalogue's VendorRow) of the given shops; product_count counts their visible products. */
export function listVendors(db: Db, ids: number[]): Promise<VendorRow[]> {
  if (ids.length === 0) return Promise.resolve([])
  return queryRows<VendorRow>(
    db,
    sql`select ${vendorColumns} from businesses b where b.id = any(${ints(ids)}::int[]) and b.is_active`,
  )
}

export interface SuggestionRow {
  kind: 'product' | 'category' | 'vendor'
  label: string
}

/**
 * Suggestions for a partly typed text: names that begin with it, then names with a word that begins with it; then
 * the same for `corrected` (the text with its unknown words replaced by the vocabulary's nearest, already
 * normalised), for typos. Categories before shops before products within each, then the names most products carry,
 * shortest first. Reads search_suggestions only, through its trigram index (which serves these LIKE patterns).
 */
export function suggest(db: Db, text: string, corrected: string | null, limit: number): Promise<SuggestionRow[]> {
  const typed = sql`soko_search_text(${text})`
  const fixed = corrected ?? ''
  return queryRows<SuggestionRow>(
    db,
    sql`select s.kind, s.label from search_suggestions s
        where (${typed} <> '' and (s.norm like ${typed} || '%' or s.norm like '% ' || ${typed} || '%'))
          or (${fixed} <> '' and (s.norm like ${fixed} || '%' or s.norm like '% ' || ${fixed} || '%'))
        order by
          case when s.norm like ${typed} || '%' then 0 when s.norm like '% ' || ${typed} || '%' then 1
               when s.norm like ${fixed} || '%' then 2 else 3 end,
          case s.kind when 'category' then 0 when 'vendor' then 1 else 2 end,
          s.product_count desc, length(s.label), s.label
        limit ${limit}`,
  )
}
