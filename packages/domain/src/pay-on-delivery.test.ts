import { describe, expect, it } from 'vitest'
import {
  awaitsCollection,
  type PodAction,
  type PodRefusal,
  payOnDeliveryEligibility,
  payOnDeliveryRules,
  podMove,
} from './pay-on-delivery.ts'

describe('payOnDeliveryEligibility', () => {
  const limit = 1_000_000 // KSh 10,000
  it.each([
    ['a small order, a Safaricom number', 250_000, limit, '0712 345 678', false, null],
    ['an Airtel number (cash needs no Safaricom line)', 250_000, limit, '0733 123 456', false, null],
    ['a 011x number in +254 form', 250_000, limit, '+254 112 345 678', false, null],
    ['a cent under the limit', 999_999, limit, '0712345678', false, null],
    ['exactly the limit', 1_000_000, limit, '0712345678', false, 'over_limit'],
    ['above the limit', 1_500_000, limit, '0712345678', false, 'over_limit'],
    ['a landline', 250_000, limit, '020 222 2222', false, 'phone'],
    ['a foreign number', 250_000, limit, '+44 7700 900123', false, 'phone'],
    ['no phone', 250_000, limit, '', false, 'phone'],
    ['an earlier refused delivery', 250_000, limit, '0712345678', true, 'refused_before'],
    ['off (limit 0) wins over everything', 250_000, 0, '', true, 'off'],
    ['over the limit is said before the phone', 2_000_000, limit, '', true, 'over_limit'],
  ] as const)('%s', (_name, totalCents, limitCents, phone, refusedBefore, reason: PodRefusal | null) => {
    const answer = payOnDeliveryEligibility({ totalCents, limitCents, phone, refusedBefore })
    if (reason === null) expect(answer).toEqual({ eligible: true })
    else expect(answer).toMatchObject({ eligible: false, reason })
  })

  it('names the limit in shillings when the order is over it', () => {
    const answer = payOnDeliveryEligibility({
      totalCents: 2_000_000,
      limitCents: 1_000_000,
      phone: '',
      refusedBefore: false,
    })
    expect(answer).toEqual({
      eligible: false,
      reason: 'over_limit',
      message: 'Pay on delivery is for orders under KSh 10,000. Pay by M-Pesa or card instead.',
    })
  })

  it('states the rules with the configured limit', () => {
    expect(payOnDeliveryRules(1_500_000)).toContain('under KSh 15,000')
  })
})

describe('podMove', () => {
  it.each([
    ['collect on a shipped part', 'shipped', false, false, 'collect', true],
    ['collect on a delivered part', 'delivered', false, false, 'collect', true],
    ['collect before shipping', 'paid', false, false, 'collect', false],
    ['collect while processing', 'processing', false, false, 'collect', false],
    ['collect twice', 'delivered', true, false, 'collect', false],
    ['collect after a refusal', 'cancelled', false, true, 'collect', false],
    ['collect on a cancelled part', 'cancelled', false, false, 'collect', false],
    ['refuse a shipped part', 'shipped', false, false, 'refuse', true],
    ['refuse a delivered, unpaid part', 'delivered', false, false, 'refuse', true],
    ['refuse before shipping', 'paid', false, false, 'refuse', false],
    ['refuse a paid part', 'delivered', true, false, 'refuse', false],
    ['refuse twice', 'cancelled', false, true, 'refuse', false],
  ] as const)('%s', (_name, status, collected, refused, action: PodAction, ok) => {
    expect(podMove({ status, collected, refused }, action).ok).toBe(ok)
  })
})

describe('awaitsCollection', () => {
  it.each([
    ['pay-on-delivery', null, true],
    ['pay-on-delivery', '2026-11-25T10:00:00Z', false],
    ['mpesa', null, false],
    ['mpesa-paybill', null, false],
  ] as const)('%s collected at %s: %s', (method, collectedAt, waiting) => {
    expect(awaitsCollection(method, collectedAt)).toBe(waiting)
  })
})
