import type { Db } from '@soko/db/client'
import { carts } from '@soko/db/schema/cart'
import { eq, sql } from 'drizzle-orm'

// SQL of carts: a signed-in shopper's saved cart (product ids and quantities).

export async function getCart(db: Db, userId: number): Promise<{ productId: number; quantity: number }[]> {
  const rows = await db.select({ items: carts.items }).from(carts).where(eq(carts.userId, userId))
  return rows[0]?.items ?? []
}

export async function lockCart(db: Db, userId: number): Promise<{ productId: number; quantity: number }[]> {
  await db.insert(carts).values({ userId }).onConflictDoNothing({ target: carts.userId })
  const rows = await db.select({ items: carts.items }).from(carts).where(eq(carts.userId, userId)).for('update')
  return rows[0]?.items ?? []
}

export async function saveCart(
  db: Db,
  userId: number,
  items: { productId: number; quantity: number }[],
): Promise<void> {
  await db.execute(sql`
    insert into carts (user_id, items, updated_at) values (${userId}, ${JSON.stringify(items)}::jsonb, now())
    on conflict (user_id) do update set items = excluded.items, updated_at = now()`)
}
