/**
 * The demo marketplace's past (issue 19, "demo data with a past"): about 90 days of orders, deliveries, returns,
 * refunds and weekly payouts, so that a demo vendor's 30-day chart, its statement and the admin's reconciliation show
 * real figures on the first start. Pure and deterministic: the same catalogue, settings and `now` plan the same
 * past. Every amount comes from the rules the server uses (`quoteAmounts`, commission, the ledger's builders), and
 * every money event is the ledger transaction the flows would have posted, dated when it happened; the seeder
 * (`seed-demo-history.ts`) only writes what is planned here.
 */
import { quoteAmounts } from '@soko/domain/checkout'
import {
  accountKey,
  commissionCents,
  commissionReturned,
  commissionTaken,
  type LedgerTransaction,
  partReleased,
  paymentReceived,
  payoutFailed,
  payoutSent,
  payoutSettled,
  refundApproved,
  refundSent,
} from '@soko/domain/ledger'
import { type OrderStatus, orderStatusFromParts, type PaymentMethod } from '@soko/domain/order-states'
import { commissionBackCents, partShares, releasableCents } from '@soko/domain/part-money'
import { nextPayoutRun, type PayoutSchedule, payoutAmountCents } from '@soko/domain/payout-states'
import { RETURN_METHOD_IDS, RETURN_REASON_IDS } from '@soko/domain/return-states'
import { FIRST_NAMES } from './demo-data/people.ts'

const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS
/** Kenya is UTC+3 all year. */
const NAIROBI_OFFSET_MS = 3 * HOUR_MS

export interface HistoryProduct {
  id: number
  vendorId: number
  categoryId: number
  name: string
  slug: string
  /** What it sold for: its discounted price when it has one. */
  priceCents: number
}

export interface HistoryVendor {
  id: number
  /** Where its payouts go (E.164); a shop without one is not paid out. */
  payoutPhone: string | null
}

export interface HistoryRules {
  shippingCents: number
  vatRateBp: number
  /** A product's commission rate in basis points (its category's, or the marketplace's default). */
  commissionBpFor: (product: HistoryProduct) => number
  deliveryConfirmDays: number
  returnWindowDays: number
  /** The weekly payout run (PAYOUT_DAY and PAYOUT_HOUR, Nairobi time) and PAYOUT_MINIMUM_KES in cents. */
  payoutSchedule: PayoutSchedule
  payoutMinimumCents: number
}

export interface HistoryInput {
  now: Date
  days: number
  products: readonly HistoryProduct[]
  vendors: readonly HistoryVendor[]
  rules: HistoryRules
}

export interface PlannedItem {
  id: number
  productId: number
  productName: string
  productSlug: string
  unitPriceCents: number
  quantity: number
}

export interface PlannedPart {
  id: number
  vendorId: number
  status: 'paid' | 'processing' | 'shipped' | 'delivered' | 'cancelled'
  subtotalCents: number
  commissionCents: number
  items: PlannedItem[]
  processingAt: Date | null
  shippedAt: Date | null
  deliveredAt: Date | null
  confirmedAt: Date | null
  confirmedBy: 'shopper' | 'auto' | null
  carrier: string | null
  trackingReference: string | null
}

export interface PlannedShopper {
  firstName: string
  lastName: string
  email: string
  phone: string
  county: string
  city: string
}

export interface PlannedOrder {
  id: number
  orderNumber: string
  shopper: PlannedShopper
  status: OrderStatus
  method: PaymentMethod
  createdAt: Date
  paidAt: Date
  cancelledAt: Date | null
  subtotalCents: number
  shippingCents: number
  vatCents: number
  totalCents: number
  parts: PlannedPart[]
  payment: { id: number; receipt: string; cardLast4: string | null }
}

export interface PlannedReturn {
  id: number
  orderId: number
  partId: number
  item: PlannedItem
  reason: string
  method: string
  amountCents: number
  requestedAt: Date
  acceptedAt: Date
  receivedAt: Date
  refundedAt: Date
}

export interface PlannedRefund {
  id: number
  orderId: number
  partId: number
  paymentId: number
  returnId: number | null
  cause: 'return' | 'cancellation'
  method: PaymentMethod
  phone: string | null
  goodsCents: number
  deliveryCents: number
  vatCents: number
  commissionCents: number
  amountCents: number
  reason: string
  receipt: string
  approvedAt: Date
  sentAt: Date
}

export interface PlannedPayout {
  id: number
  vendorId: number
  amountCents: number
  phone: string
  state: 'paid' | 'failed'
  receipt: string | null
  failure: string | null
  sentAt: Date
  settledAt: Date
}

export interface DatedTransaction {
  at: Date
  tx: LedgerTransaction
}

export interface DemoHistory {
  orders: PlannedOrder[]
  returns: PlannedReturn[]
  refunds: PlannedRefund[]
  payouts: PlannedPayout[]
  /** Oldest first. */
  ledger: DatedTransaction[]
}

/** mulberry32: a tiny deterministic PRNG returning floats in [0, 1). */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
const SURNAMES = [
  'Kamau',
  'Otieno',
  'Wanjiru',
  'Kiprotich',
  'Mwangi',
  'Ochieng',
  'Njoroge',
  'Mutua',
  'Chebet',
  'Wafula',
]
const PLACES = [
  { county: 'Nairobi', city: 'Nairobi' },
  { county: 'Mombasa', city: 'Mombasa' },
  { county: 'Kisumu', city: 'Kisumu' },
  { county: 'Nakuru', city: 'Nakuru' },
  { county: 'Uasin Gishu', city: 'Eldoret' },
  { county: 'Kiambu', city: 'Thika' },
  { county: 'Machakos', city: 'Machakos' },
  { county: 'Nyeri', city: 'Nyeri' },
] as const
const CARRIERS = ['g4s', 'wells-fargo', 'sendy', 'boda-boda'] as const

/**
 * Plans the past. Ids start at 1 in every table: it is written into a marketplace with no orders yet (the demo
 * catalogue was seeded a moment before).
 */
export function planDemoHistory(input: HistoryInput): DemoHistory {
  const { now, rules } = input
  const end = now.getTime()
  const start = end - input.days * DAY_MS
  const rng = mulberry32(0x50c0_2026)
  const pick = <T>(values: readonly T[]): T => values[Math.floor(rng() * values.length)] as T
  const between = (low: number, high: number) => low + rng() * (high - low)
  const code = (length: number) => Array.from({ length }, () => pick([...CODE_ALPHABET])).join('')

  const vendorsById = new Map(input.vendors.map((vendor) => [vendor.id, vendor]))
  // A few hundred products sell: the best known of each shop, so each shop has a past.
  const byVendor = new Map<number, HistoryProduct[]>()
  for (const product of input.products) {
    const list = byVendor.get(product.vendorId) ?? []
    if (list.length < 8) list.push(product)
    byVendor.set(product.vendorId, list)
  }
  const sellers = [...byVendor.keys()].filter((id) => vendorsById.has(id))
  if (sellers.length === 0) return { orders: [], returns: [], refunds: [], payouts: [], ledger: [] }

  const shoppers: PlannedShopper[] = Array.from({ length: 60 }, (_, i) => {
    const firstName = FIRST_NAMES[i % FIRST_NAMES.length] as string
    const lastName = SURNAMES[(i * 7) % SURNAMES.length] as string
    const place = PLACES[i % PLACES.length] as (typeof PLACES)[number]
    return {
      firstName,
      lastName,
      email: `${firstName.toLowerCase()}.${lastName.toLowerCase()}${i + 1}@shoppers.demo.soko.co.ke`,
      // Safaricom's 0712-0729 range, the last digits the shopper's number.
      phone: `+2547${String(12 + (i % 18)).padStart(2, '0')}${String(400_000 + i * 7919).slice(-6)}`,
      ...place,
    }
  })

  const ledger: DatedTransaction[] = []
  const orders: PlannedOrder[] = []
  const returns: PlannedReturn[] = []
  const refunds: PlannedRefund[] = []
  const orderNumbers = new Set<string>()
  let partId = 0
  let itemId = 0
  const post = (at: number, tx: LedgerTransaction) => {
    if (at <= end) ledger.push({ at: new Date(at), tx })
  }

  for (let day = start; day < end; day += DAY_MS) {
    const weekday = new Date(day + NAIROBI_OFFSET_MS).getUTCDay()
    const count = Math.floor(between(5, 11) + (weekday === 0 || weekday === 6 ? 4 : 0))
    for (let n = 0; n < count; n++) {
      // Between 7 in the morning and 10 at night, Nairobi time.
      const createdAt = day - (day % DAY_MS) + between(4, 19) * HOUR_MS
      if (createdAt >= end - HOUR_MS) continue
      const orderId = orders.length + 1
      let orderNumber = `SK-${code(6)}`
      while (orderNumbers.has(orderNumber)) orderNumber = `SK-${code(6)}`
      orderNumbers.add(orderNumber)
      const vendorCount = rng() < 0.75 ? 1 : rng() < 0.8 ? 2 : 3
      const chosen = new Set<number>()
      while (chosen.size < Math.min(vendorCount, sellers.length)) chosen.add(pick(sellers))
      const parts: PlannedPart[] = [...chosen].map((vendorId) => {
        const products = byVendor.get(vendorId) ?? []
        const lineCount = rng() < 0.7 ? 1 : 2
        const items = new Map<number, PlannedItem>()
        for (let l = 0; l < lineCount; l++) {
          const product = pick(products)
          if (items.has(product.id)) continue
          items.set(product.id, {
            id: ++itemId,
            productId: product.id,
            productName: product.name,
            productSlug: product.slug,
            unitPriceCents: product.priceCents,
            quantity: rng() < 0.8 ? 1 : 2,
          })
        }
        const lines = [...items.values()]
        const productOf = new Map(products.map((product) => [product.id, product]))
        return {
          id: ++partId,
          vendorId,
          status: 'paid',
          subtotalCents: lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0),
          // Each line at its category's rate, rounded on its own, as an order placed today is charged.
          commissionCents: lines.reduce((sum, line) => {
            const product = productOf.get(line.productId)
            const rate = product ? rules.commissionBpFor(product) : 0
            return sum + commissionCents(line.unitPriceCents * line.quantity, rate)
          }, 0),
          items: lines,
          processingAt: null,
          shippedAt: null,
          deliveredAt: null,
          confirmedAt: null,
          confirmedBy: null,
          carrier: null,
          trackingReference: null,
        }
      })
      const quote = quoteAmounts(
        parts.flatMap((part) => part.items),
        rules.shippingCents,
        rules.vatRateBp,
      )
      const method: PaymentMethod = rng() < 0.72 ? 'mpesa' : 'credit-card'
      const shopper = pick(shoppers)
      const paidAt = createdAt + between(1, 6) * 60_000
      const order: PlannedOrder = {
        id: orderId,
        orderNumber,
        shopper,
        status: 'paid',
        method,
        createdAt: new Date(createdAt),
        paidAt: new Date(paidAt),
        cancelledAt: null,
        ...quote,
        parts,
        payment: {
          id: orderId,
          receipt: method === 'mpesa' ? `T${code(9)}` : `card_${code(12).toLowerCase()}`,
          cardLast4: method === 'mpesa' ? null : pick(['4081', '1111', '0009', '5100']),
        },
      }
      orders.push(order)
      post(
        paidAt,
        paymentReceived({
          paymentId: order.payment.id,
          orderId,
          method,
          totalCents: quote.totalCents,
          shippingCents: quote.shippingCents,
          vatCents: quote.vatCents,
          parts: parts.map((part) => ({ vendorId: part.vendorId, subtotalCents: part.subtotalCents })),
        }),
      )
      for (const part of parts) {
        post(
          paidAt,
          commissionTaken({
            vendorPartId: part.id,
            vendorId: part.vendorId,
            commissionCents: part.commissionCents,
            vatRateBp: rules.vatRateBp,
          }),
        )
      }

      // One order in forty of a single shop is cancelled by its shopper within hours: all of it goes back.
      if (parts.length === 1 && rng() < 0.025) {
        const part = parts[0] as PlannedPart
        const cancelledAt = paidAt + between(0.5, 5) * HOUR_MS
        if (cancelledAt < end) {
          part.status = 'cancelled'
          order.status = 'cancelled'
          order.cancelledAt = new Date(cancelledAt)
          refunds.push(
            refundOf(refunds.length + 1, order, part, null, 'cancellation', 'Cancelled by the shopper.', {
              goods: part.subtotalCents,
              delivery: quote.shippingCents,
              vat: quote.vatCents,
              commission: part.commissionCents,
              approvedAt: cancelledAt,
              sentAt: cancelledAt + between(2, 30) * 60_000,
            }),
          )
          continue
        }
      }

      for (const part of parts) {
        const processingAt = paidAt + between(1, 20) * HOUR_MS
        const shippedAt = processingAt + between(4, 30) * HOUR_MS
        const deliveredAt = shippedAt + between(12, 72) * HOUR_MS
        const byShopper = rng() < 0.6
        const confirmedAt = byShopper
          ? deliveredAt + between(2, 40) * HOUR_MS
          : deliveredAt + rules.deliveryConfirmDays * DAY_MS
        if (processingAt < end) {
          part.status = 'processing'
          part.processingAt = new Date(processingAt)
        }
        if (shippedAt < end) {
          part.status = 'shipped'
          part.shippedAt = new Date(shippedAt)
          part.carrier = pick(CARRIERS)
          part.trackingReference =
            part.carrier === 'boda-boda' ? null : `${part.carrier.slice(0, 3).toUpperCase()}${code(8)}`
        }
        if (deliveredAt < end) {
          part.status = 'delivered'
          part.deliveredAt = new Date(deliveredAt)
        }
        if (deliveredAt < end && confirmedAt < end) {
          part.confirmedAt = new Date(confirmedAt)
          part.confirmedBy = byShopper ? 'shopper' : 'auto'
        }
        if (!part.confirmedAt) continue
        let releaseAt = confirmedAt + rules.returnWindowDays * DAY_MS
        const partRefunds: { goodsCents: number; commissionCents: number }[] = []
        // One delivered part in twenty comes back in part: one unit of one line, refunded when the shop has it.
        const item = part.items[0]
        if (item && rng() < 0.05) {
          const requestedAt = confirmedAt + between(0.3, Math.max(0.5, rules.returnWindowDays - 1)) * DAY_MS
          const acceptedAt = requestedAt + between(2, 20) * HOUR_MS
          const receivedAt = acceptedAt + between(1, 3) * DAY_MS
          if (receivedAt < end) {
            const returned: PlannedReturn = {
              id: returns.length + 1,
              orderId,
              partId: part.id,
              item,
              reason: pick(RETURN_REASON_IDS.filter((reason) => reason !== 'other')),
              method: pick(RETURN_METHOD_IDS),
              amountCents: item.unitPriceCents,
              requestedAt: new Date(requestedAt),
              acceptedAt: new Date(acceptedAt),
              receivedAt: new Date(receivedAt),
              refundedAt: new Date(receivedAt),
            }
            returns.push(returned)
            const goods = item.unitPriceCents
            const commission = commissionBackCents({
              commissionCents: part.commissionCents,
              subtotalCents: part.subtotalCents,
              goodsRefundedBeforeCents: 0,
              commissionReturnedBeforeCents: 0,
              goodsCents: goods,
            })
            refunds.push(
              refundOf(refunds.length + 1, order, part, returned.id, 'return', 'Returned: the shop received it.', {
                goods,
                delivery: 0,
                vat: 0,
                commission,
                approvedAt: receivedAt,
                sentAt: receivedAt + between(2, 30) * 60_000,
              }),
            )
            partRefunds.push({ goodsCents: goods, commissionCents: commission })
            releaseAt = Math.max(releaseAt, receivedAt + HOUR_MS)
          }
        }
        const pendingCents = releasableCents({ ...part, refunds: partRefunds })
        if (releaseAt < end && pendingCents > 0) {
          post(releaseAt, partReleased({ vendorPartId: part.id, vendorId: part.vendorId, amountCents: pendingCents }))
        }
      }
      order.status = orderStatusFromParts(parts.map((part) => part.status))
    }
  }

  // Refunds: approved (with the commission on the goods back to the shop), then sent back the way it was paid. Every
  // one comes before its part's release (a cancellation before delivery, a return before its window's money moves),
  // so it is taken from the part's pending money.
  for (const refund of refunds) {
    const order = orders[refund.orderId - 1] as PlannedOrder
    const part = order.parts.find((candidate) => candidate.id === refund.partId) as PlannedPart
    const paid = partShares(order, order.parts).get(part.id)?.paidCents ?? order.totalCents
    post(
      refund.approvedAt.getTime(),
      refundApproved({
        refundId: refund.id,
        vendorPartId: part.id,
        vendorId: part.vendorId,
        goodsCents: refund.goodsCents,
        from: 'pending',
        deliveryCents: refund.deliveryCents,
        vatCents: refund.vatCents,
        paidForPartCents: paid,
        refundedBeforeCents: 0,
      }),
    )
    post(
      refund.approvedAt.getTime(),
      commissionReturned({
        refundId: refund.id,
        vendorId: part.vendorId,
        commissionCents: refund.commissionCents,
        vatRateBp: rules.vatRateBp,
        to: 'pending',
      }),
    )
    post(
      refund.sentAt.getTime(),
      refundSent({ refundId: refund.id, method: refund.method, amountCents: refund.amountCents }),
    )
  }

  ledger.sort((a, b) => a.at.getTime() - b.at.getTime())
  const payouts = planPayouts(ledger, input, rng, code)
  ledger.sort((a, b) => a.at.getTime() - b.at.getTime())
  return { orders, returns, refunds, payouts, ledger }
}

function refundOf(
  id: number,
  order: PlannedOrder,
  part: PlannedPart,
  returnId: number | null,
  cause: PlannedRefund['cause'],
  reason: string,
  money: { goods: number; delivery: number; vat: number; commission: number; approvedAt: number; sentAt: number },
): PlannedRefund {
  return {
    id,
    orderId: order.id,
    partId: part.id,
    paymentId: order.payment.id,
    returnId,
    cause,
    method: order.method,
    phone: order.method === 'mpesa' ? order.shopper.phone : null,
    goodsCents: money.goods,
    deliveryCents: money.delivery,
    vatCents: money.vat,
    commissionCents: money.commission,
    amountCents: money.goods + money.delivery + money.vat,
    reason,
    receipt:
      order.method === 'mpesa'
        ? `U${order.orderNumber.slice(3)}R${id}`
        : `rfnd_${order.orderNumber.slice(3).toLowerCase()}${id}`,
    approvedAt: new Date(money.approvedAt),
    sentAt: new Date(money.sentAt),
  }
}

/**
 * The weekly runs: at each, every shop whose available money (the ledger's, at that moment) is at least the minimum
 * is paid all of it by M-Pesa. One shop's first payout fails (a number M-Pesa does not know) and goes back to
 * available, then the next week's run pays it.
 */
function planPayouts(
  ledger: DatedTransaction[],
  input: HistoryInput,
  rng: () => number,
  code: (length: number) => string,
): PlannedPayout[] {
  const { rules } = input
  const end = input.now.getTime()
  const available = new Map<number, number>()
  const payouts: PlannedPayout[] = []
  const events = [...ledger]
  let next = 0
  const apply = (tx: LedgerTransaction) => {
    for (const entry of tx.entries) {
      if (entry.account.kind !== 'vendor_available' || !('vendorId' in entry.account)) continue
      const vendorId = entry.account.vendorId
      const change = entry.side === 'credit' ? entry.cents : -entry.cents
      available.set(vendorId, (available.get(vendorId) ?? 0) + change)
    }
  }
  let failedOnce = false
  const first = events[0]?.at.getTime() ?? end
  for (let run = nextPayoutRun(rules.payoutSchedule, new Date(first)).getTime(); run < end; ) {
    while (next < events.length && (events[next] as DatedTransaction).at.getTime() <= run) {
      apply((events[next] as DatedTransaction).tx)
      next++
    }
    for (const vendor of input.vendors) {
      // M-Pesa pays whole shillings: the cents stay available for the next run.
      const amount = payoutAmountCents(available.get(vendor.id) ?? 0, rules.payoutMinimumCents)
      if (!vendor.payoutPhone || amount === null) continue
      const id = payouts.length + 1
      const sentAt = run + (id % 50) * 1000
      const settledAt = sentAt + Math.floor(5_000 + rng() * 40_000)
      const fails: boolean = !failedOnce && rng() < 0.2
      failedOnce ||= fails
      const event = { payoutId: id, vendorId: vendor.id, amountCents: amount }
      payouts.push({
        id,
        vendorId: vendor.id,
        amountCents: amount,
        phone: vendor.payoutPhone,
        state: fails ? 'failed' : 'paid',
        receipt: fails ? null : `T${code(9)}`,
        failure: fails ? 'The receiving M-Pesa account could not be found (result 2040).' : null,
        sentAt: new Date(sentAt),
        settledAt: new Date(settledAt),
      })
      ledger.push({ at: new Date(sentAt), tx: payoutSent(event) })
      ledger.push({ at: new Date(settledAt), tx: fails ? payoutFailed(event) : payoutSettled(event) })
      if (!fails) available.set(vendor.id, (available.get(vendor.id) ?? 0) - amount)
    }
    run = nextPayoutRun(rules.payoutSchedule, new Date(run)).getTime()
  }
  return payouts
}

/** Each account's balance from the planned transactions (the tests check the plan against the ledger's rules). */
export function plannedBalances(ledger: readonly DatedTransaction[]): Map<string, number> {
  const sums = new Map<string, number>()
  for (const { tx } of ledger) {
    for (const entry of tx.entries) {
      const key = accountKey(entry.account)
      sums.set(key, (sums.get(key) ?? 0) + (entry.side === 'debit' ? entry.cents : -entry.cents))
    }
  }
  return sums
}
