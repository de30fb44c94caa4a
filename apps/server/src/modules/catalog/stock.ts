import type { Db } from '@soko/db/client'
import * as repo from './repository.ts'

/** A quantity of one product: what an order line takes from stock or gives back. */
export interface StockLine {
  productId: number
  quantity: number
}

/**
 * The catalogue's stock (DESIGN D4): taken inside the order's transaction, never below zero, and given back when an
 * order ends unpaid, is cancelled or refunded. Every method runs in the caller's transaction `t`.
 */
export class Stock {
  /** Takes stock for one line; false when there is not enough. */
  take(t: Db, productId: number, quantity: number): Promise<boolean> {
    return repo.takeStock(t, productId, quantity)
  }

  /** Takes every line (in the order given, product ids ascending to avoid deadlocks); false at the first short one. */
  async takeAll(t: Db, lines: readonly StockLine[]): Promise<boolean> {
    for (const line of lines) {
      if (!(await repo.takeStock(t, line.productId, line.quantity))) return false
    }
    return true
  }

  /** Puts the lines' quantities back on sale. */
  giveBack(t: Db, lines: readonly StockLine[]): Promise<void> {
    return repo.addStock(t, [...lines])
  }

  /** Counts what a paid order bought into the products' sales. */
  countSales(t: Db, lines: readonly StockLine[]): Promise<void> {
    return repo.addSales(t, [...lines])
  }
}
