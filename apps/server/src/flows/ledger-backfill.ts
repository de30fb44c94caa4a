import type { Db } from '@soko/db/client'
import { payoutSent, payoutSettled } from '@soko/domain/ledger'
import type { FastifyBaseLogger } from 'fastify'
import type { Ledger } from '../modules/ledger/service.ts'
import type { Returns } from '../modules/orders/returns.ts'
import type { OrdersService } from '../modules/orders/service.ts'
import type { VendorParts } from '../modules/orders/vendor-parts.ts'
import type { PaymentRow, PaymentService } from '../modules/payments/service.ts'
import type { PayoutService } from '../modules/payouts/service.ts'
import type { LedgerPostings } from './ledger-postings.ts'

/** Attempts that took money: paid, refunded by an admin (by hand), or owed back (cancelled or paid late). */
const MONEY_IN = ['paid', 'refunded', 'refund_due'] as const
const BEFORE_THE_LEDGER = 'Given back before the ledger was kept.'

/**
 * The opening balances (decision 0014, "Wiring"): a database from before the ledger gets what would have been posted,
 * once, at startup after the migrations. Each attempt that took money and was never received into the ledger is,
 * in one transaction with its row locked: received (with the commission of each part, or owed back in full when
 * it came for an order that could not take it); the refunds returns and an admin's refund gave back by hand
 * recorded as refunds rows sent then; each delivered, confirmed part released if its window closed (else its
 * release queued). Every confirmed part not released yet gets its release job (the demo's past writes its ledger
 * but queues no jobs). Each payout from before the ledger is posted sent (and settled, when paid). The ledger's keys make a second run, or
 * two processes starting at once, write nothing twice.
 */
export class LedgerBackfill {
  constructor(
    private readonly modules: {
      db: Db
      ledger: Ledger
      orders: OrdersService
      payments: PaymentService
      returns: Pick<Returns, 'ofOrder'>
      parts: Pick<VendorParts, 'confirmed'>
      payouts: Pick<PayoutService, 'allPayouts'>
      postings: LedgerPostings
      log: FastifyBaseLogger
    },
  ) {}

  async run(): Promise<{ payments: number; payouts: number }> {
    const { db, ledger, payments } = this.modules
    const received = await ledger.referencesOf('payment_received')
    let paymentsPosted = 0
    for (const payment of await payments.inStatuses(MONEY_IN)) {
      if (received.has(payment.id)) continue
      try {
        if (await db.transaction((t) => this.payment(t, payment.id))) paymentsPosted += 1
      } catch (error) {
        // One attempt's figures the rules refuse (reconciliation will show it) does not keep the others out.
        this.modules.log.error({ err: error, paymentId: payment.id }, 'could not post a payment from before the ledger')
      }
    }
    // Confirmed parts not released yet (the demo's past among them) get their release job, once (its dedupe key).
    const released = await ledger.referencesOf('part_released')
    const waiting = (await this.modules.parts.confirmed()).filter((part) => !released.has(part.id))
    if (waiting.length > 0) {
      await db.transaction(async (t) => {
        for (const part of waiting) {
          if (part.confirmed_at) await this.modules.postings.enqueueRelease(t, part.id, part.confirmed_at)
        }
      })
    }
    const sent = await ledger.referencesOf('payout_sent')
    let payoutsPosted = 0
    for (const payout of await this.modules.payouts.allPayouts()) {
      // Payouts from before the ledger were recorded by hand, paid; a sent one is in transit; the rest moved nothing.
      if (sent.has(payout.id) || (payout.state !== 'paid' && payout.state !== 'sent')) continue
      await db.transaction(async (t) => {
        const event = { payoutId: payout.id, vendorId: payout.business_id, amountCents: payout.amount_cents }
        await ledger.post(t, payoutSent(event))
        if (payout.state === 'paid') await ledger.post(t, payoutSettled(event))
      })
      payoutsPosted += 1
    }
    if (paymentsPosted + payoutsPosted > 0) {
      this.modules.log.info({ payments: paymentsPosted, payouts: payoutsPosted }, 'ledger opening balances posted')
    }
    return { payments: paymentsPosted, payouts: payoutsPosted }
  }

  /** One attempt's money, from before the ledger; false when another process posted it first. */
  private async payment(t: Db, paymentId: number): Promise<boolean> {
    const { ledger, orders, payments, postings, returns } = this.modules
    const payment = await payments.byId(t, paymentId, true)
    if (!payment || (await ledger.isPosted(t, `payment_received:payment:${paymentId}`))) return false
    const order = await orders.byId(t, payment.order_id, true)
    if (!order) return false
    // An attempt owed back whose order went on with another attempt, or was cancelled: received, then owed in full.
    const late = payment.status === 'refund_due' ? { reason: 'Owed back since before the ledger was kept.' } : null
    await postings.paymentReceived(t, payment, order, late)
    if (late) return true
    const sentAt = payment.updated_at
    // Returns refunded by hand, then an admin's refund of the rest.
    for (const row of await returns.ofOrder(t, order.id)) {
      if (row.state !== 'refunded' || (row.refunded_cents ?? 0) <= 0) continue
      await postings.approveRefund(t, {
        ...this.refundOf(payment, order.id),
        order,
        partId: row.vendor_order_id,
        cause: 'return',
        goodsCents: row.refunded_cents ?? 0,
        returnId: row.id,
        sentAt: row.refunded_at ?? sentAt,
      })
    }
    const parts = await orders.partsOf(t, [order.id])
    if (payment.status === 'refunded') {
      for (const part of parts) {
        await postings.refundRest(t, {
          ...this.refundOf(payment, order.id),
          order,
          partId: part.id,
          cause: 'order_refund',
          sentAt,
        })
      }
      return true
    }
    for (const part of parts) {
      if (part.status !== 'delivered' || !part.delivery_confirmed_at) continue
      const outcome = await postings.release(t, part.id)
      if (outcome.done === 'later' || outcome.done === 'held') {
        await postings.enqueueRelease(t, part.id, part.delivery_confirmed_at)
      }
    }
    return true
  }

  private refundOf(payment: PaymentRow, _orderId: number) {
    return { payment, reason: BEFORE_THE_LEDGER, approvedBy: null }
  }
}
