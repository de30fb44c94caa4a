import type { Db } from '@soko/db/client'
import * as saleRepo from './flash-sale-repository.ts'
import type { SaleUnitsLine } from './flash-sales.ts'
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

  /**
   * Takes an order's flash sale units (decision 0024): one conditional update per sale, so a sale never sells more
   * units than it has; false at the first sale without enough left (the caller rolls the order back).
   */
  async takeSaleUnits(t: Db, orderId: number, lines: readonly SaleUnitsLine[]): Promise<boolean> {
    for (const line of [...lines].sort((a, b) => a.flashSaleId - b.flashSaleId)) {
      if (!(await saleRepo.takeUnits(t, { ...line, orderId }))) return false
    }
    return true
  }

  /** Gives back the flash sale units an order holds for these lines' products, once. */
  async giveBackSaleUnits(t: Db, orderId: number, lines: readonly StockLine[]): Promise<void> {
    await saleRepo.releaseUnits(t, orderId, [...new Set(lines.map((line) => line.productId))])
  }

  /** Takes an order's given-back sale units again; false (nothing taken) when a sale has not enough left. */
  async retakeSaleUnits(t: Db, orderId: number): Promise<boolean> {
    const released = await saleRepo.releasedUnits(t, orderId)
    for (const units of released) {
      if (!(await saleRepo.retakeUnits(t, units.id, units.flash_sale_id, units.quantity))) {
        // Those taken again before this one go back: all or nothing.
        await saleRepo.releaseUnits(t, orderId, [...new Set(released.map((row) => row.product_id))])
        return false
      }
    }
    return true
  }
}
