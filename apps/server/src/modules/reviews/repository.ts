import { type Db, queryRows } from '@soko/db/client'
import { sql } from 'drizzle-orm'

// SQL of reviews. The product's and shop's rating totals follow by database triggers.

export interface ReviewRow {
  id: number
  author_name: string
  rating: number
  comment: string
  created_at: Date | string
}

/** Inserts a review; throws the unique violation (23505) when the user has reviewed the product already. */
export async function insertReview(
  db: Db,
  review: { productId: number; userId: number; authorName: string; rating: number; comment: string },
): Promise<ReviewRow> {
  const [row] = await queryRows<ReviewRow>(
    db,
    sql`insert into reviews (product_id, user_id, author_name, rating, comment)
        values (${review.productId}, ${review.userId}, ${review.authorName}, ${review.rating}, ${review.comment})
        returning id, author_name, rating, comment, created_at`,
  )
  if (!row) throw new Error('insert into reviews returned nothing')
  return row
}

/** A product's reviews, newest first. */
export function listForProduct(db: Db, productId: number, limit: number, offset: number): Promise<ReviewRow[]> {
  return queryRows<ReviewRow>(
    db,
    sql`select id, author_name, rating, comment, created_at from reviews where product_id = ${productId}
        order by created_at desc, id desc limit ${limit} offset ${offset}`,
  )
}

/** Which of the (user, product) pairs have a review. */
export function reviewedPairs(
  db: Db,
  pairs: { userId: number; productId: number }[],
): Promise<{ user_id: number; product_id: number }[]> {
  if (pairs.length === 0) return Promise.resolve([])
  return queryRows<{ user_id: number; product_id: number }>(
    db,
    sql`select r.user_id, r.product_id from reviews r
        join (values ${sql.join(
          pairs.map((pair) => sql`(${pair.userId}::int, ${pair.productId}::int)`),
          sql`, `,
        )}) as p(user_id, product_id) on p.user_id = r.user_id and p.product_id = r.product_id`,
  )
}
