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
import { ctxOf } from '../../plugins/auth.ts'
import { AppError } from '../../plugins/errors.ts'
import { documented, guardArea, NoContent, PRIVATE_ERRORS } from '../../plugins/route-options.ts'
import type { ProfileService } from '../accounts/profile.ts'
import type { OrdersService } from '../orders/service.ts'
import type { CustomerService } from './service.ts'

const doc = documented({ tags: ['user'], errors: PRIVATE_ERRORS })

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
    guardArea(app)

    app.get('/api/user/profile', doc('Your profile', { response: { 200: ProfileSchema } }), async (request) =>
      profiles.getProfile(ctxOf(request)),
    )

    app.put(
      '/api/user/profile',
      doc('Update your profile (a new email address needs currentPassword)', {
        body: ProfileUpdateSchema,
        response: { 200: ProfileSchema, 429: ErrorSchema },
      }),
      async (request) => profiles.updateProfile(ctxOf(request), request.body),
    )

    app.get(
      '/api/user/orders',
      doc('Your orders, newest first, each with its vendor parts and latest payment', {
        response: { 200: z.array(OrderDetailSchema) },
      }),
      async (request) => orders.userOrders(ctxOf(request)),
    )

    app.get(
      '/api/user/orders/:orderNumber',
      doc('One of your orders', { params: OrderNumberParamsSchema, response: { 200: OrderDetailSchema } }),
      async (request) => orders.userOrder(ctxOf(request), request.params.orderNumber),
    )

    app.get('/api/user/addresses', doc('Your addresses', { response: { 200: AddressListSchema } }), async (request) =>
      customers.listAddresses(ctxOf(request)),
    )

    app.post(
      '/api/user/addresses',
      doc('Save an address (your first one becomes the default)', {
        body: AddressBodySchema,
        response: { 201: AddressSchema },
      }),
      async (request, reply) => reply.status(201).send(await customers.createAddress(ctxOf(request), request.body)),
    )

    app.put(
      '/api/user/addresses/:id',
      doc('Replace one of your addresses', {
        params: IdParamsSchema,
        body: AddressBodySchema,
        response: { 200: AddressSchema },
      }),
      async (request) => customers.updateAddress(ctxOf(request), request.params.id, request.body),
    )

    app.delete(
      '/api/user/addresses/:id',
      doc('Remove one of your addresses (the newest other one becomes the default if needed)', {
        params: IdParamsSchema,
        response: { 204: NoContent },
      }),
      async (request, reply) => {
        await customers.deleteAddress(ctxOf(request), request.params.id)
        return reply.status(204).send(null)
      },
    )

    app.post(
      '/api/user/addresses/:id/default',
      doc('Make one of your addresses the default', { params: IdParamsSchema, response: { 200: AddressSchema } }),
      async (request) => customers.setDefaultAddress(ctxOf(request), request.params.id),
    )

    app.get(
      '/api/user/payment-methods',
      doc('Your saved payment methods', { response: { 200: PaymentMethodListSchema } }),
      async (request) => customers.listPaymentMethods(ctxOf(request)),
    )

    app.post(
      '/api/user/payment-methods',
      {
        ...doc('Save an M-Pesa number, or a card by its payment provider token (never a card number)', {
          body: PaymentMethodBodySchema,
          response: { 201: PaymentMethodSchema },
        }), // Before validation, so the answer names the problem rather than an unknown field.
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
      doc('Remove one of your payment methods', { params: IdParamsSchema, response: { 204: NoContent } }),
      async (request, reply) => {
        await customers.deletePaymentMethod(ctxOf(request), request.params.id)
        return reply.status(204).send(null)
      },
    )

    app.post(
      '/api/user/payment-methods/:id/default',
      doc('Make one of your payment methods the default', {
        params: IdParamsSchema,
        response: { 200: PaymentMethodSchema },
      }),
      async (request) => customers.setDefaultPaymentMethod(ctxOf(request), request.params.id),
    )

    app.get(
      '/api/user/wishlist/',
      doc('Your wishlist: products in the listing shape, most recently added first', {
        response: { 200: z.array(ProductListingSchema) },
      }),
      async (request) => customers.listWishlist(ctxOf(request)),
    )

    app.post(
      '/api/user/wishlist/',
      doc('Add a product to your wishlist (201; 200 when it was there already)', {
        body: WishlistAddBodySchema,
        response: { 200: ProductListingSchema, 201: ProductListingSchema },
      }),
      async (request, reply) => {
        const { product, created } = await customers.addToWishlist(ctxOf(request), request.body.productId)
        return reply.status(created ? 201 : 200).send(product)
      },
    )

    app.delete(
      '/api/user/wishlist/:productId/',
      doc('Remove a product from your wishlist', { params: ProductIdParamsSchema, response: { 204: NoContent } }),
      async (request, reply) => {
        await customers.removeFromWishlist(ctxOf(request), request.params.productId)
        return reply.status(204).send(null)
      },
    )
  }
}
