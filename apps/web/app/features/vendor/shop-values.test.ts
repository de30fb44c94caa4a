import type { Shop } from '@soko/contract/vendor'
import { describe, expect, it } from 'vitest'
import { checkShop, emptyShop, firstShopError, isPayoutChanged, shopValues } from './shop-values.ts'

const filled = () => ({
  ...emptyShop(),
  name: 'Nyota Baskets',
  type: 'Artisan',
  county: 'Nairobi',
  phone: '0712 345 678',
  payoutPhone: '0712 345 678',
})

describe('shop form values', () => {
  it('sends what was typed, without the email when opening a shop', () => {
    expect(checkShop(filled(), 'apply')).toEqual({
      ok: true,
      body: {
        name: 'Nyota Baskets',
        type: 'Artisan',
        county: 'Nairobi',
        town: '',
        phone: '0712 345 678',
        payoutPhone: '0712 345 678',
        description: '',
      },
    })
  })

  it('says what is missing at each field, the first one first', () => {
    const check = checkShop(emptyShop(), 'apply')
    expect(check.ok).toBe(false)
    if (check.ok) return
    expect(check.errors).toMatchObject({
      name: 'Shop name is required',
      type: 'Business type is required',
      county: 'County is required',
      phone: 'Phone number is required',
      payoutPhone: 'M-Pesa payout number is required',
    })
    expect(firstShopError(check.errors)).toBe('name')
    const wrong = checkShop({ ...filled(), payoutPhone: '0800 123' }, 'apply')
    expect(wrong.ok ? {} : wrong.errors).toEqual({ payoutPhone: 'Enter a Safaricom number, e.g. 0712 345 678' })
    const airtel = checkShop({ ...filled(), phone: '0733 000 111', payoutPhone: '0733 123 456' }, 'apply')
    expect(airtel.ok ? {} : airtel.errors).toEqual({
      payoutPhone: 'M-Pesa needs a Safaricom number. 0733 123 456 is an Airtel line.',
    })
  })

  it('needs the email for the profile, and fills the form from the shop', () => {
    const check = checkShop({ ...filled(), email: 'not an email' }, 'profile', '+254712345678')
    expect(check.ok ? {} : Object.keys(check.errors)).toEqual(['email'])
    const shop = {
      name: 'Nyota',
      type: 'Artisan',
      county: 'Nairobi',
      town: 'Westlands',
      phone: '+254712345678',
      payoutPhone: null,
      description: '',
      email: 'owner@nyota.co.ke',
    } as unknown as Shop
    expect(shopValues(shop)).toMatchObject({ phone: '0712 345 678', payoutPhone: '', email: 'owner@nyota.co.ke' })
  })

  it('asks for the current password only when the payout number is another one, and sends it only then', () => {
    const profile = { ...filled(), email: 'owner@nyota.co.ke' }
    const same = checkShop(
      { ...profile, payoutPhone: '+254 712 345 678', currentPassword: 'kept?' },
      'profile',
      '+254712345678',
    )
    expect(same.ok && same.body).not.toHaveProperty('currentPassword')
    const missing = checkShop({ ...profile, payoutPhone: '0722 124 567' }, 'profile', '+254712345678')
    expect(missing.ok ? {} : missing.errors).toEqual({
      currentPassword: 'Enter your current password to change the M-Pesa payout number',
    })
    const given = checkShop(
      { ...profile, payoutPhone: '0722 124 567', currentPassword: 'Mti-wa-mwembe-7' },
      'profile',
      '+254712345678',
    )
    expect(given.ok && given.body).toMatchObject({ payoutPhone: '0722 124 567', currentPassword: 'Mti-wa-mwembe-7' })
    // A shop from before payouts has none: giving it one is a change too.
    expect(checkShop(profile, 'profile', null).ok).toBe(false)
    expect(isPayoutChanged('0712345678', '+254712345678')).toBe(false)
    expect(isPayoutChanged('0712 345 67', '+254712345678')).toBe(true)
    expect(isPayoutChanged('', null)).toBe(false)
  })
})
