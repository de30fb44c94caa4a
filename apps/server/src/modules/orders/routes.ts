import {
  IdempotencyKeySchema,
  ORDER_TOKEN_HEADER,
  type OrderDetail,
  OrderDetailSchema,
  OrderNumberParamsSchema,
  type PaymentState,
  PaymentStateSchema,
  PlacedOrderSchema,
  type PlaceOrderBody,
  PlaceOrderBodySchema,
  QuoteChangedSchema,
  QuoteRequestSchema,
  QuoteSchema,
  type RetryPaymentBody,
  RetryPaymentBodySchema,
} from '@soko/contract/checkout'
import { ErrorSchema } from '@soko/contract/health'
import { CARD_DATA_MESSAGE } from '@soko/contract/user'
import { findCardData } from '@soko/domain/card-data'
import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { type Ctx, ctxOf } from '../../plugins/auth.ts'
import { AppError } from '../../plugins/errors.ts'
import { documented, guardArea, PRIVATE_ERRORS } from '../../plugins/route-options.ts'
import { type Pricing, QuoteChangedError } from '../catalog/pricing.ts'
import type { OrdersService } from './service.ts'

/** Fields of ours whose names say "number" but hold no card data. */
const OWN_NUMBER_FIELDS = new Set(['mpesaNumber'])

const doc = documented({ tags: ['checkout'], errors: PRIVATE_ERRORS })
const OrderTokenHeaders = z.object({
  [ORDER_TOKEN_HEADER]: z.string().max(200).optional().describe('The orderToken answered when the order was placed'),
})

function sendQuoteChanged(reply: FastifyReply, error: QuoteChangedError) {
  return reply.status(409).send({ detail: error.message, code: 'quote_changed' as const, quote: error.quote })
}

/** What checkout does across modules (the flows in src/flows/, which app.ts hands over). */
export interface CheckoutFlows {
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
}

/** /api/checkout/*: quotes, placing orders, following and paying them (guests too, with the order's token). */
export function checkoutRoutes(deps: {
  pricing: Pricing
  orders: OrdersService
  flows: CheckoutFlows
  siteOrigin: () => string
}): FastifyPluginAsyncZod {
  const { pricing, orders, flows: checkout, siteOrigin } = deps
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

    app.post(
      '/api/checkout/quote/',
      doc('Price a cart: the one quote (subtotal, delivery, VAT, total) with any changes since it was seen', {
        body: QuoteRequestSchema,
        response: { 200: QuoteSchema },
      }),
      async (request) => pricing.quote(request.body.items),
    )

    app.post(
      '/api/checkout/orders/',
      doc(
        'Place an order and start its payment (M-Pesa push or card page). The same Idempotency-Key answers the same order',
        {
          headers: z.object({ 'idempotency-key': IdempotencyKeySchema }),
          body: PlaceOrderBodySchema,
          response: { 200: PlacedOrderSchema, 201: PlacedOrderSchema, 409: QuoteChangedSchema.or(ErrorSchema) },
        },
      ),
      async (request, reply) => {
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
      },
    )

    app.get(
      '/api/checkout/orders/:orderNumber/',
      doc('An order you placed (signed in as its owner, or with its X-Order-Token)', {
        params: OrderNumberParamsSchema,
        headers: OrderTokenHeaders,
        response: { 200: OrderDetailSchema },
      }),
      async (request) =>
        orders.getOrder(ctxOf(request), request.params.orderNumber, request.headers[ORDER_TOKEN_HEADER]),
    )

    app.get(
      '/api/checkout/orders/:orderNumber/payment/',
      doc("The order's latest payment attempt, to follow it live (poll every two seconds or so)", {
        params: OrderNumberParamsSchema,
        headers: OrderTokenHeaders,
        response: { 200: PaymentStateSchema },
      }),
      async (request) =>
        checkout.paymentState(ctxOf(request), request.params.orderNumber, request.headers[ORDER_TOKEN_HEADER]),
    )

    app.post(
      '/api/checkout/orders/:orderNumber/payment/',
      doc('Pay again after a failed attempt (refused while an M-Pesa request is still on the phone)', {
        params: OrderNumberParamsSchema,
        headers: OrderTokenHeaders,
        body: RetryPaymentBodySchema,
        response: { 201: PaymentStateSchema },
      }),
      async (request, reply) => {
        const { orderNumber } = request.params
        const state = await checkout.retryPayment(
          ctxOf(request),
          orderNumber,
          request.headers[ORDER_TOKEN_HEADER],
          request.body,
          returnUrl(orderNumber),
        )
        return reply.status(201).send(state)
      },
    )

    app.post(
      '/api/checkout/orders/:orderNumber/cancel/',
      doc('Cancel an order before anything has shipped (its stock goes back; a paid order is refunded)', {
        params: OrderNumberParamsSchema,
        headers: OrderTokenHeaders,
        response: { 200: OrderDetailSchema },
      }),
      async (request) =>
        checkout.cancel(ctxOf(request), request.params.orderNumber, request.headers[ORDER_TOKEN_HEADER]),
    )
  }
}
