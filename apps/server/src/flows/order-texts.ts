import type { Db } from '@soko/db/client'
import type { Cents } from '@soko/domain/money'
import { type HowToPay, type OrderTextFacts, orderText } from '@soko/domain/sms'
import type { FastifyBaseLogger } from 'fastify'
import type { Users } from '../modules/accounts/users.ts'
import type { OrderRow } from '../modules/orders/service.ts'
import type { TextMessages } from '../modules/sms/service.ts'

const nairobiDay = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Nairobi',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
})

/** An order as its texts need it (the order row, or the parts of one). */
type OrderFacts = Pick<OrderRow, 'id' | 'order_number' | 'user_id' | 'phone'>

/**
 * The order flows' step that texts the shopper and the shop (decision 0029) beside the emails they already send:
 * the words come from the domain (`orderText`, one GSM-7 part), the text is written in the caller's transaction
 * and sent by a durable job after commit (the caller calls `kick` then). A shopper who turned order texts off in
 * their settings gets none; a guest's order is texted to the phone it gave.
 */
export class OrderTexts {
  constructor(
    private readonly modules: { texts: TextMessages; users: Users; log: FastifyBaseLogger },
    private readonly settings: { paybillShortCode: string | null },
  ) {}

  /** The order was placed: its amount, and how to pay while it is unpaid. */
  placed(t: Db, order: OrderFacts & Pick<OrderRow, 'total_cents' | 'payment_method' | 'status'>): Promise<void> {
    return this.toShopper(t, order, 'order-placed', {
      kind: 'placed',
      orderNumber: order.order_number,
      totalCents: order.total_cents,
      pay:
        order.status === 'pending_payment' || order.payment_method === 'pay-on-delivery' ? this.howToPay(order) : null,
    })
  }

  paid(t: Db, order: OrderFacts & Pick<OrderRow, 'total_cents'>): Promise<void> {
    return this.toShopper(t, order, 'order-paid', {
      kind: 'paid',
      orderNumber: order.order_number,
      totalCents: order.total_cents,
    })
  }

  /** A shop sent its part: by which carrier with which reference, or to the order's pickup station. */
  shipped(
    t: Db,
    order: OrderFacts & Pick<OrderRow, 'delivery'>,
    shopName: string,
    carrier: string,
    reference: string | null,
  ): Promise<void> {
    const station = order.delivery?.method === 'pickup' ? (order.delivery.station?.name ?? null) : null
    return this.toShopper(t, order, 'order-shipped', {
      kind: 'shipped',
      orderNumber: order.order_number,
      shopName,
      carrier,
      reference: reference?.trim() ? reference.trim() : null,
      station,
    })
  }

  atStation(t: Db, order: OrderFacts & Pick<OrderRow, 'delivery' | 'collection_code'>, collectBy: Date): Promise<void> {
    return this.toShopper(t, order, 'order-at-station', {
      kind: 'at-station',
      orderNumber: order.order_number,
      stationName: order.delivery?.station?.name ?? 'your pickup station',
      collectionCode: order.collection_code ?? '',
      collectBy: nairobiDay.format(collectBy),
    })
  }

  delivered(t: Db, order: OrderFacts, shopName: string): Promise<void> {
    return this.toShopper(t, order, 'order-delivered', {
      kind: 'delivered',
      orderNumber: order.order_number,
      shopName,
    })
  }

  refundSent(t: Db, order: OrderFacts, amountCents: Cents, destination: string): Promise<void> {
    return this.toShopper(t, order, 'refund-sent', {
      kind: 'refund-sent',
      orderNumber: order.order_number,
      amountCents,
      destination,
    })
  }

  /** A shop's new paid part of an order, to the shop's phone. */
  async vendorPaid(
    t: Db,
    order: Pick<OrderRow, 'id' | 'order_number'>,
    shop: { name: string; phone: string },
    part: { itemCount: number; amountCents: Cents; collectCents: Cents | null },
  ): Promise<void> {
    if (!shop.phone) return
    await this.write(t, shop.phone, order.id, 'vendor-paid', {
      kind: 'vendor-paid',
      orderNumber: order.order_number,
      shopName: shop.name,
      ...part,
    })
  }

  /** Sends what the committed transaction wrote now, not at the next poll. */
  kick(): void {
    this.modules.texts.kick()
  }

  private howToPay(order: Pick<OrderRow, 'payment_method'>): HowToPay {
    switch (order.payment_method) {
      case 'mpesa-paybill':
        return this.settings.paybillShortCode === null
          ? { method: 'mpesa' }
          : { method: 'mpesa-paybill', paybill: this.settings.paybillShortCode }
      case 'credit-card':
        return { method: 'credit-card' }
      case 'pay-on-delivery':
        return { method: 'pay-on-delivery' }
      default:
        return { method: 'mpesa' }
    }
  }

  private async toShopper(t: Db, order: OrderFacts, kind: string, facts: OrderTextFacts): Promise<void> {
    if (order.user_id !== null && !(await this.modules.users.smsOrderUpdates(t, order.user_id))) return
    await this.write(t, order.phone, order.id, kind, facts)
  }

  private async write(t: Db, phone: string, orderId: number, kind: string, facts: OrderTextFacts): Promise<void> {
    const text = orderText(facts)
    // Every template fits with the longest names the forms allow (the domain's tests); this is the record if not.
    if (text.overLength !== null)
      this.modules.log.warn({ orderId, kind }, `order text over one SMS part: ${text.overLength}`)
    await this.modules.texts.enqueue(t, { phone, body: text.text, kind, orderId })
  }
}
