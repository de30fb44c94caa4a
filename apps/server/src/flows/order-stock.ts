import type { Db } from '@soko/db/client'
import type { Stock } from '../modules/catalog/stock.ts'
import type { OrdersService } from '../modules/orders/service.ts'

// The stock an order holds, between the orders module (which lines, claimed once) and the catalogue (the products'
// stock): steps of the cancel, expire, refund and settle-payment flows, in their transaction `t`.

interface Modules {
  orders: OrdersService
  stock: Stock
}

/**
 * Gives an order's stock back to the catalogue, once (a second cancel, expiry or refund gives nothing). With
 * `unshippedOnly`, only the parts that never left their shop (a refund after some parts shipped).
 */
export async function giveBackStock(
  t: Db,
  { orders, stock }: Modules,
  orderId: number,
  options: { unshippedOnly?: boolean } = {},
): Promise<void> {
  if (await orders.claimStockRelease(t, orderId)) await stock.giveBack(t, await orders.stockLines(t, orderId, options))
}

/** Takes a released order's stock again (money that came in after its reservation ended); false if sold meanwhile. */
export async function takeBackStock(t: Db, { orders, stock }: Modules, orderId: number): Promise<boolean> {
  if (!(await stock.takeAll(t, await orders.stockLines(t, orderId)))) return false
  await orders.markStockRetaken(t, orderId)
  return true
}
