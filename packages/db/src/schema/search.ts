import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  customType,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { createdAt, updatedAt } from './columns.ts'

// Search (the search module, docs/decisions/0007-search-in-postgresql.md). The database keeps these tables in step
// with the catalogue through the triggers and functions of migration 0003 (which Drizzle cannot describe), whoever
// writes the catalogue; the search module only reads them. What the schema cannot say either: search_products is
// kept with fillfactor 75 and clustered on its category-name index, its price index INCLUDEs the facet columns
// (migrations 0009 and 0010), and `norm` and `term` use the "C" collation.

/** A text search document (the `tsvector` type). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' })

/** What a text search reads for every product it matches, in one narrow row, without joins. */
export const searchProducts = pgTable(
  'search_products',
  {
    productId: integer('product_id').primaryKey(),
    name: text('name').notNull(),
    categoryId: integer('category_id').notNull(),
    businessId: integer('business_id').notNull(),
    /** The effective price (the discounted one when there is one). */
    priceCents: integer('price_cents').notNull(),
    ratingAvg: numeric('rating_avg', { precision: 2, scale: 1 }),
    ratingCount: integer('rating_count').notNull(),
    salesCount: integer('sales_count').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    inStock: boolean('in_stock').notNull(),
    /** The shop's. */
    isVerified: boolean('is_verified').notNull(),
    /** md5 of the document's inputs: an update that leaves them alone does not rebuild the document. */
    textHash: text('text_hash').notNull(),
    document: tsvector('document').notNull(),
    /** The price facet's band, as search filters by it (PRICE_EDGES_CENTS in the search module). */
    priceBand: smallint('price_band')
      .notNull()
      .generatedAlwaysAs(sql`width_bucket(price_cents, ARRAY[100000, 500000, 1000000, 5000000])`),
    ratingFloor: smallint('rating_floor').notNull().generatedAlwaysAs(sql`coalesce(floor(rating_avg), 0)`),
    /**
     * A product with variants: each option value any of its active variants has, as name and value joined by a
     * unit separator (Size\u001fM), for the option facet (migration 0031).
     */
    options: text('options').array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [
    index('search_products_document_idx').using('gin', t.document).with({ fastupdate: 'off' }),
    index('search_products_category_name_idx').on(t.categoryId, t.name, t.productId),
    index('search_products_price_idx').on(t.priceCents),
    // The option facet reads only products with variants (migration 0031): by text, and by category.
    index('search_products_options_document_idx')
      .using('gin', t.document)
      .with({ fastupdate: 'off' })
      .where(sql`${t.options} <> '{}'`),
    index('search_products_options_category_idx').on(t.categoryId).where(sql`${t.options} <> '{}'`),
  ],
)

/** Visible products counted by category, shop, price band, rating, stock and verification: facets without a scan. */
export const searchFacetCounts = pgTable(
  'search_facet_counts',
  {
    categoryId: integer('category_id').notNull(),
    businessId: integer('business_id').notNull(),
    /** soko_price_band(price_cents): one price standing for its band. */
    priceBand: integer('price_band').notNull(),
    /** floor(rating_avg); 0 without reviews. */
    ratingFloor: smallint('rating_floor').notNull(),
    inStock: boolean('in_stock').notNull(),
    isVerified: boolean('is_verified').notNull(),
    productCount: integer('product_count').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'search_facet_counts_pkey',
      columns: [t.categoryId, t.businessId, t.priceBand, t.ratingFloor, t.inStock, t.isVerified],
    }),
    index('search_facet_counts_business_idx').on(t.businessId),
  ],
)

/** One row per distinct product name, active category and active shop: the source of search suggestions. */
export const searchSuggestions = pgTable(
  'search_suggestions',
  {
    kind: text('kind', { enum: ['product', 'category', 'vendor'] }).notNull(),
    /** The normalised name for products; the category's or shop's id for the others. */
    key: text('key').notNull(),
    norm: text('norm').notNull(),
    label: text('label').notNull(),
    productCount: integer('product_count').notNull().default(0),
    document: tsvector('document').generatedAlwaysAs(sql`to_tsvector('pg_catalog.english'::regconfig, norm)`),
  },
  (t) => [
    primaryKey({ name: 'search_suggestions_pkey', columns: [t.kind, t.key] }),
    index('search_suggestions_norm_idx').on(t.norm),
    index('search_suggestions_trgm_idx').using('gin', t.norm.op('gin_trgm_ops')).with({ fastupdate: 'off' }),
    index('search_suggestions_document_idx').using('gin', t.document).with({ fastupdate: 'off' }),
    check('search_suggestions_kind_check', sql`${t.kind} in ('product', 'category', 'vendor')`),
  ],
)

/** Every word of the suggestions with its English stem: the vocabulary typo correction looks mistyped words up in. */
export const searchTerms = pgTable(
  'search_terms',
  {
    term: text('term').primaryKey(),
    lexeme: text('lexeme').notNull(),
    docCount: integer('doc_count').notNull(),
  },
  (t) => [
    index('search_terms_trgm_idx').using('gin', t.term.op('gin_trgm_ops')).with({ fastupdate: 'off' }),
    index('search_terms_lexeme_idx').on(t.lexeme),
  ],
)

/**
 * Kenyan words a shopper may search with, and what they mean in the catalogue's English: 'unga' -> flour, maize
 * meal; 'mafuta ya kupikia' -> cooking oil. A query's word (or run of words) that is a term matches the term or any
 * of its expansions, and is not typo-corrected (docs/decisions/0030-search-synonyms.md). Admins edit the list;
 * migration 0032 seeds it. Terms and expansions are stored normalised (soko_search_text), and every change is
 * announced on channel soko_catalog ('search_synonyms') so that each process drops its cached copy.
 */
export const searchSynonyms = pgTable(
  'search_synonyms',
  {
    id: serial('id').primaryKey(),
    /** Normalised: lower-case ASCII words separated by single spaces (one to four words). */
    term: text('term').notNull(),
    /** What the term means, each normalised like the term (one to ten words or phrases). */
    expansions: text('expansions').array().notNull(),
    /** kiswahili or sheng: where the word comes from (shown to admins; search treats both alike). */
    kind: text('kind', { enum: ['kiswahili', 'sheng'] }).notNull(),
    createdAt,
    updatedAt,
  },
  (t) => [
    uniqueIndex('search_synonyms_term_key').on(t.term),
    check('search_synonyms_kind_check', sql`${t.kind} in ('kiswahili', 'sheng')`),
    check('search_synonyms_term_normalised', sql`${t.term} <> '' and ${t.term} = soko_search_text(${t.term})`),
    check('search_synonyms_expansions_count', sql`cardinality(${t.expansions}) between 1 and 10`),
  ],
)
