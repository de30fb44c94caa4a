import { PAYMENT_METHOD_LABELS } from '@soko/contract/checkout-options'
import type { DeliveryOptions } from '@soko/contract/delivery'
import { type SitePolicies, SitePoliciesSchema, siteEndpoints } from '@soko/contract/site'
import { bpToPercent } from '@soko/domain/commission'
import { centsToKes } from '@soko/domain/money'
import { PAYMENT_METHODS } from '@soko/domain/order-states'
import { payOnDeliveryRules } from '@soko/domain/pay-on-delivery'
import { MAX_RETURN_PHOTOS, RETURN_METHODS, RETURN_REASONS } from '@soko/domain/return-states'
import { CARRIERS } from '@soko/domain/vendor-part-states'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { PreparedJson, sendPrepared } from '../../plugins/cache.ts'
import { serve } from '../../plugins/endpoints.ts'
import type { RateBook } from '../catalog/commission-rates.ts'

/** The settings the marketplace's rules come from: the same values checkout, orders, returns and payouts use. */
export interface PolicySettings {
  vatRateBp: number
  reservationMs: number
  deliveryConfirmDays: number
  returnWindowDays: number
  returnAnswerHours: number
  commissionBp: number
  /** Whether shoppers may pay by M-Pesa Paybill (MPESA_PAYBILL_SHORTCODE, or the simulator's). */
  paybillOn: boolean
  /** PAY_ON_DELIVERY_LIMIT_KES in cents: orders under it may be paid on delivery; 0 when it is off. */
  payOnDeliveryLimitCents: number
}

/** Where the categories' own commission rates come from (the catalogue's cached rate book). */
export interface CategoryRateSource {
  book(): Promise<RateBook>
}

/** Where the delivery fees and stations come from (the delivery module's cached options). */
export interface DeliveryOptionsSource {
  options(): Promise<DeliveryOptions>
}

/**
 * The rules as the information pages state them: numbers from the settings, lists from the domain, and the
 * categories that have a commission rate of their own from the catalogue (`rates`).
 */
export function sitePolicies(settings: PolicySettings, rates: RateBook, delivery: DeliveryOptions): SitePolicies {
  return {
    deliveryFee: Math.min(...delivery.zones.map((zone) => zone.fee)),
    delivery,
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
    paymentMethods: PAYMENT_METHODS.filter(
      (id) =>
        (id !== 'mpesa-paybill' || settings.paybillOn) &&
        (id !== 'pay-on-delivery' || settings.payOnDeliveryLimitCents > 0),
    ).map((id) => ({ id, label: PAYMENT_METHOD_LABELS[id] })),
    payOnDelivery:
      settings.payOnDeliveryLimitCents > 0
        ? {
            limit: centsToKes(settings.payOnDeliveryLimitCents),
            rules: payOnDeliveryRules(settings.payOnDeliveryLimitCents),
          }
        : null,
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

export function siteRoutes(
  settings: PolicySettings & { commissionRates: CategoryRateSource; delivery: DeliveryOptionsSource },
): FastifyPluginAsyncZod {
  // The body is prepared once per rate book and delivery options (new ones are read after each admin change).
  const bodies = new WeakMap<RateBook, WeakMap<DeliveryOptions, PreparedJson<SitePolicies>>>()
  const bodyOf = (rates: RateBook, delivery: DeliveryOptions) => {
    let byDelivery = bodies.get(rates)
    if (!byDelivery) {
      byDelivery = new WeakMap()
      bodies.set(rates, byDelivery)
    }
    let body = byDelivery.get(delivery)
    if (!body) {
      body = PreparedJson.of(SitePoliciesSchema, sitePolicies(settings, rates, delivery))
      byDelivery.set(delivery, body)
    }
    return body
  }
  return async (app) => {
    serve(app, siteEndpoints, 'GET /api/site/policies/', async (request, reply) => {
      const [rates, delivery] = await Promise.all([settings.commissionRates.book(), settings.delivery.options()])
      return sendPrepared(request, reply, PUBLIC_SHORT, bodyOf(rates, delivery))
    })
  }
}
