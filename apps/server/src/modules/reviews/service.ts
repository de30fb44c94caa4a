import type { Review } from '@soko/contract/catalog'
import type { ReviewBody } from '@soko/contract/checkout'
import { type Db, queryRows } from '@soko/db/client'
import { sql } from 'drizzle-orm'
import type { Ctx } from '../../plugins/auth.ts'
import { AppError } from '../../plugins/errors.ts'
import { isUniqueViolation } from '../accounts/service.ts'

export const REVIEW_MESSAGES = {
  notDelivered: 'You can review a product once it has been delivered to you.',
  already: 'You have already reviewed this product.',
} as const

/**
 * Reviews by shoppers who received what they review: one per product and shopper. The product's and shop's rating
 * totals follow by database triggers, which also tell every process to drop its cached catalogue.
 */
export class ReviewService {
  constructor(private readonly db: Db) {}

  async add(ctx: Ctx, slug: string, body: ReviewBody): Promise<Review> {
    if (!ctx.user) throw new AppError('unauthorized', 'Sign in to review a product.')
    const userId = ctx.user.id
    const [product] = await queryRows<{ id: number; delivered: boolean; author: string }>(
      this.db,
      sql`select p.id,
            exists (select 1 from order_items i join vendor_orders v on v.id = i.vendor_order_id
                    join orders o on o.id = i.order_id
                    where i.product_id = p.id and o.user_id = ${userId} and v.status = 'delivered') as delivered,
            (select trim(u.first_name || ' ' || left(u.last_name, 1)) from users u where u.id = ${userId}) as author
          from products p where p.slug = ${slug}`,
    )
    if (!product) throw new AppError('not_found', 'No such product.')
    if (!product.delivered) throw new AppError('forbidden', REVIEW_MESSAGES.notDelivered)
    try {
      const [row] = await queryRows<{
        id: number
        author_name: string
        rating: number
        comment: string
        created_at: Date
      }>(
        this.db,
        sql`insert into reviews (product_id, user_id, author_name, rating, comment)
            values (${product.id}, ${userId}, ${product.author || 'Soko shopper'}, ${body.rating}, ${body.comment})
            returning id, author_name, rating, comment, created_at`,
      )
      if (!row) throw new Error('insert into reviews returned nothing')
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
}
