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
  rowOrder,
  type SearchDb,
  type SearchFilters,
  type SortKey,
  type WordQuery,
  withListings,
} from './repository.ts'

// SQL of a search with text: the facet counts over every match and the page, read through the document's index.

export interface TextSearchResult {
  /** The page's listing rows, in order. */
  page: ProductRow[]
  facets: FacetRow[]
}

/** ORDER BY over `m` (the text search's matches): the same orders as `catalogueOrder` (relevance: see pageQuery). */
const matchOrder = (sort: Exclude<SortKey, 'relevance'>): SQL =>
  rowOrder(sort, { alias: 'm', id: 'product_id', price: 'price_cents' })

async function withIndexScans<T>(target: SearchDb, work: (db: Db) => Promise<T>): Promise<T> {
  if (target.indexScans) return work(target.indexScans)
  return target.db.transaction(async (scoped) => {
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
    withIndexScans(target, (db) => typedRows(db, facetShape, facetQuery)),
    withIndexScans(target, (db) =>
      typedRows(db, listingShape, withListings(pageQuery(words, filters, sort, limit, offset), 'product_id')),
    ),
  ])
  return { page, facets }
}

/** The page of a text search: product ids in order (see searchText). */
function pageQuery(words: WordQuery[], filters: SearchFilters, sort: SortKey, limit: number, offset: number): SQL {
  const passes = sql`${between(sql`m.price_cents`, filters.priceMinCents, filters.priceMaxCents)}
    and ${atLeast(sql`m.rating_avg`, filters.minRating)}
    and ${anyOf(sql`m.category_id`, filters.categoryIds)} and ${anyOf(sql`m.business_id`, filters.vendorIds)}
    and ${anyOf(sql`m.product_id`, filters.productIds)}
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
