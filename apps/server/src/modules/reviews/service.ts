import type { Review } from '@soko/contract/catalog'
import type { ReviewBody } from '@soko/contract/checkout'
import type { Db } from '@soko/db/client'
import type { Ctx } from '../../plugins/auth.ts'
import { AppError } from '../../plugins/errors.ts'
import { isUniqueViolation } from '../accounts/service.ts'
import type { Users } from '../accounts/users.ts'
import type { Products } from '../catalog/products.ts'
import type { Deliveries } from '../orders/deliveries.ts'
import * as repo from './repository.ts'

export type { ReviewRow } from './repository.ts'

export const REVIEW_MESSAGES = {
  notDelivered: 'You can review a product once it has been delivered to you.',
  already: 'You have already reviewed this product.',
} as const

/**
 * Reviews by shoppers who received what they review: one per product and shopper. The product's and shop's rating
 * totals follow by database triggers, which also tell every process to drop its cached catalogue.
 */
export class ReviewService {
  constructor(
    private readonly db: Db,
    private readonly products: Products,
    private readonly deliveries: Deliveries,
    private readonly users: Users,
  ) {}

  async add(ctx: Ctx, slug: string, body: ReviewBody): Promise<Review> {
    if (!ctx.user) throw new AppError('unauthorized', 'Sign in to review a product.')
    const userId = ctx.user.id
    const productId = await this.products.idBySlug(slug)
    if (productId === null) throw new AppError('not_found', 'No such product.')
    if (!(await this.deliveries.hasReceived(userId, productId))) {
      throw new AppError('forbidden', REVIEW_MESSAGES.notDelivered)
    }
    const author = await this.users.reviewerName(userId)
    try {
      const row = await repo.insertReview(this.db, {
        productId,
        userId,
        authorName: author || 'Soko shopper',
        rating: body.rating,
        comment: body.comment,
      })
      return {
        id: row.id,
        user_name: row.author_name,
        rating: row.rating,
        comment: row.comment,
        created_at: new Date(row.created_at).toISOString(),
      }
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('conflict', REVIEW_MESSAGES.already)
      throw error
    }
  }

  /** A product's reviews, newest first (the product page and its reviews page). */
  listForProduct(productId: number, limit: number, offset: number): Promise<repo.ReviewRow[]> {
    return repo.listForProduct(this.db, productId, limit, offset)
  }

  /** Which shoppers have reviewed which of the products they bought (an order's "Write a review" buttons). */
  async reviewedOf(
    pairs: { userId: number; productId: number }[],
  ): Promise<{ has(userId: number, productId: number): boolean }> {
    const keys = new Set((await repo.reviewedPairs(this.db, pairs)).map((row) => `${row.user_id}:${row.product_id}`))
    return { has: (userId, productId) => keys.has(`${userId}:${productId}`) }
  }
}
