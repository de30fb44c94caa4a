import { z } from 'zod'
import { ProductListingSchema, VendorSchema } from './catalog.ts'
import { wholeNumber } from './common.ts'
import { endpoints } from './endpoint.ts'
import { SEARCH_TEXT_MAX, SORT_OPTIONS, SUGGESTIONS_MAX } from './search-options.ts'

// The search calls (specification sections 3 and 7, DESIGN D2): GET /api/marketplace/search/ and
// GET /api/marketplace/search/suggestions/. Amounts are KES; prices filter and sort on the effective price (the
// discounted one when there is one).

// The options and limits live in a Zod-free file, so that the storefront's pages can use them without loading Zod.
export {
  isSortBy,
  PRICE_RANGES,
  RATING_OPTIONS,
  SEARCH_TEXT_MAX,
  SORT_LABELS,
  SORT_OPTIONS,
  type SortBy,
  SUGGESTIONS_MAX,
  SUGGESTIONS_MIN_CHARS,
} from './search-options.ts'

/** Forms send empty fields (`price_min=`): those count as absent. */
const blankAsAbsent = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value)

const Text = z.string({ error: 'must be text' })

/** 'true' or 'false' ('1' and '0' are accepted too); absent means false. */
const Flag = z
  .preprocess(blankAsAbsent, z.enum(['true', 'false', '1', '0'], { error: "must be 'true' or 'false'" }).optional())
  .transform((value) => value === 'true' || value === '1')

const Amount = z.coerce
  .number({ error: (issue) => (issue.code === 'invalid_type' ? 'must be a number' : undefined) })
  .min(0, 'must be 0 or more')
  .max(10_000_000, 'must be at most 10000000')

/** A category or vendor: digits are an id, anything else a slug. */
export type EntityRef = { id: number } | { slug: string }

function entityRef(what: string) {
  const message = `must be a ${what} id or slug`
  return Text.max(200, 'must be at most 200 characters')
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, message)
    .refine((value) => !/^\d{10,}$/.test(value), message)
    .transform((value): EntityRef => (/^\d+$/.test(value) ? { id: Number(value) } : { slug: value }))
}

export const SearchQuerySchema = z
  .object({
    q: z.preprocess(
      (value) => value ?? '',
      Text.max(SEARCH_TEXT_MAX, `must be at most ${SEARCH_TEXT_MAX} characters`).describe(
        'Words to look for in product names, categories, shops and descriptions; empty (or only spaces) lists everything and adds the filters response',
      ),
    ),
    category: z
      .preprocess(blankAsAbsent, entityRef('category').optional())
      .describe('Category id or slug; a parent category includes its subcategories. An unknown one matches nothing'),
    vendor: z
      .preprocess(blankAsAbsent, entityRef('vendor').optional())
      .describe('Vendor (shop) id or slug. An unknown or closed one matches nothing'),
    price_min: z.preprocess(blankAsAbsent, Amount.optional()).describe('KES, inclusive, on the effective price'),
    price_max: z.preprocess(blankAsAbsent, Amount.optional()).describe('KES, inclusive, on the effective price'),
    min_rating: z.preprocess(
      blankAsAbsent,
      z.coerce
        .number({ error: (issue) => (issue.code === 'invalid_type' ? 'must be a number from 1 to 5' : undefined) })
        .min(1, 'must be a number from 1 to 5')
        .max(5, 'must be a number from 1 to 5')
        .optional(),
    ),
    option: z
      .preprocess(
        blankAsAbsent,
        Text.max(81, 'must be at most 81 characters')
          .regex(/^[^:]{1,40}:[^:]{1,40}$/, 'must be an option and its value, as Size:M')
          .transform((text) => {
            const [name = '', value = ''] = text.split(':')
            return { name: name.trim(), value: value.trim() }
          })
          .optional(),
      )
      .describe(
        'An option value of products with variants, as Name:Value (Size:M): products with a variant that has it',
      ),
    verified_only: Flag,
    in_stock_only: Flag,
    sort_by: z
      .preprocess(
        blankAsAbsent,
        z.enum(SORT_OPTIONS, { error: `must be one of ${SORT_OPTIONS.join(', ')}` }).default('relevance'),
      )
      .describe('relevance (the default; without q it means popular), price_low, price_high, rating, newest, popular'),
    page: z.preprocess(blankAsAbsent, wholeNumber(1, 100_000).default(1)),
    per_page: z.preprocess(blankAsAbsent, wholeNumber(1, 100).default(24)),
    cache_first: Flag.describe("Accepted for the web app's fast mode; the server answers the same either way"),
  })
  .superRefine((query, ctx) => {
    if (query.price_min !== undefined && query.price_max !== undefined && query.price_min > query.price_max) {
      ctx.addIssue({ code: 'custom', path: ['price_min'], message: 'must not be above price_max' })
    }
  })
export type SearchQuery = z.output<typeof SearchQuerySchema>

const Count = z.number().int()

export const CategoryFacetSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  parent_id: z.number().int().nullable(),
  count: Count.describe('Matching products in the category and its subcategories'),
})

export const VendorFacetSchema = z.object({ id: z.number().int(), name: z.string(), slug: z.string(), count: Count })

export const PriceRangeSchema = z.object({
  min: z.number(),
  max: z.number().nullable().describe('null: no upper bound'),
  label: z.string(),
})

export const RatingOptionSchema = z.object({ min: z.number().int(), label: z.string() })

export const SearchFacetsSchema = z
  .object({
    categories: z
      .array(CategoryFacetSchema)
      .describe(
        'Categories with matching products, parents before their children; leaf counts add up to the products in leaf categories',
      ),
    vendors: z.array(VendorFacetSchema).describe('Vendors with matching products, most first (at most 100)'),
    price_ranges: z
      .array(PriceRangeSchema.extend({ count: Count }))
      .describe('Every band of PRICE_RANGES, counting min <= effective price < max; they add up'),
    ratings: z
      .array(RatingOptionSchema.extend({ count: Count }))
      .describe('Products rated at least min (cumulative: 4+ is part of 3+)'),
    options: z
      .array(z.object({ name: z.string(), values: z.array(z.object({ value: z.string(), count: Count })) }))
      .describe(
        'Option values of the matching products with variants (Size: S, M, L), each counting the products with a variant that has it',
      ),
  })
  .describe(
    'Counts for the current text and filters. Each facet ignores its own filter (the vendor facet counts as if no vendor were chosen), so it shows what choosing another value would give; verified_only and in_stock_only apply to all.',
  )

export const FilterCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  parent_id: z.number().int().nullable(),
})

export const SearchResponseSchema = z.object({
  products: z.array(ProductListingSchema).describe('The page asked for; empty past the last page'),
  vendors: z
    .array(VendorSchema)
    .describe(
      'With q: vendors whose name matches it (at most 12, best first). With q empty: vendors with matching products (at most 100, most products first), which also serves the filter panel',
    ),
  total_products: Count,
  total_vendors: Count.describe('All vendors the rule of `vendors` selects, beyond the ones listed'),
  page: Count,
  per_page: Count,
  total_pages: Count,
  facets: SearchFacetsSchema,
  categories: z
    .array(FilterCategorySchema)
    .optional()
    .describe('Filters response (specification section 3): present only when q is empty. Every active category'),
  price_ranges: z
    .array(PriceRangeSchema)
    .optional()
    .describe('Filters response: present only when q is empty. PRICE_RANGES'),
  rating_options: z
    .array(RatingOptionSchema)
    .optional()
    .describe('Filters response: present only when q is empty. 4+ to 1+ stars'),
})
export type SearchResponse = z.infer<typeof SearchResponseSchema>
export type SearchFacets = z.infer<typeof SearchFacetsSchema>

export const SuggestionsQuerySchema = z.object({
  q: z.preprocess((value) => value ?? '', Text.max(SEARCH_TEXT_MAX, `must be at most ${SEARCH_TEXT_MAX} characters`)),
})

export const SuggestionsSchema = z.object({
  suggestions: z
    .array(z.string())
    .max(SUGGESTIONS_MAX)
    .describe('Product, category and shop names, best first; empty under 2 characters'),
})
export type Suggestions = z.infer<typeof SuggestionsSchema>

const tags = ['search']

/** The search calls (specification section 7): the same answer for every shopper, cached and revalidated. */
export const searchEndpoints = endpoints({
  'GET /api/marketplace/search/': {
    summary: 'Search products, with facets; with q empty also the filter panel (categories, price ranges, ratings)',
    tags,
    query: SearchQuerySchema,
    response: SearchResponseSchema,
    errors: [],
  },
  'GET /api/marketplace/search/suggestions/': {
    summary: 'Up to 8 product, category and shop names for a partly typed search',
    tags,
    query: SuggestionsQuerySchema,
    response: SuggestionsSchema,
    errors: [],
  },
})
