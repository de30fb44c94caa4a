import type { Db } from '@soko/db/client'
import type { CardProvider, CardRefund } from './card/provider.ts'
import type { DarajaB2cClient } from './mpesa/b2c.ts'
import * as repo from './refunds-repository.ts'

export { maskedPhone, refundDestination } from './refund-words.ts'

export type { RefundRow, RefundUpdate } from './refunds-repository.ts'

/**
 * Refunds (the payments module's): money owed back to a shopper per vendor part, and the talking to M-Pesa B2C and
 * the card provider that sends it back. Which refund to send when, and what a result does to the ledger and the
 * shopper, is the send-refund flow's (flows/send-refund.ts). Writes run in the caller's transaction `t`.
 */
export class RefundService {
  constructor(
    private readonly gateways: {
      b2c: DarajaB2cClient | null
      card: CardProvider
      b2cRefundUrls(): Promise<{ result: string; status: string; timeout: string }>
    },
  ) {}

  byId(db: Db, id: number, lock = false): Promise<repo.RefundRow | null> {
    return repo.refundById(db, id, lock)
  }

  /** The refund sent with this originator id (or card refund key), locked. */
  byOriginator(t: Db, originatorId: string): Promise<repo.RefundRow | null> {
    return repo.refundByOriginator(t, originatorId)
  }

  /** The card refund the provider knows by this id, locked. */
  byCardRefundId(t: Db, providerId: string): Promise<repo.RefundRow | null> {
    return repo.cardRefundByProviderId(t, providerId)
  }

  ofOrders(db: Db, orderIds: number[]): Promise<repo.RefundRow[]> {
    return repo.refundsOfOrders(db, orderIds)
  }

  update(t: Db, id: number, update: repo.RefundUpdate): Promise<void> {
    return repo.updateRefund(t, id, update)
  }

  // Talking to the providers

  get mpesaEnabled(): boolean {
    return this.gateways.b2c !== null
  }

  /** Hands a refund to M-Pesa B2C; throws B2cSendError (see its `failure`) when not accepted. */
  async sendMpesa(refund: { originatorId: string; phone: string; amountCents: number; orderNumber: string }) {
    const b2c = this.gateways.b2c
    if (b2c === null) throw new Error('M-Pesa B2C is off (MPESA_B2C)')
    const urls = await this.gateways.b2cRefundUrls()
    return b2c.sendB2C({
      originatorId: refund.originatorId,
      phone: refund.phone,
      amountCents: refund.amountCents,
      remarks: `Soko refund ${refund.orderNumber}`,
      occasion: 'Refund',
      resultUrl: urls.result,
      timeoutUrl: urls.timeout,
    })
  }

  /** Asks M-Pesa how a refund sent by B2C ended; the answer comes to the status URL. */
  async queryMpesa(originatorId: string): Promise<void> {
    const b2c = this.gateways.b2c
    if (b2c === null) throw new Error('M-Pesa B2C is off (MPESA_B2C)')
    const urls = await this.gateways.b2cRefundUrls()
    await b2c.queryTransactionStatus({
      originatorId,
      resultUrl: urls.status,
      timeoutUrl: urls.timeout,
      remarks: 'Refund status',
    })
  }

  /** Asks the card provider to refund part of a payment; the same key again is the same refund. */
  sendCard(paymentReference: string, amountCents: number, key: string): Promise<CardRefund> {
    return this.gateways.card.refund(paymentReference, amountCents, key)
  }

  fetchCardRefund(providerId: string): Promise<CardRefund> {
    return this.gateways.card.fetchRefund(providerId)
  }
}
