import type { PayOnDelivery as PayOnDeliveryAnswer, PayOnDeliveryRequestSchema } from '@soko/contract/checkout'
import type { CollectionBodySchema, RefusalBodySchema } from '@soko/contract/pay-on-delivery'
import type { Db } from '@soko/db/client'
import { centsToKes } from '@soko/domain/money'
import { orderStatusFromParts } from '@soko/domain/order-states'
import {
  type Collector,
  PAY_ON_DELIVERY,
  type PodAction,
  payOnDeliveryEligibility,
  payOnDeliveryRules,
  podMove,
} from '@soko/domain/pay-on-delivery'
import { normaliseKenyanMobile } from '@soko/domain/phone'
import type { z } from 'zod'
import type { AuditService } from '../modules/audit/service.ts'
import type { Pricing } from '../modules/catalog/pricing.ts'
import type { Stock } from '../modules/catalog/stock.ts'
import type { Mailer } from '../modules/mail/mailer.ts'
import { deliveryRefusedEmail, orderConfirmedEmail } from '../modules/orders/mail-templates.ts'
import { NO_SUCH_ORDER, type OrdersService } from '../modules/orders/service.ts'
import type { ShopPartRow, VendorParts } from '../modules/orders/vendor-parts.ts'
import type { PaymentService } from '../modules/payments/service.ts'
import { requireFulfillingVendor } from '../modules/vendors/fulfilment.ts'
import type { ShopService } from '../modules/vendors/shop.ts'
import type { Ctx } from '../plugins/auth.ts'
import { AppError } from '../plugins/errors.ts'
import type { LedgerPostings } from './ledger-postings.ts'
import type { PaidShopNotices } from './paid-shop-notices.ts'

type CollectionBody = z.output<typeof CollectionBodySchema>
type RefusalBody = z.output<typeof RefusalBodySchema>

/**
 * Pay on delivery (issue 20, part 2; docs/decisions/0022-pay-on-delivery.md): who may choose it (the domain's rules,
 * asked by the payment step and again when the order is placed), and each vendor part's money recorded at the door
 * (by its shop's rider, or by Soko for a station it runs) or its parcel refused. The order is placed confirmed and
 * unpaid, its stock held; a part's money enters the ledger when it is collected (`LedgerPostings.paymentCollected`).
 */
export class PayOnDelivery {
  constructor(
    private readonly modules: {
      db: Db
      pricing: Pricing
      orders: OrdersService
      parts: VendorParts
      payments: PaymentService
      stock: Stock
      shops: ShopService
      mailer: Mailer
      audit: AuditService
      postings: Pick<LedgerPostings, 'paymentCollected'>
      shopNotices: PaidShopNotices
    },
    private readonly settings: { limitCents: number; publicUrl: () => string },
  ) {}

  /** The payment step's question: may this cart, delivered this way, to this contact, be paid on delivery? */
  async eligibility(ctx: Ctx, body: z.output<typeof PayOnDeliveryRequestSchema>): Promise<PayOnDeliveryAnswer> {
    const quote = await this.modules.pricing.quote(body.items, body.delivery)
    const totalCents = Math.round(quote.total * 100)
    const answer = payOnDeliveryEligibility({
      totalCents,
      limitCents: this.settings.limitCents,
      phone: body.phone,
      refusedBefore: await this.refusedBefore(this.modules.db, ctx, body.phone, body.email),
    })
    const offered = this.settings.limitCents > 0
    const rules = offered ? payOnDeliveryRules(this.settings.limitCents) : ''
    return {
      offered,
      eligible: answer.eligible,
      reason: answer.eligible ? null : answer.reason,
      message: answer.eligible ? rules : answer.message,
      rules,
      limit: offered ? centsToKes(this.settings.limitCents) : null,
      total: quote.total,
    }
  }

  /** Whether this shopper (their account, phone or email) refused a pay-on-delivery parcel before. */
  refusedBefore(db: Db, ctx: Ctx, phone: string, email: string): Promise<boolean> {
    return this.modules.orders.hasRefusedDelivery(db, {
      userId: ctx.user?.id ?? null,
      phone: normaliseKenyanMobile(phone),
      email,
    })
  }

  /**
   * Placing an order: the same rules on the server's own total, whatever the client asked before. Refused: 422 on
   * the payment method with the reason, so the shopper picks another way to pay and loses nothing typed.
   */
  check(totalCents: number, phone: string, refusedBefore: boolean): void {
    const answer = payOnDeliveryEligibility({ totalCents, limitCents: this.settings.limitCents, phone, refusedBefore })
    if (!answer.eligible) {
      throw new AppError('invalid_data', answer.message, { paymentMethod: [answer.message] })
    }
  }

  /**
   * A pay-on-delivery order just placed (in its transaction): confirmed at once, unpaid, its stock held; each shop
   * told of its part and what to collect, the shopper emailed. The emails' outbox ids, to deliver after commit.
   */
  async confirm(t: Db, orderId: number): Promise<number[]> {
    const { orders, stock, mailer, shopNotices } = this.modules
    await orders.setStatus(t, orderId, 'paid')
    await orders.setPartsStatus(t, orderId, 'paid', ['pending_payment'])
    const mail = await shopNotices.enqueue(t, orderId, this.settings.publicUrl())
    await stock.countSales(t, await orders.stockLines(t, orderId))
    const order = await orders.byId(t, orderId)
    if (order) {
      const items = await orders.itemsOf(t, [orderId])
      mail.push(await mailer.enqueue(t, orderConfirmedEmail(order, items, orders.buyerLink(order.order_number))))
    }
    return mail
  }

  /** The shop's rider took the part's money at the door. */
  async collectAsVendor(ctx: Ctx, partId: number, body: CollectionBody): Promise<void> {
    const ownerId = requireFulfillingVendor(ctx)
    await this.modules.db.transaction(async (t) => {
      const part = await this.ownPart(t, ownerId, partId)
      await this.collect(t, part, body, 'vendor')
    })
  }

  /** Soko (a station it runs, its own rider) took the part's money; audited. */
  async collectAsAdmin(adminId: number, orderId: number, partId: number, body: CollectionBody): Promise<void> {
    await this.modules.db.transaction(async (t) => {
      const part = await this.modules.parts.lock(t, partId)
      if (!part || part.order_id !== orderId) throw new AppError('not_found', NO_SUCH_ORDER)
      await this.collect(t, part, body, 'marketplace')
      await this.modules.audit.write(t, adminId, {
        action: 'pay_on_delivery.collected',
        subjectType: 'order',
        subjectId: orderId,
        detail: { name: part.order_number, part: partId, via: body.via },
      })
    })
  }

  /**
   * The shopper refused the parcel at the door: the part is cancelled and its stock back on sale (the parcel
   * returns to the shop), the order follows its parts, and the shopper is told that pay on delivery ends for them.
   */
  async refuseAsVendor(ctx: Ctx, partId: number, body: RefusalBody): Promise<void> {
    const ownerId = requireFulfillingVendor(ctx)
    const { db, orders, parts, stock, mailer, shops } = this.modules
    const mail: number[] = []
    await db.transaction(async (t) => {
      const part = await this.ownPart(t, ownerId, partId)
      this.allow(part, 'refuse')
      await parts.recordRefusal(t, part.id)
      await stock.giveBack(t, await orders.stockLines(t, part.order_id, { partId: part.id }))
      const siblings = await orders.partsOf(t, [part.order_id])
      const status = orderStatusFromParts(siblings.map((row) => row.status))
      await orders.setStatus(t, part.order_id, status, status === 'cancelled' ? { cancelReason: REFUSED } : {})
      await this.settlePayment(t, part.order_id, siblings)
      const order = await orders.byId(t, part.order_id)
      const shop = (await shops.contactsOf(t, [part.business_id])).get(part.business_id)
      if (order) {
        mail.push(
          await mailer.enqueue(
            t,
            deliveryRefusedEmail(order, shop?.name ?? '', body.reason, orders.buyerLink(order.order_number)),
          ),
        )
      }
    })
    mailer.deliver(mail)
  }

  private async collect(t: Db, part: ShopPartRow, body: CollectionBody, by: Collector): Promise<void> {
    const { orders, parts } = this.modules
    this.allow(part, 'collect')
    await parts.recordCollection(t, part.id, { via: body.via, by, reference: body.reference || null })
    const order = await orders.byId(t, part.order_id, true)
    if (!order) throw new AppError('not_found', NO_SUCH_ORDER)
    await this.modules.postings.paymentCollected(t, order, part.id, by)
    await this.settlePayment(t, order.id, await orders.partsOf(t, [order.id]))
  }

  /**
   * The order's pay-on-delivery attempt follows its parts: paid once no live part is left to collect and one was,
   * cancelled when every parcel was refused, pending while any is on its way.
   */
  private async settlePayment(
    t: Db,
    orderId: number,
    parts: readonly { status: string; collected_at: Date | null; refused_at: Date | null }[],
  ): Promise<void> {
    const { payments, orders } = this.modules
    const attempt = (await payments.ofOrder(t, orderId)).find(
      (payment) => payment.method === PAY_ON_DELIVERY && payment.status === 'pending',
    )
    if (!attempt) return
    const waiting = parts.some((part) => part.status !== 'cancelled' && part.collected_at === null)
    if (waiting) return
    const collected = parts.some((part) => part.collected_at !== null)
    await payments.update(t, attempt.id, { status: collected ? 'paid' : 'cancelled', settled: true })
    if (collected) await orders.markPaid(t, orderId)
  }

  /** The part, if it belongs to the signed-in vendor's shop and to a pay-on-delivery order (else 404 or 409). */
  private async ownPart(t: Db, ownerId: number, partId: number): Promise<ShopPartRow> {
    const shop = await this.modules.shops.shopOf(ownerId, t)
    const part = await this.modules.parts.lock(t, partId)
    if (!part || !shop || part.business_id !== shop.id) throw new AppError('not_found', NO_SUCH_ORDER)
    return part
  }

  private allow(part: ShopPartRow, action: PodAction): void {
    if (part.payment_method !== PAY_ON_DELIVERY) {
      throw new AppError('conflict', 'This order was paid when it was placed: there is nothing to collect.')
    }
    const answer = podMove(
      { status: part.status, collected: part.collected_at !== null, refused: part.refused_at !== null },
      action,
    )
    if (!answer.ok) throw new AppError('conflict', answer.message)
  }
}

const REFUSED = 'Its parcels were refused at delivery.'
