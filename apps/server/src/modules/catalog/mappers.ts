import type {
  Banner,
  Category,
  ProductDetail,
  ProductListing,
  Review,
  Vendor,
  VendorDetail,
} from '@soko/contract/catalog'
import { averageRating, discountPercentage, effectivePriceCents, isInStock, isLowStock } from '@soko/domain/catalog'
import { centsToKes } from '@soko/domain/money'
import { variantPicker } from '@soko/domain/variants'
import { bannerImageUrl, categoryImageUrl, imageSizes, productImageSizes, productImageUrl } from '../media/media-url.ts'
import type { ReviewRow } from '../reviews/service.ts'
import type { CategoryRow, ProductDetailRow, ProductRow, VendorRow } from './listing-read-model.ts'
import type { BannerRow, ImageRow } from './repository.ts'

// Database rows to the contract's shapes. Every derived value comes from @soko/domain/catalog.

/** Timestamps arrive as Date or as PostgreSQL text ('2026-11-22 14:30:00.123456+00'), depending on the driver. */
export function iso(value: Date | string): string {
  if (value instanceof Date) return value.toISOString()
  return new Date(value.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00')).toISOString()
}

function prices(row: ProductRow) {
  const product = {
    priceCents: row.price_cents,
    discountedPriceCents: row.discounted_price_cents,
    stockQty: row.stock_qty,
    lowStockThreshold: row.low_stock_threshold,
  }
  const inStock = isInStock(product)
  return {
    price: centsToKes(row.price_cents),
    discounted_price: row.discounted_price_cents === null ? null : centsToKes(row.discounted_price_cents),
    effective_price: centsToKes(effectivePriceCents(product)),
    discount_percentage: discountPercentage(product),
    in_stock: inStock,
    is_in_stock: inStock,
    is_low_stock: isLowStock(product),
    stock_qty: row.stock_qty,
  }
}

function breadcrumb(row: ProductRow) {
  const crumbs = [{ name: row.category_name, slug: row.category_slug }]
  if (row.parent_name !== null && row.parent_slug !== null)
    crumbs.unshift({ name: row.parent_name, slug: row.parent_slug })
  return crumbs
}

function primaryImage(imageId: number, altText: string) {
  const sizes = productImageSizes(imageId)
  return { thumbnail_url: sizes.thumbnail, medium_url: sizes.medium, original_url: sizes.original, alt_text: altText }
}

/** What a listing and a product's page both say of it: who it is, and its prices and stock. */
function productBasics(row: ProductRow) {
  return { id: row.id, slug: row.slug, name: row.name, description: row.description, ...prices(row) }
}

/** A card for a product with variants stands for all of them: the product's name, and its variants' prices. */
function listingVariants(row: ProductRow): ProductListing['variants'] {
  if (row.family_id === null || row.variant_count < 2) return null
  return {
    count: row.variant_count,
    min_price: centsToKes(row.variant_min_cents ?? 0),
    max_price: centsToKes(row.variant_max_cents ?? 0),
    options: row.family_options ?? [],
  }
}

/** A product's card in a listing: a product with variants stands for all of them (see `listingVariants`). */
export function toProductListing(row: ProductRow): ProductListing {
  const variants = listingVariants(row)
  return { ...toVariantListing(row), name: variants === null ? row.name : (row.family_name ?? row.name), variants }
}

/**
 * A product's card as itself, a variant with its own name and "Add to Cart": where the shopper chose the variant
 * (the wishlist, a flash sale of one size).
 */
export function toVariantListing(row: ProductRow): ProductListing {
  return {
    ...productBasics(row),
    thumbnail_url: row.image_id === null ? null : productImageUrl(row.image_id, 'thumbnail'),
    primary_image: row.image_id === null ? null : primaryImage(row.image_id, row.image_alt ?? row.name),
    vendor: { id: row.vendor_id, name: row.vendor_name, slug: row.vendor_slug, is_verified: row.vendor_is_verified },
    category_breadcrumb: breadcrumb(row),
    average_rating: averageRating(row.rating_sum, row.rating_count),
    review_count: row.rating_count,
    created_at: iso(row.created_at),
    sales_count: row.sales_count,
    variants: null,
  }
}

export function toReview(row: ReviewRow): Review {
  return {
    id: row.id,
    user_name: row.author_name,
    rating: row.rating,
    comment: row.comment,
    created_at: iso(row.created_at),
  }
}

export interface FamilyVariantRow {
  id: number
  slug: string
  option_values: string[]
  in_stock: boolean
}

/** The option picker of a variant's page (null for a product without variants, or the last one left of them). */
function detailVariants(row: ProductDetailRow, variants: FamilyVariantRow[]): ProductDetail['variants'] {
  if (row.family_id === null || row.family_options === null || variants.length < 2) return null
  const asPicked = variants.map((variant) => ({
    slug: variant.slug,
    values: variant.option_values,
    inStock: variant.in_stock,
  }))
  const current = asPicked.find((variant) => variant.slug === row.slug)
  if (!current) return null
  return {
    product_name: row.family_name ?? row.name,
    option_values: row.option_values,
    options: variantPicker(row.family_options, asPicked, current),
  }
}

export function toProductDetail(
  row: ProductDetailRow,
  images: ImageRow[],
  reviews: ReviewRow[],
  variants: FamilyVariantRow[] = [],
): ProductDetail {
  return {
    ...productBasics(row),
    images: images.map((image) => ({
      id: image.id,
      ...productImageSizes(image.id),
      alt_text: image.alt_text || row.name,
      is_primary: image.is_primary,
    })),
    category: { id: row.category_id, name: row.category_name, slug: row.category_slug },
    category_breadcrumb: breadcrumb(row),
    business: {
      id: row.vendor_id,
      name: row.vendor_name,
      slug: row.vendor_slug,
      is_verified: row.vendor_is_verified,
      type: row.vendor_type,
      county: row.vendor_county,
      town: row.vendor_town,
      avg_rating: averageRating(row.vendor_rating_sum, row.vendor_rating_count),
    },
    avg_rating: averageRating(row.rating_sum, row.rating_count),
    review_count: row.rating_count,
    view_count: row.view_count,
    sales_count: row.sales_count,
    reviews: reviews.map(toReview),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    variants: detailVariants(row, variants),
  }
}

export function toVendor(row: VendorRow): Vendor {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    is_verified: row.is_verified,
    type: row.type,
    county: row.county,
    town: row.town,
    avg_rating: averageRating(row.rating_sum, row.rating_count),
    review_count: row.rating_count,
    product_count: row.product_count,
  }
}

export function toVendorDetail(row: VendorRow): VendorDetail {
  return {
    ...toVendor(row),
    description: row.description,
    phone: row.phone,
    email: row.email,
    created_at: iso(row.created_at),
  }
}

export function toCategory(row: CategoryRow): Category {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    image: { url: row.image_url ?? categoryImageUrl(row.id, 'medium'), alt_text: row.image_alt || row.name },
    parent_id: row.parent_id,
    position: row.position,
    product_count: row.product_count,
  }
}

/** A banner as the home page shows it (the admin area's adds its schedule: catalog/banners.ts). */
export function toBanner(row: BannerRow): Banner {
  // No image URL: the generated picture.
  const sizes = imageSizes((size) => row.image_url || bannerImageUrl(row.id, size))
  return {
    id: row.id,
    title: row.title,
    subtitle: row.subtitle,
    image: { url: sizes.original, ...sizes, alt_text: row.title },
    category:
      row.category_id !== null && row.category_name !== null && row.category_slug !== null
        ? { id: row.category_id, name: row.category_name, slug: row.category_slug }
        : null,
    link_url: row.link_url,
    link_text: row.link_text,
    stat1: row.stat1,
    stat1_label: row.stat1_label,
    stat2: row.stat2,
    stat2_label: row.stat2_label,
  }
}
