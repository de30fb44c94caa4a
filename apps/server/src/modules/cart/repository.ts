import { type Db, queryRows } from '@soko/db/client'
import { sql } from 'drizzle-orm'

// SQL of carts: a signed-in shopper's saved cart (product ids and quantities).

export async function getCart(db: Db, userId: number): Promise<{ productId: number; quantity: number }[]> {
  const rows = await queryRows<{ items: { productId: number; quantity: number }[] }>(
    db,
    sql`select items from carts where user_id = ${userId}`,
  )
  return rows[0]?.items ?? []
}

export async function lockCart(db: Db, userId: number): Promise<{ productId: number; quantity: number }[]> {
  await db.execute(sql`insert into carts (user_id) values (${userId}) on conflict (user_id) do nothing`)
  const rows = await queryRows<{ items: { productId: number; quantity: number }[] }>(
    db,
    sql`select items from carts where user_id = ${userId} for update`,
  )
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
