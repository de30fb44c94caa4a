import type { Db } from '@soko/db/client'
import {
  collectedSettlement,
  collectionSettled,
  commissionReturned,
  commissionTaken,
  type PaymentMethod,
  partReleased,
  paymentCollected,
  paymentReceived,
  refundApproved,
  refundableCents,
  refundSent,
} from '@soko/domain/ledger'
import { formatKes } from '@soko/domain/money'
import {
  commissionBackCents,
  type PartShare,
  partShares,
  type RefundedSoFar,
  refundedSoFar,
  refundLeft,
  refundTotal,
  releasableCents,
} from '@soko/domain/part-money'
import { awaitsCollection, type Collector } from '@soko/domain/pay-on-delivery'
import type { RefundCause } from '@soko/domain/refund-states'
import { availableFrom, earningState } from '@soko/domain/vendor-balance'
import type { FastifyBaseLogger } from 'fastify'
import { enqueueJob, type Job, type JobQueue, type JobResult } from '../modules/jobs/queue.ts'
import type { Ledger } from '../modules/ledger/service.ts'
import type { Returns } from '../modules/orders/returns.ts'
import type { OrderRow, OrdersService } from '../modules/orders/service.ts'
import type { ShopPartRow, VendorParts } from '../modules/orders/vendor-parts.ts'
import type { RefundRecords, RefundRow } from '../modules/payments/refund-records.ts'
import type { PaymentRow } from '../modules/payments/service.ts'
import { AppError } from '../plugins/errors.ts'
import { REFUND_SEND_JOB, refundSendKey } from './send-refund.ts'

/** The durable job that moves a vendor part's pending money to available once its return window closed. */
export const RELEASE_JOB = 'vendor_part.release'

export const releaseKey = (partId: number) => `part_released:vendor_part:${partId}`

/** A refund to approve on one vendor part, against the paid attempt the money goes back through. */
export interface RefundRequest {
  order: OrderRow
  payment: PaymentRow
  partId: number
  cause: RefundCause
  goodsCents: number
  deliveryCents?: number
  vatCents?: number
  marketplaceCents?: number
  reason: string
  approvedBy: number | null
  returnId?: number | null
  /** Money given back by hand before the ledger (the opening backfill): recorded as sent then, nothing queued. */
  sentAt?: Date
}

const asRefunded = (row: RefundRow): RefundedSoFar => ({
  goodsCents: row.goods_cents,
  deliveryCents: row.delivery_cents,
  vatCents: row.vat_cents,
  marketplaceCents: row.marketplace_cents,
  commissionCents: row.commission_cents,
})

/**
 * Every money event of an order's life written in the ledger (docs/decisions/0014-ledger.md, "Wiring"), in the
 * transaction of the change that moved the money: the payment received and the commission taken, a vendor part's
 * money released when its return window closed (a durable job), and each refund approved (a refunds row, its
 * postings and the job that sends it). The amounts are the domain's (`part-money.ts`); the ledger's keys make a
 * repeat write nothing.
 */
export class LedgerPostings {
  constructor(
    private readonly modules: {
      db: Db
      ledger: Ledger
      orders: OrdersService
      parts: VendorParts
      returns: Pick<Returns, 'hasOpen'>
      refunds: RefundRecords
      jobs: JobQueue
      log: FastifyBaseLogger
    },
    private readonly settings: { vatRateBp: number; returnWindowDays: number },
  ) {
    modules.jobs.register(RELEASE_JOB, (job) => this.releaseJob(job))
  }

  /**
   * A payment came in for `order`: received into the float (or card clearing), each shop's goods pending, and the
   * commission of each part taken. A payment the order cannot take (`late`: cancelled, expired, paid twice) is
   * received all the same and then owed back in full, one refund per vendor part, without a commission.
   */
  async paymentReceived(t: Db, payment: PaymentRow, order: OrderRow, late: { reason: string } | null): Promise<void> {
    const { ledger, orders } = this.modules
    const parts = await orders.partsOf(t, [order.id])
    await ledger.post(
      t,
      paymentReceived({
        paymentId: payment.id,
        orderId: order.id,
        method: payment.method as PaymentMethod,
        totalCents: order.total_cents,
        shippingCents: order.shipping_cents,
        vatCents: order.vat_cents,
        parts: parts.map((part) => ({ vendorId: part.business_id, subtotalCents: part.subtotal_cents })),
        // A voucher the marketplace funds is its expense; a shop's own is already off the shop's subtotal.
        marketplaceDiscountCents: parts.reduce((sum, part) => sum + part.marketplace_discount_cents, 0),
      }),
    )
    for (const stored of parts) {
      if (late) {
        await this.refundRest(t, {
          order,
          payment,
          partId: stored.id,
          cause: 'late_payment',
          ...late,
          approvedBy: null,
        })
        continue
      }
      await this.takeCommission(t, await this.lockPart(t, stored.id))
    }
  }

  /**
   * A pay-on-delivery part was paid at the door (decision 0022): its share of the order received (owed by the shop
   * when its rider took the money), its commission taken, and what the shop collected set against what it has
   * available. A part already confirmed received gets its release queued again: it was held until the money came.
   */
  async paymentCollected(t: Db, order: OrderRow, partId: number, collectedBy: Collector): Promise<void> {
    const { ledger } = this.modules
    const part = await this.lockPart(t, partId)
    const share = await this.shareOf(t, order, part.id)
    await ledger.post(
      t,
      paymentCollected({
        vendorPartId: part.id,
        orderId: order.id,
        vendorId: part.business_id,
        collectedBy,
        goodsCents: share.goodsCents,
        deliveryCents: share.deliveryCents,
        vatCents: share.vatCents,
        marketplaceDiscountCents: share.discountCents ?? 0,
      }),
    )
    await this.takeCommission(t, part)
    await this.settleCollected(t, part.id, part.business_id, 'collected')
    if (part.delivery_confirmed_at) await this.enqueueRelease(t, part.id, part.delivery_confirmed_at)
  }

  /** The part's commission, taken from its pending money once its payment is in. */
  private takeCommission(t: Db, part: ShopPartRow) {
    return this.modules.ledger.post(
      t,
      commissionTaken({
        vendorPartId: part.id,
        vendorId: part.business_id,
        commissionCents: part.commission_cents,
        vatRateBp: this.settings.vatRateBp,
      }),
    )
  }

  /**
   * Sets what a shop's riders collected at the door against what the marketplace owes the shop now, as far as
   * they meet (`collectedSettlement`): after a collection, and after each release of its money.
   */
  private async settleCollected(t: Db, partId: number, vendorId: number, occasion: 'collected' | 'released') {
    const { ledger } = this.modules
    const [available, collected] = await ledger.balances(
      [
        { kind: 'vendor_available', vendorId },
        { kind: 'vendor_collected', vendorId },
      ],
      t,
    )
    const amountCents = collectedSettlement({
      availableCents: available?.balanceCents ?? 0,
      collectedCents: collected?.balanceCents ?? 0,
    })
    if (amountCents > 0) {
      await ledger.post(t, collectionSettled({ vendorPartId: partId, vendorId, amountCents, occasion }))
    }
  }

  /**
   * Approves a refund on one vendor part: the refunds row (how the money goes back: the paid attempt's method and
   * phone), the refund and the commission on its goods posted from the part's pending or available money (available
   * once the part was released), and the job that sends it. Never more than what is left of what was paid for the
   * part: 409 with the figures. The refund's id, or null when there was nothing to refund.
   */
  async approveRefund(t: Db, request: RefundRequest): Promise<number | null> {
    const { ledger, refunds } = this.modules
    const { order, payment } = request
    const part = await this.lockPart(t, request.partId)
    const share = await this.paidShareOf(t, order, payment, part)
    const earlier = await refunds.ofPart(t, part.id)
    const before = refundedSoFar(earlier.filter((row) => row.payment_id === payment.id).map(asRefunded))
    const delivery = request.deliveryCents ?? 0
    const vat = request.vatCents ?? 0
    const marketplace = request.marketplaceCents ?? 0
    const amount = request.goodsCents + delivery + vat + marketplace
    if (amount <= 0) return null
    const left = refundableCents(share.paidCents, refundTotal(before))
    const goodsLeft = Math.max(0, share.goodsCents - before.goodsCents)
    if (amount > left || request.goodsCents > goodsLeft) {
      throw new AppError(
        'conflict',
        `A refund of ${formatKes(amount)} is more than is left of what was paid for this shop's part of the order ` +
          `(${formatKes(Math.min(left, goodsLeft + delivery + vat + marketplace))}).`,
      )
    }
    // A late payment took no commission; the others give back the commission on the goods, in proportion.
    const withCommission = request.cause !== 'late_payment'
    const commissioned = refundedSoFar(earlier.filter((row) => row.cause !== 'late_payment').map(asRefunded))
    const commission = withCommission
      ? commissionBackCents({
          commissionCents: part.commission_cents,
          subtotalCents: part.subtotal_cents,
          goodsRefundedBeforeCents: commissioned.goodsCents,
          commissionReturnedBeforeCents: commissioned.commissionCents,
          goodsCents: request.goodsCents,
        })
      : 0
    const from = withCommission && (await ledger.isPosted(t, releaseKey(part.id))) ? 'available' : 'pending'
    // A Paybill payment goes back by M-Pesa too (B2C), to the order's phone: C2B sends the payer's number masked.
    // So does money paid on delivery: the rider's cash is not taken back to the door.
    const method: PaymentMethod = payment.method === 'credit-card' ? 'credit-card' : 'mpesa'
    const id = await refunds.insert(t, {
      paymentId: payment.id,
      orderId: order.id,
      vendorOrderId: part.id,
      returnId: request.returnId ?? null,
      cause: request.cause,
      method,
      goodsCents: request.goodsCents,
      deliveryCents: delivery,
      vatCents: vat,
      marketplaceCents: marketplace,
      commissionCents: commission,
      amountCents: amount,
      phone: method === 'mpesa' ? (payment.phone ?? order.phone) : null,
      reason: request.reason.trim() || 'Refund approved.',
      approvedBy: request.approvedBy,
      ...(request.sentAt ? { state: 'sent' as const, sentAt: request.sentAt } : {}),
    })
    await ledger.post(
      t,
      refundApproved({
        refundId: id,
        vendorPartId: part.id,
        vendorId: part.business_id,
        goodsCents: request.goodsCents,
        from,
        deliveryCents: delivery,
        vatCents: vat,
        marketplaceCents: marketplace,
        paidForPartCents: share.paidCents,
        refundedBeforeCents: refundTotal(before),
      }),
    )
    if (commission > 0) {
      await ledger.post(
        t,
        commissionReturned({
          refundId: id,
          vendorId: part.business_id,
          commissionCents: commission,
          vatRateBp: this.settings.vatRateBp,
          to: from,
        }),
      )
    }
    if (request.sentAt) {
      await ledger.post(t, refundSent({ refundId: id, method, amountCents: amount }))
    } else {
      await enqueueJob(t, { kind: REFUND_SEND_JOB, payload: { refundId: id }, dedupeKey: refundSendKey(id) })
    }
    return id
  }

  /** Refunds everything left of a vendor part's paid share (an order refunded, cancelled, or paid late). */
  async refundRest(t: Db, request: Omit<RefundRequest, 'goodsCents'>): Promise<number | null> {
    const share = await this.paidShareOf(t, request.order, request.payment, await this.lockPart(t, request.partId))
    const earlier = (await this.modules.refunds.ofPart(t, request.partId)).filter(
      (row) => row.payment_id === request.payment.id,
    )
    const left = refundLeft(share, refundedSoFar(earlier.map(asRefunded)))
    if (left.goodsCents + left.deliveryCents + left.vatCents <= 0) return null
    return this.approveRefund(t, { ...request, ...left })
  }

  /** Queues the release of a part whose delivery was just confirmed, for when its return window closes. */
  async enqueueRelease(t: Db, partId: number, confirmedAt: Date): Promise<void> {
    await enqueueJob(t, {
      kind: RELEASE_JOB,
      payload: { partId },
      runAt: availableFrom(confirmedAt, this.settings.returnWindowDays),
      dedupeKey: `${RELEASE_JOB}:${partId}`,
    })
  }

  /**
   * Releases the part's money if it is due now (`earningState` says available): what it still has pending moves to
   * available, once. 'later' with when to ask again while its window runs; 'held' while a return is open (its end
   * queues the release again); 'no' for a part that earns nothing or was released already.
   */
  async release(t: Db, partId: number): Promise<{ done: 'released' | 'no' | 'held' } | { done: 'later'; at: Date }> {
    const { ledger, returns, refunds } = this.modules
    const part = await this.modules.parts.lock(t, partId)
    if (!part || (await ledger.isPosted(t, releaseKey(partId)))) return { done: 'no' }
    const hasOpenReturn = await returns.hasOpen(t, partId)
    const confirmedAt = part.delivery_confirmed_at
    const state = earningState(
      { status: part.status, confirmedAt, hasOpenReturn },
      { returnWindowDays: this.settings.returnWindowDays, now: new Date() },
    )
    if (state !== 'available') {
      if (hasOpenReturn) return { done: 'held' }
      if (state === 'pending' && confirmedAt) {
        return { done: 'later', at: availableFrom(confirmedAt, this.settings.returnWindowDays) }
      }
      return { done: 'no' }
    }
    // A pay-on-delivery part earns nothing until its money was collected; the collection queues the release again.
    if (awaitsCollection(part.payment_method, part.collected_at)) return { done: 'no' }
    const taken = (await refunds.ofPart(t, partId)).filter((row) => row.cause !== 'late_payment')
    const amountCents = releasableCents({
      subtotalCents: part.subtotal_cents,
      commissionCents: part.commission_cents,
      refunds: taken.map((row) => ({ goodsCents: row.goods_cents, commissionCents: row.commission_cents })),
    })
    await ledger.post(t, partReleased({ vendorPartId: partId, vendorId: part.business_id, amountCents }))
    await this.settleCollected(t, partId, part.business_id, 'released')
    return { done: 'released' }
  }

  private async releaseJob(job: Job): Promise<JobResult | undefined> {
    const partId = Number(job.payload.partId)
    const outcome = await this.modules.db.transaction((t) => this.release(t, partId))
    if (outcome.done === 'released') this.modules.log.info({ partId }, 'vendor part money released')
    return outcome.done === 'later' ? { retryAt: outcome.at } : undefined
  }

  /** What was paid for a part through `payment`: its share, or nothing for a pay-on-delivery part not yet collected. */
  private async paidShareOf(t: Db, order: OrderRow, payment: PaymentRow, part: ShopPartRow): Promise<PartShare> {
    if (awaitsCollection(payment.method, part.collected_at)) {
      return { goodsCents: 0, deliveryCents: 0, vatCents: 0, paidCents: 0 }
    }
    return this.shareOf(t, order, part.id)
  }

  /** Each part's share of what the order was paid. */
  private async shareOf(t: Db, order: OrderRow, partId: number): Promise<PartShare> {
    const parts = await this.modules.orders.partsOf(t, [order.id])
    const share = partShares(
      { shippingCents: order.shipping_cents, vatCents: order.vat_cents },
      parts.map((part) => ({
        id: part.id,
        subtotalCents: part.subtotal_cents,
        marketplaceDiscountCents: part.marketplace_discount_cents,
      })),
    ).get(partId)
    if (!share) throw new Error(`vendor part ${partId} is not part of order ${order.id}`)
    return share
  }

  private async lockPart(t: Db, partId: number): Promise<ShopPartRow> {
    const part = await this.modules.parts.lock(t, partId)
    if (!part) throw new Error(`no vendor part ${partId}`)
    return part
  }
}
