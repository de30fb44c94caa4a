import type {
  AcceptReturnBody,
  OpenReturnBody,
  OrderReturns,
  RefuseReturnBody,
  ReturnView,
} from '@soko/contract/returns'
import type { Db } from '@soko/db/client'
import {
  canOpenReturn,
  moveReturn,
  type ReturnAction,
  type ReturnState,
  returnAmountCents,
  returnableQuantity,
  returnWindowEnds,
} from '@soko/domain/return-states'
import type { Users } from '../modules/accounts/users.ts'
import type { Mailer } from '../modules/mail/mailer.ts'
import { canRefund } from '../modules/orders/refunds.ts'
import { returnRequestedEmail, returnStepEmail } from '../modules/orders/return-mail.ts'
import type { ReturnRow, Returns } from '../modules/orders/returns.ts'
import { NO_SUCH_ORDER, type OrderRow, type OrdersService } from '../modules/orders/service.ts'
import type { VendorParts } from '../modules/orders/vendor-parts.ts'
import type { PaymentService } from '../modules/payments/service.ts'
import { requireFulfillingVendor } from '../modules/vendors/fulfilment.ts'
import type { ShopService } from '../modules/vendors/shop.ts'
import type { Ctx } from '../plugins/auth.ts'
import { AppError } from '../plugins/errors.ts'

export const NO_SUCH_RETURN = 'No such return.'

/** Why the shop may not do this now: the words of the 409. */
function stateRefusal(action: ReturnAction, state: ReturnState): string {
  switch (action) {
    case 'accept':
    case 'refuse':
      return `This return is ${state}: only requested returns can be accepted or refused.`
    default:
      return `This return is ${state}: only accepted returns can be confirmed received.`
  }
}

/**
 * Returns (decision 0013), each step in one transaction. The shopper (the order's signed-in buyer, or its token
 * while it opens the order) opens one for items of a part delivered at most RETURN_WINDOW_DAYS ago, no more of a
 * line than bought less what other returns hold; the shop is emailed. The part's vendor accepts (drop-off or
 * pickup) or refuses (with why), then confirms the items came back: the refund is recorded on the order's paid
 * attempt (the payments module's events, as an admin's refund is) and the return ends refunded; the shopper is
 * emailed at each step. The caller is resolved (404 for anyone not the return's), then the domain's table is asked
 * (409 at the wrong state) before anything is written.
 */
export class ReturnItems {
  constructor(
    private readonly modules: {
      db: Db
      orders: OrdersService
      returns: Returns
      parts: VendorParts
      payments: PaymentService
      shops: ShopService
      users: Users
      mailer: Mailer
    },
    private readonly settings: { windowDays: number; publicUrl: () => string },
  ) {}

  /** The order's returns and what may still go back, for its shopper. */
  async ofOrder(ctx: Ctx, orderNumber: string, token: string | undefined): Promise<OrderReturns> {
    const { db, orders, returns } = this.modules
    const order = await orders.authorised(ctx, orderNumber, token)
    const [rows, parts, items, held] = await Promise.all([
      returns.ofOrder(db, order.id),
      orders.partsOf(db, [order.id]),
      orders.itemsOf(db, [order.id]),
      returns.held(db, order.id),
    ])
    const names = await this.shopNames(db, [...parts.map((part) => part.business_id)])
    const now = new Date()
    const returnable = parts.flatMap((part) => {
      const deliveredAt = part.delivered_at
      if (!canOpenReturn({ status: part.status, deliveredAt }, now, this.settings.windowDays).ok || !deliveredAt) {
        return []
      }
      const own = items
        .filter((item) => item.vendor_order_id === part.id)
        .map((item) => ({
          itemId: item.id,
          name: item.product_name,
          bought: item.quantity,
          returnable: returnableQuantity(item.quantity, held.get(item.id) ?? 0),
        }))
      if (!own.some((item) => item.returnable > 0)) return []
      return [
        {
          partId: part.id,
          shopName: names.get(part.business_id) ?? '',
          windowEndsAt: returnWindowEnds(deliveredAt, this.settings.windowDays).toISOString(),
          items: own,
        },
      ]
    })
    return {
      windowDays: this.settings.windowDays,
      returns: await returns.views(db, rows, names),
      returnable,
    }
  }

  /** The shopper opens a return for items of one delivered part. */
  async open(ctx: Ctx, orderNumber: string, token: string | undefined, body: OpenReturnBody): Promise<ReturnView> {
    const { db, orders, returns, parts, mailer } = this.modules
    const mail: number[] = []
    const view = await db.transaction(async (t) => {
      const part = await parts.lock(t, body.partId)
      const order = await orders.authorised(ctx, orderNumber, token, t)
      if (!part || part.order_id !== order.id) throw new AppError('not_found', NO_SUCH_ORDER)
      const opening = canOpenReturn(
        { status: part.status, deliveredAt: part.delivered_at },
        new Date(),
        this.settings.windowDays,
      )
      if (!opening.ok) {
        throw new AppError(
          'conflict',
          opening.refused === 'window-closed'
            ? `Returns are open for ${this.settings.windowDays} days after delivery; this part's window has closed.`
            : 'Only delivered items can be returned.',
        )
      }
      const items = (await orders.itemsOf(t, [order.id])).filter((item) => item.vendor_order_id === part.id)
      const held = await returns.held(t, order.id)
      const lines = body.lines.map((line) => {
        const item = items.find((candidate) => candidate.id === line.itemId)
        if (!item) throw new AppError('not_found', 'No such item in this part of the order.')
        const left = returnableQuantity(item.quantity, held.get(item.id) ?? 0)
        if (line.quantity > left) {
          throw new AppError(
            'conflict',
            left === 0
              ? `${item.product_name} is already being returned.`
              : `Only ${left} of ${item.product_name} can still be returned.`,
          )
        }
        return { item, line }
      })
      const id = await returns.open(t, {
        orderId: order.id,
        vendorOrderId: part.id,
        amountCents: returnAmountCents(
          lines.map(({ item, line }) => ({ unitPriceCents: item.unit_price_cents, quantity: line.quantity })),
        ),
        lines: lines.map(({ line }) => ({
          orderItemId: line.itemId,
          quantity: line.quantity,
          reason: line.reason,
          note: line.note === '' ? null : line.note,
        })),
      })
      const opened = await this.viewOf(t, id)
      const to = await this.shopAddress(t, part.business_id)
      if (to) {
        mail.push(
          await mailer.enqueue(
            t,
            returnRequestedEmail(to, opened, `${this.settings.publicUrl()}/vendor-portal/orders`),
          ),
        )
      }
      return opened
    })
    mailer.deliver(mail)
    return view
  }

  /** The shop's returns, newest first. */
  async ofShop(ctx: Ctx): Promise<ReturnView[]> {
    const { db, shops, returns } = this.modules
    const shop = await shops.shopOf(requireFulfillingVendor(ctx))
    if (!shop) return []
    return returns.views(db, await returns.ofShop(shop.id), new Map([[shop.id, shop.name]]))
  }

  accept(ctx: Ctx, id: number, body: AcceptReturnBody): Promise<void> {
    return this.asVendor(ctx, id, 'accept', async (t, row) => {
      await this.modules.returns.move(t, row.id, { to: 'accepted', method: body.method })
      return 'accepted'
    })
  }

  refuse(ctx: Ctx, id: number, body: RefuseReturnBody): Promise<void> {
    return this.asVendor(ctx, id, 'refuse', async (t, row) => {
      await this.modules.returns.move(t, row.id, { to: 'refused', refusalReason: body.reason })
      return 'refused'
    })
  }

  /** The items came back: received, then the refund recorded on the order's payment, then refunded. */
  received(ctx: Ctx, id: number): Promise<void> {
    return this.asVendor(ctx, id, 'receive', async (t, row, order, vendorId) => {
      const { payments, returns } = this.modules
      const attempts = await payments.ofOrder(t, order.id)
      const paid = attempts.find((payment) => payment.status === 'paid')
      if (
        !paid ||
        !canRefund(
          order.status,
          attempts.map((payment) => payment.status),
        )
      ) {
        throw new AppError('conflict', 'This order holds no payment to refund: it was refunded already.')
      }
      const refund = moveReturn('received', 'refund', 'system')
      if (!refund.ok) throw new Error('a received return cannot be refunded')
      await returns.move(t, row.id, { to: 'received' })
      await payments.recordEvent(t, {
        paymentId: paid.id,
        source: 'return_refund',
        outcome: 'applied',
        rawBody: JSON.stringify({ return: row.id, by: vendorId, amountCents: row.amount_cents }),
        remoteAddress: ctx.ip,
      })
      await returns.move(t, row.id, { to: refund.to })
      return 'refunded'
    })
  }

  /** A move by the return's vendor: 401/403 for non-vendors, 404 for another shop's, 409 at the wrong state. */
  private async asVendor(
    ctx: Ctx,
    id: number,
    action: ReturnAction,
    apply: (t: Db, row: ReturnRow, order: OrderRow, vendorId: number) => Promise<'accepted' | 'refused' | 'refunded'>,
  ): Promise<void> {
    const { db, orders, shops, mailer } = this.modules
    const vendorId = requireFulfillingVendor(ctx)
    const mail: number[] = []
    await db.transaction(async (t) => {
      const shop = await shops.shopOf(vendorId, t)
      const row = await this.modules.returns.lock(t, id)
      if (!row || !shop || row.business_id !== shop.id) throw new AppError('not_found', NO_SUCH_RETURN)
      const answer = moveReturn(row.state as ReturnState, action, 'vendor')
      if (!answer.ok) {
        if (answer.refused === 'actor') throw new AppError('not_found', NO_SUCH_RETURN)
        throw new AppError('conflict', stateRefusal(action, row.state as ReturnState))
      }
      const order = await orders.byId(t, row.order_id)
      if (!order) throw new AppError('not_found', NO_SUCH_RETURN)
      const step = await apply(t, row, order, vendorId)
      const view = await this.viewOf(t, row.id)
      const link = await orders.buyerLink(order.order_number)
      mail.push(await mailer.enqueue(t, returnStepEmail(order, step, view, link)))
    })
    mailer.deliver(mail)
  }

  private async viewOf(t: Db, id: number): Promise<ReturnView> {
    const row = await this.modules.returns.lock(t, id)
    if (!row) throw new AppError('not_found', NO_SUCH_RETURN)
    const [view] = await this.modules.returns.views(t, [row], await this.shopNames(t, [row.business_id]))
    if (!view) throw new AppError('not_found', NO_SUCH_RETURN)
    return view
  }

  private async shopNames(t: Db, ids: number[]): Promise<Map<number, string>> {
    const contacts = await this.modules.shops.contactsOf(t, [...new Set(ids)])
    return new Map([...contacts].map(([id, shop]) => [id, shop.name]))
  }

  /** The shop's owner's sign-in address, else the shop's contact address. */
  private async shopAddress(t: Db, businessId: number): Promise<string | null> {
    const shop = (await this.modules.shops.contactsOf(t, [businessId])).get(businessId)
    if (!shop) return null
    const owner =
      shop.ownerId === null ? '' : ((await this.modules.users.emailsOf(t, [shop.ownerId])).get(shop.ownerId) ?? '')
    return owner || shop.email || null
  }
}
