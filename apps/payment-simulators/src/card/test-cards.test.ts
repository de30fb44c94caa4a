import { describe, expect, it } from 'vitest'
import { formatAmount } from './page.ts'
import { cardBrand, chargeResultFor, isLuhnValid, TEST_CARDS } from './test-cards.ts'

describe('test cards', () => {
  it('are all Luhn-valid, so each reaches its fixed answer', () => {
    for (const card of TEST_CARDS) expect(isLuhnValid(card.number)).toBe(true)
  })

  it('refuses numbers whose checksum fails or whose length is wrong', () => {
    expect(isLuhnValid('4084084084084082')).toBe(false)
    expect(isLuhnValid('40840840')).toBe(false)
    expect(isLuhnValid('4084 0840 8408 4081')).toBe(false) // callers strip spaces first
  })

  it('answers the fixed cards and lets any other valid number succeed', () => {
    expect(chargeResultFor('4000000000000002')).toMatchObject({ status: 'failed', gatewayResponse: 'Declined' })
    expect(chargeResultFor('4000000000009995').gatewayResponse).toBe('Insufficient Funds')
    expect(chargeResultFor('5555555555554444')).toEqual({ status: 'success', gatewayResponse: 'Approved' })
  })

  it('names the scheme as Paystack does', () => {
    expect(cardBrand('4084084084084081')).toBe('visa')
    expect(cardBrand('5555555555554444')).toBe('mastercard')
    expect(cardBrand('2223003122003222')).toBe('mastercard')
    expect(cardBrand('378282246310005')).toBe('american express')
  })

  it('shows amounts in shillings with thousands separators', () => {
    expect(formatAmount(123400, 'KES')).toBe('KES 1,234.00')
    expect(formatAmount(5, 'KES')).toBe('KES 0.05')
    expect(formatAmount(123456789, 'KES')).toBe('KES 1,234,567.89')
  })
})
