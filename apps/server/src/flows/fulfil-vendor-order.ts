import { ORDER_STATUS_LABELS, type OrderStatus } from '@soko/contract/checkout'
import type { Db } from '@soko/db/client'
import type { Mailer } from '../modules/mail/mailer.ts'
import { vendorPartEmail } from '../modules/orders/mail-templates.ts'
import type { OrdersService } from '../modules/orders/service.ts'
import { orderStatusFromParts, type VendorParts } from '../modules/orders/vendor-parts.ts'
import { requireFulfillingVendor } from '../modules/vendors/fulfilment.ts'
import type { ShopService } from '../modules/vendors/shop.ts'
import type { Ctx } from '../plugins/auth.ts'
import { AppError } from '../plugins/errors.ts'

/**
 * A vendor ships its part of an order (with a tracking note), then delivers it, in one transaction: the part (and
 * its order) locked → checked to be the vendor's own shop's (anyone else's id answers 404) → advanced → the order's
 * status follows its parts → the shopper's email, which leaves after commit.
 */
export class FulfilVendorOrder {
  constructor(
    private readonly modules: {
      db: Db
      shops: ShopService
      parts: VendorParts
      orders: OrdersService
      mailer: Mailer
    },
  ) {}

  ship(ctx: Ctx, partId: number, trackingNote: string): Promise<void> {
    return this.advance(ctx, partId, 'shipped', trackingNote)
  }

  deliver(ctx: Ctx, partId: number): Promise<void> {
    return this.advance(ctx, partId, 'delivered', null)
  }

  private async advance(
    ctx: Ctx,
    partId: number,
    step: 'shipped' | 'delivered',
    trackingNote: string | null,
  ): Promise<void> {
    const { db, shops, parts, orders, mailer } = this.modules
    const ownerId = requireFulfillingVendor(ctx)
    const mail: number[] = []
    await db.transaction(async (t) => {
      const shop = await shops.shopOf(ownerId, t)
      const part = await parts.lock(t, partId)
      if (!part || !shop || part.business_id !== shop.id) throw new AppError('not_found', 'No such order.')
      const allowed = step === 'shipped' ? ['paid', 'processing'] : ['shipped']
      if (!allowed.includes(part.status)) {
        const label = ORDER_STATUS_LABELS[part.status as OrderStatus].toLowerCase()
        throw new AppError(
          'conflict',
          step === 'shipped'
            ? `This order is ${label}: only paid orders can be shipped.`
            : `This order is ${label}: only shipped orders can be marked delivered.`,
        )
      }
      const statuses = await parts.advance(t, part, step, trackingNote)
      await orders.setStatus(t, part.order_id, orderStatusFromParts(statuses))
      const order = await orders.byId(t, part.order_id)
      if (order) {
        const link = await orders.buyerLink(order.order_number)
        const note = step === 'shipped' ? trackingNote : part.tracking_note
        mail.push(await mailer.enqueue(t, vendorPartEmail(order, shop.name, step, note, link)))
      }
    })
    mailer.deliver(mail)
  }
}
