import { createReadStream } from 'node:fs'
import multipart from '@fastify/multipart'
import {
  checkoutEndpoints,
  ORDER_TOKEN_HEADER,
  type OrderDetail,
  type PaymentState,
  type PayOnDelivery,
  type PayOnDeliveryRequestSchema,
  type PlaceOrderBody,
  type Quote,
  type QuoteChanged,
  type QuoteRequest,
  type RetryPaymentBody,
} from '@soko/contract/checkout'
import { type OpenReturnBody, type OrderReturns, type ReturnView, returnsEndpoints } from '@soko/contract/returns'
import { CARD_DATA_MESSAGE } from '@soko/contract/user'
import { findCardData } from '@soko/domain/card-data'
import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { z } from 'zod'
import { type Ctx, ctxOf } from '../../plugins/auth.ts'
import type { RateLimit } from '../../plugins/config.ts'
import { serve } from '../../plugins/endpoints.ts'
import { AppError } from '../../plugins/errors.ts'
import { guardArea } from '../../plugins/route-options.ts'
import { multipartLimits, type UploadedFile, uploadedFiles, uploadRouteOptions } from '../../plugins/uploads.ts'
import { QuoteChangedError } from '../catalog/pricing.ts'
import { clientKey, type RateLimiter } from '../rate-limits/service.ts'
import { RETURN_PHOTO_LIMITS, type Returns } from './returns.ts'
import type { OrdersService } from './service.ts'

/** Fields of ours whose names say "number" but hold no card data. */
const OWN_NUMBER_FIELDS = new Set(['mpesaNumber', 'orderNumber'])

/** The 409 of a cart that changed: the table's `quote_changed` body, with the new quote to show. */
function sendQuoteChanged(reply: FastifyReply, error: QuoteChangedError) {
  const body: QuoteChanged = { detail: error.message, code: 'quote_changed', quote: error.quote }
  return reply.status(409).send(body)
}

/** What checkout does across modules (the flows in src/flows/, which app.ts hands over). */
export interface CheckoutFlows {
  /** The one quote, with a voucher code when one was typed (the quote-cart flow). */
  quote(ctx: Ctx, body: QuoteRequest): Promise<Quote>
  placeOrder(
    ctx: Ctx,
    idempotencyKey: string,
    body: PlaceOrderBody,
    returnUrl: (orderNumber: string) => string,
  ): Promise<{ order: OrderDetail; orderToken: string; replayed: boolean }>
  paymentState(ctx: Ctx, orderNumber: string, token: string | undefined): Promise<PaymentState>
  retryPayment(
    ctx: Ctx,
    orderNumber: string,
    token: string | undefined,
    body: RetryPaymentBody,
    returnUrl: string,
  ): Promise<PaymentState>
  cancel(ctx: Ctx, orderNumber: string, token: string | undefined): Promise<OrderDetail>
  /** Whether a cart may be paid on delivery (the pay-on-delivery flow). */
  payOnDelivery(ctx: Ctx, body: z.output<typeof PayOnDeliveryRequestSchema>): Promise<PayOnDelivery>
  /** The shopper confirms receiving a vendor's part (the fulfil-vendor-order flow). */
  confirmReceipt(ctx: Ctx, orderNumber: string, partId: number, token: string | undefined): Promise<OrderDetail>
  /** The order's returns, and opening one (the return-items flow). */
  returns(ctx: Ctx, orderNumber: string, token: string | undefined): Promise<OrderReturns>
  openReturn(ctx: Ctx, orderNumber: string, token: string | undefined, body: OpenReturnBody): Promise<ReturnView>
  addReturnPhotos(
    ctx: Ctx,
    orderNumber: string,
    token: string | undefined,
    id: number,
    files: AsyncIterable<UploadedFile>,
  ): Promise<ReturnView>
}

/** /api/checkout/*: quotes, placing orders, following and paying them (guests too, with the order's token). */
export function checkoutRoutes(deps: {
  orders: OrdersService
  /** Return photos, shown at their signed addresses. */
  returns: Returns
  flows: CheckoutFlows
  siteOrigin: () => string
  limiter: RateLimiter
  /** Guest order look-ups per client address and per order number (whoever asks). */
  lookupLimits: { perIp: RateLimit; perOrder: RateLimit }
}): FastifyPluginAsyncZod {
  const { orders, returns, flows: checkout, siteOrigin, limiter, lookupLimits } = deps
  return async (app) => {
    // Guests check out too: an order's own token stands for signing in.
    guardArea(app, () => undefined)
    // Card details belong on the payment provider's page only: a body carrying one is refused, never stored.
    app.addHook('preValidation', async (request) => {
      const found = findCardData(request.body).filter((path) => !OWN_NUMBER_FIELDS.has(path))
      if (found.length > 0) {
        throw new AppError('invalid_data', CARD_DATA_MESSAGE)
      }
    })
    // The card provider's page sends the shopper back to the marketplace's own address, never one a request named.
    const returnUrl = (orderNumber: string) => `${siteOrigin()}/checkout?order=${encodeURIComponent(orderNumber)}`

    serve(app, checkoutEndpoints, 'POST /api/checkout/quote/', async (request) =>
      checkout.quote(ctxOf(request), request.body),
    )

    serve(app, checkoutEndpoints, 'POST /api/checkout/pay-on-delivery/', async (request) =>
      checkout.payOnDelivery(ctxOf(request), request.body),
    )

    serve(app, checkoutEndpoints, 'POST /api/checkout/orders/', async (request, reply) => {
      try {
        const placed = await checkout.placeOrder(
          ctxOf(request),
          request.headers['idempotency-key'],
          request.body,
          returnUrl,
        )
        if (placed.replayed) reply.header('idempotent-replayed', 'true')
        return reply.status(placed.replayed ? 200 : 201).send({ order: placed.order, orderToken: placed.orderToken })
      } catch (error) {
        if (error instanceof QuoteChangedError) return sendQuoteChanged(reply, error)
        throw error
      }
    })

    // Every attempt counts, found or not, so neither the answer nor the limit tells whether an order exists.
    serve(app, checkoutEndpoints, 'POST /api/checkout/orders/lookup/', async (request) => {
      const { orderNumber, contact } = request.body
      await limiter.consume(`orders:lookup:ip:${clientKey(request.ip)}`, lookupLimits.perIp)
      await limiter.consume(`orders:lookup:order:${orderNumber}`, lookupLimits.perOrder)
      return orders.lookup(orderNumber, contact)
    })

    serve(app, checkoutEndpoints, 'GET /api/checkout/orders/:orderNumber/', async (request) =>
      orders.getOrder(ctxOf(request), request.params.orderNumber, request.headers[ORDER_TOKEN_HEADER]),
    )

    serve(app, checkoutEndpoints, 'GET /api/checkout/orders/:orderNumber/payment/', async (request) =>
      checkout.paymentState(ctxOf(request), request.params.orderNumber, request.headers[ORDER_TOKEN_HEADER]),
    )

    serve(app, checkoutEndpoints, 'POST /api/checkout/orders/:orderNumber/payment/', async (request) => {
      const { orderNumber } = request.params
      const state = await checkout.retryPayment(
        ctxOf(request),
        orderNumber,
        request.headers[ORDER_TOKEN_HEADER],
        request.body,
        returnUrl(orderNumber),
      )
      return state
    })

    serve(app, checkoutEndpoints, 'POST /api/checkout/orders/:orderNumber/cancel/', async (request) =>
      checkout.cancel(ctxOf(request), request.params.orderNumber, request.headers[ORDER_TOKEN_HEADER]),
    )

    serve(app, checkoutEndpoints, 'POST /api/checkout/orders/:orderNumber/parts/:partId/confirm/', async (request) =>
      checkout.confirmReceipt(
        ctxOf(request),
        request.params.orderNumber,
        request.params.partId,
        request.headers[ORDER_TOKEN_HEADER],
      ),
    )

    serve(app, returnsEndpoints, 'GET /api/checkout/orders/:orderNumber/returns/', async (request) =>
      checkout.returns(ctxOf(request), request.params.orderNumber, request.headers[ORDER_TOKEN_HEADER]),
    )

    serve(app, returnsEndpoints, 'POST /api/checkout/orders/:orderNumber/returns/', async (request) =>
      checkout.openReturn(
        ctxOf(request),
        request.params.orderNumber,
        request.headers[ORDER_TOKEN_HEADER],
        request.body,
      ),
    )

    // Photo uploads in a scope of their own: only this route reads multipart bodies.
    await app.register(async (uploads) => {
      await uploads.register(multipart, { limits: multipartLimits(RETURN_PHOTO_LIMITS) })
      serve(
        uploads,
        returnsEndpoints,
        'POST /api/checkout/orders/:orderNumber/returns/:id/photos/',
        async (request) =>
          checkout.addReturnPhotos(
            ctxOf(request),
            request.params.orderNumber,
            request.headers[ORDER_TOKEN_HEADER],
            request.params.id,
            uploadedFiles(request, RETURN_PHOTO_LIMITS),
          ),
        uploadRouteOptions(RETURN_PHOTO_LIMITS),
      )
    })

    serve(app, returnsEndpoints, 'GET /api/checkout/returns/photos/:id/:file', async (request, reply) => {
      const { id, file } = request.params
      const path = await returns.photoFile(id, file, request.query.key)
      if (!path) throw new AppError('not_found', 'No such photo.')
      // Private to whoever holds the signed address: kept by the browser, never by a shared cache.
      return reply.header('cache-control', 'private, max-age=86400').type('image/webp').send(createReadStream(path))
    })
  }
}
