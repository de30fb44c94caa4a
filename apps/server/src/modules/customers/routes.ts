import { ProductListingSchema } from '@soko/contract/catalog'
import { OrderDetailSchema, OrderNumberParamsSchema } from '@soko/contract/checkout'
import { ErrorSchema } from '@soko/contract/health'
import {
  AddressBodySchema,
  AddressListSchema,
  AddressSchema,
  CARD_DATA_MESSAGE,
  IdParamsSchema,
  PaymentMethodBodySchema,
  PaymentMethodListSchema,
  PaymentMethodSchema,
  ProductIdParamsSchema,
  ProfileSchema,
  ProfileUpdateSchema,
  WishlistAddBodySchema,
} from '@soko/contract/user'
import { findCardData } from '@soko/domain/card-data'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ctxOf, requireUser } from '../../plugins/auth.ts'
import { AppError, sentenceErrorHandler } from '../../plugins/errors.ts'
import type { ProfileService } from '../accounts/profile.ts'
import type { OrdersService } from '../orders/service.ts'
import type { CustomerService } from './service.ts'

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema }
const NoContent = z.null().describe('Done')

/**
 * /api/user/*: the signed-in customer's own profile (the accounts module's), orders (the orders module's), and the
 * addresses, payment methods and wishlist this module keeps.
 */
export function customerRoutes(deps: {
  customers: CustomerService
  profiles: ProfileService
  orders: OrdersService
}): FastifyPluginAsyncZod {
  const { customers, profiles, orders } = deps
  return async (app) => {
    app.setErrorHandler(sentenceErrorHandler)
    app.addHook('onRequest', async (request, reply) => {
      reply.header('cache-control', 'no-store')
      requireUser(request)
    })

    app.get(
      '/api/user/profile',
      { schema: { summary: 'Your profile', tags: ['user'], response: { 200: ProfileSchema, ...errors } } },
      async (request) => profiles.getProfile(ctxOf(request)),
    )

    app.put(
      '/api/user/profile',
      {
        schema: {
          summary: 'Update your profile (a new email address needs currentPassword)',
          tags: ['user'],
          body: ProfileUpdateSchema,
          response: { 200: ProfileSchema, ...errors, 429: ErrorSchema },
        },
      },
      async (request) => profiles.updateProfile(ctxOf(request), request.body),
    )

    app.get(
      '/api/user/orders',
      {
        schema: {
          summary: 'Your orders, newest first, each with its vendor parts and latest payment',
          tags: ['user'],
          response: { 200: z.array(OrderDetailSchema), ...errors },
        },
      },
      async (request) => orders.userOrders(ctxOf(request)),
    )

    app.get(
      '/api/user/orders/:orderNumber',
      {
        schema: {
          summary: 'One of your orders',
          tags: ['user'],
          params: OrderNumberParamsSchema,
          response: { 200: OrderDetailSchema, ...errors },
        },
      },
      async (request) => orders.userOrder(ctxOf(request), request.params.orderNumber),
    )

    app.get(
      '/api/user/addresses',
      { schema: { summary: 'Your addresses', tags: ['user'], response: { 200: AddressListSchema, ...errors } } },
      async (request) => customers.listAddresses(ctxOf(request)),
    )

    app.post(
      '/api/user/addresses',
      {
        schema: {
          summary: 'Save an address (your first one becomes the default)',
          tags: ['user'],
          body: AddressBodySchema,
          response: { 201: AddressSchema, ...errors },
        },
      },
      async (request, reply) => reply.status(201).send(await customers.createAddress(ctxOf(request), request.body)),
    )

    app.put(
      '/api/user/addresses/:id',
      {
        schema: {
          summary: 'Replace one of your addresses',
          tags: ['user'],
          params: IdParamsSchema,
          body: AddressBodySchema,
          response: { 200: AddressSchema, ...errors },
        },
      },
      async (request) => customers.updateAddress(ctxOf(request), request.params.id, request.body),
    )

    app.delete(
      '/api/user/addresses/:id',
      {
        schema: {
          summary: 'Remove one of your addresses (the newest other one becomes the default if needed)',
          tags: ['user'],
          params: IdParamsSchema,
          response: { 204: NoContent, ...errors },
        },
      },
      async (request, reply) => {
        await customers.deleteAddress(ctxOf(request), request.params.id)
        return reply.status(204).send(null)
      },
    )

    app.post(
      '/api/user/addresses/:id/default',
      {
        schema: {
          summary: 'Make one of your addresses the default',
          tags: ['user'],
          params: IdParamsSchema,
          response: { 200: AddressSchema, ...errors },
        },
      },
      async (request) => customers.setDefaultAddress(ctxOf(request), request.params.id),
    )

    app.get(
      '/api/user/payment-methods',
      {
        schema: {
          summary: 'Your saved payment methods',
          tags: ['user'],
          response: { 200: PaymentMethodListSchema, ...errors },
        },
      },
      async (request) => customers.listPaymentMethods(ctxOf(request)),
    )

    app.post(
      '/api/user/payment-methods',
      {
        schema: {
          summary: 'Save an M-Pesa number, or a card by its payment provider token (never a card number)',
          tags: ['user'],
          body: PaymentMethodBodySchema,
          response: { 201: PaymentMethodSchema, ...errors },
        },
        // Before validation, so the answer names the problem rather than an unknown field.
        preValidation: async (request) => {
          const fields = findCardData(request.body)
          if (fields.length > 0) {
            request.log.warn({ fields }, 'card data refused')
            throw new AppError(
              'invalid_data',
              CARD_DATA_MESSAGE,
              Object.fromEntries(fields.map((field) => [field, [CARD_DATA_MESSAGE]])),
            )
          }
        },
      },
      async (request, reply) =>
        reply.status(201).send(await customers.createPaymentMethod(ctxOf(request), request.body)),
    )

    app.delete(
      '/api/user/payment-methods/:id',
      {
        schema: {
          summary: 'Remove one of your payment methods',
          tags: ['user'],
          params: IdParamsSchema,
          response: { 204: NoContent, ...errors },
        },
      },
      async (request, reply) => {
        await customers.deletePaymentMethod(ctxOf(request), request.params.id)
        return reply.status(204).send(null)
      },
    )

    app.post(
      '/api/user/payment-methods/:id/default',
      {
        schema: {
          summary: 'Make one of your payment methods the default',
          tags: ['user'],
          params: IdParamsSchema,
          response: { 200: PaymentMethodSchema, ...errors },
        },
      },
      async (request) => customers.setDefaultPaymentMethod(ctxOf(request), request.params.id),
    )

    app.get(
      '/api/user/wishlist/',
      {
        schema: {
          summary: 'Your wishlist: products in the listing shape, most recently added first',
          tags: ['user'],
          response: { 200: z.array(ProductListingSchema), ...errors },
        },
      },
      async (request) => customers.listWishlist(ctxOf(request)),
    )

    app.post(
      '/api/user/wishlist/',
      {
        schema: {
          summary: 'Add a product to your wishlist (201; 200 when it was there already)',
          tags: ['user'],
          body: WishlistAddBodySchema,
          response: { 200: ProductListingSchema, 201: ProductListingSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { product, created } = await customers.addToWishlist(ctxOf(request), request.body.productId)
        return reply.status(created ? 201 : 200).send(product)
      },
    )

    app.delete(
      '/api/user/wishlist/:productId/',
      {
        schema: {
          summary: 'Remove a product from your wishlist',
          tags: ['user'],
          params: ProductIdParamsSchema,
          response: { 204: NoContent, ...errors },
        },
      },
      async (request, reply) => {
        await customers.removeFromWishlist(ctxOf(request), request.params.productId)
        return reply.status(204).send(null)
      },
    )
  }
}
