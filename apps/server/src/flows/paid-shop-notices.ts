import type { Db } from '@soko/db/client'
import { partShares } from '@soko/domain/part-money'
import type { Users } from '../modules/accounts/users.ts'
import type { Mailer } from '../modules/mail/mailer.ts'
import type { OrdersService } from '../modules/orders/service.ts'
import { vendorPaidEmail } from '../modules/vendors/notifications.ts'
import type { ShopService } from '../modules/vendors/shop.ts'
import type { OrderTexts } from './order-texts.ts'

/**
 * The settle-payment flow's step that tells each shop of its paid part of an order (DESIGN D6, D7): one email per
 * shop, listing only its own items, to its owner's sign-in address (the shop's contact address when it has no
 * owner), written into the outbox inside the caller's transaction and delivered after commit.
 */
export class PaidShopNotices {
  constructor(
    private readonly modules: {
      orders: OrdersService
      shops: ShopService
      users: Users
      mailer: Mailer
      texts: Pick<OrderTexts, 'vendorPaid'>
    },
  ) {}

  /** Writes the emails for the order's paid parts; their outbox ids, for `mailer.deliver` after commit. */
  async enqueue(t: Db, orderId: number, publicUrl: string): Promise<number[]> {
    const { orders, shops, users, mailer } = this.modules
    const parts = await orders.paidPartsOf(t, orderId)
    const contacts = await shops.contactsOf(t, [...new Set(parts.map((part) => part.business_id))])
    const ownerIds = [...contacts.values()].flatMap((shop) => (shop.ownerId === null ? [] : [shop.ownerId]))
    const ownerEmails = await users.emailsOf(t, ownerIds)
    const order = await orders.byId(t, orderId)
    const items = await orders.itemsOf(t, [orderId])
    // Pay on delivery: each shop's rider collects its part's share of the order at the door.
    const toCollect =
      order?.payment_method === 'pay-on-delivery'
        ? partShares(
            { shippingCents: order.shipping_cents, vatCents: order.vat_cents },
            (await orders.partsOf(t, [orderId])).map((row) => ({
              id: row.id,
              subtotalCents: row.subtotal_cents,
              marketplaceDiscountCents: row.marketplace_discount_cents,
            })),
          )
        : null
    // Each shop's text, to the shop's phone: the order, its own items and amount.
    for (const part of parts) {
      const shop = contacts.get(part.business_id)
      if (!shop || !order) continue
      const own = items.filter((item) => item.vendor_order_id === part.vendor_order_id)
      await this.modules.texts.vendorPaid(t, order, shop, {
        itemCount: own.reduce((sum, item) => sum + item.quantity, 0),
        amountCents: part.subtotal_cents,
        collectCents: toCollect?.get(part.vendor_order_id)?.paidCents ?? null,
      })
    }
    const recipients = parts.flatMap((part) => {
      const shop = contacts.get(part.business_id)
      if (!shop) return []
      const ownerEmail = shop.ownerId === null ? '' : (ownerEmails.get(shop.ownerId) ?? '')
      const toAddress = ownerEmail || shop.email
      return toAddress ? [{ ...part, business_name: shop.name, to_address: toAddress }] : []
    })
    if (recipients.length === 0) return []
    const ids: number[] = []
    for (const part of recipients) {
      const own = items.filter((item) => item.vendor_order_id === part.vendor_order_id)
      const collect = toCollect?.get(part.vendor_order_id)?.paidCents ?? null
      ids.push(await mailer.enqueue(t, vendorPaidEmail(part, own, `${publicUrl}/vendor-portal/orders`, collect)))
    }
    return ids
  }
}
