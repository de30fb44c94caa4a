import { createHash, createHmac } from 'node:crypto'
import {
  type CheckoutItem,
  ORDER_STATUS_LABELS,
  type OrderDetail,
  type OrderStatus,
  type PaymentState,
  type PlaceOrderBody,
  type Quote,
  type RetryPaymentBody,
} from '@soko/contract/checkout'
import type { Db } from '@soko/db/client'
import type { AddressSnapshot } from '@soko/db/schema/orders'
import { newOrderNumber } from '@soko/domain/checkout'
import { findCounty } from '@soko/domain/counties'
import { kesToCents } from '@soko/domain/money'
import { normaliseKenyanMobile } from '@soko/domain/phone'
import type { FastifyBaseLogger } from 'fastify'
import type { Ctx } from '../../plugins/auth.ts'
import type { RateLimit } from '../../plugins/config.ts'
import { AppError } from '../../plugins/errors.ts'
import { isUniqueViolation } from '../accounts/service.ts'
import { sameSecret } from '../accounts/tokens.ts'
import type { CartService } from '../cart/service.ts'
import type { PricedQuote, Pricing, QuoteSettings } from '../catalog/pricing.ts'
import type { Stock } from '../catalog/stock.ts'
import type { CustomerService } from '../customers/service.ts'
import { enqueueJob, type Job, type JobQueue, type JobResult } from '../jobs/queue.ts'
import type { Mailer } from '../mail/mailer.ts'
import { clientKey, type RateLimiter } from '../rate-limits/service.ts'
import type { SecretsService } from '../secrets/service.ts'
import { orderCancelledEmail } from './mail-templates.ts'
import { CANCELLABLE, loadOrderDetail, loadOrderDetails, toPaymentState } from './order-view.ts'
import { EXPIRED_REASON, type PaymentService } from './payments.ts'
import * as repo from './repository.ts'

/** The quote changed between what the shopper saw and what the order would cost: answered 409 with the new one. */
export class QuoteChangedError extends Error {
  constructor(readonly quote: Quote) {
    super('Some items in your cart changed. Check the updated order and place it again.')
    this.name = 'QuoteChangedError'
  }
}

export interface CheckoutSettings extends QuoteSettings {
  reservationMs: number
  /** The marketplace's commission on each vendor part, in basis points (1000 = 10 %). */
  commissionBp: number
  limitPerIp: RateLimit
  pushLimitPerPhone: RateLimit
}

const NO_SUCH_ORDER = 'No such order.'

/** The same JSON for the same request, whatever the order of its keys. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}

/**
 * Checkout and orders (DESIGN D4, D7): quotes, placing an order in one transaction (order, one part per vendor,
 * lines, stock, first payment attempt, reservation job), following and cancelling it, and giving back the stock
 * of orders left unpaid. Payments themselves are the PaymentService's.
 */
export class CheckoutService {
  private tokenKey: Buffer | null = null
  private readonly lastCardCheck = new Map<number, number>()

  constructor(
    private readonly db: Db,
    private readonly pricing: Pricing,
    private readonly stock: Stock,
    private readonly carts: CartService,
    private readonly customers: CustomerService,
    private readonly payments: PaymentService,
    private readonly jobs: JobQueue,
    private readonly mailer: Mailer,
    private readonly limiter: RateLimiter,
    private readonly secrets: SecretsService,
    private readonly settings: CheckoutSettings,
    private readonly log: FastifyBaseLogger,
  ) {
    jobs.register('order.expire', (job) => this.expireJob(job))
  }

  /** Each new order or payment attempt may send a prompt to a phone: limited per address and per phone. */
  private async limitAttempts(ctx: Ctx, phone: string | null): Promise<void> {
    await this.limiter.consume(`checkout:ip:${clientKey(ctx.ip)}`, this.settings.limitPerIp)
    if (phone) await this.limiter.consume(`mpesa-push:${phone}`, this.settings.pushLimitPerPhone)
  }

  private transaction<T>(work: (t: Db) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(tx as unknown as Db))
  }

  /** Gives an order's stock back to the catalogue, once (false when it was given back already). */
  private async releaseStock(t: Db, orderId: number): Promise<void> {
    if (await repo.claimStockRelease(t, orderId)) await this.stock.giveBack(t, await repo.stockLinesOf(t, orderId))
  }

  async quote(items: CheckoutItem[]): Promise<Quote> {
    return this.pricing.quote(items)
  }

  // Following an order without an account: a token only the placer was given (HMAC of the order number).

  private async key(): Promise<Buffer> {
    this.tokenKey ??= Buffer.from(
      await this.secrets.get('order_token_key', () => createHash('sha256').update(crypto.randomUUID()).digest('hex')),
      'hex',
    )
    return this.tokenKey
  }

  async orderToken(orderNumber: string): Promise<string> {
    return createHmac('sha256', await this.key())
      .update(`order:${orderNumber}`)
      .digest('base64url')
  }

  /** The order, if the caller placed it (signed in as its owner, or holding its token); else 404, never 403. */
  private async authorised(ctx: Ctx, orderNumber: string, token: string | undefined, db = this.db, lock = false) {
    const order = await repo.orderByNumber(db, orderNumber, lock)
    if (!order) throw new AppError('not_found', NO_SUCH_ORDER)
    if (ctx.user && order.user_id === ctx.user.id) return order
    if (token && sameSecret(token, await this.orderToken(order.order_number))) return order
    throw new AppError('not_found', NO_SUCH_ORDER)
  }

  /**
   * Places an order. The same Idempotency-Key answers the same order (`replayed`), so a retried or double-clicked
   * Place Order creates one; the same key with a different request is refused.
   */
  async placeOrder(
    ctx: Ctx,
    idempotencyKey: string,
    body: PlaceOrderBody,
    returnUrl: (orderNumber: string) => string,
  ): Promise<{ order: OrderDetail; orderToken: string; replayed: boolean }> {
    const requestHash = createHash('sha256')
      .update(canonical({ user: ctx.user?.id ?? null, body }))
      .digest('hex')
    const existing = await repo.orderByIdempotencyKey(this.db, idempotencyKey)
    if (existing) return this.replay(existing, requestHash)

    const mpesaPhone = body.paymentMethod === 'mpesa' ? normaliseKenyanMobile(body.mpesaNumber ?? '') : null
    await this.limitAttempts(ctx, mpesaPhone)
    const shipping: AddressSnapshot = {
      address: body.address,
      city: body.city,
      county: body.county,
      postalCode: body.postalCode,
      country: body.country,
    }
    const billing: AddressSnapshot = body.sameAsShipping
      ? shipping
      : {
          address: body.billingAddress?.trim() ?? '',
          city: body.billingCity?.trim() ?? '',
          county: findCounty(body.billingCounty ?? '')?.name ?? '',
          postalCode: body.billingPostalCode?.trim() ?? '',
          country: 'Kenya',
        }

    let placed: { orderId: number; paymentId: number; orderNumber: string } | null = null
    for (let attempt = 0; placed === null; attempt += 1) {
      const orderNumber = newOrderNumber()
      try {
        placed = await this.transaction(async (t) => {
          const priced = await this.pricing.priceLocked(t, body.items)
          const expectedChanged =
            body.expectedTotal !== undefined && kesToCents(body.expectedTotal) !== priced.totalCents
          if (priced.quote.hasProblems || priced.lines.length === 0 || expectedChanged) {
            throw new QuoteChangedError(priced.quote)
          }
          const orderId = await this.insertOrder(t, ctx, {
            orderNumber,
            priced,
            body,
            shipping,
            billing,
            idempotencyKey,
            requestHash,
          })
          const paymentId = await repo.insertPayment(t, {
            orderId,
            method: body.paymentMethod,
            amountCents: priced.totalCents,
            phone: mpesaPhone,
            reference: `${orderNumber}-1`,
          })
          if (ctx.user) await this.carts.clear(t, ctx.user.id)
          return { orderId, paymentId, orderNumber }
        })
      } catch (error) {
        if (error instanceof QuoteChangedError) throw error
        if (isUniqueViolation(error, 'orders_idempotency_key')) {
          const winner = await repo.orderByIdempotencyKey(this.db, idempotencyKey)
          if (winner) return this.replay(winner, requestHash)
        }
        if (isUniqueViolation(error, 'orders_order_number_key') && attempt < 5) continue
        throw error
      }
    }
    this.jobs.kick()
    await this.payments.start(placed.paymentId, returnUrl(placed.orderNumber))
    const order = await repo.orderById(this.db, placed.orderId)
    if (!order) throw new Error('placed order vanished')
    return {
      order: await loadOrderDetail(this.db, order),
      orderToken: await this.orderToken(order.order_number),
      replayed: false,
    }
  }

  private async replay(order: repo.OrderRow, requestHash: string) {
    if (order.request_hash !== requestHash) {
      throw new AppError(
        'conflict',
        'This Idempotency-Key was already used for a different order. Start a new checkout attempt with a new key.',
      )
    }
    return {
      order: await loadOrderDetail(this.db, order),
      orderToken: await this.orderToken(order.order_number),
      replayed: true,
    }
  }

  /** The order, its vendor parts and lines; the stock is taken (rows locked and checked by the quote). */
  private async insertOrder(
    t: Db,
    ctx: Ctx,
    input: {
      orderNumber: string
      priced: PricedQuote
      body: PlaceOrderBody
      shipping: AddressSnapshot
      billing: AddressSnapshot
      idempotencyKey: string
      requestHash: string
    },
  ): Promise<number> {
    const { priced, body } = input
    const reservedUntil = new Date(Date.now() + this.settings.reservationMs)
    for (const line of [...priced.lines].sort((a, b) => a.productId - b.productId)) {
      // The quote read these rows under lock, so this cannot fail; if it ever did, the whole order rolls back.
      if (!(await this.stock.take(t, line.productId, line.quantity))) throw new QuoteChangedError(priced.quote)
    }
    const orderId = await repo.insertOrder(t, {
      orderNumber: input.orderNumber,
      userId: ctx.user?.id ?? null,
      firstName: body.firstName,
      lastName: body.lastName,
      email: body.email,
      phone: body.phone,
      shippingAddress: input.shipping,
      billingAddress: input.billing,
      notes: body.notes,
      paymentMethod: body.paymentMethod,
      subtotalCents: priced.subtotalCents,
      shippingCents: priced.shippingCents,
      vatCents: priced.vatCents,
      totalCents: priced.totalCents,
      vatRateBp: this.settings.vatRateBp,
      idempotencyKey: input.idempotencyKey,
      requestHash: input.requestHash,
      reservedUntil,
    })
    const byVendor = new Map<number, typeof priced.lines>()
    for (const line of priced.lines) byVendor.set(line.business.id, [...(byVendor.get(line.business.id) ?? []), line])
    for (const [businessId, lines] of byVendor) {
      const subtotal = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0)
      const commission = Math.round((subtotal * this.settings.commissionBp) / 10_000)
      const vendorOrderId = await repo.insertVendorOrder(t, orderId, businessId, subtotal, commission)
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
    await enqueueJob(t, {
      kind: 'order.expire',
      payload: { orderId },
      runAt: reservedUntil,
      dedupeKey: `order-expiry:${orderId}`,
    })
    if (ctx.user && body.saveAddress) await this.customers.saveCheckoutAddress(t, ctx.user.id, body)
    return orderId
  }

  async getOrder(ctx: Ctx, orderNumber: string, token: string | undefined): Promise<OrderDetail> {
    return loadOrderDetail(this.db, await this.authorised(ctx, orderNumber, token))
  }

  /**
   * The latest payment attempt, for the confirmation step that follows it. A card payment still open is checked
   * with the provider (the shopper may be back from its page before its webhook).
   */
  async paymentState(ctx: Ctx, orderNumber: string, token: string | undefined): Promise<PaymentState> {
    const order = await this.authorised(ctx, orderNumber, token)
    let [payment] = await repo.latestPayments(this.db, [order.id])
    if (!payment) throw new AppError('not_found', 'This order has no payment yet.')
    let checked = false
    if (payment.status === 'pending' && payment.method === 'credit-card' && payment.redirect_url) {
      // At most one question to the provider every few seconds per payment, however often the page asks.
      const last = this.lastCardCheck.get(payment.id) ?? new Date(payment.updated_at).getTime()
      if (Date.now() - last > 3000) {
        this.lastCardCheck.set(payment.id, Date.now())
        if (this.lastCardCheck.size > 10_000) this.lastCardCheck.clear()
        if ((await this.payments.verifyCard(payment)) === 'settled') {
          payment = (await repo.paymentById(this.db, payment.id)) ?? payment
          checked = true
        }
      }
    }
    const current = checked ? ((await repo.orderById(this.db, order.id)) ?? order) : order
    return toPaymentState(payment, current.status)
  }

  /** A new payment attempt after one failed: never while an M-Pesa push is still waiting for the shopper. */
  async retryPayment(
    ctx: Ctx,
    orderNumber: string,
    token: string | undefined,
    body: RetryPaymentBody,
    returnUrl: string,
  ): Promise<PaymentState> {
    // The contract has checked it is a Safaricom line and answers it as E.164.
    const phone = body.mpesaNumber ?? null
    const current = await this.authorised(ctx, orderNumber, token)
    const [previous] = await repo.latestPayments(this.db, [current.id])
    const nextMethod = body.paymentMethod ?? previous?.method ?? current.payment_method
    await this.limitAttempts(ctx, nextMethod === 'mpesa' ? (phone ?? previous?.phone ?? current.phone) : null)
    const paymentId = await this.transaction(async (t) => {
      const order = await this.authorised(ctx, orderNumber, token, t, true)
      if (order.status !== 'pending_payment') {
        throw new AppError(
          'conflict',
          order.status === 'cancelled'
            ? 'This order was cancelled, so it can no longer be paid. Its items may still be in stock: order them again.'
            : 'This order is already paid.',
        )
      }
      const pending = await repo.pendingPaymentOf(t, order.id)
      if (pending?.method === 'mpesa' && pending.checkout_request_id) {
        throw new AppError('conflict', 'We are still waiting for your M-Pesa payment. Check your phone.')
      }
      if (pending) await repo.closePendingPayments(t, order.id, 'cancelled')
      const [last] = await repo.latestPayments(t, [order.id])
      const method = body.paymentMethod ?? last?.method ?? order.payment_method
      const attempt = (await repo.countPayments(t, order.id)) + 1
      // A new attempt gets a little time of its own, so the stock is not released while the shopper pays.
      await repo.extendReservation(t, order.id, new Date(Date.now() + 3 * 60_000))
      return repo.insertPayment(t, {
        orderId: order.id,
        method,
        amountCents: order.total_cents,
        phone: method === 'mpesa' ? (phone ?? last?.phone ?? order.phone) : null,
        reference: `${order.order_number}-${attempt}`,
      })
    })
    await this.payments.start(paymentId, returnUrl)
    const payment = await repo.paymentById(this.db, paymentId)
    if (!payment) throw new Error('payment vanished')
    return toPaymentState(payment, 'pending_payment')
  }

  /** The shopper cancels before anything has shipped: the stock goes back, a paid order is refunded. */
  async cancel(ctx: Ctx, orderNumber: string, token: string | undefined): Promise<OrderDetail> {
    const mail: number[] = []
    const orderId = await this.transaction(async (t) => {
      const order = await this.authorised(ctx, orderNumber, token, t, true)
      if (order.status === 'cancelled') return order.id
      const parts = await repo.vendorOrdersOf(t, [order.id])
      if (!CANCELLABLE.includes(order.status) || parts.some((part) => !CANCELLABLE.includes(part.status))) {
        throw new AppError(
          'conflict',
          `This order is ${ORDER_STATUS_LABELS[order.status as OrderStatus].toLowerCase()}, so it can no longer be cancelled.`,
        )
      }
      const wasPaid = order.status !== 'pending_payment'
      await repo.setOrderStatus(t, order.id, 'cancelled', { cancelReason: 'Cancelled by the shopper.' })
      await repo.setVendorOrdersStatus(t, order.id, 'cancelled', [...CANCELLABLE])
      await this.releaseStock(t, order.id)
      await repo.closePendingPayments(t, order.id, 'cancelled')
      if (wasPaid) await repo.markRefundDue(t, order.id)
      mail.push(await this.mailer.enqueue(t, orderCancelledEmail(order, 'you cancelled it.', wasPaid)))
      return order.id
    })
    this.mailer.deliver(mail)
    const order = await repo.orderById(this.db, orderId)
    if (!order) throw new AppError('not_found', NO_SUCH_ORDER)
    return loadOrderDetail(this.db, order)
  }

  /**
   * The reservation of an unpaid order ended. A payment still open is asked about first (money may be on its way);
   * then the order is cancelled and its stock goes back on sale, once.
   */
  async expireJob(job: Job): Promise<JobResult | undefined> {
    const orderId = Number(job.payload.orderId)
    const order = await repo.orderById(this.db, orderId)
    if (order?.status !== 'pending_payment') return undefined
    if (order.reserved_until && new Date(order.reserved_until).getTime() > Date.now()) {
      return { retryAt: new Date(order.reserved_until) }
    }
    const [payment] = await repo.latestPayments(this.db, [orderId])
    if (payment?.status === 'pending') {
      const settled =
        payment.method === 'mpesa' ? await this.payments.queryMpesa(payment) : await this.payments.verifyCard(payment)
      // A push answered in the last two minutes may still be on its way: wait for it, a little.
      const fresh = Date.now() - new Date(payment.created_at).getTime() < 2 * 60_000
      if (settled === 'pending' && fresh) return { retryAt: new Date(Date.now() + 30_000) }
    }
    await this.transaction(async (t) => {
      const locked = await repo.orderById(t, orderId, true)
      if (locked?.status !== 'pending_payment') return
      await repo.setOrderStatus(t, orderId, 'cancelled', { cancelReason: EXPIRED_REASON })
      await repo.setVendorOrdersStatus(t, orderId, 'cancelled', ['pending_payment'])
      await this.releaseStock(t, orderId)
      await repo.closePendingPayments(t, orderId, 'expired')
    })
    this.log.info({ orderId }, 'unpaid order expired; stock released')
    return undefined
  }

  // The signed-in shopper's orders

  async userOrders(ctx: Ctx): Promise<OrderDetail[]> {
    if (!ctx.user) throw new AppError('unauthorized', 'Sign in to see your orders.')
    return loadOrderDetails(this.db, await repo.ordersOfUser(this.db, ctx.user.id, 100))
  }

  async userOrder(ctx: Ctx, orderNumber: string): Promise<OrderDetail> {
    const order = await repo.orderByNumber(this.db, orderNumber)
    if (!order || !ctx.user || order.user_id !== ctx.user.id) throw new AppError('not_found', NO_SUCH_ORDER)
    return loadOrderDetail(this.db, order)
  }
}
