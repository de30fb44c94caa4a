import {
  type EntityRef,
  PRICE_RANGES,
  RATING_OPTIONS,
  type SearchFacets,
  type SearchQuery,
  type SearchResponse,
  SUGGESTIONS_MAX,
  SUGGESTIONS_MIN_CHARS,
} from '@soko/contract/search'
import type { Db } from '@soko/db/client'
import type { ProductRow, VendorRow } from '@soko/db/read-models/listing'
import { kesToCents } from '@soko/domain/money'
import { LoadingCache, TtlCache } from '../../plugins/cache.ts'
import { toProductListing, toVendor } from '../catalog/mappers.ts'
import * as browse from './browse-repository.ts'
import * as repo from './repository.ts'
import {
  normaliseText,
  type SynonymIndex,
  segment,
  synonymIndex,
  synonymQueries,
  termsStartingWith,
} from './synonyms.ts'
import * as synonymsRepo from './synonyms-repository.ts'
import * as textSearch from './text-search-repository.ts'

/**
 * Product search and suggestions. The routes only know this interface, so that a dedicated search engine can take
 * over from PostgreSQL without the API changing.
 */
export interface SearchService {
  search(query: SearchQuery): Promise<SearchResponse>
  /** Up to 8 product, category and shop names for a partly typed text; empty under 2 characters. */
  suggest(text: string): Promise<string[]>
  /** A change announced on channel soko_catalog (the payload names the table). */
  onCatalogChange(payload: string): void
  /** Forget the synonyms read (an admin changed them: decision 0030). */
  dropSynonyms(): void
}

/**
 * How long a process keeps the synonyms it read. Every change is announced on soko_catalog and drops them at once
 * (onCatalogChange); this only bounds how stale they can be if an announcement is missed.
 */
const SYNONYMS_TTL_MS = 10 * 60_000
/** English names offered first when the typed text begins a Kenyan word's term (suggestions). */
const SYNONYM_SUGGESTIONS = 2

/** Words of a text that count (the rest of a long text is ignored). */
const MAX_WORDS = 8
/** Typo corrections tried per unknown word. */
const MAX_CORRECTIONS = 3
/** Vendors listed with a text (by name) and without one (by matching products; the filter panel's list). */
const VENDORS_FOR_TEXT = 12
const VENDORS_FOR_FILTERS = 100
const VENDOR_FACET_MAX = 100
/** Searches without text that leave fewer products than this sort them all rather than walk an index for them. */
const GATHER_BELOW = 5000
/**
 * A price-filtered page without text is first looked for among this many products per row up to the page's end, in
 * the sort's order (at most WALK_WITHIN_MAX, and not for pages that end past it): found there whenever the price
 * range holds one product in 20 of them.
 */
const WALK_WITHIN_PER_ROW = 20
const WALK_WITHIN_MAX = 5000

/**
 * Search in PostgreSQL (and PGlite): full text search over a weighted document per product (name A; category, parent
 * category and shop B; description C; English stemming, accents and case folded), with typo tolerance from a
 * vocabulary of names looked up by trigram similarity. See `rankedWords` for how a text becomes a query and
 * `repository.searchText` for how matches are ranked.
 */
export class PostgresSearchService implements SearchService {
  private readonly db: Db
  private readonly synonymsCache = new LoadingCache(new TtlCache<SynonymIndex>(SYNONYMS_TTL_MS, 1))

  /** `indexScans`: the database's connections for reading through indexes, when it has them (see repo.SearchDb). */
  constructor(private readonly target: repo.SearchDb) {
    this.db = target.db
  }

  async search(query: SearchQuery): Promise<SearchResponse> {
    const text = query.q.trim()
    const perPage = query.per_page
    const offset = (query.page - 1) * perPage
    const [categories, vendorIds, words] = await Promise.all([
      repo.listCategories(this.db),
      this.vendorIds(query.vendor),
      text === '' ? Promise.resolve([]) : this.rankedWords(text),
    ])
    const filters = {
      ...toFilters(query, categories, vendorIds),
      productIds: query.option === undefined ? null : await repo.listedWithOption(this.db, query.option),
    }
    // Option values are a facet within a text, a category or a shop: over the whole catalogue (the filter panel of
    // /products) they would be every size and colour of every department, and cost a pass over every family.
    const options =
      text === '' && filters.categoryIds === null && filters.vendorIds === null
        ? Promise.resolve([])
        : repo.optionFacets(this.target.indexScans ?? this.db, filters, text === '' ? null : words)

    let page: ProductRow[]
    let facetRows: repo.FacetRow[]
    let named: { rows: VendorRow[]; total: number } | null = null
    if (text === '') {
      const sort = query.sort_by === 'relevance' ? 'popular' : query.sort_by
      const counting = isSummaryExact(filters)
        ? browse.countFromSummary(this.db, filters)
        : browse.countByScan(this.db, filters)
      const priced = filters.priceMinCents !== null || filters.priceMaxCents !== null
      if (priced && sort !== 'price_low' && sort !== 'price_high') {
        // A price filter may leave few products, and they may come late in the other orders (expensive products
        // sell less): look for the page in a bounded stretch of the order while counting; when it is not there,
        // gather the products the filters leave if they are few, else walk the order for them.
        const reach = offset + perPage
        const within =
          filters.categoryIds === null && reach <= WALK_WITHIN_MAX
            ? Math.min(WALK_WITHIN_MAX, WALK_WITHIN_PER_ROW * reach)
            : 0
        let walked: ProductRow[] | null
        ;[facetRows, walked] = await Promise.all([
          counting,
          within > 0 ? browse.walkWithin(this.db, filters, sort, perPage, offset, within) : null,
        ])
        const strategy = foldFacets(facetRows).total < GATHER_BELOW ? 'gather' : 'walk'
        page = walked ?? (await browse.listPage(this.db, filters, sort, perPage, offset, strategy))
      } else {
        ;[facetRows, page] = await Promise.all([counting, browse.listPage(this.db, filters, sort, perPage, offset)])
      }
    } else if (words.length === 0) {
      // Nothing searchable in the text (only punctuation, say): nothing matches it.
      page = []
      facetRows = []
      named = { rows: [], total: 0 }
    } else {
      const [found, vendors] = await Promise.all([
        textSearch.searchText(this.target, words, filters, query.sort_by, perPage, offset),
        repo.matchVendorNames(this.db, words, VENDORS_FOR_TEXT),
      ])
      page = found.page
      facetRows = found.facets
      named = vendors
    }

    const counts = foldFacets(facetRows)
    // Without text the vendors listed are those with matching products, most first: read once the counts are in.
    const listed = named ?? (await this.vendorsByMatches(counts.matchingVendors))
    const vendorNames = new Map(
      facetRows.flatMap((row) =>
        row.kind === repo.FacetKind.vendor && row.name !== null && row.slug !== null
          ? [[row.key, { name: row.name, slug: row.slug }] as const]
          : [],
      ),
    )
    const facets: SearchFacets = {
      categories: categoryFacet(categories, counts.categories),
      vendors: counts.vendors.slice(0, VENDOR_FACET_MAX).flatMap(([id, count]) => {
        const vendor = vendorNames.get(id)
        return vendor ? [{ id, name: vendor.name, slug: vendor.slug, count }] : []
      }),
      price_ranges: PRICE_RANGES.map((range, band) => ({ ...range, count: counts.bands[band] ?? 0 })),
      ratings: RATING_OPTIONS.map((option) => ({ ...option, count: counts.ratings.get(option.min) ?? 0 })),
      options: optionFacet(await options),
    }
    return {
      products: page.map(toProductListing),
      vendors: listed.rows.map(toVendor),
      total_vendors: listed.total,
      total_products: counts.total,
      page: query.page,
      per_page: perPage,
      total_pages: Math.ceil(counts.total / perPage),
      facets,
      // DESIGN D2: with q empty the same body is the filters response of specification section 3.
      ...(text === ''
        ? {
            categories: categories.map(({ id, name, slug, parent_id }) => ({ id, name, slug, parent_id })),
            price_ranges: PRICE_RANGES.map((range) => ({ ...range })),
            rating_options: RATING_OPTIONS.map((option) => ({ ...option })),
          }
        : {}),
    }
  }

  /** The synonyms table, read once per SYNONYMS_TTL_MS at most (dropped on change: see onCatalogChange). */
  synonyms(): Promise<SynonymIndex> {
    return this.synonymsCache.get('all', async () => synonymIndex(await synonymsRepo.loadForSearch(this.db)))
  }

  /** Forgets the synonyms (after a change: this process's own at once, every process's through soko_catalog). */
  dropSynonyms(): void {
    this.synonymsCache.clear()
  }

  /** A catalogue announcement (channel soko_catalog): 'search_synonyms' when the synonyms changed. */
  onCatalogChange(payload: string): void {
    if (payload === 'search_synonyms' || payload === '*') this.dropSynonyms()
  }

  async suggest(text: string): Promise<string[]> {
    if (text.trim().length < SUGGESTIONS_MIN_CHARS) return []
    // A Kenyan word being typed ('suka'): its English name first, then the names that have it ('sugar'), then the
    // names with the word as typed.
    const meant = termsStartingWith(normaliseText(text), await this.synonyms(), SYNONYM_SUGGESTIONS)
    // A word the catalogue's English uses too (kitenge, sufuria, jiko) has no other name to offer.
    const english = meant.flatMap((synonym) =>
      synonym.expansions.slice(0, 1).flatMap((expansion) => (expansion.text === synonym.term ? [] : [expansion.text])),
    )
    if (english[0] !== undefined) {
      const rows = await repo.suggest(this.db, english[0], normaliseText(text), SUGGESTIONS_MAX * 5)
      const seen = new Set<string>()
      return [...english, ...distinctLabels(rows)]
        .filter((label) => {
          const key = label.toLowerCase()
          if (seen.has(key)) return false
          seen.add(key)
          return true
        })
        .slice(0, SUGGESTIONS_MAX)
    }
    // Enough rows for 8 distinct labels once colour and size variants of a name fold together.
    let rows = await repo.suggest(this.db, text, null, SUGGESTIONS_MAX * 5)
    if (distinctLabels(rows).length < SUGGESTIONS_MAX) {
      // Typos: try again with the unknown words replaced by the nearest known ones ('samsng gal' -> 'samsung gal').
      const words = await repo.analyseWords(this.db, text, MAX_WORDS)
      const corrected = words.map((row) => nearestTerms(row)[0]?.term ?? row.word)
      if (words.some((row, index) => corrected[index] !== row.word)) {
        rows = await repo.suggest(this.db, text, corrected.join(' '), SUGGESTIONS_MAX * 5)
      }
    }
    return distinctLabels(rows).slice(0, SUGGESTIONS_MAX)
  }

  /** The shops with the most matching products (up to VENDORS_FOR_FILTERS, most first), and how many have any. */
  private async vendorsByMatches(matching: [number, number][]): Promise<{ rows: VendorRow[]; total: number }> {
    const ids = matching.slice(0, VENDORS_FOR_FILTERS).map(([id]) => id)
    const byId = new Map((await repo.listVendors(this.db, ids)).map((row) => [row.id, row]))
    return { rows: ids.flatMap((id) => byId.get(id) ?? []), total: matching.length }
  }

  private async vendorIds(ref: EntityRef | undefined): Promise<number[] | null> {
    if (ref === undefined) return null
    const id = await repo.findVendorId(this.db, ref)
    return id === null ? [] : [id]
  }

  /**
   * The text as tsquery texts, one per word (at most 8). A word matches through its English stem ('shoes' finds
   * 'shoe'); as a prefix too when it is the last word and not a whole word of the vocabulary of names (still being
   * typed: 'sams' finds Samsung); and, when the vocabulary does not know it, through the vocabulary's words within
   * one edit (words of up to 5 letters) or two (longer words) of it: 'samsng' finds Samsung, 'sufria' sufuria. Stop
   * words count only as the last word's prefix. A Kenyan word, or run of words, of the synonyms table (the longest
   * first) is one query instead: its term or any of its English meanings, each an exact match, never corrected
   * ('simu' is phone, not "SIM"; 'mafuta ya kupikia' cooking oil).
   */
  private async rankedWords(text: string): Promise<repo.WordQuery[]> {
    const [rows, synonyms] = await Promise.all([repo.analyseWords(this.db, text, MAX_WORDS), this.synonyms()])
    const queries = new Map<string, repo.WordQuery>()
    for (const run of segment(
      rows.map((row) => row.word),
      synonyms,
    )) {
      const synonym = run.synonym === null ? null : synonymQueries(run.synonym)
      if (synonym !== null) {
        const query: repo.WordQuery = {
          any: synonym.any,
          inName: synonym.inName,
          inContext: synonym.inContext,
          exact: synonym.meaning,
        }
        queries.set(query.any, query)
        continue
      }
      for (let index = run.start; index < run.end; index++) {
        const row = rows[index]
        if (row === undefined) continue
        const query = wordQuery(row, index === rows.length - 1)
        if (query !== null) queries.set(query.any, query)
      }
    }
    return [...queries.values()]
  }
}

/** One word's query texts (see rankedWords): its stem, its typo corrections, and as a prefix when it is the last. */
function wordQuery(row: repo.WordRow, isLast: boolean): repo.WordQuery | null {
  const lexemes = new Set<string>()
  if (row.lexeme !== null) lexemes.add(row.lexeme)
  for (const correction of nearestTerms(row)) lexemes.add(correction.lexeme)
  const operands = [...lexemes].filter(isLexeme).map((lexeme) => ({ text: `'${lexeme}'`, prefix: false }))
  // The last word may be unfinished ('sams'), unless it is a whole word the vocabulary knows ('phone').
  if (isLast && !row.whole && row.word.length >= 2 && isLexeme(row.word)) {
    operands.push({ text: `'${row.word}'`, prefix: true })
  }
  if (operands.length === 0) return null
  const render = (weights: string) =>
    `(${operands.map((o) => `${o.text}${o.prefix || weights ? ':' : ''}${o.prefix ? '*' : ''}${weights}`).join(' | ')})`
  const stem = row.lexeme !== null && isLexeme(row.lexeme) ? `'${row.lexeme}'` : null
  return {
    any: render(''),
    inName: render('A'),
    inContext: render('B'),
    exact: stem !== null && operands.length > 1 ? stem : null,
  }
}

/**
 * Typo corrections of a word the vocabulary does not know: its words within one edit (words of up to 5 letters) or
 * two (longer words), the closest only ('kitengee' is kitenge, not Kitengela), most alike by trigrams first.
 */
function nearestTerms(row: repo.WordRow): repo.WordRow['candidates'] {
  if (row.known) return []
  const budget = maxEdits(row.word)
  const near = row.candidates
    .map((candidate) => ({ ...candidate, edits: editDistance(row.word, candidate.term) }))
    .filter((candidate) => candidate.edits <= budget)
  const best = Math.min(...near.map((candidate) => candidate.edits))
  return near.filter((candidate) => candidate.edits === best).slice(0, MAX_CORRECTIONS)
}

/**
 * Labels once each, in order. A product name loses its trailing brackets ("Samsung Galaxy A05 64GB (Black)" and
 * "(Mint)" suggest "Samsung Galaxy A05 64GB" once, which then finds every colour), and the same name can be a
 * product's and a category's.
 */
function distinctLabels(rows: repo.SuggestionRow[]): string[] {
  const seen = new Set<string>()
  return rows.flatMap((row) => {
    let label = row.label
    if (row.kind === 'product') {
      while (/\S\s*\([^()]*\)$/.test(label)) label = label.replace(/\s*\([^()]*\)$/, '')
    }
    const key = label.toLowerCase()
    if (seen.has(key)) return []
    seen.add(key)
    return [label]
  })
}

/** Normalised words only ever reach a tsquery text (they come from soko_search_text: ASCII letters and digits). */
function isLexeme(value: string): boolean {
  return /^[a-z0-9]+$/.test(value)
}

function maxEdits(word: string): number {
  if (word.length <= 3) return 0
  return word.length <= 5 ? 1 : 2
}

/** Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours cost 1. */
function editDistance(a: string, b: string): number {
  const rows = a.length + 1
  const cols = b.length + 1
  const d: number[] = new Array(rows * cols).fill(0)
  const at = (i: number, j: number) => d[i * cols + j] ?? 0
  for (let i = 0; i < rows; i++) d[i * cols] = i
  for (let j = 0; j < cols; j++) d[j] = j
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, at(i - 2, j - 2) + 1)
      d[i * cols + j] = best
    }
  }
  return at(a.length, b.length)
}

function toFilters(query: SearchQuery, categories: repo.CategoryRow[], vendorIds: number[] | null): repo.SearchFilters {
  let categoryIds: number[] | null = null
  if (query.category !== undefined) {
    const ref = query.category
    const category = categories.find((c) => ('id' in ref ? c.id === ref.id : c.slug === ref.slug))
    // A category that does not exist (or is hidden) matches nothing; its facet still shows the others.
    categoryIds = category
      ? [category.id, ...categories.filter((c) => c.parent_id === category.id).map((c) => c.id)]
      : []
  }
  return {
    categoryIds,
    vendorIds,
    priceMinCents: query.price_min === undefined ? null : kesToCents(query.price_min),
    priceMaxCents: query.price_max === undefined ? null : kesToCents(query.price_max),
    minRating: query.min_rating ?? null,
    inStockOnly: query.in_stock_only,
    verifiedOnly: query.verified_only,
    productIds: null,
  }
}

/** At most this many values of an option in its facet (the most common first). */
const OPTION_VALUES_MAX = 30

/** The option facet's rows (sorted by name, then most common) as options with their values. */
function optionFacet(rows: { name: string; value: string; n: number }[]): SearchFacets['options'] {
  const options: SearchFacets['options'] = []
  for (const row of rows) {
    let option = options.at(-1)
    if (option?.name !== row.name) {
      option = { name: row.name, values: [] }
      options.push(option)
    }
    if (option.values.length < OPTION_VALUES_MAX) option.values.push({ value: row.value, count: row.n })
  }
  return options
}

/** Whether search_facet_counts answers the filters (a whole-number minimum rating; see countFromSummary). */
function isSummaryExact(filters: repo.SearchFilters): boolean {
  return filters.productIds === null && (filters.minRating === null || Number.isInteger(filters.minRating))
}

interface FacetCounts {
  total: number
  /** Category id -> matching products directly in it (the category filter left out). */
  categories: Map<number, number>
  /** [vendor id, count], most first (the vendor filter left out). */
  vendors: [number, number][]
  /** Counts per price band (the price filter left out). */
  bands: number[]
  /** Minimum rating -> products rated at least that (the rating filter left out). */
  ratings: Map<number, number>
  /** [vendor id, count] under every filter, most first. */
  matchingVendors: [number, number][]
}

/** The repository's facet rows as totals and facets (ratings made cumulative: 4+ is part of 3+). */
function foldFacets(rows: repo.FacetRow[]): FacetCounts {
  const categories = new Map<number, number>()
  const vendors = new Map<number, number>()
  const matching = new Map<number, number>()
  const bands = PRICE_RANGES.map(() => 0)
  const ratings = new Map<number, number>(RATING_OPTIONS.map((option) => [option.min, 0]))
  let total = 0
  for (const { kind, key, n, matching: m } of rows) {
    switch (kind) {
      case repo.FacetKind.category:
        if (n > 0) categories.set(key, n)
        break
      case repo.FacetKind.vendor:
        if (n > 0) vendors.set(key, n)
        if (m > 0) matching.set(key, m)
        total += m
        break
      case repo.FacetKind.band:
        bands[key] = n
        break
      case repo.FacetKind.rating:
        for (const option of RATING_OPTIONS) {
          if (key >= option.min) ratings.set(option.min, (ratings.get(option.min) ?? 0) + n)
        }
        break
    }
  }
  const mostFirst = (counts: Map<number, number>) => [...counts].sort((x, y) => y[1] - x[1] || x[0] - y[0])
  return { total, categories, vendors: mostFirst(vendors), bands, ratings, matchingVendors: mostFirst(matching) }
}

/** Each top-level category followed by its subcategories, with products in it and in its subcategories. */
function categoryFacet(categories: repo.CategoryRow[], counts: Map<number, number>): SearchFacets['categories'] {
  const facet: SearchFacets['categories'] = []
  for (const parent of categories.filter((c) => c.parent_id === null)) {
    const children = categories
      .filter((c) => c.parent_id === parent.id)
      .map((c) => ({ ...c, count: counts.get(c.id) ?? 0 }))
      .filter((c) => c.count > 0)
    const count = (counts.get(parent.id) ?? 0) + children.reduce((sum, c) => sum + c.count, 0)
    if (count > 0) facet.push({ ...parent, count }, ...children)
  }
  return facet
}
