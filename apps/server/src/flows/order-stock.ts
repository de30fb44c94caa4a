import type { Db } from '@soko/db/client'
import type { Stock } from '../modules/catalog/stock.ts'
import type { OrdersService } from '../modules/orders/service.ts'
import type { PaymentService } from '../modules/payments/service.ts'

// The stock an order holds, between the orders module (which lines, claimed once) and the catalogue (the products'
// stock), and the steps that end an order: of the cancel, expire, refund and settle-payment flows, in their
// transaction `t`.

/** The modules a flow that ends an order works with. */
export interface OrderModules {
  db: Db
  orders: OrdersService
  payments: PaymentService
  stock: Stock
}

type StockModules = Pick<OrderModules, 'orders' | 'stock'>

/**
 * Gives an order's stock back to the catalogue, once (a second cancel, expiry or refund gives nothing). With
 * `unshippedOnly`, only the parts that never left their shop (a refund after some parts shipped).
 */
export async function giveBackStock(
  t: Db,
  { orders, stock }: StockModules,
  orderId: number,
  options: { unshippedOnly?: boolean } = {},
): Promise<void> {
  if (!(await orders.claimStockRelease(t, orderId))) return
  const lines = await orders.stockLines(t, orderId, options)
  await stock.giveBack(t, lines)
  // Its flash sale units too (decision 0024): another shopper may buy them at the sale price.
  await stock.giveBackSaleUnits(t, orderId, lines)
}

/** Takes a released order's stock again (money that came in after its reservation ended); false if sold meanwhile. */
export async function takeBackStock(t: Db, { orders, stock }: StockModules, orderId: number): Promise<boolean> {
  const lines = await orders.stockLines(t, orderId)
  if (!(await stock.takeAll(t, lines))) return false
  // It was sold at the flash sale price: only with the sale's units again, else its stock goes back too.
  if (!(await stock.retakeSaleUnits(t, orderId))) {
    await stock.giveBack(t, lines)
    return false
  }
  await orders.markStockRetaken(t, orderId)
  return true
}

/**
 * Lets go of what an ending order holds: its stock back on sale, once (see `giveBackStock`), and its open payment
 * attempts closed as `attempts`.
 */
export async function releaseOrder(
  t: Db,
  modules: OrderModules,
  orderId: number,
  attempts: 'cancelled' | 'expired',
  options: { unshippedOnly?: boolean } = {},
): Promise<void> {
  await giveBackStock(t, modules, orderId, options)
  await modules.payments.closePending(t, orderId, attempts)
}

/** Cancels an order and its vendor parts still in `partsFrom`, with the reason its shopper sees, and releases it. */
export async function cancelOrder(
  t: Db,
  modules: OrderModules,
  orderId: number,
  how: { reason: string; partsFrom: string[]; attempts: 'cancelled' | 'expired' },
): Promise<void> {
  await modules.orders.setStatus(t, orderId, 'cancelled', { cancelReason: how.reason })
  await modules.orders.setPartsStatus(t, orderId, 'cancelled', how.partsFrom)
  await releaseOrder(t, modules, orderId, how.attempts)
}
