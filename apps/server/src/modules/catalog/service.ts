import {
  type Category,
  type CategoryDetail,
  CategoryDetailSchema,
  CategoryListSchema,
  type Home,
  HomeSchema,
  type ProductDetail,
  ProductDetailSchema,
  type ProductListing,
  type ReviewsPage,
  type VendorDetail,
  VendorDetailSchema,
} from '@soko/contract/catalog'
import type { Db } from '@soko/db/client'
import { LoadingCache, PreparedJson, TtlCache } from '../../plugins/cache.ts'
import { AppError } from '../../plugins/errors.ts'
import type { ReviewService } from '../reviews/service.ts'
import * as listing from './listing-read-model.ts'
import {
  toBanner,
  toCategory,
  toProductDetail,
  toProductListing,
  toReview,
  toVariantListing,
  toVendor,
  toVendorDetail,
} from './mappers.ts'
import * as repo from './repository.ts'
import { ViewCounter } from './view-counter.ts'

const MINUTE = 60_000

type CachedBody<T> = PreparedJson<T>
const cached = PreparedJson.of

const HOME_PRODUCTS = 10
const TOP_VENDORS = 8
const DETAIL_REVIEWS = 10

/**
 * The catalogue as shoppers read it: home, categories, product, vendor and category pages. Home, categories and
 * product detail are cached for the specification's lifetimes (5, 10 and 3 minutes) and dropped the moment a
 * catalogue change is announced by the database (see `onCatalogChange`).
 */
export class CatalogService {
  private readonly home = new LoadingCache(new TtlCache<CachedBody<Home>>(5 * MINUTE, 1))
  private readonly categories = new LoadingCache(new TtlCache<CachedBody<Category[]>>(10 * MINUTE, 1))
  private readonly products = new LoadingCache(new TtlCache<CachedBody<ProductDetail> | null>(3 * MINUTE, 5000))
  private readonly vendors = new LoadingCache(new TtlCache<CachedBody<VendorDetail> | null>(3 * MINUTE, 500))
  private readonly categoryPages = new LoadingCache(new TtlCache<CachedBody<CategoryDetail> | null>(10 * MINUTE, 500))
  /** When the cached home page's banners change by their schedule (starts_at / ends_at). */
  private homeBannersChangeAt = Number.POSITIVE_INFINITY
  /**
   * The slugs of the cached product pages that show each product, to drop just those when one product changes: its
   * own page, and for a variant its siblings' pages too (their option pickers show its stock).
   */
  private readonly productSlugs = new Map<number, Set<string>>()
  readonly views: ViewCounter

  constructor(
    private readonly db: Db,
    private readonly reviews: Pick<ReviewService, 'listForProduct'>,
    onError: (error: unknown) => void = () => {},
  ) {
    this.views = new ViewCounter(db, 5000, onError)
  }

  getHome(): Promise<CachedBody<Home>> {
    // A scheduled banner starts or ends with no write to announce it: the cached page goes at that moment.
    if (Date.now() >= this.homeBannersChangeAt) this.home.clear()
    return this.home.get('home', async () => {
      const [banners, featured, trending, vendors, bannersChangeAt] = await Promise.all([
        repo.listLiveBanners(this.db),
        listing.listFeaturedProducts(this.db, HOME_PRODUCTS),
        listing.listTrendingProducts(this.db, HOME_PRODUCTS),
        listing.listTopVendors(this.db, TOP_VENDORS),
        repo.nextBannerChange(this.db),
      ])
      this.homeBannersChangeAt = bannersChangeAt?.getTime() ?? Number.POSITIVE_INFINITY
      return cached(HomeSchema, {
        banners: banners.map(toBanner),
        featured_products: featured.map(toProductListing),
        trending_products: trending.map(toProductListing),
        top_vendors: vendors.map(toVendor),
      })
    })
  }

  listCategories(): Promise<CachedBody<Category[]>> {
    return this.categories.get('all', async () =>
      cached(CategoryListSchema, (await listing.listCategories(this.db)).map(toCategory)),
    )
  }

  /** The product page's data; counts a view. Throws not_found for a missing or hidden product. */
  async requireProduct(slug: string): Promise<CachedBody<ProductDetail>> {
    const body = await this.products.get(slug, async () => {
      const row = await listing.getProductBySlug(this.db, slug)
      if (!row) return null
      const [ownImages, reviews, variants] = await Promise.all([
        repo.listProductImages(this.db, row.id),
        this.reviews.listForProduct(row.id, DETAIL_REVIEWS, 0),
        row.family_id === null ? [] : listing.listFamilyVariants(this.db, row.family_id),
      ])
      let images = ownImages
      if (images.length === 0 && row.family_id !== null) {
        // A variant without photos of its own shows its product's.
        const withImages = await listing.familyImagesProductId(this.db, row.family_id)
        if (withImages !== null) images = await repo.listProductImages(this.db, withImages)
      }
      for (const id of [row.id, ...variants.map((variant) => variant.id)]) {
        const slugs = this.productSlugs.get(id) ?? new Set<string>()
        slugs.add(slug)
        this.productSlugs.set(id, slugs)
      }
      return cached(ProductDetailSchema, toProductDetail(row, images, reviews, variants))
    })
    if (!body) throw new AppError('not_found', `No product with the slug "${slug}".`)
    this.views.count(body.value.id)
    return body
  }

  async listProductReviews(slug: string, page: number, perPage: number): Promise<ReviewsPage> {
    const product = await listing.getVisibleProductId(this.db, slug)
    if (!product) throw new AppError('not_found', `No product with the slug "${slug}".`)
    const rows = await this.reviews.listForProduct(product.id, perPage, (page - 1) * perPage)
    return {
      count: product.review_count,
      page,
      per_page: perPage,
      total_pages: Math.ceil(product.review_count / perPage),
      results: rows.map(toReview),
    }
  }

  /** The products among `ids` that shoppers can see, as listed (in the order of `ids`). */
  async listingsByIds(ids: number[]): Promise<ProductListing[]> {
    return (await listing.listVisibleProducts(this.db, ids)).map(toVariantListing)
  }

  /** A product shoppers can see, as listed; null when it is hidden or missing. */
  async visibleListing(id: number): Promise<ProductListing | null> {
    const [row] = await listing.listVisibleProducts(this.db, [id])
    return row ? toVariantListing(row) : null
  }

  async requireVendor(slug: string): Promise<CachedBody<VendorDetail>> {
    const body = await this.vendors.get(slug, async () => {
      const row = await listing.getVendorBySlug(this.db, slug)
      return row ? cached(VendorDetailSchema, toVendorDetail(row)) : null
    })
    if (!body) throw new AppError('not_found', `No vendor with the slug "${slug}".`)
    return body
  }

  async requireCategory(slug: string): Promise<CachedBody<CategoryDetail>> {
    const body = await this.categoryPages.get(slug, async () => {
      const all = (await this.listCategories()).value
      const category = all.find((c) => c.slug === slug)
      if (!category) return null
      const parent = category.parent_id === null ? null : (all.find((c) => c.id === category.parent_id) ?? null)
      const breadcrumb = [...(parent ? [{ name: parent.name, slug: parent.slug }] : []), { name: category.name, slug }]
      return cached(CategoryDetailSchema, {
        ...category,
        parent: parent ? { id: parent.id, name: parent.name, slug: parent.slug } : null,
        children: all.filter((c) => c.parent_id === category.id),
        breadcrumb,
      })
    })
    if (!body) throw new AppError('not_found', `No category with the slug "${slug}".`)
    return body
  }

  /**
   * Drops cached copies affected by a change announced on the soko_catalog channel: "products:<id>" for one
   * product's update, a table name for anything else, '*' when announcements may have been missed.
   */
  onCatalogChange(payload: string): void {
    const [table, id] = payload.split(':')
    this.home.clear()
    this.categories.clear()
    this.categoryPages.clear()
    this.vendors.clear()
    if (table === 'products' && id !== undefined) {
      // One product changed: the pages that show it (home, counts and shop pages above may show it too).
      for (const slug of this.productSlugs.get(Number(id)) ?? []) this.products.delete(slug)
      return
    }
    this.products.clear()
    this.productSlugs.clear()
  }

  async stop(): Promise<void> {
    await this.views.stop()
  }
}
