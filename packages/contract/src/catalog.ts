import { z } from 'zod'
import { wholeNumber } from './common.ts'
import { endpoints } from './endpoint.ts'

// Response shapes of the catalogue calls (specification sections 3 and 7). Field names are the contract's own
// (snake_case); amounts are KES numbers; timestamps are ISO 8601 strings.

export const SlugSchema = z
  .string()
  .max(200, 'must be at most 200 characters')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lowercase letters, digits and single hyphens')

export const SlugParamsSchema = z.object({ slug: SlugSchema })

const Kes = z.number().describe('Amount in KES')

export const ImageSizesSchema = z.object({
  thumbnail: z.string().describe('200 px wide'),
  medium: z.string().describe('600 px wide'),
  original: z.string().describe('1200 px wide'),
})

export const CategoryRefSchema = z.object({ id: z.number().int(), name: z.string(), slug: z.string() })
export const BreadcrumbSchema = z.array(z.object({ name: z.string(), slug: z.string() }))

export const VendorRefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  is_verified: z.boolean(),
})

export const VendorSchema = VendorRefSchema.extend({
  type: z.string(),
  county: z.string(),
  town: z.string(),
  avg_rating: z.number().nullable().describe('One decimal; null when the shop has no reviews'),
  review_count: z.number().int(),
  product_count: z.number().int(),
})
export type Vendor = z.infer<typeof VendorSchema>

export const VendorDetailSchema = VendorSchema.extend({
  description: z.string(),
  phone: z.string(),
  email: z.string(),
  created_at: z.string(),
})
export type VendorDetail = z.infer<typeof VendorDetailSchema>

/** A product with variants on a card: how many can be bought and their prices (its card shows the cheapest). */
export const ListingVariantsSchema = z.object({
  count: z.number().int(),
  min_price: Kes,
  max_price: Kes,
  options: z.array(z.string()).describe('The options its variants differ by, such as Size and Colour'),
})

export const ProductListingSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  price: Kes,
  discounted_price: Kes.nullable(),
  effective_price: Kes,
  discount_percentage: z.number().int(),
  thumbnail_url: z.string().nullable(),
  primary_image: z
    .object({ thumbnail_url: z.string(), medium_url: z.string(), original_url: z.string(), alt_text: z.string() })
    .nullable(),
  in_stock: z.boolean(),
  is_in_stock: z.boolean(),
  is_low_stock: z.boolean(),
  stock_qty: z.number().int(),
  vendor: VendorRefSchema,
  category_breadcrumb: BreadcrumbSchema,
  average_rating: z.number().nullable(),
  review_count: z.number().int(),
  created_at: z.string(),
  sales_count: z.number().int(),
  variants: ListingVariantsSchema.nullable().describe(
    "A product with variants: the card stands for all of them (its name is the product's, its price the lowest)",
  ),
})
export type ProductListing = z.infer<typeof ProductListingSchema>

export const ReviewSchema = z.object({
  id: z.number().int(),
  user_name: z.string(),
  rating: z.number().int().min(1).max(5),
  comment: z.string(),
  created_at: z.string(),
})
export type Review = z.infer<typeof ReviewSchema>

/** One value of an option on a product page: the variant choosing it opens. */
export const VariantChoiceSchema = z.object({
  value: z.string(),
  slug: z.string(),
  selected: z.boolean(),
  state: z
    .enum(['available', 'out_of_stock', 'other_combination'])
    .describe('other_combination: no variant has it with the other values chosen; choosing it changes another'),
})

export const ProductVariantsSchema = z.object({
  product_name: z.string().describe('The name shared by every variant'),
  option_values: z.array(z.string()).describe("This variant's value for each option"),
  options: z.array(z.object({ name: z.string(), values: z.array(VariantChoiceSchema) })),
})
export type ProductVariants = z.infer<typeof ProductVariantsSchema>

export const ProductDetailSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  price: Kes,
  discounted_price: Kes.nullable(),
  effective_price: Kes,
  discount_percentage: z.number().int(),
  images: z.array(ImageSizesSchema.extend({ id: z.number().int(), alt_text: z.string(), is_primary: z.boolean() })),
  category: CategoryRefSchema,
  category_breadcrumb: BreadcrumbSchema,
  business: VendorRefSchema.extend({
    type: z.string(),
    county: z.string(),
    town: z.string(),
    avg_rating: z.number().nullable(),
  }),
  avg_rating: z.number().nullable(),
  review_count: z.number().int(),
  view_count: z.number().int(),
  sales_count: z.number().int(),
  in_stock: z.boolean(),
  is_in_stock: z.boolean(),
  is_low_stock: z.boolean(),
  stock_qty: z.number().int(),
  reviews: z.array(ReviewSchema).describe('The most recent reviews (up to 10); all of them: the reviews call'),
  created_at: z.string(),
  updated_at: z.string(),
  variants: ProductVariantsSchema.nullable().describe('A variant of a product with options: the option picker'),
})
export type ProductDetail = z.infer<typeof ProductDetailSchema>

export const ReviewsQuerySchema = z.object({
  page: wholeNumber(1, 100_000).default(1),
  per_page: wholeNumber(1, 50).default(10),
})

export const ReviewsPageSchema = z.object({
  count: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
  total_pages: z.number().int(),
  results: z.array(ReviewSchema),
})
export type ReviewsPage = z.infer<typeof ReviewsPageSchema>

export const CategorySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  image: z.object({ url: z.string(), alt_text: z.string() }),
  parent_id: z.number().int().nullable(),
  position: z.number().int(),
  product_count: z.number().int().describe('Active products in the category and its subcategories'),
})
export type Category = z.infer<typeof CategorySchema>

export const CategoryListSchema = z.array(CategorySchema)

export const CategoryDetailSchema = CategorySchema.extend({
  parent: CategoryRefSchema.nullable(),
  children: z.array(CategorySchema),
  breadcrumb: BreadcrumbSchema,
})
export type CategoryDetail = z.infer<typeof CategoryDetailSchema>

export const BannerSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  subtitle: z.string(),
  image: ImageSizesSchema.extend({ url: z.string(), alt_text: z.string() }),
  category: CategoryRefSchema.nullable(),
  link_url: z.string(),
  link_text: z.string(),
  stat1: z.string(),
  stat1_label: z.string(),
  stat2: z.string(),
  stat2_label: z.string(),
})
export type Banner = z.infer<typeof BannerSchema>

export const HomeSchema = z.object({
  banners: z.array(BannerSchema),
  featured_products: z.array(ProductListingSchema),
  trending_products: z.array(ProductListingSchema),
  top_vendors: z.array(VendorSchema),
})
export type Home = z.infer<typeof HomeSchema>

const tags = ['catalogue']

/** The catalogue's endpoints (specification section 7): the storefront's reads, cached by shoppers' browsers. */
export const catalogEndpoints = endpoints({
  'GET /api/marketplace/home/': {
    summary: 'Home page: banners, featured and trending products, top vendors',
    tags,
    response: HomeSchema,
    errors: [],
  },
  'GET /api/marketplace/categories/': {
    summary: 'Every active category, parents first',
    tags,
    response: CategoryListSchema,
    errors: [],
  },
  'GET /api/marketplace/categories/:slug/': {
    summary: 'One category with its parent, subcategories and breadcrumb (its products: the search call)',
    tags,
    params: SlugParamsSchema,
    response: CategoryDetailSchema,
    errors: ['not_found'],
  },
  'GET /api/marketplace/api/products/:slug/': {
    summary: 'Product detail; counts a view',
    tags,
    params: SlugParamsSchema,
    response: ProductDetailSchema,
    errors: ['not_found'],
  },
  'GET /api/marketplace/api/products/:slug/reviews/': {
    summary: "A product's reviews, newest first, paginated",
    tags,
    params: SlugParamsSchema,
    query: ReviewsQuerySchema,
    response: ReviewsPageSchema,
    errors: ['not_found'],
  },
  'GET /api/marketplace/vendors/:slug/': {
    summary: "A vendor's store page (its products: the search call with vendor={id})",
    tags,
    params: SlugParamsSchema,
    response: VendorDetailSchema,
    errors: ['not_found'],
  },
})
