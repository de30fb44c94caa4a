// The double-entry ledger (issue 19, part 1; docs/decisions/0014-ledger.md): the chart of accounts, one builder per
// money event that always returns a balanced transaction, commission and its VAT, and balances as sums of entries.
// Pure and integer cents only: the ledger module stores what these build; nothing here knows a database.

import type { Cents } from './money.ts'
import type { PaymentMethod } from './order-states.ts'
import type { Collector } from './pay-on-delivery.ts'

// ── The chart of accounts ───────────────────────────────────────────────────────────────────────────────────────

/** Which side an account grows on: assets and expenses on the debit side, liabilities and income on the credit. */
export type Side = 'debit' | 'credit'

/** The marketplace's own accounts (one each). */
export const MARKETPLACE_ACCOUNTS = {
  /** Asset: the M-Pesa paybill's float; STK payments come in, B2C payouts and refunds go out. */
  mpesa_float: { normal: 'debit', label: 'M-Pesa float' },
  /** Asset: card payments taken, not yet settled to the bank by the card provider. */
  card_clearing: { normal: 'debit', label: 'Card clearing' },
  /** Asset: pay-on-delivery money a pickup station or the marketplace's rider took, not yet banked. */
  cash_on_delivery: { normal: 'debit', label: 'Collected on delivery by the marketplace' },
  /** Income: the marketplace's commission on vendors' sales, net of its VAT. */
  commission_income: { normal: 'credit', label: 'Commission income' },
  /** Liability: output VAT on the commission, owed to KRA. */
  vat_on_commission: { normal: 'credit', label: 'VAT on commission (output VAT payable)' },
  /** Income: the delivery fee each order pays the marketplace. */
  delivery_fees: { normal: 'credit', label: 'Delivery fees' },
  /** Liability: the VAT a shopper pays at checkout on the goods, owed to KRA. */
  vat_on_sales: { normal: 'credit', label: 'VAT on sales (output VAT payable)' },
  /** Liability: approved refunds, owed to shoppers until the money is sent. */
  refunds_payable: { normal: 'credit', label: 'Refunds payable' },
  /** Expense: what the marketplace refunds shoppers out of its own pocket (no vendor bears it: goodwill). */
  shopper_refunds: { normal: 'debit', label: 'Shopper refunds borne by the marketplace' },
  /**
   * Expense: vouchers the marketplace funds (decision 0023): the shopper pays less, the shop still earns on the full
   * price, and the difference is the marketplace's.
   */
  marketplace_discounts: { normal: 'debit', label: 'Voucher discounts funded by the marketplace' },
  /** Suspense: the other side of an admin's manual adjustment, until it is explained and cleared. */
  adjustments: { normal: 'debit', label: 'Adjustments (suspense)' },
} as const satisfies Record<string, { normal: Side; label: string }>

/**
 * Each vendor's accounts (one each per vendor): liabilities, what the marketplace owes the shop, except what the
 * shop collected at the door for pay-on-delivery orders, a receivable: the shop holds the marketplace's share of it.
 */
export const VENDOR_ACCOUNTS = {
  /** Sold and paid, not free yet: undelivered, or inside the return window, or with an open return. */
  vendor_pending: { normal: 'credit', label: 'Pending' },
  /** Free to be paid out. */
  vendor_available: { normal: 'credit', label: 'Available' },
  /** Paid out, in flight: a payout sent to M-Pesa whose result has not come back. */
  vendor_payout_in_transit: { normal: 'credit', label: 'Payout in transit' },
  /** Pay on delivery the shop's rider took: what of it is not yet set against the shop's earnings is owed back. */
  vendor_collected: { normal: 'debit', label: 'Collected on delivery (owed to the marketplace)' },
} as const satisfies Record<string, { normal: Side; label: string }>

export type MarketplaceAccountKind = keyof typeof MARKETPLACE_ACCOUNTS
export type VendorAccountKind = keyof typeof VENDOR_ACCOUNTS
export type AccountKind = MarketplaceAccountKind | VendorAccountKind

export const MARKETPLACE_ACCOUNT_KINDS = Object.keys(MARKETPLACE_ACCOUNTS) as MarketplaceAccountKind[]
export const VENDOR_ACCOUNT_KINDS = Object.keys(VENDOR_ACCOUNTS) as VendorAccountKind[]
export const ACCOUNT_KINDS: readonly AccountKind[] = [...MARKETPLACE_ACCOUNT_KINDS, ...VENDOR_ACCOUNT_KINDS]

/** An account: a marketplace account by its kind, a vendor's by its kind and the vendor's (business's) id. */
export type AccountRef = { kind: MarketplaceAccountKind } | { kind: VendorAccountKind; vendorId: number }

export const account = (kind: MarketplaceAccountKind): AccountRef => ({ kind })
export const vendorAccount = (kind: VendorAccountKind, vendorId: number): AccountRef => ({ kind, vendorId })

export function isVendorKind(kind: string): kind is VendorAccountKind {
  return Object.hasOwn(VENDOR_ACCOUNTS, kind)
}

export function isAccountKind(kind: string): kind is AccountKind {
  return Object.hasOwn(MARKETPLACE_ACCOUNTS, kind) || isVendorKind(kind)
}

/** The vendor an account belongs to, or null for the marketplace's own. */
export function vendorOf(ref: AccountRef): number | null {
  return 'vendorId' in ref ? ref.vendorId : null
}

/** One string per account, for maps and messages: `mpesa_float`, `vendor_pending:42`. */
export function accountKey(ref: AccountRef): string {
  return 'vendorId' in ref ? `${ref.kind}:${ref.vendorId}` : ref.kind
}

export function sameAccount(a: AccountRef, b: AccountRef): boolean {
  return accountKey(a) === accountKey(b)
}

/** The side an account's balance grows on (the sign convention of `balanceOf`). */
export function normalSide(ref: AccountRef): Side {
  return isVendorKind(ref.kind) ? VENDOR_ACCOUNTS[ref.kind].normal : MARKETPLACE_ACCOUNTS[ref.kind].normal
}

export function accountLabel(ref: AccountRef): string {
  if ('vendorId' in ref) return `Vendor ${ref.vendorId}: ${VENDOR_ACCOUNTS[ref.kind].label}`
  return MARKETPLACE_ACCOUNTS[ref.kind].label
}

// ── Transactions ────────────────────────────────────────────────────────────────────────────────────────────────

export const TRANSACTION_KINDS = [
  'payment_received',
  'payment_collected',
  'collection_settled',
  'commission_taken',
  'commission_returned',
  'part_released',
  'refund_approved',
  'refund_sent',
  'payout_sent',
  'payout_settled',
  'payout_failed',
  'manual_adjustment',
] as const
export type TransactionKind = (typeof TRANSACTION_KINDS)[number]

export const REFERENCE_TYPES = ['payment', 'vendor_part', 'refund', 'payout', 'adjustment'] as const
export type ReferenceType = (typeof REFERENCE_TYPES)[number]

/** What caused a transaction: a payment, a vendor part, a refund, a payout, or an admin's adjustment. */
export interface Reference {
  type: ReferenceType
  id: number
}

/** One line of a transaction: an account, a side, and a positive number of cents. */
export interface Entry {
  account: AccountRef
  side: Side
  cents: Cents
}

export interface LedgerTransaction {
  kind: TransactionKind
  /**
   * The same money event always builds the same key (`payment_received:payment:12`): the ledger records a key once,
   * so an event posted twice (a callback delivered twice, a job run again) counts once.
   */
  key: string
  memo: string
  reference: Reference
  /** Who did it, when a person did (an admin's adjustment); null for the system. */
  actorId: number | null
  entries: Entry[]
}

const isCents = (n: number) => Number.isSafeInteger(n)

/**
 * Whether a transaction may be posted: every entry a whole, positive number of cents, and its debits equal its
 * credits. A transaction with no entries (a commission of 0 %) is balanced.
 */
export function balanced(tx: Pick<LedgerTransaction, 'entries'>): boolean {
  let debits = 0
  let credits = 0
  for (const entry of tx.entries) {
    if (!isCents(entry.cents) || entry.cents <= 0) return false
    if (entry.side === 'debit') debits += entry.cents
    else credits += entry.cents
  }
  return debits === credits
}

/** The sum of a transaction's debits (equal to its credits when balanced). */
export function totalOf(tx: Pick<LedgerTransaction, 'entries'>): Cents {
  return tx.entries.reduce((sum, entry) => sum + (entry.side === 'debit' ? entry.cents : 0), 0)
}

/** An account's balance on its normal side: assets and expenses debits less credits, the rest credits less debits. */
export function balanceOf(entries: readonly Pick<Entry, 'account' | 'side' | 'cents'>[], ref: AccountRef): Cents {
  const key = accountKey(ref)
  const normal = normalSide(ref)
  let balance = 0
  for (const entry of entries) {
    if (accountKey(entry.account) !== key) continue
    balance += entry.side === normal ? entry.cents : -entry.cents
  }
  return balance
}

function checkAmount(name: string, cents: number, { positive = false } = {}): void {
  if (!isCents(cents) || cents < 0 || (positive && cents === 0)) {
    throw new RangeError(`${name} must be a whole number of cents${positive ? ' above zero' : ', zero or more'}`)
  }
}

function checkId(name: string, id: number): void {
  if (!Number.isSafeInteger(id) || id <= 0) throw new RangeError(`${name} must be a positive whole number`)
}

/** Entries without the zero amounts (a free delivery, a 0 % commission): a ledger line is never of nothing. */
const lines = (...entries: Entry[]): Entry[] => entries.filter((entry) => entry.cents !== 0)

const debit = (account: AccountRef, cents: Cents): Entry => ({ account, side: 'debit', cents })
const credit = (account: AccountRef, cents: Cents): Entry => ({ account, side: 'credit', cents })
/** A signed amount on `side`: a negative one is the same amount on the other side. */
const signed = (side: Side, account: AccountRef, cents: Cents): Entry =>
  cents >= 0 ? { account, side, cents } : { account, side: side === 'debit' ? 'credit' : 'debit', cents: -cents }

function checkSigned(name: string, cents: number): void {
  if (!isCents(cents)) throw new RangeError(`${name} must be a whole number of cents`)
}

function build(
  kind: TransactionKind,
  reference: Reference,
  memo: string,
  entries: Entry[],
  extra: { key?: string; actorId?: number | null } = {},
): LedgerTransaction {
  const tx: LedgerTransaction = {
    kind,
    key: extra.key ?? `${kind}:${reference.type}:${reference.id}`,
    memo,
    reference,
    actorId: extra.actorId ?? null,
    entries,
  }
  // The builders balance by construction; this guards against a builder being changed wrongly.
  if (!balanced(tx)) throw new Error(`unbalanced ${kind} transaction`)
  return tx
}

// ── Commission and its VAT ──────────────────────────────────────────────────────────────────────────────────────

/** Rounds a non-negative fraction `numerator / denominator` to the nearest whole number, halves up. */
function roundHalfUp(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator))
}

/**
 * The commission on an amount at a rate in basis points (1000 = 10 %), rounded to the cent, halves up: the rule the
 * orders module has used since the flat rate (`Math.round`, the same for amounts of zero or more).
 */
export function commissionCents(amountCents: Cents, rateBp: number): Cents {
  checkAmount('the amount', amountCents)
  if (!Number.isInteger(rateBp) || rateBp < 0 || rateBp > 10_000) throw new RangeError('a rate is 0 to 10000 bp')
  return roundHalfUp(amountCents * rateBp, 10_000)
}

/**
 * The VAT inside a VAT-inclusive amount: amount × rate / (100 % + rate), rounded to the cent, halves up. The
 * commission a vendor is charged includes its VAT (decision 0014): KSh 100 at 16 % is KSh 86.21 of income and
 * KSh 13.79 of VAT; income is what is left after the rounded VAT, so the two always add up to the commission.
 */
export function vatInside(amountCents: Cents, vatRateBp: number): Cents {
  checkAmount('the amount', amountCents)
  if (!Number.isInteger(vatRateBp) || vatRateBp < 0 || vatRateBp > 10_000) throw new RangeError('VAT is 0 to 10000 bp')
  return roundHalfUp(amountCents * vatRateBp, 10_000 + vatRateBp)
}

/**
 * The commission rate of a product in a category: the most specific category on its path (root first, leaf last)
 * that has a rate of its own wins, else the marketplace's default (COMMISSION_PERCENT, 10 % unless configured).
 */
export function commissionRateFor(
  categoryPath: readonly number[],
  rates: ReadonlyMap<number, number>,
  defaultBp: number,
): number {
  for (let i = categoryPath.length - 1; i >= 0; i--) {
    const rate = rates.get(categoryPath[i] as number)
    if (rate !== undefined) return rate
  }
  return defaultBp
}

/**
 * A vendor part's commission when its lines are charged at different rates (categories of their own): each line's
 * commission is rounded on its own, then summed, so that a line's figure on a statement is the one that was taken.
 */
export function partCommissionCents(parts: readonly { amountCents: Cents; rateBp: number }[]): Cents {
  return parts.reduce((sum, part) => sum + commissionCents(part.amountCents, part.rateBp), 0)
}

// ── The money events ────────────────────────────────────────────────────────────────────────────────────────────

export type { PaymentMethod }

/** Where a payment's money sits: the M-Pesa float (STK and Paybill alike), or card clearing until the provider settles. */
export function cashAccount(method: PaymentMethod): AccountRef {
  return account(method === 'credit-card' ? 'card_clearing' : 'mpesa_float')
}

export interface PaymentReceived {
  paymentId: number
  orderId: number
  method: PaymentMethod
  /** What was charged: the order's total (goods − discount + delivery + VAT, `quoteAmounts`). */
  totalCents: Cents
  shippingCents: Cents
  /**
   * The order's VAT as stored. It may be a few cents below zero: `quoteAmounts` rounds the total to whole shillings,
   * which can take up to 50 cents off the exact VAT (goods of KSh 1.01 and no delivery: total KSh 1, VAT -1 cent).
   * A negative VAT is entered on the debit side of VAT on sales.
   */
  vatCents: Cents
  /**
   * Each vendor part's subtotal: the goods that shop sold in the order, after a voucher the shop funds itself (its
   * own discount lowers its goods, decision 0023).
   */
  parts: readonly { vendorId: number; subtotalCents: Cents }[]
  /** A voucher the marketplace funds: what it took off the order (the marketplace's expense); 0 or absent: none. */
  marketplaceDiscountCents?: Cents
}

/**
 * A payment came in: the float (or card clearing) grows by the total; each shop's pending by its part's goods (the
 * commission is taken by a transaction of its own); the marketplace keeps the delivery fee and owes the VAT on the
 * goods. The total must be what the order's figures add up to, as the orders table's check demands.
 */
export function paymentReceived(event: PaymentReceived): LedgerTransaction {
  checkId('the payment id', event.paymentId)
  checkId('the order id', event.orderId)
  checkAmount('the total', event.totalCents, { positive: true })
  checkAmount('the delivery fee', event.shippingCents)
  checkSigned('the VAT', event.vatCents)
  const discountCents = event.marketplaceDiscountCents ?? 0
  checkAmount('the marketplace discount', discountCents)
  if (event.parts.length === 0) throw new RangeError('a payment is for at least one vendor part')
  const goods = new Map<number, Cents>()
  for (const part of event.parts) {
    checkId('a vendor id', part.vendorId)
    checkAmount('a part subtotal', part.subtotalCents)
    goods.set(part.vendorId, (goods.get(part.vendorId) ?? 0) + part.subtotalCents)
  }
  const goodsCents = [...goods.values()].reduce((sum, cents) => sum + cents, 0)
  if (goodsCents - discountCents + event.shippingCents + event.vatCents !== event.totalCents) {
    throw new RangeError(
      'the total must be the parts’ subtotals less the marketplace’s discount plus delivery plus VAT',
    )
  }
  const how = event.method === 'credit-card' ? 'card' : 'M-Pesa'
  return build(
    'payment_received',
    { type: 'payment', id: event.paymentId },
    `Payment ${event.paymentId} for order ${event.orderId} received by ${how}`,
    lines(
      debit(cashAccount(event.method), event.totalCents),
      debit(account('marketplace_discounts'), discountCents),
      ...[...goods].map(([vendorId, cents]) => credit(vendorAccount('vendor_pending', vendorId), cents)),
      credit(account('delivery_fees'), event.shippingCents),
      signed('credit', account('vat_on_sales'), event.vatCents),
    ),
  )
}

export interface PaymentCollected {
  vendorPartId: number
  orderId: number
  vendorId: number
  /** Who took the money at the door: the shop's rider, or the marketplace's (a pickup station). */
  collectedBy: Collector
  /** The part's paid share (`partShares`): its goods, and its shares of the order's delivery fee and VAT. */
  goodsCents: Cents
  deliveryCents: Cents
  vatCents: Cents
  /** The part's share of a voucher the marketplace funds (the shopper paid that much less; 0 or absent: none). */
  marketplaceDiscountCents?: Cents
}

/**
 * A pay-on-delivery part was paid at the door: its share of the order is received, into the marketplace's
 * collected-on-delivery account or, when the shop's rider took it, owed by the shop; then the same as any payment:
 * the shop's goods pending (the commission taken by `commissionTaken`), the delivery fee the marketplace's, the VAT
 * owed.
 */
export function paymentCollected(event: PaymentCollected): LedgerTransaction {
  checkId('the vendor part id', event.vendorPartId)
  checkId('the order id', event.orderId)
  checkId('the vendor id', event.vendorId)
  checkAmount('the goods', event.goodsCents)
  checkAmount('the delivery fee', event.deliveryCents)
  checkSigned('the VAT', event.vatCents)
  const discountCents = event.marketplaceDiscountCents ?? 0
  checkAmount('the marketplace discount', discountCents)
  const paid = event.goodsCents + event.deliveryCents + event.vatCents - discountCents
  if (paid <= 0) throw new RangeError('a payment collected is of more than nothing')
  const into =
    event.collectedBy === 'vendor' ? vendorAccount('vendor_collected', event.vendorId) : account('cash_on_delivery')
  const by = event.collectedBy === 'vendor' ? `vendor ${event.vendorId}` : 'the marketplace'
  return build(
    'payment_collected',
    { type: 'vendor_part', id: event.vendorPartId },
    `Vendor part ${event.vendorPartId} of order ${event.orderId} paid on delivery, collected by ${by}`,
    lines(
      debit(into, paid),
      debit(account('marketplace_discounts'), discountCents),
      credit(vendorAccount('vendor_pending', event.vendorId), event.goodsCents),
      credit(account('delivery_fees'), event.deliveryCents),
      signed('credit', account('vat_on_sales'), event.vatCents),
    ),
  )
}

/**
 * What a shop collected at the door and still owes, and what the marketplace owes it, as far as they meet: the
 * smaller of its available money and its collected money, set one against the other (`collectedSettlement`). The
 * vendor part and the occasion (its collection, its release) name the transaction, once each.
 */
export function collectionSettled(event: {
  vendorPartId: number
  vendorId: number
  amountCents: Cents
  occasion: 'collected' | 'released'
}): LedgerTransaction {
  checkId('the vendor part id', event.vendorPartId)
  checkId('the vendor id', event.vendorId)
  checkAmount('the amount', event.amountCents, { positive: true })
  return build(
    'collection_settled',
    { type: 'vendor_part', id: event.vendorPartId },
    `Money collected on delivery by vendor ${event.vendorId} set against its earnings`,
    [
      debit(vendorAccount('vendor_available', event.vendorId), event.amountCents),
      credit(vendorAccount('vendor_collected', event.vendorId), event.amountCents),
    ],
    { key: `collection_settled:vendor_part:${event.vendorPartId}:${event.occasion}` },
  )
}

/**
 * How much of what a shop collected at the door may be set against what the marketplace owes it now: the smaller
 * of the two, or nothing when either is nothing (a shop in debt is not set against further).
 */
export function collectedSettlement(balances: { availableCents: Cents; collectedCents: Cents }): Cents {
  return Math.max(0, Math.min(balances.availableCents, balances.collectedCents))
}

export type VendorBucket = 'pending' | 'available'
const bucketAccount = (bucket: VendorBucket, vendorId: number) =>
  vendorAccount(bucket === 'pending' ? 'vendor_pending' : 'vendor_available', vendorId)

export interface CommissionTaken {
  vendorPartId: number
  vendorId: number
  /** The part's commission, VAT included (`commissionCents`, or `partCommissionCents` for rates per category). */
  commissionCents: Cents
  /** VAT_PERCENT in basis points (1600 = 16 %). */
  vatRateBp: number
  /** Taken from the part's pending money (normally, right after the payment) or from available. */
  from?: VendorBucket
}

/** The marketplace takes its commission from a shop's money: income net of VAT, and the VAT inside it owed. */
export function commissionTaken(event: CommissionTaken): LedgerTransaction {
  checkId('the vendor part id', event.vendorPartId)
  checkId('the vendor id', event.vendorId)
  checkAmount('the commission', event.commissionCents)
  const vat = vatInside(event.commissionCents, event.vatRateBp)
  return build(
    'commission_taken',
    { type: 'vendor_part', id: event.vendorPartId },
    `Commission on vendor part ${event.vendorPartId}`,
    lines(
      debit(bucketAccount(event.from ?? 'pending', event.vendorId), event.commissionCents),
      credit(account('commission_income'), event.commissionCents - vat),
      credit(account('vat_on_commission'), vat),
    ),
  )
}

export interface CommissionReturned {
  refundId: number
  vendorId: number
  /** The commission on the refunded goods, given back to the shop (VAT included, split as when taken). */
  commissionCents: Cents
  vatRateBp: number
  to?: VendorBucket
}

/** A refund gives the shop back the commission on what was refunded: the inverse of `commissionTaken`. */
export function commissionReturned(event: CommissionReturned): LedgerTransaction {
  checkId('the refund id', event.refundId)
  checkId('the vendor id', event.vendorId)
  checkAmount('the commission', event.commissionCents)
  const vat = vatInside(event.commissionCents, event.vatRateBp)
  return build(
    'commission_returned',
    { type: 'refund', id: event.refundId },
    `Commission given back for refund ${event.refundId}`,
    lines(
      debit(account('commission_income'), event.commissionCents - vat),
      debit(account('vat_on_commission'), vat),
      credit(bucketAccount(event.to ?? 'pending', event.vendorId), event.commissionCents),
    ),
  )
}

export interface PartReleased {
  vendorPartId: number
  vendorId: number
  /** What the part leaves the shop after commission and refunds: its pending money. */
  amountCents: Cents
}

/** A vendor part was delivered and its return window closed with nothing open: its money becomes available. */
export function partReleased(event: PartReleased): LedgerTransaction {
  checkId('the vendor part id', event.vendorPartId)
  checkId('the vendor id', event.vendorId)
  checkAmount('the amount', event.amountCents)
  return build(
    'part_released',
    { type: 'vendor_part', id: event.vendorPartId },
    `Vendor part ${event.vendorPartId} delivered and its return window closed`,
    lines(
      debit(vendorAccount('vendor_pending', event.vendorId), event.amountCents),
      credit(vendorAccount('vendor_available', event.vendorId), event.amountCents),
    ),
  )
}

export interface RefundApproved {
  refundId: number
  vendorPartId: number
  vendorId: number
  /** Goods refunded, taken back from the shop's pending (before release) or available (after). */
  goodsCents: Cents
  from: VendorBucket
  /** The part's share of the delivery fee refunded (the marketplace's delivery fees). */
  deliveryCents?: Cents
  /** VAT refunded on the goods (the VAT on sales owed shrinks); below zero only as the order's own VAT was. */
  vatCents?: Cents
  /** What the marketplace refunds of its own (goodwill): an expense, no shop bears it. */
  marketplaceCents?: Cents
  /** What the shopper paid for this vendor part (its goods plus its share of delivery and VAT). */
  paidForPartCents: Cents
  /** What earlier refunds of this part gave back already. */
  refundedBeforeCents: Cents
}

/** How much more of a vendor part may still be refunded: what was paid for it less what was refunded. */
export function refundableCents(paidForPartCents: Cents, refundedBeforeCents: Cents): Cents {
  return Math.max(0, paidForPartCents - refundedBeforeCents)
}

/**
 * A refund was approved: the money comes back from the shop (goods) and the marketplace (delivery, VAT, goodwill)
 * into refunds payable, owed to the shopper until it is sent. Never more than what is left of what was paid for
 * that vendor part. The commission on the goods goes back to the shop by `commissionReturned`.
 */
export function refundApproved(event: RefundApproved): LedgerTransaction {
  checkId('the refund id', event.refundId)
  checkId('the vendor part id', event.vendorPartId)
  checkId('the vendor id', event.vendorId)
  const delivery = event.deliveryCents ?? 0
  const vat = event.vatCents ?? 0
  const marketplace = event.marketplaceCents ?? 0
  checkAmount('the goods refunded', event.goodsCents)
  checkAmount('the delivery refunded', delivery)
  checkSigned('the VAT refunded', vat)
  checkAmount('the goodwill refunded', marketplace)
  checkAmount('what was paid for the part', event.paidForPartCents)
  checkAmount('what was refunded before', event.refundedBeforeCents)
  const total = event.goodsCents + delivery + vat + marketplace
  if (total <= 0) throw new RangeError('a refund is of more than nothing')
  if (total > refundableCents(event.paidForPartCents, event.refundedBeforeCents)) {
    throw new RangeError('a refund may not exceed what was paid for the vendor part less what was refunded already')
  }
  return build(
    'refund_approved',
    { type: 'refund', id: event.refundId },
    `Refund ${event.refundId} approved on vendor part ${event.vendorPartId}`,
    lines(
      debit(bucketAccount(event.from, event.vendorId), event.goodsCents),
      debit(account('delivery_fees'), delivery),
      signed('debit', account('vat_on_sales'), vat),
      debit(account('shopper_refunds'), marketplace),
      credit(account('refunds_payable'), total),
    ),
  )
}

export interface RefundSent {
  refundId: number
  /** How the order was paid: the money goes back the same way. */
  method: PaymentMethod
  amountCents: Cents
}

/** An approved refund reached the shopper (the B2C result or the card provider's refund confirmed it). */
export function refundSent(event: RefundSent): LedgerTransaction {
  checkId('the refund id', event.refundId)
  checkAmount('the amount', event.amountCents, { positive: true })
  return build(
    'refund_sent',
    { type: 'refund', id: event.refundId },
    `Refund ${event.refundId} sent by ${event.method === 'credit-card' ? 'card' : 'M-Pesa'}`,
    [debit(account('refunds_payable'), event.amountCents), credit(cashAccount(event.method), event.amountCents)],
  )
}

export interface PayoutEvent {
  payoutId: number
  vendorId: number
  amountCents: Cents
}

function payoutEvent(event: PayoutEvent): void {
  checkId('the payout id', event.payoutId)
  checkId('the vendor id', event.vendorId)
  checkAmount('the payout', event.amountCents, { positive: true })
}

/**
 * A payout was sent to M-Pesa: the money leaves the shop's available balance at once (it cannot be paid twice) and
 * is held in transit until the result comes back. The float does not move yet: M-Pesa takes it on success only.
 */
export function payoutSent(event: PayoutEvent): LedgerTransaction {
  payoutEvent(event)
  return build(
    'payout_sent',
    { type: 'payout', id: event.payoutId },
    `Payout ${event.payoutId} sent to vendor ${event.vendorId}`,
    [
      debit(vendorAccount('vendor_available', event.vendorId), event.amountCents),
      credit(vendorAccount('vendor_payout_in_transit', event.vendorId), event.amountCents),
    ],
  )
}

/** M-Pesa confirmed the payout: the money left the float; the shop is owed nothing more for it. */
export function payoutSettled(event: PayoutEvent): LedgerTransaction {
  payoutEvent(event)
  return build(
    'payout_settled',
    { type: 'payout', id: event.payoutId },
    `Payout ${event.payoutId} paid to vendor ${event.vendorId}`,
    [
      debit(vendorAccount('vendor_payout_in_transit', event.vendorId), event.amountCents),
      credit(account('mpesa_float'), event.amountCents),
    ],
  )
}

/** The payout failed (or was reversed): the money goes back to the shop's available balance. */
export function payoutFailed(event: PayoutEvent): LedgerTransaction {
  payoutEvent(event)
  return build(
    'payout_failed',
    { type: 'payout', id: event.payoutId },
    `Payout ${event.payoutId} to vendor ${event.vendorId} failed; back to available`,
    [
      debit(vendorAccount('vendor_payout_in_transit', event.vendorId), event.amountCents),
      credit(vendorAccount('vendor_available', event.vendorId), event.amountCents),
    ],
  )
}

export interface ManualAdjustment {
  adminId: number
  /** The admin's reason, required: the statement and the reconciliation show it. */
  reason: string
  /** The caller's idempotency key for this adjustment (the admin's request), unique among adjustments. */
  key: string
  /** What the adjustment is about (a payout, a vendor part, a refund), or an adjustment number of its own. */
  reference: Reference
  debit: AccountRef
  credit: AccountRef
  amountCents: Cents
}

/** An admin moves money between two accounts by hand, with a reason; usually against the adjustments account. */
export function manualAdjustment(event: ManualAdjustment): LedgerTransaction {
  checkId('the admin id', event.adminId)
  checkId('the reference id', event.reference.id)
  checkAmount('the adjustment', event.amountCents, { positive: true })
  const reason = event.reason.trim()
  if (reason === '') throw new RangeError('an adjustment needs a reason')
  if (event.key.trim() === '') throw new RangeError('an adjustment needs an idempotency key')
  if (sameAccount(event.debit, event.credit)) throw new RangeError('an adjustment moves money between two accounts')
  for (const ref of [event.debit, event.credit]) {
    const vendorId = vendorOf(ref)
    if (vendorId !== null) checkId('the vendor id', vendorId)
  }
  return build(
    'manual_adjustment',
    event.reference,
    reason,
    [debit(event.debit, event.amountCents), credit(event.credit, event.amountCents)],
    { key: `manual_adjustment:${event.key.trim()}`, actorId: event.adminId },
  )
}

// ── Reading many entries ────────────────────────────────────────────────────────────────────────────────────────

export interface TrialBalanceLine {
  account: AccountRef
  debitCents: Cents
  creditCents: Cents
}

/** Per account, its debits and credits; the ledger is whole when the two columns' totals are equal. */
export function trialBalance(entries: readonly Entry[]): {
  lines: TrialBalanceLine[]
  debitCents: Cents
  creditCents: Cents
} {
  const byKey = new Map<string, TrialBalanceLine>()
  for (const entry of entries) {
    const key = accountKey(entry.account)
    const line = byKey.get(key) ?? { account: entry.account, debitCents: 0, creditCents: 0 }
    if (entry.side === 'debit') line.debitCents += entry.cents
    else line.creditCents += entry.cents
    byKey.set(key, line)
  }
  const sorted = [...byKey.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, line]) => line)
  return {
    lines: sorted,
    debitCents: sorted.reduce((sum, line) => sum + line.debitCents, 0),
    creditCents: sorted.reduce((sum, line) => sum + line.creditCents, 0),
  }
}
