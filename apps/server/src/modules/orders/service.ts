import { randomBytes } from 'node:crypto'
import type { OrderDetail, OrderLookup, PlaceOrderBody } from '@soko/contract/checkout'
import { ORDER_LOOKUP_FAILED } from '@soko/contract/checkout-options'
import type { Db } from '@soko/db/client'
import type { AddressSnapshot } from '@soko/db/schema/orders'
import { COLLECTION_CODE_LENGTH, collectionCodeFrom } from '@soko/domain/delivery'
import { partCommissionCents } from '@soko/domain/ledger'
import { splitProportionally } from '@soko/domain/part-money'
import { normaliseKenyanMobile } from '@soko/domain/phone'
import type { Ctx } from '../../plugins/auth.ts'
import { AppError } from '../../plugins/errors.ts'
import type { PricedLine, PricedQuote } from '../catalog/pricing.ts'
import type { PaymentService } from '../payments/service.ts'
import type { ReviewService } from '../reviews/service.ts'
import type { ShopService } from '../vendors/shop.ts'
import { guestAccessOpen } from './guest-access.ts'
import type { OrderTokens } from './order-tokens.ts'
import { toOrderDetails } from './order-view.ts'
import * as repo from './repository.ts'

export type { OrderItemRow, OrderRow, PaidPartRow, StockLine, VendorOrderRow } from './repository.ts'

/** Why an order was cancelled when its reservation ended unpaid: such an order comes back if the money comes in. */
export const EXPIRED_REASON = 'It was not paid in time, so its items went back on sale.'

export const NO_SUCH_ORDER = 'No such order.'

/** Everything an order is made of when it is placed (its stock is the flow's to take first). */
export interface NewOrderInput {
  orderNumber: string
  userId: number | null
  body: PlaceOrderBody
  shipping: AddressSnapshot
  billing: AddressSnapshot
  priced: PricedQuote
  vatRateBp: number
  /**
   * The marketplace's commission on a line, in basis points (1000 = 10 %): its category's rate (decision 0014). A
   * part's commission is each line's, rounded, summed.
   */
  commissionBpOf: (line: PricedLine) => number
  idempotencyKey: string
  requestHash: string
  reservedUntil: Date
}

/**
 * Orders (DESIGN D7): the shopper's order, its parts per vendor and its lines; who may see one (its owner, or the
 * holder of its token); how it reads; its statuses and the stock it holds. Writes run in the caller's transaction
 * `t` (the flows in src/flows/ make the changes that span modules).
 */
export class OrdersService {
  constructor(
    private readonly db: Db,
    private readonly tokens: OrderTokens,
    private readonly views: {
      payments: Pick<PaymentService, 'latestOf' | 'refundViewsOf' | 'paybill'>
      shops: Pick<ShopService, 'publicNamesOf'>
      reviews: Pick<ReviewService, 'reviewedOf'>
    },
    /** Days after the seller's "delivered" that a delivery confirms itself (DELIVERY_CONFIRM_DAYS). */
    readonly confirmDays: number,
    private readonly guests: {
      /** Days after an order's last delivery that its token still opens it (RETURN_WINDOW_DAYS). */
      returnWindowDays: number
      /** The marketplace's own origin, for the links in emails (never a request's Host). */
      siteOrigin: () => string
    },
  ) {}

  // Reading

  byNumber(db: Db, orderNumber: string, lock = false): Promise<repo.OrderRow | null> {
    return repo.orderByNumber(db, orderNumber, lock)
  }

  byId(db: Db, id: number, lock = false): Promise<repo.OrderRow | null> {
    return repo.orderById(db, id, lock)
  }

  byIdempotencyKey(key: string): Promise<repo.OrderRow | null> {
    return repo.orderByIdempotencyKey(this.db, key)
  }

  partsOf(db: Db, orderIds: number[]): Promise<repo.VendorOrderRow[]> {
    return repo.vendorOrdersOf(db, orderIds)
  }

  itemsOf(db: Db, orderIds: number[]): Promise<repo.OrderItemRow[]> {
    return repo.itemsOf(db, orderIds)
  }

  /** The order's vendor parts that are paid (each shop is told of its own). */
  paidPartsOf(t: Db, orderId: number): Promise<repo.PaidPartRow[]> {
    return repo.paidPartsOf(t, orderId)
  }

  tokenOf(orderNumber: string): string {
    return this.tokens.tokenOf(orderNumber)
  }

  /** The link that opens the order for its buyer without an account (in every email about the order). */
  buyerLink(orderNumber: string): string {
    const token = this.tokens.tokenOf(orderNumber)
    return `${this.guests.siteOrigin()}/orders/${encodeURIComponent(orderNumber)}?token=${encodeURIComponent(token)}`
  }

  /** Whether the order's token still opens it: while it is open, and for the return window after it closed. */
  private async guestMayOpen(db: Db, order: repo.OrderRow): Promise<boolean> {
    const closed = order.status === 'delivered' ? await repo.lastDeliveredAt(db, order.id) : null
    return guestAccessOpen(order, closed, this.guests.returnWindowDays, new Date())
  }

  /**
   * A look-up at /orders: the order's token when the number and the phone or email it was placed with match an
   * order its token still opens; otherwise the same 404 whether the order exists or not. (Rate limits are the
   * route's, counted before this runs.)
   */
  async lookup(orderNumber: string, contact: string): Promise<OrderLookup> {
    const order = await repo.orderByNumber(this.db, orderNumber)
    const phone = normaliseKenyanMobile(contact)
    const matches =
      order !== null &&
      (contact.includes('@')
        ? order.email.trim().toLowerCase() === contact.trim().toLowerCase()
        : phone !== null && phone === order.phone)
    if (!order || !matches || !(await this.guestMayOpen(this.db, order))) {
      throw new AppError('not_found', ORDER_LOOKUP_FAILED)
    }
    return { orderNumber: order.order_number, orderToken: this.tokens.tokenOf(order.order_number) }
  }

  /** Guest orders placed with a verified email join its account; answers the numbers claimed. */
  claimGuestOrders(t: Db, userId: number, verifiedEmail: string): Promise<string[]> {
    return repo.claimGuestOrders(t, userId, verifiedEmail)
  }

  /**
   * The order, if the caller placed it (signed in as its owner, or holding its token while the token still opens
   * it); else 404, never 403.
   */
  async authorised(
    ctx: Ctx,
    orderNumber: string,
    token: string | undefined,
    db: Db = this.db,
    lock = false,
  ): Promise<repo.OrderRow> {
    const order = await repo.orderByNumber(db, orderNumber, lock)
    if (!order) throw new AppError('not_found', NO_SUCH_ORDER)
    if (ctx.user && order.user_id === ctx.user.id) return order
    if (token && this.tokens.isTokenOf(token, order.order_number) && (await this.guestMayOpen(db, order))) {
      return order
    }
    throw new AppError('not_found', NO_SUCH_ORDER)
  }

  /** Orders as their shopper sees them: vendor parts, lines, latest payment (a few queries for all of them). */
  async details(orders: repo.OrderRow[]): Promise<OrderDetail[]> {
    const ids = orders.map((order) => order.id)
    const [vendorOrders, items, payments, refunds] = await Promise.all([
      repo.vendorOrdersOf(this.db, ids),
      repo.itemsOf(this.db, ids),
      this.views.payments.latestOf(this.db, ids),
      this.views.payments.refundViewsOf(this.db, ids),
    ])
    const bought = orders.flatMap((order) =>
      order.user_id === null
        ? []
        : items.flatMap((item) =>
            item.order_id === order.id && item.product_id !== null
              ? [{ userId: order.user_id as number, productId: item.product_id }]
              : [],
          ),
    )
    const [shops, reviewed] = await Promise.all([
      this.views.shops.publicNamesOf([...new Set(vendorOrders.map((part) => part.business_id))]),
      this.views.reviews.reviewedOf(bought),
    ])
    return toOrderDetails(orders, {
      vendorOrders,
      items,
      payments,
      refunds,
      shops,
      isReviewed: (userId, productId) => reviewed.has(userId, productId),
      confirmDays: this.confirmDays,
      paybill: this.views.payments.paybill,
    })
  }

  async detail(order: repo.OrderRow): Promise<OrderDetail> {
    const [detail] = await this.details([order])
    if (!detail) throw new Error('order detail missing')
    return detail
  }

  async getOrder(ctx: Ctx, orderNumber: string, token: string | undefined): Promise<OrderDetail> {
    return this.detail(await this.authorised(ctx, orderNumber, token))
  }

  /** The signed-in shopper's orders, newest first. */
  async userOrders(ctx: Ctx): Promise<OrderDetail[]> {
    if (!ctx.user) throw new AppError('unauthorized', 'Sign in to see your orders.')
    return this.details(await repo.ordersOfUser(this.db, ctx.user.id, 100))
  }

  async userOrder(ctx: Ctx, orderNumber: string): Promise<OrderDetail> {
    const order = await repo.orderByNumber(this.db, orderNumber)
    if (!order || !ctx.user || order.user_id !== ctx.user.id) throw new AppError('not_found', NO_SUCH_ORDER)
    return this.detail(order)
  }

  // Writing (in the caller's transaction)

  /** The order, one part per vendor (with the marketplace's commission) and its lines; its id. */
  async create(t: Db, input: NewOrderInput): Promise<number> {
    const { priced, body } = input
    const orderId = await repo.insertOrder(t, {
      orderNumber: input.orderNumber,
      userId: input.userId,
      firstName: body.firstName,
      lastName: body.lastName,
      email: body.email,
      phone: body.phone,
      shippingAddress: input.shipping,
      billingAddress: input.billing,
      notes: body.notes,
      paymentMethod: body.paymentMethod,
      subtotalCents: priced.subtotalCents,
      voucherCode: priced.voucher?.code ?? null,
      discountCents: priced.discountCents,
      discountFunderBusinessId: priced.voucher?.funderBusinessId ?? null,
      shippingCents: priced.shippingCents,
      delivery: priced.delivery,
      // Pickup orders get the code the station checks: six random characters, about a billion possible codes.
      collectionCode:
        priced.delivery?.method === 'pickup' ? collectionCodeFrom(randomBytes(COLLECTION_CODE_LENGTH)) : null,
      vatCents: priced.vatCents,
      totalCents: priced.totalCents,
      vatRateBp: input.vatRateBp,
      idempotencyKey: input.idempotencyKey,
      requestHash: input.requestHash,
      reservedUntil: input.reservedUntil,
    })
    const byVendor = new Map<number, typeof priced.lines>()
    for (const line of priced.lines) byVendor.set(line.business.id, [...(byVendor.get(line.business.id) ?? []), line])
    for (const [businessId, lines] of byVendor) {
      // A voucher's share of this part (decision 0023): the shop's own lowers what it sells for, and its commission
      // is on the price after it (spread over the lines pro rata); the marketplace's leaves the shop's sale whole.
      const shareCents = priced.voucher?.shares.find((share) => share.vendorId === businessId)?.cents ?? 0
      const byShop = priced.voucher?.funderBusinessId != null
      const vendorDiscountCents = byShop ? shareCents : 0
      const amounts = lines.map((line) => line.unitPriceCents * line.quantity)
      const off = splitProportionally(vendorDiscountCents, amounts)
      const sold = amounts.map((amount, index) => amount - (off[index] ?? 0))
      const subtotal = sold.reduce((sum, amount) => sum + amount, 0)
      const commission = partCommissionCents(
        lines.map((line, index) => ({ amountCents: sold[index] ?? 0, rateBp: input.commissionBpOf(line) })),
      )
      const vendorOrderId = await repo.insertVendorOrder(t, orderId, businessId, subtotal, commission, {
        vendorDiscountCents,
        marketplaceDiscountCents: byShop ? 0 : shareCents,
      })
      await repo.insertOrderItems(
        t,
        orderId,
        vendorOrderId,
        lines.map((line) => ({
          productId: line.productId,
          productName: line.name,
          productSlug: line.slug,
          imageUrl: line.image,
          unitPriceCents: line.unitPriceCents,
          quantity: line.quantity,
        })),
      )
    }
    return orderId
  }

  /** Whether a pay-on-delivery parcel of this shopper (account, phone or email) was refused at the door before. */
  hasRefusedDelivery(db: Db, shopper: { userId: number | null; phone: string | null; email: string }) {
    return repo.hasRefusedDelivery(db, shopper)
  }

  /** A pay-on-delivery order's money is all in: its paid time, once. */
  markPaid(t: Db, orderId: number): Promise<void> {
    return repo.markOrderPaid(t, orderId)
  }

  setStatus(t: Db, orderId: number, status: string, extra: { paid?: boolean; cancelReason?: string } = {}) {
    return repo.setOrderStatus(t, orderId, status, extra)
  }

  /** Sets every vendor part of the order that is still in one of `from` to `status`. */
  setPartsStatus(t: Db, orderId: number, status: string, from: string[]): Promise<void> {
    return repo.setVendorOrdersStatus(t, orderId, status, from)
  }

  /** Sets every vendor part of the order to `status`, whatever it was (an admin's refund). */
  setAllPartsStatus(t: Db, orderId: number, status: string): Promise<void> {
    return repo.setAllPartsStatus(t, orderId, status)
  }

  /** Keeps a reservation going until at least `until` (a new payment attempt near its end). */
  extendReservation(t: Db, orderId: number, until: Date): Promise<void> {
    return repo.extendReservation(t, orderId, until)
  }

  // The stock an order holds (the catalogue takes and gives it back)

  /** What the order took from stock, per product; `unshippedOnly`: of the parts that never left their shop. */
  stockLines(
    t: Db,
    orderId: number,
    options: { unshippedOnly?: boolean; partId?: number } = {},
  ): Promise<repo.StockLine[]> {
    return repo.stockLinesOf(t, orderId, options)
  }

  /** Claims the giving back of the order's stock, once: false when it was given back already. */
  claimStockRelease(t: Db, orderId: number): Promise<boolean> {
    return repo.claimStockRelease(t, orderId)
  }

  /** The order holds its stock again (it was taken back for money that came in late). */
  markStockRetaken(t: Db, orderId: number): Promise<void> {
    return repo.markStockRetaken(t, orderId)
  }
}
