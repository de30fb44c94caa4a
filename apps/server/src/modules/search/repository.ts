import type { Db } from '@soko/db/client'
import { listingColumns, listingJoins, type VendorRow, vendorShape, visibleProduct } from '@soko/db/read-models/listing'
import { categories } from '@soko/db/schema/catalog'
import { searchSuggestions } from '@soko/db/schema/search'
import { businesses } from '@soko/db/schema/vendors'
import { type RowOf, typedRows, value } from '@soko/db/typed-sql'
import { Param, type SQL, sql } from 'drizzle-orm'

// SQL of the search module, over the tables of migration 0003 (search_products, search_facet_counts,
// search_suggestions, search_terms), which triggers keep in step with the catalogue, and, for the page shown, the
// catalogue's listing read model. Every value from a request travels as a parameter; tsquery texts are built by
// the service from normalised words only. This file: the shared types and SQL pieces, words, the catalogue's
// categories and shops as search lists them, suggestions. text-search-repository.ts: searches with text;
// browse-repository.ts: searches without. Search only reads: it writes nothing of its own or of the catalogue.

/** The price facet's band edges in cents (KES 1,000 / 5,000 / 10,000 / 50,000): soko_price_band() has the same. */
export const PRICE_EDGES_CENTS = [100_000, 500_000, 1_000_000, 5_000_000] as const

export const ints = (values: number[]) => new Param(values)
export const priceEdges = sql`array[100000, 500000, 1000000, 5000000]::int[]`

/** A vocabulary word that looks like a word of the text, as the query builds it in JSON. */
export interface Candidate {
  term: string
  lexeme: string
  similarity: number
}

const wordShape = {
  ord: value.int,
  word: value.text,
  /** The word's English stem; null for a stop word. */
  lexeme: value.nullable(value.text),
  /** Whether the vocabulary has the word or its stem: a whole word, not one still being typed. */
  whole: value.bool,
  /** Whether the vocabulary has the word, its stem, or (for the last word, maybe still being typed) a word it begins. */
  known: value.bool,
  /** Vocabulary words that look like it (trigram similarity), most alike first. */
  candidates: value.json<Candidate[]>(),
}

export type WordRow = RowOf<typeof wordShape>

/** Cuts the text into normalised words (at most `maxWords`) and looks each up in the vocabulary. */
export function analyseWords(db: Db, text: string, maxWords: number): Promise<WordRow[]> {
  return typedRows(
    db,
    wordShape,
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
  /** The listed products of the families with the asked option value (the option filter); null: no such filter. */
  productIds: number[] | null
}

export type SortKey = 'relevance' | 'price_low' | 'price_high' | 'rating' | 'newest' | 'popular'

/**
 * Facet counts of a search, as rows: `kind` says which (see FacetKind), `key` is the category, vendor, price band
 * (0-4) or rating floor (0 without reviews), `n` the count, leaving the facet's own filter out. Vendor rows also
 * carry `matching`, the vendor's products under every filter (they add up to the total).
 */
export const facetShape = {
  kind: value.int,
  key: value.int,
  n: value.int,
  matching: value.int,
  /** The shop's name and slug, on vendor rows. */
  name: value.nullable(businesses.name),
  slug: value.nullable(businesses.slug),
}

export type FacetRow = RowOf<typeof facetShape>

export const FacetKind = { category: 1, vendor: 2, band: 3, rating: 4 } as const

/**
 * Listing rows of the products a page query picks (product ids, in order), in that order, in the same statement:
 * one round trip fewer than reading them after. Hidden ones are left out.
 */
export function withListings(page: SQL, idColumn: string): SQL {
  return sql`select ${listingColumns}
    from (select q.${sql.raw(idColumn)} as id, row_number() over () as ord from (${page}) q) picked
    join products p on p.id = picked.id ${listingJoins}
    where ${visibleProduct}
    order by picked.ord`
}

/**
 * ORDER BY for a sort over rows that carry the sort columns (`sales_count`, `rating_avg`, `rating_count`,
 * `created_at`, and an id and a price named as the row source names them): the catalogue indexes' orders
 * (browse-repository's catalogueOrder), over listPage's picks or a text search's matches.
 */
export function rowOrder(sort: Exclude<SortKey, 'relevance'>, rows: { alias: string; id: string; price: string }): SQL {
  const column = (name: string) => sql.raw(`${rows.alias}.${name}`)
  const id = column(rows.id)
  switch (sort) {
    case 'popular':
      return sql`${column('sales_count')} desc, ${id}`
    case 'price_low':
      return sql`${column(rows.price)}, ${id}`
    case 'price_high':
      return sql`${column(rows.price)} desc, ${id} desc`
    case 'rating':
      return sql`${column('rating_avg')} desc nulls last, ${column('rating_count')} desc, ${id}`
    case 'newest':
      return sql`${column('created_at')} desc, ${id}`
  }
}

export function anyOf(column: SQL, ids: number[] | null): SQL {
  return ids === null ? sql`true` : sql`${column} = any(${ints(ids)}::int[])`
}

export function between(column: SQL, min: number | null, max: number | null): SQL {
  if (min === null && max === null) return sql`true`
  if (max === null) return sql`${column} >= ${min}`
  if (min === null) return sql`${column} <= ${max}`
  return sql`${column} between ${min} and ${max}`
}

export function atLeast(column: SQL, min: number | null): SQL {
  return min === null ? sql`true` : sql`coalesce(${column} >= ${min}, false)`
}

/**
 * The facet rows over `f` (grouped matches: category_id, business_id, band, rating_floor, price_ok, rating_ok, n,
 * with category_ok and vendor_ok) in one pass: a grouping set per facet, each summing the groups that pass every
 * filter but its own. `f` holds a few thousand groups at most, whatever the number of matches.
 */
export function facetSelects(): SQL {
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
export function grouped(filters: SearchFilters, where: SQL): SQL {
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
      and ${anyOf(sql`m.product_id`, filters.productIds)}
      and ${filters.inStockOnly ? sql`m.in_stock` : sql`true`}
      and ${filters.verifiedOnly ? sql`m.is_verified` : sql`true`}
    group by ${sql.join([sql`m.category_id, m.business_id, m.price_band, m.rating_floor`, ...flags], sql`, `)}
  )`
}

/** `f`: the groups `g` with whether they pass the category and vendor filters. */
export function flagged(filters: SearchFilters): SQL {
  return sql`f as (
    select g.*, ${anyOf(sql`g.category_id`, filters.categoryIds)} as category_ok,
      ${anyOf(sql`g.business_id`, filters.vendorIds)} as vendor_ok
    from g
  )`
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

const categoryShape = {
  id: categories.id,
  name: categories.name,
  slug: categories.slug,
  parent_id: categories.parentId,
}

export type CategoryRow = RowOf<typeof categoryShape>

/** Every active category (under an active parent), parents first, in the catalogue's order. */
export function listCategories(db: Db): Promise<CategoryRow[]> {
  return typedRows(
    db,
    categoryShape,
    sql`select c.id, c.name, c.slug, c.parent_id from categories c
        left join categories parent on parent.id = c.parent_id
        where c.is_active and (parent.id is null or parent.is_active)
        order by c.parent_id nulls first, c.position, c.name`,
  )
}

/** The id of an active vendor, by id or slug. */
export async function findVendorId(db: Db, ref: { id: number } | { slug: string }): Promise<number | null> {
  const rows = await typedRows(
    db,
    { id: businesses.id },
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
  const rows = await typedRows(
    db,
    { ...vendorShape, total: value.int },
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
  return typedRows(
    db,
    vendorShape,
    sql`select ${vendorColumns} from businesses b where b.id = any(${ints(ids)}::int[]) and b.is_active`,
  )
}

const suggestionShape = { kind: searchSuggestions.kind, label: searchSuggestions.label }

export type SuggestionRow = RowOf<typeof suggestionShape>

/**
 * Suggestions for a partly typed text: names that begin with it, then names with a word that begins with it; then
 * the same for `corrected` (the text with its unknown words replaced by the vocabulary's nearest, already
 * normalised), for typos. Categories before shops before products within each, then the names most products carry,
 * shortest first. Reads search_suggestions only, through its trigram index (which serves these LIKE patterns).
 */
export function suggest(db: Db, text: string, corrected: string | null, limit: number): Promise<SuggestionRow[]> {
  const typed = sql`soko_search_text(${text})`
  const fixed = corrected ?? ''
  return typedRows(
    db,
    suggestionShape,
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

// Options of products with variants (docs/decisions/0026-product-variants.md)

/** The option filter: the listed variants of the families that have an active variant with `value` for `name`. */
export async function listedWithOption(db: Db, option: { name: string; value: string }): Promise<number[]> {
  const rows = await typedRows(
    db,
    { id: value.int },
    sql`select distinct lp.id from product_families f
        cross join lateral (
          select i from generate_subscripts(f.option_names, 1) i where lower(f.option_names[i]) = lower(${option.name})
        ) o
        join products v on v.family_id = f.id and v.is_active and lower(v.option_values[o.i]) = lower(${option.value})
        join products lp on lp.family_id = f.id and lp.listed`,
  )
  return rows.map((row) => row.id)
}

/**
 * The option facet: for the matching products with variants (any of the text's `words`, or every product without a
 * text (null), and every filter but the option's), each option name and value with how many of them have a variant
 * with it. Read from the matches' search rows (`options`, migration 0031), so it costs what the matches cost.
 */
export function optionFacets(db: Db, filters: SearchFilters, words: WordQuery[] | null) {
  const match =
    words === null
      ? sql`true`
      : words.length === 0
        ? sql`false`
        : sql`m.document @@ ${words.map((word) => word.any).join(' | ')}::tsquery`
  return typedRows(
    db,
    { name: value.text, value: value.text, n: value.int },
    sql`select split_part(o.token, E'\x1f', 1) as name, substr(o.token, strpos(o.token, E'\x1f') + 1) as value,
          count(*)::int as n
        from search_products m
        cross join unnest(m.options) as o(token)
        where ${match} and m.options <> '{}'
          and ${anyOf(sql`m.category_id`, filters.categoryIds)} and ${anyOf(sql`m.business_id`, filters.vendorIds)}
          and ${between(sql`m.price_cents`, filters.priceMinCents, filters.priceMaxCents)}
          and ${atLeast(sql`m.rating_avg`, filters.minRating)}
          and ${filters.inStockOnly ? sql`m.in_stock` : sql`true`}
          and ${filters.verifiedOnly ? sql`m.is_verified` : sql`true`}
        group by 1, 2
        order by 1, 3 desc, 2`,
  )
}
