import { PAYMENT_METHOD_LABELS } from '@soko/contract/checkout-options'
import { type SitePolicies, SitePoliciesSchema, siteEndpoints } from '@soko/contract/site'
import { bpToPercent } from '@soko/domain/commission'
import { centsToKes } from '@soko/domain/money'
import { PAYMENT_METHODS } from '@soko/domain/order-states'
import { MAX_RETURN_PHOTOS, RETURN_METHODS, RETURN_REASONS } from '@soko/domain/return-states'
import { CARRIERS } from '@soko/domain/vendor-part-states'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { PreparedJson, sendPrepared } from '../../plugins/cache.ts'
import { serve } from '../../plugins/endpoints.ts'
import type { RateBook } from '../catalog/commission-rates.ts'

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

/** Where the categories' own commission rates come from (the catalogue's cached rate book). */
export interface CategoryRateSource {
  book(): Promise<RateBook>
}

/**
 * The rules as the information pages state them: numbers from the settings, lists from the domain, and the
 * categories that have a commission rate of their own from the catalogue (`rates`).
 */
export function sitePolicies(settings: PolicySettings, rates: RateBook): SitePolicies {
  return {
    deliveryFee: centsToKes(settings.shippingCents),
    vatPercent: settings.vatRateBp / 100,
    orderReservationSeconds: Math.round(settings.reservationMs / 1000),
    deliveryConfirmDays: settings.deliveryConfirmDays,
    returnWindowDays: settings.returnWindowDays,
    returnAnswerHours: settings.returnAnswerHours,
    returnPhotosMax: MAX_RETURN_PHOTOS,
    commissionPercent: bpToPercent(settings.commissionBp),
    categoryCommissions: rates.ownRates().map(({ name, slug, parentName, rateBp }) => ({
      name,
      slug,
      parentName,
      percent: bpToPercent(rateBp),
    })),
    paymentMethods: PAYMENT_METHODS.map((id) => ({ id, label: PAYMENT_METHOD_LABELS[id] })),
    carriers: CARRIERS.map(({ id, label }) => ({ id, label })),
    returnReasons: RETURN_REASONS.map(({ id, label }) => ({ id, label })),
    returnMethods: RETURN_METHODS.map(({ id, label }) => ({ id, label })),
  }
}

/**
 * The same for every visitor: the settings are fixed while the process runs (read at start-up) and the categories'
 * rates change only by an admin's edit. Shared caches may keep it a few minutes, so a change shows on the pages
 * shortly after.
 */
const PUBLIC_SHORT = 'public, max-age=300'

export function siteRoutes(settings: PolicySettings & { commissionRates: CategoryRateSource }): FastifyPluginAsyncZod {
  // The body is prepared once per rate book (a new one is read after each change to the categories).
  const bodies = new WeakMap<RateBook, PreparedJson<SitePolicies>>()
  const bodyOf = (rates: RateBook) => {
    let body = bodies.get(rates)
    if (!body) {
      body = PreparedJson.of(SitePoliciesSchema, sitePolicies(settings, rates))
      bodies.set(rates, body)
    }
    return body
  }
  return async (app) => {
    serve(app, siteEndpoints, 'GET /api/site/policies/', async (request, reply) =>
      sendPrepared(request, reply, PUBLIC_SHORT, bodyOf(await settings.commissionRates.book())),
    )
  }
}
