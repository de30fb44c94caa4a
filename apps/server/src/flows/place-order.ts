import { randomBytes } from 'node:crypto'
import type { OrderDetail, PlaceOrderBody } from '@soko/contract/checkout'
import type { Db } from '@soko/db/client'
import type { AddressSnapshot } from '@soko/db/schema/orders'
import { ORDER_NUMBER_BYTES, orderNumberFrom } from '@soko/domain/checkout'
import { findCounty } from '@soko/domain/counties'
import { kesToCents } from '@soko/domain/money'
import { normaliseKenyanMobile } from '@soko/domain/phone'
import { isUniqueViolation } from '../modules/accounts/service.ts'
import type { CartService } from '../modules/cart/service.ts'
import type { CommissionRates, RateBook } from '../modules/catalog/commission-rates.ts'
import { type PricedQuote, type Pricing, QuoteChangedError } from '../modules/catalog/pricing.ts'
import type { Stock } from '../modules/catalog/stock.ts'
import type { CustomerService } from '../modules/customers/service.ts'
import { enqueueJob, type JobQueue } from '../modules/jobs/queue.ts'
import type { Mailer } from '../modules/mail/mailer.ts'
import { IDEMPOTENCY_KEY_REUSED, placeOrderRequestHash } from '../modules/orders/idempotency.ts'
import type { OrderRow, OrdersService } from '../modules/orders/service.ts'
import type { PaymentService } from '../modules/payments/service.ts'
import type { RateLimiter } from '../modules/rate-limits/service.ts'
import type { VouchersService } from '../modules/vouchers/service.ts'
import type { Ctx } from '../plugins/auth.ts'
import { AppError } from '../plugins/errors.ts'
import type { OrderTexts } from './order-texts.ts'
import type { PayOnDelivery } from './pay-on-delivery.ts'
import { limitPaymentAttempts, type PaymentLimits } from './payment-limits.ts'
import { voucherStep } from './voucher-step.ts'

export interface PlaceOrderSettings extends PaymentLimits {
  /** How long an unpaid order holds its stock. */
  reservationMs: number
}

export interface PlacedOrder {
  order: OrderDetail
  orderToken: string
  /** The same Idempotency-Key answered the order it placed before. */
  replayed: boolean
}

/**
 * Placing an order (DESIGN D4, D7), in one transaction: quote from the database's prices (rows locked) → take the
 * stock → the order, one part per vendor and its lines → the first payment attempt → the reservation's expiry job
 * → empty the cart, keep the address → commit; then the push or the card page starts. The same Idempotency-Key
 * answers the same order, so a retried or double-clicked Place Order creates one.
 */
export class PlaceOrder {
  constructor(
    private readonly modules: {
      db: Db
      pricing: Pricing
      commissionRates: CommissionRates
      stock: Stock
      orders: OrdersService
      payments: PaymentService
      carts: CartService
      customers: CustomerService
      jobs: JobQueue
      limiter: RateLimiter
      payOnDelivery: Pick<PayOnDelivery, 'check' | 'refusedBefore' | 'confirm'>
      mailer: Pick<Mailer, 'deliver'>
      vouchers: VouchersService
      texts: Pick<OrderTexts, 'placed'>
    },
    private readonly settings: PlaceOrderSettings,
  ) {}

  async run(
    ctx: Ctx,
    idempotencyKey: string,
    body: PlaceOrderBody,
    returnUrl: (orderNumber: string) => string,
  ): Promise<PlacedOrder> {
    const { db, orders, payments, jobs } = this.modules
    const requestHash = placeOrderRequestHash(ctx.user?.id ?? null, body)
    const existing = await orders.byIdempotencyKey(idempotencyKey)
    if (existing) return this.replay(existing, requestHash)

    if (body.paymentMethod === 'mpesa-paybill' && payments.paybill === null) {
      throw new AppError('invalid_data', 'Paying by M-Pesa Paybill is not offered here. Choose M-Pesa or card.', {
        paymentMethod: ['Paying by M-Pesa Paybill is not offered here'],
      })
    }
    const mpesaPhone = body.paymentMethod === 'mpesa' ? normaliseKenyanMobile(body.mpesaNumber ?? '') : null
    const onDelivery = body.paymentMethod === 'pay-on-delivery'
    // Read before the transaction (PGlite's one connection); the total is checked inside, on the server's quote.
    const refusedBefore = onDelivery
      ? await this.modules.payOnDelivery.refusedBefore(db, ctx, body.phone, body.email)
      : false
    await limitPaymentAttempts(this.modules.limiter, this.settings, ctx, mpesaPhone)
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

    // The commission rates of the day, read once for every line (cached; read before the transaction, which holds
    // PGlite's one connection). Each part stores the commission it was charged, so a later change of rate leaves it.
    const rates = await this.modules.commissionRates.book()
    const delivery = {
      choice: body.delivery,
      addressCounty: body.county,
      fees: await this.modules.pricing.deliveryFees(),
    }
    // A voucher is checked again inside the transaction, its row locked: its uses are counted as they stand.
    const customer = {
      userId: ctx.user?.id ?? null,
      phone: normaliseKenyanMobile(body.phone) ?? body.phone,
      email: body.email,
    }
    const voucher = body.voucherCode
      ? voucherStep(this.modules.vouchers, rates, body.voucherCode, customer, { lock: true })
      : undefined
    let placed: { orderId: number; paymentId: number; orderNumber: string; mail: number[] } | null = null
    for (let attempt = 0; placed === null; attempt += 1) {
      const orderNumber = orderNumberFrom(randomBytes(ORDER_NUMBER_BYTES))
      try {
        placed = await db.transaction(async (t) => {
          const priced = await this.modules.pricing.priceLocked(t, body.items, delivery, voucher)
          const expectedChanged =
            body.expectedTotal !== undefined && kesToCents(body.expectedTotal) !== priced.totalCents
          if (priced.quote.hasProblems || priced.lines.length === 0 || expectedChanged) {
            throw new QuoteChangedError(priced.quote)
          }
          // A code that no longer applies (used up meanwhile, expired, over its limit for this shopper): 409 with
          // the quote that says why, never an order silently placed without the discount.
          if (body.voucherCode && !priced.voucher) {
            throw new QuoteChangedError(priced.quote, priced.quote.voucher?.message ?? undefined)
          }
          if (onDelivery) this.modules.payOnDelivery.check(priced.totalCents, body.phone, refusedBefore)
          const orderId = await this.createOrder(t, ctx, {
            holdsUntilPaid: !onDelivery,
            orderNumber,
            priced,
            body,
            shipping,
            billing,
            idempotencyKey,
            requestHash,
            rates,
          })
          const paymentId = await payments.createAttempt(t, {
            orderId,
            method: body.paymentMethod,
            amountCents: priced.totalCents,
            phone: onDelivery ? normaliseKenyanMobile(body.phone) : mpesaPhone,
            reference: `${orderNumber}-1`,
          })
          if (priced.voucher) {
            const redeemed = await this.modules.vouchers.redeem(t, {
              voucherId: priced.voucher.voucherId,
              orderId,
              userId: ctx.user?.id ?? null,
              phone: customer.phone,
              email: body.email,
              discountCents: priced.voucher.discountCents,
            })
            if (!redeemed)
              throw new QuoteChangedError(priced.quote, `The code ${priced.voucher.code} has been used up.`)
          }
          // The shopper's text: the amount, and how to pay (an M-Pesa prompt is on its way, the Paybill, the door).
          await this.modules.texts.placed(t, {
            id: orderId,
            order_number: orderNumber,
            user_id: ctx.user?.id ?? null,
            phone: customer.phone,
            total_cents: priced.totalCents,
            payment_method: body.paymentMethod,
            status: 'pending_payment',
          })
          // Pay on delivery: confirmed now, paid part by part at the door (nothing to start).
          const mail = onDelivery ? await this.modules.payOnDelivery.confirm(t, orderId) : []
          if (ctx.user) await this.modules.carts.clear(t, ctx.user.id)
          return { orderId, paymentId, orderNumber, mail }
        })
      } catch (error) {
        if (error instanceof QuoteChangedError) throw error
        if (isUniqueViolation(error, 'orders_idempotency_key')) {
          const winner = await orders.byIdempotencyKey(idempotencyKey)
          if (winner) return this.replay(winner, requestHash)
        }
        if (isUniqueViolation(error, 'orders_order_number_key') && attempt < 5) continue
        throw error
      }
    }
    jobs.kick()
    if (onDelivery) {
      this.modules.mailer.deliver(placed.mail)
    } else {
      await payments.start(
        placed.paymentId,
        { orderNumber: placed.orderNumber, phone: body.phone, email: body.email },
        returnUrl(placed.orderNumber),
      )
    }
    const order = await orders.byId(db, placed.orderId)
    if (!order) throw new Error('placed order vanished')
    return { order: await orders.detail(order), orderToken: orders.tokenOf(order.order_number), replayed: false }
  }

  /** The order a key placed before; the same key with a different request is refused. */
  private async replay(order: OrderRow, requestHash: string): Promise<PlacedOrder> {
    if (order.request_hash !== requestHash) throw new AppError('conflict', IDEMPOTENCY_KEY_REUSED)
    const { orders } = this.modules
    return { order: await orders.detail(order), orderToken: orders.tokenOf(order.order_number), replayed: true }
  }

  /** Stock taken (rows locked and checked by the quote), then the order, its parts and lines, and its expiry job. */
  private async createOrder(
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
      rates: RateBook
      /** The reservation runs out unless paid; a pay-on-delivery order holds its stock until delivered or refused. */
      holdsUntilPaid: boolean
    },
  ): Promise<number> {
    const { priced, body } = input
    const reservedUntil = new Date(Date.now() + this.settings.reservationMs)
    for (const line of [...priced.lines].sort((a, b) => a.productId - b.productId)) {
      // The quote read these rows under lock, so this cannot fail; if it ever did, the whole order rolls back.
      if (!(await this.modules.stock.take(t, line.productId, line.quantity))) throw new QuoteChangedError(priced.quote)
    }
    const { rates, holdsUntilPaid, ...order } = input
    const orderId = await this.modules.orders.create(t, {
      ...order,
      userId: ctx.user?.id ?? null,
      vatRateBp: this.modules.pricing.vatRateBp,
      commissionBpOf: (line) => rates.rateOf(line.categoryId),
      reservedUntil,
    })
    // Flash sale units (decision 0024): the quote read the sales under the products' locks; the conditional update
    // stands behind it, and a sale without enough left rolls the whole order back as a changed quote.
    const saleUnits = priced.lines.flatMap((line) =>
      line.flashSaleId === null
        ? []
        : [{ flashSaleId: line.flashSaleId, productId: line.productId, quantity: line.quantity }],
    )
    if (!(await this.modules.stock.takeSaleUnits(t, orderId, saleUnits))) throw new QuoteChangedError(priced.quote)
    if (holdsUntilPaid) {
      await enqueueJob(t, {
        kind: 'order.expire',
        payload: { orderId },
        runAt: reservedUntil,
        dedupeKey: `order-expiry:${orderId}`,
      })
    }
    if (ctx.user && body.saveAddress) await this.modules.customers.saveCheckoutAddress(t, ctx.user.id, body)
    return orderId
  }
}
