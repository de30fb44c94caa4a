import { type OrderStatus, orderStatusLabel, type VendorOrderSummary } from '@soko/contract/checkout'
import type { Db } from '@soko/db/client'
import { collectByOf, PICKUP_HOLD_DAYS, waitingParcelState } from '@soko/domain/delivery'
import { centsToKes } from '@soko/domain/money'
import { partShares } from '@soko/domain/part-money'
import { type CollectionWay, type Collector, collectionWords, PAY_ON_DELIVERY } from '@soko/domain/pay-on-delivery'
import type { BalancePart } from '@soko/domain/vendor-balance'
import { carrierLabel } from '@soko/domain/vendor-part-states'
import * as repo from './vendor-part-repository.ts'

export type { PartMove, ShopPartRow } from './vendor-part-repository.ts'

/**
 * Whether a pickup part (shipped, its parcel at the station since `atStationAt`) is still there past its collect-by
 * time at `now`: the domain's rule, read from the stored arrival (no flag is kept; decision record "delivery
 * options").
 */
export function isPastCollectBy(status: string, atStationAt: Date | null, now: Date): boolean {
  if (status !== 'shipped') return false
  return (
    waitingParcelState({ arrivedAt: atStationAt, isCollected: false, now, holdDays: PICKUP_HOLD_DAYS }) ===
    'past_collect_by'
  )
}

/**
 * Orders as a shop sees them (DESIGN D7): its own parts to fulfil, shipping and delivering each, and its sales and
 * earnings. Which shop is the caller's is the vendors module's to say; every method takes the shop's id.
 */
export class VendorParts {
  constructor(private readonly db: Db) {}

  /** The shop's paid parts of orders, newest first, each with its lines. */
  async listForShop(businessId: number): Promise<VendorOrderSummary[]> {
    const parts = await repo.partsOfShop(this.db, businessId)
    const items = await repo.itemsOfParts(
      this.db,
      parts.map((part) => part.id),
    )
    const toCollect = await this.amountsToCollect(parts.filter((part) => part.payment_method === PAY_ON_DELIVERY))
    const now = new Date()
    return parts.map((part) => ({
      id: part.id,
      orderNumber: part.order_number,
      date: part.created_at.toISOString(),
      status: part.status as OrderStatus,
      statusLabel: orderStatusLabel(part.status as OrderStatus, part.payment_method),
      subtotal: centsToKes(part.subtotal_cents),
      trackingNote: part.tracking_note,
      carrierLabel: carrierLabel(part.carrier),
      trackingReference: part.tracking_reference,
      deliveryConfirmedAt: part.delivery_confirmed_at?.toISOString() ?? null,
      pickup:
        part.delivery?.method === 'pickup' && part.delivery.station
          ? {
              station: `${part.delivery.station.name}, ${part.delivery.station.address}, ${part.delivery.station.town}`,
              atStationAt: part.at_station_at?.toISOString() ?? null,
              collectBy: part.at_station_at ? collectByOf(part.at_station_at, PICKUP_HOLD_DAYS).toISOString() : null,
              pastCollectBy: isPastCollectBy(part.status, part.at_station_at, now),
            }
          : null,
      customer: {
        name: `${part.first_name} ${part.last_name}`,
        phone: part.phone,
        city: part.shipping_address.city,
        county: part.shipping_address.county,
      },
      items: items
        .filter((item) => item.vendor_order_id === part.id)
        .map((item) => ({
          name: item.product_name,
          quantity: item.quantity,
          price: centsToKes(item.unit_price_cents),
        })),
      payOnDelivery:
        part.payment_method === PAY_ON_DELIVERY
          ? {
              amount: centsToKes(toCollect.get(part.id) ?? 0),
              collectedAt: part.collected_at?.toISOString() ?? null,
              collectedHow: part.collected_via
                ? collectionWords(
                    { via: part.collected_via, by: part.collected_by ?? 'vendor', reference: part.collected_reference },
                    'vendor',
                  )
                : null,
              refusedAt: part.refused_at?.toISOString() ?? null,
            }
          : null,
    }))
  }

  /**
   * What the rider collects for each pay-on-delivery part: its goods and its share of the order's delivery fee and
   * VAT (`partShares`, the same split the ledger records when it is collected).
   */
  async amountsToCollect(
    parts: readonly Pick<repo.ShopPartRow, 'id' | 'order_id' | 'order_shipping_cents' | 'order_vat_cents'>[],
    db: Db = this.db,
  ): Promise<Map<number, number>> {
    const siblings = await repo.subtotalsOfOrders(db, [...new Set(parts.map((part) => part.order_id))])
    const amounts = new Map<number, number>()
    for (const part of parts) {
      const shares = partShares(
        { shippingCents: part.order_shipping_cents, vatCents: part.order_vat_cents },
        siblings
          .filter((row) => row.order_id === part.order_id)
          .map((row) => ({
            id: row.id,
            subtotalCents: row.subtotal_cents,
            marketplaceDiscountCents: row.marketplace_discount_cents,
          })),
      )
      amounts.set(part.id, shares.get(part.id)?.paidCents ?? 0)
    }
    return amounts
  }

  /** Pay on delivery: the part's money was taken at the door; in the caller's transaction. */
  recordCollection(t: Db, partId: number, collection: { via: CollectionWay; by: Collector; reference: string | null }) {
    return repo.recordCollection(t, partId, collection)
  }

  /** Pay on delivery: the shopper refused the parcel; the part is cancelled. In the caller's transaction. */
  recordRefusal(t: Db, partId: number): Promise<void> {
    return repo.recordRefusal(t, partId)
  }

  /** Every delivered part whose delivery was confirmed, with when. */
  confirmed(db: Db = this.db): Promise<{ id: number; confirmed_at: Date | null }[]> {
    return repo.confirmedParts(db)
  }

  /** One part and its order, locked for the rest of the transaction `t`; null when there is none. */
  lock(t: Db, partId: number): Promise<repo.ShopPartRow | null> {
    return repo.lockPart(t, partId)
  }

  /** Stores the part's move in `t` (the domain said it may); the statuses of all its order's parts after. */
  move(t: Db, part: repo.ShopPartRow, move: repo.PartMove): Promise<string[]> {
    return repo.movePart(t, { id: part.id, orderId: part.order_id }, move)
  }

  /** Sales today and this month, orders today, parts to fulfil, and the last `days` days (Nairobi's). */
  async sales(businessId: number, days: number) {
    const totals = await repo.salesTotals(this.db, businessId)
    const series = await repo.salesSeries(this.db, businessId, days)
    return { totals, series }
  }

  /**
   * The net (subtotal less commission) of the shop's paid parts by status and delivery confirmation, read in `t`
   * when given (an admin's payout reads it with the shop locked): what its balance is made of.
   */
  async earningParts(businessId: number, t: Db = this.db): Promise<BalancePart[]> {
    const rows = await repo.earningParts(t, businessId)
    return rows.map((row) => ({
      status: row.status,
      confirmedAt: row.confirmed_at,
      hasOpenReturn: row.has_open_return,
      netCents: row.net_cents,
    }))
  }

  /** The shop's paid parts as lines of its statement, newest first (at most 200). */
  earningLines(businessId: number) {
    return repo.earningLines(this.db, businessId)
  }
}
