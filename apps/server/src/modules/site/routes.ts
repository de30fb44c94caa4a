import { PAYMENT_METHOD_LABELS } from '@soko/contract/checkout-options'
import { type SitePolicies, SitePoliciesSchema, siteEndpoints } from '@soko/contract/site'
import { centsToKes } from '@soko/domain/money'
import { PAYMENT_METHODS } from '@soko/domain/order-states'
import { MAX_RETURN_PHOTOS, RETURN_METHODS, RETURN_REASONS } from '@soko/domain/return-states'
import { CARRIERS } from '@soko/domain/vendor-part-states'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { PreparedJson, sendPrepared } from '../../plugins/cache.ts'
import { serve } from '../../plugins/endpoints.ts'

/** The settings the marketplace's rules come from: the same values checkout, orders, returns and payouts use. */
export interface PolicySettings {
  shippingCents: number
  vatRateBp: number
  reservationMs: number
  deliveryConfirmDays: number
  returnWindowDays: number
  returnAnswerHours: number
  commissionBp: number
}

/** The rules as the information pages state them: numbers from the settings, lists from the domain. */
export function sitePolicies(settings: PolicySettings): SitePolicies {
  return {
    deliveryFee: centsToKes(settings.shippingCents),
    vatPercent: settings.vatRateBp / 100,
    orderReservationSeconds: Math.round(settings.reservationMs / 1000),
    deliveryConfirmDays: settings.deliveryConfirmDays,
    returnWindowDays: settings.returnWindowDays,
    returnAnswerHours: settings.returnAnswerHours,
    returnPhotosMax: MAX_RETURN_PHOTOS,
    commissionPercent: settings.commissionBp / 100,
    paymentMethods: PAYMENT_METHODS.map((id) => ({ id, label: PAYMENT_METHOD_LABELS[id] })),
    carriers: CARRIERS.map(({ id, label }) => ({ id, label })),
    returnReasons: RETURN_REASONS.map(({ id, label }) => ({ id, label })),
    returnMethods: RETURN_METHODS.map(({ id, label }) => ({ id, label })),
  }
}

/**
 * The same for every visitor and fixed while the process runs (settings are read at start-up): shared caches may
 * keep it a few minutes, so a changed setting shows on the pages shortly after a restart.
 */
const PUBLIC_SHORT = 'public, max-age=300'

export function siteRoutes(settings: PolicySettings): FastifyPluginAsyncZod {
  const body = PreparedJson.of(SitePoliciesSchema, sitePolicies(settings))
  return async (app) => {
    serve(app, siteEndpoints, 'GET /api/site/policies/', async (request, reply) =>
      sendPrepared(request, reply, PUBLIC_SHORT, body),
    )
  }
}
