import type { Db } from '@soko/db/client'
import { orders, vendorOrders } from '@soko/db/schema/orders'
import { businesses } from '@soko/db/schema/vendors'
import { eq, inArray } from 'drizzle-orm'

// What the reconciliation shows of the orders and shops its movements were for: order numbers and totals, shop names.
// Read only, by ids the payments and payouts modules answered.

export function ordersByIds(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([])
  return db
    .select({ id: orders.id, order_number: orders.orderNumber, total_cents: orders.totalCents })
    .from(orders)
    .where(inArray(orders.id, [...new Set(ids)]))
}

export function shopsByIds(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([])
  return db
    .select({ id: businesses.id, name: businesses.name })
    .from(businesses)
    .where(inArray(businesses.id, [...new Set(ids)]))
}

/** The shop of each vendor part. */
export function shopsOfParts(db: Db, partIds: readonly number[]) {
  if (partIds.length === 0) return Promise.resolve([])
  return db
    .select({ part_id: vendorOrders.id, id: businesses.id, name: businesses.name })
    .from(vendorOrders)
    .innerJoin(businesses, eq(businesses.id, vendorOrders.businessId))
    .where(inArray(vendorOrders.id, [...new Set(partIds)]))
}
