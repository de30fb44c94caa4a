import type { Quote } from '@soko/contract/checkout'
import type { SitePolicies } from '@soko/contract/site'
import { PAYMENT_METHODS } from '@soko/domain/order-states'
import { MAX_RETURN_PHOTOS, RETURN_METHODS, RETURN_REASONS } from '@soko/domain/return-states'
import { CARRIERS } from '@soko/domain/vendor-part-states'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client } from './support/accounts.ts'
import { sellableProducts } from './support/checkout.ts'
import { startTestServer, type TestServer } from './support/test-server.ts'

// The information pages state the marketplace's rules by reading them from GET /api/site/policies/: it must answer
// what the server is configured with (here, none of the defaults), and checkout must charge what it says.

const SETTINGS = {
  SHIPPING_FEE_KES: '350',
  VAT_PERCENT: '8',
  ORDER_RESERVATION: '20m',
  DELIVERY_CONFIRM_DAYS: '5',
  RETURN_WINDOW_DAYS: '10',
  RETURN_ANSWER_HOURS: '36',
  COMMISSION_PERCENT: '12.5',
  PAY_ON_DELIVERY_LIMIT_KES: '7500',
}

describe('the site policies', () => {
  let server: TestServer

  beforeAll(async () => {
    server = await startTestServer('pglite', { env: SETTINGS })
  })
  afterAll(() => server?.close())

  it("answer the server's configuration and the domain's lists", async () => {
    const response = await fetch(`${server.url}/api/site/policies/`)
    expect(response.status).toBe(200)
    const policies = (await response.json()) as SitePolicies
    expect(policies).toEqual({
      deliveryFee: 350,
      // Until an admin sets them, every zone costs SHIPPING_FEE_KES: one flat fee, as before delivery options.
      delivery: {
        zones: [
          expect.objectContaining({ zone: 'nairobi', fee: 350, minDays: 1, maxDays: 2, counties: ['Nairobi'] }),
          expect.objectContaining({ zone: 'near', fee: 350, minDays: 2, maxDays: 3 }),
          expect.objectContaining({ zone: 'rest', fee: 350, minDays: 3, maxDays: 5 }),
        ],
        extraVendorFee: 0,
        pickupExtraDays: 1,
        stations: expect.arrayContaining([expect.objectContaining({ county: 'Mombasa', fee: 350 })]),
      },
      vatPercent: 8,
      orderReservationSeconds: 20 * 60,
      deliveryConfirmDays: 5,
      returnWindowDays: 10,
      returnAnswerHours: 36,
      returnPhotosMax: MAX_RETURN_PHOTOS,
      commissionPercent: 12.5,
      categoryCommissions: [],
      paymentMethods: [
        { id: 'mpesa', label: 'M-Pesa' },
        { id: 'credit-card', label: 'Credit Card' },
        // The built-in Daraja simulator has a Paybill (MPESA_PAYBILL_SHORTCODE defaults to its 600000).
        { id: 'mpesa-paybill', label: 'Pay via M-Pesa Paybill' },
        { id: 'pay-on-delivery', label: 'Pay on Delivery' },
      ],
      payOnDelivery: {
        limit: 7500,
        rules: expect.stringContaining('For orders under KSh 7,500, with a Kenyan mobile number'),
      },
      carriers: CARRIERS.map(({ id, label }) => ({ id, label })),
      returnReasons: RETURN_REASONS.map(({ id, label }) => ({ id, label })),
      returnMethods: RETURN_METHODS.map(({ id, label }) => ({ id, label })),
    })
    expect(policies.paymentMethods.map((method) => method.id)).toEqual([...PAYMENT_METHODS])
  })

  it('are public and cacheable for a short while, and revalidate to a 304', async () => {
    const response = await fetch(`${server.url}/api/site/policies/`)
    expect(response.headers.get('cache-control')).toBe('public, max-age=300')
    const etag = response.headers.get('etag')
    expect(etag).toBeTruthy()
    const again = await fetch(`${server.url}/api/site/policies/`, { headers: { 'if-none-match': etag ?? '' } })
    expect(again.status).toBe(304)
  })

  it('state the delivery fee and VAT checkout charges', async () => {
    const policies = (await (await fetch(`${server.url}/api/site/policies/`)).json()) as SitePolicies
    const [product] = await sellableProducts(server, 1)
    if (!product) throw new Error('fixture')
    const answer = await new Client(server).post<Quote>('/api/checkout/quote/', {
      items: [{ productId: product.id, quantity: 3, price: product.price }],
    })
    expect(answer.status).toBe(200)
    expect(answer.body.shipping).toBe(policies.deliveryFee)
    expect(answer.body.vatRate * 100).toBeCloseTo(policies.vatPercent, 6)
    expect(Math.abs(answer.body.vat - (answer.body.subtotal * policies.vatPercent) / 100)).toBeLessThanOrEqual(0.5)
  })

  it('refuse other methods with a 4xx, never a 500', async () => {
    const response = await fetch(`${server.url}/api/site/policies/`, { method: 'POST' })
    expect(response.status).toBeGreaterThanOrEqual(400)
    expect(response.status).toBeLessThan(500)
  })
})
