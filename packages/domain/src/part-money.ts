// A vendor part's money as the ledger sees it (docs/decisions/0014-ledger.md, "Wiring"): what the shopper paid for
// the part (its goods plus its share of the order's delivery fee and VAT), what a refund may still give back, the
// commission a refund returns to the shop, and what the part still has pending when its return window closes.
// Pure and integer cents only.

import type { Cents } from './money.ts'

export interface PartSubtotal {
  id: number
  subtotalCents: Cents
  /** The part's share of a voucher the marketplace funds (decision 0023); 0 or absent: none. */
  marketplaceDiscountCents?: Cents
}

export interface PartShare {
  /** The part's goods. */
  goodsCents: Cents
  /** Its share of the order's delivery fee. */
  deliveryCents: Cents
  /** Its share of the order's VAT (below zero only as the order's VAT was). */
  vatCents: Cents
  /** The part's share of a marketplace-funded voucher: the shopper paid that much less, the shop earns it all. */
  discountCents?: Cents
  /** What the shopper paid for the part: goods + delivery + VAT − the marketplace's discount. */
  paidCents: Cents
}

/**
 * Splits `amount` across `weights` in proportion, in whole cents that add up to exactly `amount`: each gets the
 * floor of its exact share, and the cents left go one each to the largest remainders (ties: the earlier one). A
 * negative amount is split as its opposite and negated; all weights zero split it evenly.
 */
export function splitProportionally(amount: Cents, weights: readonly number[]): Cents[] {
  if (!Number.isSafeInteger(amount)) throw new RangeError('the amount must be a whole number of cents')
  if (weights.length === 0) {
    if (amount !== 0) throw new RangeError('an amount needs at least one share')
    return []
  }
  if (weights.some((weight) => !Number.isSafeInteger(weight) || weight < 0)) {
    throw new RangeError('the weights must be whole numbers, zero or more')
  }
  if (amount < 0) return splitProportionally(-amount, weights).map((cents) => (cents === 0 ? 0 : -cents))
  const total = weights.reduce((sum, weight) => sum + weight, 0)
  const used = total === 0 ? weights.map(() => 1) : weights
  const usedTotal = total === 0 ? weights.length : total
  const shares = used.map((weight) => Math.floor((amount * weight) / usedTotal))
  const remainders = used.map((weight, index) => ({ index, rest: (amount * weight) % usedTotal }))
  let left = amount - shares.reduce((sum, cents) => sum + cents, 0)
  for (const { index } of [...remainders].sort((a, b) => b.rest - a.rest || a.index - b.index)) {
    if (left === 0) break
    shares[index] = (shares[index] ?? 0) + 1
    left -= 1
  }
  return shares
}

/**
 * Each vendor part's share of what the order was paid: its goods, and the order's delivery fee and VAT split in
 * proportion to the parts' subtotals, so the shares add up exactly to the order's delivery fee and VAT; less the
 * part's share of a marketplace-funded voucher (stored on the part when the order was placed).
 */
export function partShares(
  order: { shippingCents: Cents; vatCents: Cents },
  parts: readonly PartSubtotal[],
): Map<number, PartShare> {
  const weights = parts.map((part) => part.subtotalCents)
  const delivery = splitProportionally(order.shippingCents, weights)
  const vat = splitProportionally(order.vatCents, weights)
  return new Map(
    parts.map((part, index) => {
      const deliveryCents = delivery[index] ?? 0
      const vatCents = vat[index] ?? 0
      const discountCents = part.marketplaceDiscountCents ?? 0
      return [
        part.id,
        {
          goodsCents: part.subtotalCents,
          deliveryCents,
          vatCents,
          discountCents,
          paidCents: part.subtotalCents + deliveryCents + vatCents - discountCents,
        },
      ]
    }),
  )
}

export interface RefundedSoFar {
  goodsCents: Cents
  deliveryCents: Cents
  vatCents: Cents
  marketplaceCents: Cents
  /** The commission given back to the shop with it. */
  commissionCents: Cents
}

export const NOTHING_REFUNDED: RefundedSoFar = {
  goodsCents: 0,
  deliveryCents: 0,
  vatCents: 0,
  marketplaceCents: 0,
  commissionCents: 0,
}

/** The sum of earlier refunds of a part. */
export function refundedSoFar(refunds: readonly RefundedSoFar[]): RefundedSoFar {
  return refunds.reduce(
    (sum, refund) => ({
      goodsCents: sum.goodsCents + refund.goodsCents,
      deliveryCents: sum.deliveryCents + refund.deliveryCents,
      vatCents: sum.vatCents + refund.vatCents,
      marketplaceCents: sum.marketplaceCents + refund.marketplaceCents,
      commissionCents: sum.commissionCents + refund.commissionCents,
    }),
    NOTHING_REFUNDED,
  )
}

/** What earlier refunds gave back of a part in all (goods, delivery, VAT and goodwill). */
export const refundTotal = (refund: Omit<RefundedSoFar, 'commissionCents'>): Cents =>
  refund.goodsCents + refund.deliveryCents + refund.vatCents + refund.marketplaceCents

/**
 * What is left to refund of a part (an admin's refund of the whole order): each of its goods, delivery and VAT
 * less what earlier refunds gave back of it, never below zero; the goodwill of earlier refunds came from the
 * marketplace and is not taken off again.
 */
export function refundLeft(
  share: PartShare,
  before: RefundedSoFar,
): { goodsCents: Cents; deliveryCents: Cents; vatCents: Cents } {
  const goodsCents = Math.max(0, share.goodsCents - before.goodsCents)
  const deliveryCents = Math.max(0, share.deliveryCents - before.deliveryCents)
  // VAT may be below zero (the order's total was rounded down): what is left is then given back, or nothing.
  const vatLeft = share.vatCents - before.vatCents
  const vatCents = share.vatCents >= 0 ? Math.max(0, vatLeft) : Math.min(0, vatLeft)
  // Never more than the part's paid share less every earlier refund, goodwill included.
  const room = Math.max(0, share.paidCents - refundTotal(before))
  const total = goodsCents + deliveryCents + vatCents
  if (total <= room) return { goodsCents, deliveryCents, vatCents }
  // Earlier goodwill used some of the room: take the excess off delivery, then VAT, then goods.
  let excess = total - room
  const delivery = Math.max(0, deliveryCents - excess)
  excess -= deliveryCents - delivery
  const vat = vatCents > 0 ? Math.max(0, vatCents - excess) : vatCents
  excess -= vatCents > 0 ? vatCents - vat : 0
  return { goodsCents: Math.max(0, goodsCents - excess), deliveryCents: delivery, vatCents: vat }
}

/**
 * The commission a refund gives back to the shop: the part's commission in proportion to the goods refunded, taken
 * on the goods refunded so far (this refund included) and less what earlier refunds gave back, so the rounding never
 * adds up to more than the commission and a part refunded in full gives all of it back. Halves round up.
 */
export function commissionBackCents(event: {
  commissionCents: Cents
  subtotalCents: Cents
  goodsRefundedBeforeCents: Cents
  commissionReturnedBeforeCents: Cents
  goodsCents: Cents
}): Cents {
  const { commissionCents, subtotalCents, goodsRefundedBeforeCents, goodsCents } = event
  for (const [name, cents] of Object.entries(event)) {
    if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`${name} must be whole cents, zero or more`)
  }
  if (goodsRefundedBeforeCents + goodsCents > subtotalCents) {
    throw new RangeError('the goods refunded may not exceed the part’s goods')
  }
  if (subtotalCents === 0) return 0
  const dueSoFar = Math.floor(
    ((goodsRefundedBeforeCents + goodsCents) * commissionCents * 2 + subtotalCents) / (2 * subtotalCents),
  )
  return Math.max(0, Math.min(commissionCents, dueSoFar) - event.commissionReturnedBeforeCents)
}

/**
 * What a part still has pending when its return window closes, and so moves to available: its goods less the
 * commission, less the goods refunded from pending, plus the commission those refunds gave back. Never below zero.
 */
export function releasableCents(part: {
  subtotalCents: Cents
  commissionCents: Cents
  /** The refunds approved before the release (each taken from pending). */
  refunds: readonly Pick<RefundedSoFar, 'goodsCents' | 'commissionCents'>[]
}): Cents {
  const goods = part.refunds.reduce((sum, refund) => sum + refund.goodsCents, 0)
  const commission = part.refunds.reduce((sum, refund) => sum + refund.commissionCents, 0)
  return Math.max(0, part.subtotalCents - part.commissionCents - goods + commission)
}
