// Vouchers (issue 21, part 2; docs/decisions/0023-vouchers.md): a code funded by the marketplace or by one vendor,
// a percentage or a fixed amount off the goods it applies to. Which lines of a cart it applies to, the discount in
// cents, why it is refused (in words), and how the discount splits across the order's vendor parts so that the
// ledger records who pays for each cent. Pure and integer cents only.

import { type Cents, formatKes } from './money.ts'
import { splitProportionally } from './part-money.ts'

export const VOUCHER_KINDS = ['percent', 'fixed'] as const
export type VoucherKind = (typeof VOUCHER_KINDS)[number]

/** A voucher code: 3 to 32 capital letters, digits or dashes, typed in any case (`karibu10` is `KARIBU10`). */
export const VOUCHER_CODE_PATTERN = /^[A-Z0-9-]{3,32}$/

/** The code as it is stored and compared: trimmed, capitals, inner spaces dropped. */
export function normaliseVoucherCode(code: string): string {
  return code.trim().replace(/\s+/g, '').toUpperCase()
}

/** The goods a voucher leaves to pay: never the whole cart for free (a payment of nothing cannot be taken). */
export const MIN_GOODS_PAID_CENTS = 100

export interface Voucher {
  code: string
  /** Who pays for the discount: the marketplace (null) or this vendor (a business id). */
  funderVendorId: number | null
  kind: VoucherKind
  /** percent: whole percent, 1 to 100; fixed: cents off. */
  value: number
  /** percent: the most it takes off, in cents ("10 % off, up to KSh 500"); null: no cap (and always for fixed). */
  maxDiscountCents: Cents | null
  /** The eligible goods must come to at least this (0: no minimum). */
  minSpendCents: Cents
  /** null: no limit. */
  maxUses: number | null
  maxUsesPerCustomer: number | null
  startsAt: Date | null
  endsAt: Date | null
  /** Only lines in these categories (or their subcategories); empty: any category. */
  categoryIds: readonly number[]
  /** Only lines of these vendors; empty: any vendor (a vendor's own voucher: its lines only, whatever this says). */
  vendorIds: readonly number[]
  /** false: disabled by whoever created it. */
  active: boolean
}

/** A priced line of the cart, as a voucher sees it. */
export interface VoucherLine {
  vendorId: number
  /** The line's category and its ancestors (root first); empty when it has none. */
  categoryPath: readonly number[]
  /** What the line costs: unit price × quantity. */
  amountCents: Cents
}

export interface VoucherUsage {
  /** Orders that used the voucher so far (every shopper). */
  usedTotal: number
  /** Orders of this shopper that used it (0 when the shopper is not known yet: a guest's cart). */
  usedByCustomer: number
}

export const VOUCHER_REFUSALS = [
  'disabled',
  'not_started',
  'expired',
  'used_up',
  'already_used',
  'not_for_these_items',
  'minimum_spend',
] as const
export type VoucherRefusal = (typeof VOUCHER_REFUSALS)[number]

export interface VoucherShare {
  vendorId: number
  cents: Cents
}

export type VoucherOutcome =
  | {
      ok: true
      /** The goods the voucher applies to, and the discount on them. */
      eligibleCents: Cents
      discountCents: Cents
      /** The discount per vendor, pro rata to each vendor's eligible goods, adding up exactly. */
      shares: VoucherShare[]
    }
  | { ok: false; reason: VoucherRefusal; message: string }

const dateWords = (date: Date) => date.toISOString().slice(0, 10)

/** Whether a line is one the voucher applies to: the funding vendor's own, and inside its vendors and categories. */
export function voucherAppliesTo(voucher: Voucher, line: VoucherLine): boolean {
  if (voucher.funderVendorId !== null && line.vendorId !== voucher.funderVendorId) return false
  if (voucher.vendorIds.length > 0 && !voucher.vendorIds.includes(line.vendorId)) return false
  if (voucher.categoryIds.length > 0 && !line.categoryPath.some((id) => voucher.categoryIds.includes(id))) return false
  return true
}

/**
 * The discount on `eligibleCents` of goods: a percentage rounded to the cent (halves up), at most its cap; or the
 * fixed amount. Never more than the goods.
 */
export function discountOn(
  voucher: Pick<Voucher, 'kind' | 'value'> & Partial<Pick<Voucher, 'maxDiscountCents'>>,
  eligibleCents: Cents,
): Cents {
  const cap = voucher.kind === 'percent' ? (voucher.maxDiscountCents ?? null) : null
  const raw =
    voucher.kind === 'percent'
      ? Math.floor((2 * eligibleCents * voucher.value + 100) / 200)
      : Math.max(0, voucher.value)
  return Math.min(raw, cap ?? raw, eligibleCents)
}

/**
 * Whether the voucher applies to this cart now, and if so the discount and who of the vendors it is taken from; or
 * why not, in words for the shopper. The checks run in this order: disabled, not started, expired, used up, used by
 * this shopper, no line it applies to, minimum spend (on the goods it applies to, with the amount missing).
 */
export function evaluateVoucher(
  voucher: Voucher,
  lines: readonly VoucherLine[],
  usage: VoucherUsage,
  now: Date,
): VoucherOutcome {
  const code = voucher.code
  if (!voucher.active) return refuse('disabled', `The code ${code} is no longer valid.`)
  if (voucher.startsAt && now < voucher.startsAt) {
    return refuse('not_started', `The code ${code} can be used from ${dateWords(voucher.startsAt)}.`)
  }
  if (voucher.endsAt && now >= voucher.endsAt) {
    return refuse('expired', `The code ${code} expired on ${dateWords(voucher.endsAt)}.`)
  }
  if (voucher.maxUses !== null && usage.usedTotal >= voucher.maxUses) {
    return refuse('used_up', `The code ${code} has been used up.`)
  }
  if (voucher.maxUsesPerCustomer !== null && usage.usedByCustomer >= voucher.maxUsesPerCustomer) {
    return refuse('already_used', `You have already used the code ${code}.`)
  }
  const eligible = lines.filter((line) => line.amountCents > 0 && voucherAppliesTo(voucher, line))
  const eligibleCents = eligible.reduce((sum, line) => sum + line.amountCents, 0)
  if (eligibleCents === 0) return refuse('not_for_these_items', `The code ${code} is not for the items in your cart.`)
  if (eligibleCents < voucher.minSpendCents) {
    return refuse(
      'minimum_spend',
      `The code ${code} needs a spend of ${formatKes(voucher.minSpendCents)} on the items it applies to: ` +
        `add ${formatKes(voucher.minSpendCents - eligibleCents)} more.`,
    )
  }
  const subtotalCents = lines.reduce((sum, line) => sum + line.amountCents, 0)
  const discountCents = Math.max(0, Math.min(discountOn(voucher, eligibleCents), subtotalCents - MIN_GOODS_PAID_CENTS))
  const byVendor = new Map<number, Cents>()
  for (const line of eligible) byVendor.set(line.vendorId, (byVendor.get(line.vendorId) ?? 0) + line.amountCents)
  const vendors = [...byVendor.keys()].sort((a, b) => a - b)
  const split = splitProportionally(
    discountCents,
    vendors.map((id) => byVendor.get(id) ?? 0),
  )
  return {
    ok: true,
    eligibleCents,
    discountCents,
    shares: vendors.map((vendorId, index) => ({ vendorId, cents: split[index] ?? 0 })),
  }
}

function refuse(reason: VoucherRefusal, message: string): VoucherOutcome {
  return { ok: false, reason, message }
}

/** What a voucher gives, in words: "10 % off", "10 % off (up to KSh 500)", "KSh 500 off", with its minimum spend. */
export function describeVoucher(
  voucher: Pick<Voucher, 'kind' | 'value' | 'minSpendCents'> & Partial<Pick<Voucher, 'maxDiscountCents'>>,
): string {
  const cap = voucher.kind === 'percent' && voucher.maxDiscountCents ? voucher.maxDiscountCents : null
  const off =
    voucher.kind === 'percent'
      ? `${voucher.value} % off${cap === null ? '' : ` (up to ${formatKes(cap)})`}`
      : `${formatKes(voucher.value)} off`
  return voucher.minSpendCents > 0 ? `${off} when you spend ${formatKes(voucher.minSpendCents)}` : off
}

/** What is wrong with a voucher's rules as created (null: nothing), for the admin's and the vendor's forms. */
export function voucherRuleProblem(
  voucher: Pick<
    Voucher,
    'kind' | 'value' | 'minSpendCents' | 'maxUses' | 'maxUsesPerCustomer' | 'startsAt' | 'endsAt'
  > &
    Partial<Pick<Voucher, 'maxDiscountCents'>>,
): string | null {
  if (!Number.isSafeInteger(voucher.value) || voucher.value <= 0) return 'The value must be above zero.'
  if (voucher.kind === 'percent' && voucher.value > 100) return 'A percentage is at most 100.'
  const cap = voucher.maxDiscountCents ?? null
  if (cap !== null) {
    if (voucher.kind !== 'percent') return 'Only a percentage has a most it takes off.'
    if (!Number.isSafeInteger(cap) || cap <= 0) return 'The most it takes off must be above zero.'
  }
  if (!Number.isSafeInteger(voucher.minSpendCents) || voucher.minSpendCents < 0) {
    return 'The minimum spend must be zero or more.'
  }
  for (const limit of [voucher.maxUses, voucher.maxUsesPerCustomer]) {
    if (limit !== null && (!Number.isSafeInteger(limit) || limit <= 0)) return 'A limit of uses must be 1 or more.'
  }
  if (voucher.startsAt && voucher.endsAt && voucher.endsAt <= voucher.startsAt) return 'It must end after it starts.'
  return null
}
