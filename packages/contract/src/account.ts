import { z } from 'zod'
import { ProductListingSchema, ReviewSchema, SlugParamsSchema } from './catalog.ts'
import { OrderDetailSchema, OrderNumberParamsSchema, ReviewBodySchema } from './checkout.ts'
import { endpoints } from './endpoint.ts'
import {
  AddressBodySchema,
  AddressListSchema,
  AddressSchema,
  IdParamsSchema,
  PaymentMethodBodySchema,
  PaymentMethodListSchema,
  PaymentMethodSchema,
  PreferencesSchema,
  ProductIdParamsSchema,
  ProfileSchema,
  ProfileUpdateSchema,
  WishlistAddBodySchema,
} from './user.ts'

// The signed-in customer's own calls: /api/user/* (profile, orders, addresses, payment methods, wishlist) and
// reviewing a product delivered to them. Their schemas live in user.ts, checkout.ts and catalog.ts; the table is
// here because checkout.ts builds on user.ts, so user.ts cannot import the order shapes back.

const tags = ['user']

const review = {
  summary: 'Review a product delivered to you (once per product)',
  tags: ['catalog'],
  params: SlugParamsSchema,
  body: ReviewBodySchema,
  response: ReviewSchema,
  status: 201,
  errors: ['unauthorized', 'forbidden', 'not_found', 'conflict'],
} as const

export const accountEndpoints = endpoints({
  'GET /api/user/profile': { summary: 'Your profile', tags, response: ProfileSchema, errors: ['unauthorized'] },
  'PUT /api/user/profile': {
    summary: 'Update your profile (a new email address needs currentPassword)',
    tags,
    body: ProfileUpdateSchema,
    response: ProfileSchema,
    errors: ['unauthorized', 'conflict', 'rate_limited'],
  },
  'GET /api/user/preferences': {
    summary: 'Your settings (texts about your orders)',
    tags,
    response: PreferencesSchema,
    errors: ['unauthorized'],
  },
  'PUT /api/user/preferences': {
    summary: 'Change your settings: sms_order_updates false stops texts about your orders',
    tags,
    body: PreferencesSchema,
    response: PreferencesSchema,
    errors: ['unauthorized'],
  },
  'GET /api/user/orders': {
    summary: 'Your orders, newest first, each with its vendor parts and latest payment',
    tags,
    response: z.array(OrderDetailSchema),
    errors: ['unauthorized'],
  },
  'GET /api/user/orders/:orderNumber': {
    summary: 'One of your orders',
    tags,
    params: OrderNumberParamsSchema,
    response: OrderDetailSchema,
    errors: ['unauthorized', 'not_found'],
  },
  'GET /api/user/addresses': { summary: 'Your addresses', tags, response: AddressListSchema, errors: ['unauthorized'] },
  'POST /api/user/addresses': {
    summary: 'Save an address (your first one becomes the default)',
    tags,
    body: AddressBodySchema,
    response: AddressSchema,
    status: 201,
    errors: ['unauthorized', 'conflict'],
  },
  'PUT /api/user/addresses/:id': {
    summary: 'Replace one of your addresses',
    tags,
    params: IdParamsSchema,
    body: AddressBodySchema,
    response: AddressSchema,
    errors: ['unauthorized', 'not_found'],
  },
  'DELETE /api/user/addresses/:id': {
    summary: 'Remove one of your addresses (the newest other one becomes the default if needed)',
    tags,
    params: IdParamsSchema,
    response: null,
    status: 204,
    errors: ['unauthorized', 'not_found'],
  },
  'POST /api/user/addresses/:id/default': {
    summary: 'Make one of your addresses the default',
    tags,
    params: IdParamsSchema,
    response: AddressSchema,
    errors: ['unauthorized', 'not_found'],
  },
  'GET /api/user/payment-methods': {
    summary: 'Your saved payment methods',
    tags,
    response: PaymentMethodListSchema,
    errors: ['unauthorized'],
  },
  'POST /api/user/payment-methods': {
    summary: 'Save an M-Pesa number, or a card by its payment provider token (never a card number)',
    tags,
    body: PaymentMethodBodySchema,
    response: PaymentMethodSchema,
    status: 201,
    errors: ['unauthorized', 'conflict'],
  },
  'DELETE /api/user/payment-methods/:id': {
    summary: 'Remove one of your payment methods',
    tags,
    params: IdParamsSchema,
    response: null,
    status: 204,
    errors: ['unauthorized', 'not_found'],
  },
  'POST /api/user/payment-methods/:id/default': {
    summary: 'Make one of your payment methods the default',
    tags,
    params: IdParamsSchema,
    response: PaymentMethodSchema,
    errors: ['unauthorized', 'not_found'],
  },
  'GET /api/user/wishlist/': {
    summary: 'Your wishlist: products in the listing shape, most recently added first',
    tags,
    response: z.array(ProductListingSchema),
    errors: ['unauthorized'],
  },
  'POST /api/user/wishlist/': {
    summary: 'Add a product to your wishlist (201; 200 when it was there already)',
    tags,
    body: WishlistAddBodySchema,
    response: ProductListingSchema,
    status: 201,
    alsoAnswers: { 200: ProductListingSchema },
    errors: ['unauthorized', 'not_found', 'conflict'],
  },
  'DELETE /api/user/wishlist/:productId/': {
    summary: 'Remove a product from your wishlist',
    tags,
    params: ProductIdParamsSchema,
    response: null,
    status: 204,
    errors: ['unauthorized', 'not_found'],
  },
  // Beside the reviews it adds to, and at the shorter path of the other marketplace calls.
  'POST /api/marketplace/api/products/:slug/reviews/': review,
  'POST /api/marketplace/products/:slug/reviews/': review,
})
