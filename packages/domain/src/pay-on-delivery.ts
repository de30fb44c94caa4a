// Pay on delivery (issue 20, part 2; docs/decisions/0022-pay-on-delivery.md): who may choose it, and what may be
// recorded of a vendor part's payment once the parcel reaches its shopper. Pure: the server loads the order, the
// part and the shopper's history, asks here, and stores the answer.

import { type Cents, formatKes } from './money.ts'
import type { PaymentMethod } from './order-states.ts'
import { normaliseKenyanMobile } from './phone.ts'

export const PAY_ON_DELIVERY = 'pay-on-delivery' satisfies PaymentMethod

/**
 * Whether a vendor part's money is not in yet because it is paid at the door and was not collected: such a part
 * earns nothing, is not released, and has nothing to refund.
 */
export function awaitsCollection(method: string, collectedAt: Date | string | null): boolean {
  return method === PAY_ON_DELIVERY && collectedAt === null
}

/** Why pay on delivery is not offered for an order. */
export const POD_REFUSALS = ['off', 'over_limit', 'phone', 'refused_before'] as const
export type PodRefusal = (typeof POD_REFUSALS)[number]

export interface PodEligibilityInput {
  /** The order's total as the server quotes it (goods, delivery, VAT). */
  totalCents: Cents
  /** PAY_ON_DELIVERY_LIMIT_KES in cents: the total must be under it; 0 turns pay on delivery off. */
  limitCents: Cents
  /** The phone the order gives (the rider calls it); any form a shopper types. */
  phone: string
  /** Whether this shopper (their account, phone or email) refused a pay-on-delivery parcel before. */
  refusedBefore: boolean
}

export type PodEligibility = { eligible: true } | { eligible: false; reason: PodRefusal; message: string }

/**
 * Whether an order may be paid on delivery: offered at all, a total under the limit, a Kenyan mobile number for
 * the rider to call, and no earlier refused delivery. The first rule that fails gives the reason, in words the
 * payment step shows beside the greyed-out choice.
 */
export function payOnDeliveryEligibility(input: PodEligibilityInput): PodEligibility {
  if (input.limitCents <= 0) {
    return { eligible: false, reason: 'off', message: 'Pay on delivery is not offered on this marketplace.' }
  }
  if (input.totalCents >= input.limitCents) {
    return {
      eligible: false,
      reason: 'over_limit',
      message: `Pay on delivery is for orders under ${formatKes(input.limitCents)}. Pay by M-Pesa or card instead.`,
    }
  }
  if (normaliseKenyanMobile(input.phone) === null) {
    return {
      eligible: false,
      reason: 'phone',
      message: 'Pay on delivery needs a Kenyan mobile number the rider can call.',
    }
  }
  if (input.refusedBefore) {
    return {
      eligible: false,
      reason: 'refused_before',
      message: 'Pay on delivery is not available after an earlier delivery was refused. Pay by M-Pesa or card.',
    }
  }
  return { eligible: true }
}

/** The rules in one sentence, for the payment step and the help pages. */
export function payOnDeliveryRules(limitCents: Cents): string {
  return (
    `Pay the rider in cash or by M-Pesa when your order arrives. For orders under ${formatKes(limitCents)}, ` +
    'with a Kenyan mobile number, if no earlier pay-on-delivery parcel was refused.'
  )
}

/** How the shopper paid at the door: cash, or M-Pesa to the rider's or shop's own number. */
export const COLLECTION_WAYS = ['cash', 'mpesa'] as const
export type CollectionWay = (typeof COLLECTION_WAYS)[number]
export const COLLECTION_WAY_LABELS: Record<CollectionWay, string> = { cash: 'Cash', mpesa: 'M-Pesa to the rider' }

/**
 * How a part was paid at the door, in words for its shop ('collected by your rider') or for Soko's admins ('by the
 * shop's rider'): 'M-Pesa to the rider (SK12AB34CD), collected by your rider'.
 */
export function collectionWords(
  collection: { via: string; by: string; reference: string | null },
  reader: 'vendor' | 'admin',
): string {
  const how = COLLECTION_WAY_LABELS[collection.via as CollectionWay] ?? collection.via
  const code = collection.reference ? ` (${collection.reference})` : ''
  const who =
    collection.by === 'marketplace'
      ? 'collected by Soko'
      : reader === 'vendor'
        ? 'collected by your rider'
        : "collected by the shop's rider"
  return `${how}${code}, ${who}`
}

/**
 * Who holds the money: the shop (its own rider or courier took it: the shop owes the marketplace the delivery fee,
 * the VAT and the commission) or the marketplace (a pickup station or the marketplace's rider took it: it owes the
 * shop its goods less commission, as for any paid part).
 */
export const COLLECTORS = ['vendor', 'marketplace'] as const
export type Collector = (typeof COLLECTORS)[number]

/** What a pay-on-delivery vendor part is, as far as its money goes. */
export interface PodPart {
  /** The part's stored status (`paid` is confirmed and waiting for its shop, for a pay-on-delivery order). */
  status: string
  collected: boolean
  refused: boolean
}

export type PodAction = 'collect' | 'refuse'

/**
 * Whether the payment of a part may be recorded as collected, or its delivery as refused at the door: both only
 * once the parcel left the shop (shipped or delivered, or received) and neither twice; a refused parcel collects
 * nothing, a paid one cannot be refused. The words say why not.
 */
export function podMove(part: PodPart, action: PodAction): { ok: true } | { ok: false; message: string } {
  if (part.refused) return { ok: false, message: 'This delivery was refused; there is nothing to collect.' }
  if (part.collected) {
    return {
      ok: false,
      message:
        action === 'collect'
          ? "This part's payment was recorded already."
          : 'This part was paid for at the door, so it cannot be refused.',
    }
  }
  const outForDelivery = part.status === 'shipped' || part.status === 'delivered'
  if (action === 'refuse' && !outForDelivery) {
    return { ok: false, message: 'Only a parcel that was out for delivery can be refused.' }
  }
  if (action === 'collect' && !outForDelivery) {
    return { ok: false, message: 'The payment is collected when the parcel is delivered: ship it first.' }
  }
  return { ok: true }
}
