import { describe, expect, it } from 'vitest'
import {
  DarajaClient,
  DarajaError,
  darajaPassword,
  darajaTimestamp,
  MPESA_DEFAULT_RESULT_MESSAGE,
  mpesaResultMessage,
  parseStkCallback,
  toDarajaMsisdn,
} from './daraja.ts'

const SANDBOX_PASSKEY = 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919'

describe('darajaPassword', () => {
  it('matches the official sample request', () => {
    expect(darajaPassword('174379', SANDBOX_PASSKEY, '20210628092408')).toBe(
      'MTc0Mzc5YmZiMjc5ZjlhYTliZGJjZjE1OGU5N2RkNzFhNDY3Y2QyZTBjODkzMDU5YjEwZjc4ZTZiNzJhZGExZWQyYzkxOTIwMjEwNjI4MDkyNDA4',
    )
  })
})

describe('darajaTimestamp', () => {
  it('is Nairobi wall-clock time (UTC+3), whatever the server zone', () => {
    expect(darajaTimestamp(new Date('2021-06-28T06:24:08Z'))).toBe('20210628092408')
  })

  it('rolls over to the next day and year at Nairobi midnight', () => {
    expect(darajaTimestamp(new Date('2023-12-31T21:00:00Z'))).toBe('20240101000000')
    expect(darajaTimestamp(new Date('2024-01-01T21:30:05Z'))).toBe('20240102003005')
  })
})

describe('toDarajaMsisdn', () => {
  it.each([
    ['0712345678', '254712345678'],
    ['0712 345 678', '254712345678'],
    ['+254 712-345-678', '254712345678'],
    ['254712345678', '254712345678'],
    ['712345678', '254712345678'],
    ['0112345678', '254112345678'],
    ['+254110000000', '254110000000'],
    ['0101234567', '254101234567'],
  ])('%s → %s', (input, expected) => {
    expect(toDarajaMsisdn(input)).toBe(expected)
  })

  it.each([
    '',
    '0201234567', // a Nairobi landline
    '071234567', // one digit short
    '07123456789',
    '+255712345678', // Tanzania
    '0120123456', // Telkom's 012 range cannot hold M-Pesa
    'phone',
  ])('refuses %j', (input) => {
    expect(toDarajaMsisdn(input)).toBeNull()
  })
})

describe('parseStkCallback', () => {
  it('reads a paid callback by item name, past a Balance item without a value', () => {
    const parsed = parseStkCallback({
      Body: {
        stkCallback: {
          MerchantRequestID: '29115-34620561-1',
          CheckoutRequestID: 'ws_CO_191220191020363925',
          ResultCode: 0,
          ResultDesc: 'The service request is processed successfully.',
          CallbackMetadata: {
            Item: [
              { Name: 'Amount', Value: 1.0 },
              { Name: 'MpesaReceiptNumber', Value: 'NLJ7RT61SV' },
              { Name: 'Balance' },
              { Name: 'TransactionDate', Value: 20191219102115 },
              { Name: 'PhoneNumber', Value: 254708374149 },
            ],
          },
        },
      },
    })
    expect(parsed).toEqual({
      merchantRequestId: '29115-34620561-1',
      checkoutRequestId: 'ws_CO_191220191020363925',
      resultCode: 0,
      resultDesc: 'The service request is processed successfully.',
      amountKes: 1,
      receipt: 'NLJ7RT61SV',
      phone: '254708374149',
      transactionDate: '20191219102115',
    })
  })

  it('reads a failure, which has no metadata', () => {
    const parsed = parseStkCallback({
      Body: {
        stkCallback: {
          MerchantRequestID: 'f1e2-4b95-a71d-b30d3cdbb7a7942864',
          CheckoutRequestID: 'ws_CO_21072024125243250722943992',
          ResultCode: 1032,
          ResultDesc: 'Request cancelled by user',
        },
      },
    })
    expect(parsed).toMatchObject({ resultCode: 1032, amountKes: null, receipt: null, phone: null })
  })

  it('accepts a numeric string ResultCode rather than misreading it as a failure', () => {
    const body = { Body: { stkCallback: { MerchantRequestID: 'm', CheckoutRequestID: 'c', ResultCode: '0' } } }
    expect(parseStkCallback(body)?.resultCode).toBe(0)
  })

  it.each([
    null,
    'text',
    [],
    {},
    { Body: {} },
    { Body: { stkCallback: { CheckoutRequestID: 'c', ResultCode: 0 } } },
    { Body: { stkCallback: { MerchantRequestID: 'm', CheckoutRequestID: 'c', ResultCode: 'zero' } } },
    { Body: { stkCallback: { MerchantRequestID: 'm', CheckoutRequestID: 'c', ResultCode: '' } } },
    { Body: { stkCallback: { MerchantRequestID: 'm', CheckoutRequestID: 'c' } } },
  ])('answers null for junk: %j', (body) => {
    expect(parseStkCallback(body)).toBeNull()
  })
})

describe('mpesaResultMessage', () => {
  it('speaks to the shopper, with a general sentence for unknown codes', () => {
    expect(mpesaResultMessage(1032)).toBe('You cancelled the M-Pesa request on your phone.')
    expect(mpesaResultMessage(2001)).toBe('The M-Pesa PIN was wrong.')
    expect(mpesaResultMessage(424242)).toBe(MPESA_DEFAULT_RESULT_MESSAGE)
  })
})

describe('DarajaClient.stkPush', () => {
  // An address nothing listens on: a request that reached the network would fail as 'network'.
  const client = new DarajaClient({
    baseUrl: 'http://127.0.0.1:9',
    consumerKey: 'k',
    consumerSecret: 's',
    shortCode: '174379',
    passkey: SANDBOX_PASSKEY,
    transactionType: 'CustomerPayBillOnline',
    partyB: '174379',
  })
  const push = { phone: '0712345678', accountReference: 'SOKO-1', description: 'Order', callbackUrl: 'http://x/cb' }

  it.each([0, -5, 10.5, Number.NaN, 250_001])('refuses amount %s before any request', async (amountKes) => {
    await expect(client.stkPush({ ...push, amountKes })).rejects.toMatchObject({ errorCode: 'invalid_amount' })
  })

  it('refuses a phone that cannot pay by M-Pesa before any request', async () => {
    const error = await client.stkPush({ ...push, amountKes: 10, phone: '0201234567' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(DarajaError)
    expect(error).toMatchObject({ httpStatus: 0, errorCode: 'invalid_phone' })
  })
})
