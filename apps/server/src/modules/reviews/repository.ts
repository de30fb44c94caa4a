import type { Db } from '@soko/db/client'
import { reviews } from '@soko/db/schema/reviews'
import { type RowOf, typedRows } from '@soko/db/typed-sql'
import { desc, eq, sql } from 'drizzle-orm'

// SQL of reviews. The product's and shop's rating totals follow by database triggers.

const reviewShape = {
  id: reviews.id,
  author_name: reviews.authorName,
  rating: reviews.rating,
  comment: reviews.comment,
  created_at: reviews.createdAt,
}

export type ReviewRow = RowOf<typeof reviewShape>

/** Inserts a review; throws the unique violation (23505) when the user has reviewed the product already. */
export async function insertReview(
  db: Db,
  review: { productId: number; userId: number; authorName: string; rating: number; comment: string },
): Promise<ReviewRow> {
  const [row] = await db
    .insert(reviews)
    .values({
      productId: review.productId,
      userId: review.userId,
      authorName: review.authorName,
      rating: review.rating,
      comment: review.comment,
    })
    .returning(reviewShape)
  if (!row) throw new Error('insert into reviews returned nothing')
  return row
}

/** A product's reviews, newest first. */
export function listForProduct(db: Db, productId: number, limit: number, offset: number): Promise<ReviewRow[]> {
  return db
    .select(reviewShape)
    .from(reviews)
    .where(eq(reviews.productId, productId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit)
    .offset(offset)
}

const pairShape = { user_id: reviews.userId, product_id: reviews.productId }

/** Which of the (user, product) pairs have a review. */
export function reviewedPairs(
  db: Db,
  pairs: { userId: number; productId: number }[],
): Promise<RowOf<typeof pairShape>[]> {
  if (pairs.length === 0) return Promise.resolve([])
  return typedRows(
    db,
    pairShape,
    sql`select r.user_id, r.product_id from reviews r
        join (values ${sql.join(
          pairs.map((pair) => sql`(${pair.userId}::int, ${pair.productId}::int)`),
          sql`, `,
        )}) as p(user_id, product_id) on p.user_id = r.user_id and p.product_id = r.product_id`,
  )
}
