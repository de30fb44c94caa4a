import type { Db } from '@soko/db/client'
import { centsToKes } from '@soko/domain/money'
import { describeVoucher, evaluateVoucher, type VoucherLine } from '@soko/domain/vouchers'
import type { RateBook } from '../modules/catalog/commission-rates.ts'
import type { PricedLine, VoucherResult, VoucherStep } from '../modules/catalog/pricing.ts'
import { toVoucher, type VoucherCustomer, type VouchersService } from '../modules/vouchers/service.ts'

/** A category and its ancestors, root first, from the catalogue's tree of the moment. */
export function categoryPath(book: RateBook, categoryId: number | null): number[] {
  const path: number[] = []
  for (let id = categoryId; id !== null && path.length < 20; ) {
    path.unshift(id)
    id = book.categories.get(id)?.parentId ?? null
  }
  return path
}

/**
 * The quote's voucher step (decision 0023): the code a shopper typed, checked against the priced lines by the
 * domain's rules. `lock` (placing an order): the voucher's row is locked, so its uses are counted as they stand
 * while the order is written; the quote of a cart reads without a lock.
 */
export function voucherStep(
  vouchers: VouchersService,
  book: RateBook,
  code: string,
  customer: VoucherCustomer,
  options: { lock: boolean; now?: Date },
): VoucherStep {
  return async (db: Db, lines: readonly PricedLine[]): Promise<VoucherResult> => {
    const row = await vouchers.find(db, code, options.lock)
    if (!row) {
      return {
        applied: null,
        view: {
          code,
          applied: false,
          discount: 0,
          fundedBy: null,
          funderName: null,
          description: null,
          reason: 'unknown',
          message: `We do not know the code ${code}. Check it and try again.`,
        },
      }
    }
    const voucher = toVoucher(row)
    const voucherLines: VoucherLine[] = lines.map((line) => ({
      vendorId: line.business.id,
      categoryPath: categoryPath(book, line.categoryId),
      amountCents: line.unitPriceCents * line.quantity,
    }))
    const usage = await vouchers.usage(db, row, customer)
    const outcome = evaluateVoucher(voucher, voucherLines, usage, options.now ?? new Date())
    const base = {
      code: row.code,
      fundedBy: row.funder_business_id === null ? ('marketplace' as const) : ('vendor' as const),
      funderName:
        row.funder_business_id === null
          ? 'Soko'
          : (lines.find((line) => line.business.id === row.funder_business_id)?.businessName ??
            (await vouchers.funderName(row.funder_business_id))),
      description: describeVoucher(voucher),
    }
    if (!outcome.ok) {
      return {
        applied: null,
        view: { ...base, applied: false, discount: 0, reason: outcome.reason, message: outcome.message },
      }
    }
    return {
      applied: {
        voucherId: row.id,
        code: row.code,
        funderBusinessId: row.funder_business_id,
        discountCents: outcome.discountCents,
        shares: outcome.shares,
      },
      view: { ...base, applied: true, discount: centsToKes(outcome.discountCents), reason: null, message: null },
    }
  }
}
