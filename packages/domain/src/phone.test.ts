import { describe, expect, it } from 'vitest'
import {
  formatKenyanMobile,
  formatPhone,
  kenyanMobileOperator,
  MPESA_NUMBER_INVALID,
  MPESA_NUMBER_REQUIRED,
  maskKenyanMobile,
  mpesaNumberProblem,
  normaliseKenyanMobile,
  toMsisdn,
} from './phone.ts'

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

describe('the operator of a mobile range', () => {
  // Every range of the numbering plan's carrier table, with its first and last numbers where the range is wide.
  it.each([
    ['+254700000000', 'Safaricom'],
    ['+254709999999', 'Safaricom'],
    ['+254710000000', 'Safaricom'],
    ['+254719999999', 'Safaricom'],
    ['+254720000000', 'Safaricom'],
    ['+254729999999', 'Safaricom'],
    ['+254730000000', 'Airtel'],
    ['+254739999999', 'Airtel'],
    ['+254740000000', 'Safaricom'],
    ['+254741000000', 'Safaricom'],
    ['+254742000000', 'Safaricom'],
    ['+254743999999', 'Safaricom'],
    ['+254744000000', 'Homeland Media'],
    ['+254745000000', 'Safaricom'],
    ['+254746000000', 'Safaricom'],
    ['+254747000000', 'JTL'],
    ['+254748000000', 'Safaricom'],
    ['+254749999999', 'Safaricom'],
    ['+254750000000', 'Airtel'],
    ['+254756999999', 'Airtel'],
    ['+254757000000', 'Safaricom'],
    ['+254758000000', 'Safaricom'],
    ['+254759999999', 'Safaricom'],
    ['+254760000000', 'Mobile Pay'],
    ['+254761000000', 'Airtel'],
    ['+254762999999', 'Airtel'],
    ['+254763000000', 'Equitel'],
    ['+254766999999', 'Equitel'],
    ['+254767000000', 'Sema'],
    ['+254768000000', 'Safaricom'],
    ['+254769999999', 'Safaricom'],
    ['+254770000000', 'Telkom'],
    ['+254779999999', 'Telkom'],
    ['+254780000000', 'Airtel'],
    ['+254789999999', 'Airtel'],
    ['+254790000000', 'Safaricom'],
    ['+254799999999', 'Safaricom'],
    ['+254100000000', 'Airtel'],
    ['+254109999999', 'Airtel'],
    ['+254110000000', 'Safaricom'],
    ['+254119999999', 'Safaricom'],
    ['+254140000000', 'Safaricom'],
    ['+254180000000', 'Safaricom'],
    ['254712345678', 'Safaricom'],
  ])('%s is %s', (e164, operator) => {
    expect(kenyanMobileOperator(e164)).toBe(operator)
  })

  it('knows no operator outside the mobile ranges', () => {
    expect(kenyanMobileOperator('+254201234567')).toBeNull()
    expect(kenyanMobileOperator('+254120123456')).toBeNull()
  })
})

describe('an M-Pesa number', () => {
  it.each([
    '0712 345 678',
    '0701 000 001',
    '0722000000',
    '+254 741 234 567',
    '254748123456',
    '0757 123 456',
    '0759123456',
    '0768 123 456',
    '0769123456',
    '0799 111 222',
    '0110 123 456',
    '0115123456',
    '+254119999999',
    // The payment simulator's outcome endings, on a Safaricom line.
    '0712 341 032',
    '0712 342 001',
    '0712 340 001',
    '0712 341 037',
    '0712 340 404',
    '0712 342 222',
    '0712 340 500',
  ])('%s can get a prompt', (input) => {
    expect(mpesaNumberProblem(input)).toBeNull()
  })

  it.each([
    ['0733 123 456', 'M-Pesa needs a Safaricom number. 0733 123 456 is an Airtel line.'],
    ['+254 750 123 456', 'M-Pesa needs a Safaricom number. 0750 123 456 is an Airtel line.'],
    ['0756123456', 'M-Pesa needs a Safaricom number. 0756 123 456 is an Airtel line.'],
    ['0761123456', 'M-Pesa needs a Safaricom number. 0761 123 456 is an Airtel line.'],
    ['0762123456', 'M-Pesa needs a Safaricom number. 0762 123 456 is an Airtel line.'],
    ['254781234567', 'M-Pesa needs a Safaricom number. 0781 234 567 is an Airtel line.'],
    ['0100 123 456', 'M-Pesa needs a Safaricom number. 0100 123 456 is an Airtel line.'],
    ['0108123456', 'M-Pesa needs a Safaricom number. 0108 123 456 is an Airtel line.'],
    ['0772 123 456', 'M-Pesa needs a Safaricom number. 0772 123 456 is a Telkom line.'],
    ['0763 123 456', 'M-Pesa needs a Safaricom number. 0763 123 456 is an Equitel line.'],
    ['0744 123 456', 'M-Pesa needs a Safaricom number. 0744 123 456 is a Homeland Media line.'],
    ['0747 123 456', 'M-Pesa needs a Safaricom number. 0747 123 456 is a JTL line.'],
    ['0760 123 456', 'M-Pesa needs a Safaricom number. 0760 123 456 is a Mobile Pay line.'],
    ['0767 123 456', 'M-Pesa needs a Safaricom number. 0767 123 456 is a Sema line.'],
    ['', MPESA_NUMBER_REQUIRED],
    ['   ', MPESA_NUMBER_REQUIRED],
    ['0712', MPESA_NUMBER_INVALID],
    ['0201234567', MPESA_NUMBER_INVALID],
    ['0120123456', MPESA_NUMBER_INVALID],
    ['0141234567', MPESA_NUMBER_INVALID],
    ['+255712345678', MPESA_NUMBER_INVALID],
    ['phone', MPESA_NUMBER_INVALID],
  ])('%j is refused: %s', (input, message) => {
    expect(mpesaNumberProblem(input)).toBe(message)
  })
})

describe('phone numbers as shown', () => {
  it.each([
    ['+254712345678', '0712 345 678'],
    ['254712345678', '0712 345 678'],
    ['0712345678', '0712 345 678'],
    ['0712-345-678', '0712 345 678'],
    ['+254 112 345 678', '0112 345 678'],
    ['0101234567', '0101 234 567'],
    // Not a Kenyan mobile number: shown as it is.
    ['0712 *** 678', '0712 *** 678'],
    ['+44 20 7946 0958', '+44 20 7946 0958'],
    ['  020 2222222 ', '020 2222222'],
  ])('formatPhone(%j) is %j', (input, expected) => {
    expect(formatPhone(input)).toBe(expected)
  })
})
