import { describe, expect, it } from 'vitest'
import { formatKenyanMobile, maskKenyanMobile, normaliseKenyanMobile, toMsisdn } from './phone.ts'

describe('Kenyan mobile numbers', () => {
  it.each([
    ['0712345678', '+254712345678'],
    ['0712 345 678', '+254712345678'],
    ['0712-345-678', '+254712345678'],
    ['+254712345678', '+254712345678'],
    ['+254 712 345 678', '+254712345678'],
    ['254712345678', '+254712345678'],
    ['(0712) 345.678', '+254712345678'],
    ['0798765432', '+254798765432'],
    ['0112345678', '+254112345678'],
    ['0101234567', '+254101234567'],
    ['+254112345678', '+254112345678'],
    ['  0722000000  ', '+254722000000'],
  ])('normalises %s to %s', (input, expected) => {
    expect(normaliseKenyanMobile(input)).toBe(expected)
  })

  it.each([
    '',
    '0712',
    '071234567',
    '07123456789',
    '0201234567', // a Nairobi landline
    '0121234567', // 012x is not a mobile range
    '712345678', // no prefix: ambiguous
    '+255712345678', // Tanzania
    '+2547123456789',
    '0712345abc',
    '+254-7123-45678x',
    '00254712345678',
  ])('rejects %j', (input) => {
    expect(normaliseKenyanMobile(input)).toBeNull()
  })

  it('formats, masks and converts for Daraja', () => {
    expect(formatKenyanMobile('+254712345678')).toBe('0712 345 678')
    expect(maskKenyanMobile('+254712345678')).toBe('0712 *** 678')
    expect(maskKenyanMobile('+254112345678')).toBe('0112 *** 678')
    expect(toMsisdn('+254712345678')).toBe('254712345678')
  })
})
