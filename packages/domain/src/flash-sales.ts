import { type Cents, formatKes } from './money.ts'

// Flash sales (decision 0024): a product sold at a sale price, for a limited number of units, between two times.

/** Where a sale stands at a moment. */
export type FlashSaleState = 'scheduled' | 'running' | 'sold_out' | 'ended' | 'cancelled'

/** What a sale's state depends on. */
export interface FlashSaleClock {
  startsAt: Date
  endsAt: Date
  quantity: number
  soldCount: number
  cancelledAt: Date | null
}

/** Units the sale can still sell (never below zero). */
export function unitsLeft(sale: Pick<FlashSaleClock, 'quantity' | 'soldCount'>): number {
  return Math.max(0, sale.quantity - sale.soldCount)
}

/** The state of a sale at `now`: cancelled and ended win over sold out, sold out over running. */
export function flashSaleState(sale: FlashSaleClock, now: Date): FlashSaleState {
  if (sale.cancelledAt !== null) return 'cancelled'
  if (now.getTime() >= sale.endsAt.getTime()) return 'ended'
  if (now.getTime() < sale.startsAt.getTime()) return 'scheduled'
  return unitsLeft(sale) === 0 ? 'sold_out' : 'running'
}

/** A schedule an admin asks for. */
export interface FlashSaleSchedule {
  salePriceCents: Cents
  quantity: number
  perOrderLimit: number
  startsAt: Date
  endsAt: Date
}

/** The other sales of the same product (their windows; cancelled ones are left out by the caller or here). */
export interface ScheduledWindow {
  startsAt: Date
  endsAt: Date
  cancelledAt: Date | null
}

export type FlashSaleField = 'sale_price' | 'quantity' | 'per_order_limit' | 'starts_at' | 'ends_at'

/**
 * What is wrong with a schedule, by field (empty: it can be saved). `priceCents` is what the product sells for now
 * (its discounted price when it has one): the sale must be cheaper, and above zero.
 */
export function flashSaleProblems(
  schedule: FlashSaleSchedule,
  context: { priceCents: Cents; others: readonly ScheduledWindow[]; now: Date },
): Partial<Record<FlashSaleField, string>> {
  const problems: Partial<Record<FlashSaleField, string>> = {}
  if (!Number.isInteger(schedule.salePriceCents) || schedule.salePriceCents <= 0) {
    problems.sale_price = 'Sale price must be above zero'
  } else if (schedule.salePriceCents >= context.priceCents) {
    problems.sale_price = `Sale price must be below the product's price (${formatKes(context.priceCents)})`
  }
  if (!Number.isInteger(schedule.quantity) || schedule.quantity < 1) {
    problems.quantity = 'Quantity must be at least 1'
  }
  if (!Number.isInteger(schedule.perOrderLimit) || schedule.perOrderLimit < 1) {
    problems.per_order_limit = 'Per-order limit must be at least 1'
  } else if (schedule.perOrderLimit > schedule.quantity) {
    problems.per_order_limit = 'Per-order limit cannot be more than the quantity on sale'
  }
  if (schedule.endsAt.getTime() <= schedule.startsAt.getTime()) {
    problems.ends_at = 'End must be after start'
  } else if (schedule.endsAt.getTime() <= context.now.getTime()) {
    problems.ends_at = 'End must be in the future'
  } else if (context.others.some((other) => overlaps(schedule, other))) {
    problems.starts_at = 'This product already has a flash sale at that time'
  }
  return problems
}

function overlaps(a: { startsAt: Date; endsAt: Date }, b: ScheduledWindow): boolean {
  return (
    b.cancelledAt === null && a.startsAt.getTime() < b.endsAt.getTime() && b.startsAt.getTime() < a.endsAt.getTime()
  )
}

/** A running sale as a quote line sees it. */
export interface SaleOffer {
  salePriceCents: Cents
  unitsLeft: number
  perOrderLimit: number
}

/** Why a line did not get the sale price although the product is on sale. */
export type SaleMiss = 'over_limit' | 'not_enough_left'

export type LinePrice =
  | { onSale: true; unitPriceCents: Cents }
  | { onSale: false; unitPriceCents: Cents; miss: SaleMiss | null }

/**
 * The unit price of a line of `quantity` units (decision 0024: all or nothing): the sale price for every unit when
 * the sale has that many left and the line is within the per-order limit; otherwise the normal price for all.
 */
export function linePrice(normalPriceCents: Cents, quantity: number, offer: SaleOffer | null): LinePrice {
  if (offer === null || offer.unitsLeft === 0) return { onSale: false, unitPriceCents: normalPriceCents, miss: null }
  if (quantity > offer.perOrderLimit) return { onSale: false, unitPriceCents: normalPriceCents, miss: 'over_limit' }
  if (quantity > offer.unitsLeft) return { onSale: false, unitPriceCents: normalPriceCents, miss: 'not_enough_left' }
  return { onSale: true, unitPriceCents: offer.salePriceCents }
}

/** What a shopper is told when a line misses the sale price. */
export function saleMissMessage(name: string, miss: SaleMiss, offer: SaleOffer): string {
  return miss === 'over_limit'
    ? `The flash sale price of ${name} is for up to ${offer.perOrderLimit} per order: lower the quantity to get it.`
    : `Only ${offer.unitsLeft} left at the flash sale price of ${name}: lower the quantity to get it.`
}

/** The time left until `endsAt`, as a countdown shows it (all zero once past). */
export interface Countdown {
  totalSeconds: number
  days: number
  hours: number
  minutes: number
  seconds: number
}

export function countdown(endsAt: Date, now: Date): Countdown {
  const totalSeconds = Math.max(0, Math.floor((endsAt.getTime() - now.getTime()) / 1000))
  return {
    totalSeconds,
    days: Math.floor(totalSeconds / 86_400),
    hours: Math.floor((totalSeconds % 86_400) / 3600),
    minutes: Math.floor((totalSeconds % 3600) / 60),
    seconds: totalSeconds % 60,
  }
}

/** `2d 03:04:05`, or `03:04:05` under a day. */
export function formatCountdown(left: Countdown): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  const clock = `${pad(left.hours)}:${pad(left.minutes)}:${pad(left.seconds)}`
  return left.days > 0 ? `${left.days}d ${clock}` : clock
}

/** How much of the sale is sold, 0 to 100, for the units-left bar. */
export function soldPercent(sale: Pick<FlashSaleClock, 'quantity' | 'soldCount'>): number {
  if (sale.quantity <= 0) return 100
  return Math.min(100, Math.round((sale.soldCount / sale.quantity) * 100))
}
