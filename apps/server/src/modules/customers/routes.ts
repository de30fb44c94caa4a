import { accountEndpoints } from '@soko/contract/account'
import { CARD_DATA_MESSAGE } from '@soko/contract/user'
import { findCardData } from '@soko/domain/card-data'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ctxOf } from '../../plugins/auth.ts'
import { serve } from '../../plugins/endpoints.ts'
import { AppError } from '../../plugins/errors.ts'
import { guardArea } from '../../plugins/route-options.ts'
import type { ProfileService } from '../accounts/profile.ts'
import type { OrdersService } from '../orders/service.ts'
import type { CustomerService } from './service.ts'

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

    serve(app, accountEndpoints, 'GET /api/user/profile', async (request) => profiles.getProfile(ctxOf(request)))
    serve(app, accountEndpoints, 'PUT /api/user/profile', async (request) =>
      profiles.updateProfile(ctxOf(request), request.body),
    )

    serve(app, accountEndpoints, 'GET /api/user/preferences', async (request) =>
      profiles.getPreferences(ctxOf(request)),
    )
    serve(app, accountEndpoints, 'PUT /api/user/preferences', async (request) =>
      profiles.updatePreferences(ctxOf(request), request.body),
    )

    serve(app, accountEndpoints, 'GET /api/user/orders', async (request) => orders.userOrders(ctxOf(request)))
    serve(app, accountEndpoints, 'GET /api/user/orders/:orderNumber', async (request) =>
      orders.userOrder(ctxOf(request), request.params.orderNumber),
    )

    serve(app, accountEndpoints, 'GET /api/user/addresses', async (request) => customers.listAddresses(ctxOf(request)))
    serve(app, accountEndpoints, 'POST /api/user/addresses', async (request) =>
      customers.createAddress(ctxOf(request), request.body),
    )
    serve(app, accountEndpoints, 'PUT /api/user/addresses/:id', async (request) =>
      customers.updateAddress(ctxOf(request), request.params.id, request.body),
    )
    serve(app, accountEndpoints, 'DELETE /api/user/addresses/:id', async (request) => {
      await customers.deleteAddress(ctxOf(request), request.params.id)
    })
    serve(app, accountEndpoints, 'POST /api/user/addresses/:id/default', async (request) =>
      customers.setDefaultAddress(ctxOf(request), request.params.id),
    )

    serve(app, accountEndpoints, 'GET /api/user/payment-methods', async (request) =>
      customers.listPaymentMethods(ctxOf(request)),
    )
    serve(
      app,
      accountEndpoints,
      'POST /api/user/payment-methods',
      async (request) => customers.createPaymentMethod(ctxOf(request), request.body),
      {
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
    )
    serve(app, accountEndpoints, 'DELETE /api/user/payment-methods/:id', async (request) => {
      await customers.deletePaymentMethod(ctxOf(request), request.params.id)
    })
    serve(app, accountEndpoints, 'POST /api/user/payment-methods/:id/default', async (request) =>
      customers.setDefaultPaymentMethod(ctxOf(request), request.params.id),
    )

    serve(app, accountEndpoints, 'GET /api/user/wishlist/', async (request) => customers.listWishlist(ctxOf(request)))
    serve(app, accountEndpoints, 'POST /api/user/wishlist/', async (request, reply) => {
      const { product, created } = await customers.addToWishlist(ctxOf(request), request.body.productId)
      return reply.status(created ? 201 : 200).send(product)
    })
    serve(app, accountEndpoints, 'DELETE /api/user/wishlist/:productId/', async (request) => {
      await customers.removeFromWishlist(ctxOf(request), request.params.productId)
    })
  }
}
