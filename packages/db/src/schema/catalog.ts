import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { timestamps } from './columns.ts'
import { businesses } from './vendors.ts'

// The catalogue (the catalog module): categories, products, their images and the home page's banners.

/** A two-level tree: top-level categories (no parent) and their leaves, ordered by position. */
export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id').references((): AnyPgColumn => categories.id, { onDelete: 'restrict' }),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** An uploaded image's URL; null means a generated one is served at /media/categories/{id}/... */
    imageUrl: text('image_url'),
    imageAlt: text('image_alt').notNull().default(''),
    hue: smallint('hue').notNull().default(140),
    position: integer('position').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    /**
     * The marketplace's commission on sales in this category, in basis points (1000 = 10 %); null: the parent's,
     * else the marketplace default (COMMISSION_PERCENT). Decision 0014 "Commission rates".
     */
    commissionBp: integer('commission_bp'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('categories_slug_key').on(t.slug),
    index('categories_parent_idx').on(t.parentId, t.position),
    check('categories_commission_bp_range', sql`${t.commissionBp} between 0 and 10000`),
  ],
)

/**
 * A product with variants (docs/decisions/0026-product-variants.md): the name its card shows and the options its
 * variants differ by (Size, Colour...). Each variant is a row of `products` (its own SKU, prices, stock, photos,
 * slug, reviews), so a cart, an order, a stock count and a review are always of one variant.
 */
export const productFamilies = pgTable(
  'product_families',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The options, in order: a variant's `option_values` has one value for each. */
    optionNames: text('option_names').array().notNull(),
    ...timestamps,
  },
  (t) => [
    index('product_families_business_idx').on(t.businessId),
    check('product_families_options', sql`cardinality(${t.optionNames}) between 1 and 3`),
  ],
)

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'restrict' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    priceCents: integer('price_cents').notNull(),
    discountedPriceCents: integer('discounted_price_cents'),
    /** What a shopper pays: the discounted price when there is one. Sorting and price filters use it. */
    effectivePriceCents: integer('effective_price_cents')
      .notNull()
      .generatedAlwaysAs(sql`coalesce(discounted_price_cents, price_cents)`),
    stockQty: integer('stock_qty').notNull().default(0),
    lowStockThreshold: integer('low_stock_threshold').notNull().default(5),
    isActive: boolean('is_active').notNull().default(true),
    /** Set when an admin took the product down: the reason its vendor sees (the vendor cannot switch it back on). */
    deactivatedReason: text('deactivated_reason'),
    salesCount: integer('sales_count').notNull().default(0),
    viewCount: integer('view_count').notNull().default(0),
    /** Totals over the product's reviews, kept by database triggers (migration 0002). */
    ratingSum: integer('rating_sum').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    /** The shop's own code for the product: a CSV import matches its lines to products by it (unique per shop). */
    sku: text('sku'),
    /** Image URLs a CSV import gave, kept for the vendor to upload later (they are not downloaded). */
    pendingImageUrls: text('pending_image_urls').array().notNull().default(sql`'{}'::text[]`),
    /** The product this row is a variant of (null: a product without variants). */
    familyId: integer('family_id').references((): AnyPgColumn => productFamilies.id, { onDelete: 'set null' }),
    /** A variant's value for each of its family's options, in the family's order (Sand, M). */
    optionValues: text('option_values').array().notNull().default(sql`'{}'::text[]`),
    /**
     * Whether listings, search and facets show this row: true for a product without variants and for one variant
     * of each family (the cheapest active one in stock), kept so by a trigger (migration 0027) whoever writes.
     */
    listed: boolean('listed').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('products_slug_key').on(t.slug),
    uniqueIndex('products_family_options_key').on(t.familyId, t.optionValues).where(sql`${t.familyId} is not null`),
    index('products_family_idx').on(t.familyId).where(sql`${t.familyId} is not null`),
    uniqueIndex('products_business_sku_key').on(t.businessId, t.sku).where(sql`${t.sku} is not null`),
    index('products_category_idx').on(t.categoryId),
    index('products_business_idx').on(t.businessId),
    index('products_trending_idx').on(t.salesCount.desc(), t.id),
    index('products_created_idx').on(t.createdAt.desc(), t.id),
    index('products_price_idx').on(t.effectivePriceCents, t.id),
    // Search's orders without text (migration 0003): by rating, and a category's or a shop's best sellers and prices.
    index('products_rating_idx').on(
      sql`soko_rating_avg(${t.ratingSum}, ${t.ratingCount}) desc nulls last`,
      t.ratingCount.desc(),
      t.id,
    ),
    index('products_category_popular_idx').on(t.categoryId, t.salesCount.desc().nullsLast(), t.id),
    index('products_category_price_idx').on(t.categoryId, t.effectivePriceCents, t.id),
    index('products_business_popular_idx').on(t.businessId, t.salesCount.desc().nullsLast(), t.id),
    check('products_price_positive', sql`${t.priceCents} > 0`),
    check(
      'products_discount_below_price',
      sql`${t.discountedPriceCents} is null or (${t.discountedPriceCents} > 0 and ${t.discountedPriceCents} < ${t.priceCents})`,
    ),
    check('products_stock_not_negative', sql`${t.stockQty} >= 0`),
  ],
)

/**
 * A product's images, each served in three sizes (thumbnail, medium, original) under /media/product-images/{id}/.
 * Uploaded images are stored processed; demo images (hue set) are generated on first request and cached on disk.
 */
export const productImages = pgTable(
  'product_images',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    isPrimary: boolean('is_primary').notNull().default(false),
    altText: text('alt_text').notNull().default(''),
    hue: smallint('hue'),
    /** An uploaded photo: its three WebP sizes are stored under DATA_DIR/media/product-images/{id}/. */
    isUploaded: boolean('is_uploaded').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('product_images_product_idx').on(t.productId, t.position)],
)

/** The home page's hero carousel (every field of the specification's Banner entity, plus scheduling). */
export const banners = pgTable(
  'banners',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    subtitle: text('subtitle').notNull().default(''),
    imageUrl: text('image_url'),
    hue: smallint('hue').notNull().default(140),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    linkUrl: text('link_url').notNull().default('/products'),
    linkText: text('link_text').notNull().default('Shop now'),
    stat1: text('stat1').notNull().default(''),
    stat1Label: text('stat1_label').notNull().default(''),
    stat2: text('stat2').notNull().default(''),
    stat2Label: text('stat2_label').notNull().default(''),
    position: integer('position').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('banners_position_idx').on(t.position)],
)

/** A line of an import that was not imported (or an image of it that was not added): its line, the column, why. */
export interface ImportIssueRecord {
  line: number
  field: string
  message: string
  /** 'image': an image of the line that could not be added (the product itself was imported). */
  kind?: 'image'
}

/**
 * A shop's CSV import of products (docs/decisions/0025-vendor-csv-import.md): the lines that passed the checks,
 * applied by a background job a batch at a time, with its progress and the lines that failed.
 */
export const productImports = pgTable(
  'product_imports',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    /** queued, running or done. */
    state: text('state').notNull().default('queued'),
    totalRows: integer('total_rows').notNull(),
    /** The checked lines to apply, in file order (each a product body with its line, SKU and image URLs). */
    rows: jsonb('rows').$type<unknown[]>().notNull(),
    /** How many of `rows` are applied: a job that runs again goes on from here. */
    appliedRows: integer('applied_rows').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    failures: jsonb('failures').$type<ImportIssueRecord[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('product_imports_business_idx').on(t.businessId, t.createdAt.desc()),
    check('product_imports_state', sql`${t.state} in ('queued', 'running', 'done')`),
  ],
)
