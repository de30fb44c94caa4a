import { describe, expect, it } from 'vitest'
import { findCardData, isCardDataField, isLikelyCardNumber } from './card-data.ts'

describe('card data detection', () => {
  it.each([
    'number',
    'cardNumber',
    'card_number',
    'CardNumber',
    'pan',
    'cardPan',
    'PAN',
    'cvv',
    'CVV2',
    'cvc',
    'card_cvc',
    'securityCode',
    'accountnumber',
  ])('treats the field %j as card data', (name) => {
    expect(isCardDataField(name)).toBe(true)
  })

  it.each([
    'phone',
    'company',
    'expiry',
    'name',
    'last4',
    'token',
    'provider',
    'type',
    'brand',
    'panorama',
    'isDefault',
  ])('lets the field %j through', (name) => {
    expect(isCardDataField(name)).toBe(false)
  })

  it('recognises card numbers by length and Luhn check', () => {
    expect(isLikelyCardNumber('4242424242424242')).toBe(true)
    expect(isLikelyCardNumber('4242 4242 4242 4242')).toBe(true)
    expect(isLikelyCardNumber('5555-5555-5555-4444')).toBe(true)
    expect(isLikelyCardNumber('4242424242424241')).toBe(false)
    expect(isLikelyCardNumber('0712345678')).toBe(false)
    expect(isLikelyCardNumber('tok_4242424242424242')).toBe(false)
  })

  it('finds card data anywhere in a request body', () => {
    expect(findCardData({ type: 'card', provider: 'test', token: 'tok_abc123', last4: '4242' })).toEqual([])
    expect(findCardData({ type: 'card', cardNumber: '4242424242424242', cvv: '123' })).toEqual(['cardNumber', 'cvv'])
    expect(findCardData({ type: 'card', token: '4242424242424242' })).toEqual(['token'])
    expect(findCardData({ card: { pan: 'x' } })).toEqual(['card.pan'])
    expect(findCardData({ extra: [{ cvc: 1 }] })).toEqual(['extra.0.cvc'])
  })
})
