import type { Db } from '@soko/db/client'
import * as repo from './refund-records-repository.ts'

export type { NewRefund, RefundRow } from './refund-records-repository.ts'

/**
 * The refunds table as refunds are approved (issue 19): one row per vendor part refunded, with how the money goes
 * back (the paid attempt's method and phone). Written in the caller's transaction, with the ledger's postings.
 */
export class RefundRecords {
  constructor(private readonly db: Db) {}

  insert(t: Db, refund: repo.NewRefund): Promise<number> {
    return repo.insertRefund(t, refund)
  }

  ofPart(t: Db, vendorOrderId: number): Promise<repo.RefundRow[]> {
    return repo.refundsOfPart(t, vendorOrderId)
  }

  ofOrder(orderId: number, t: Db = this.db): Promise<repo.RefundRow[]> {
    return repo.refundsOfOrder(t, orderId)
  }
}
