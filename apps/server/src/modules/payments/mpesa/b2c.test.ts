// The pure parts of the B2C adapter: Result and status readers as tables of cases (the reference's samples, the
// shapes seen in the wild, and junk), the date format, the SecurityCredential, and refusals made before any request.
import { constants, generateKeyPairSync, privateDecrypt, X509Certificate } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  B2C_DEFAULT_RESULT_MESSAGE,
  B2cSendError,
  DarajaB2cClient,
  parseB2CResult,
  parseB2cDateTime,
  parseTransactionStatusResult,
  securityCredential,
} from './b2c.ts'
import { DarajaClient } from './daraja.ts'

/** The reference's success Result (section 6.3). */
const PAID = {
  Result: {
    ResultType: 0,
    ResultCode: 0,
    ResultDesc: 'The service request is processed successfully.',
    OriginatorConversationID: '53e3-4aa8-9fe0-8fb5e4092cdd3533373',
    ConversationID: 'AG_20240706_2010364430d9bbdaf872',
    TransactionID: 'SG632NMUAB',
    ResultParameters: {
      ResultParameter: [
        { Key: 'TransactionAmount', Value: 10 },
        { Key: 'TransactionReceipt', Value: 'SG632NMUAB' },
        { Key: 'ReceiverPartyPublicName', Value: '254705912645 - NICHOLAS JOHN SONGOK' },
        { Key: 'TransactionCompletedDateTime', Value: '06.07.2024 22:48:52' },
        { Key: 'B2CUtilityAccountAvailableFunds', Value: 8959269.6 },
        { Key: 'B2CWorkingAccountAvailableFunds', Value: 1199371.0 },
        { Key: 'B2CRecipientIsRegisteredCustomer', Value: 'Y' },
        { Key: 'B2CChargesPaidAccountAvailableFunds', Value: -1980.0 },
      ],
    },
    ReferenceData: {
      ReferenceItem: {
        Key: 'QueueTimeoutURL',
        Value: 'https://internalsandbox.safaricom.co.ke/mpesa/b2cresults/v1/submit',
      },
    },
  },
}

const failed = (ResultCode: unknown, ResultDesc = 'failed') => ({
  Result: { ...PAID.Result, ResultCode, ResultDesc, ResultParameters: undefined },
})

const withParameters = (ResultParameter: unknown) => ({
  Result: { ...PAID.Result, ResultParameters: { ResultParameter } },
})

describe('parseB2CResult', () => {
  it('reads the reference sample as paid, by key', () => {
    expect(parseB2CResult(PAID)).toEqual({
      outcome: 'paid',
      originatorConversationId: '53e3-4aa8-9fe0-8fb5e4092cdd3533373',
      conversationId: 'AG_20240706_2010364430d9bbdaf872',
      receipt: 'SG632NMUAB',
      amountCents: 1000,
      receiverName: '254705912645 - NICHOLAS JOHN SONGOK',
      completedAt: new Date('2024-07-06T19:48:52Z'),
      utilityFundsCents: 895926960,
    })
  })

  it.each([
    [2001, '2001', "Safaricom refused the marketplace's M-Pesa payout settings."],
    ['1', '1', "The marketplace's M-Pesa payout account did not have enough money for this payment."],
    ['SFC_IC0003', 'SFC_IC0003', 'The receiving number is not an M-Pesa number. Check the number.'],
    [2040, '2040', 'The receiving number is not registered for M-Pesa. Register it with M-Pesa or use another number.'],
    [17, '17', B2C_DEFAULT_RESULT_MESSAGE],
  ])('reads ResultCode %j as failed %s with a message for the receiver', (code, resultCode, message) => {
    expect(parseB2CResult(failed(code, 'The initiator information is invalid.'))).toEqual({
      outcome: 'failed',
      originatorConversationId: '53e3-4aa8-9fe0-8fb5e4092cdd3533373',
      conversationId: 'AG_20240706_2010364430d9bbdaf872',
      transactionId: 'SG632NMUAB',
      resultCode,
      resultDesc: 'The initiator information is invalid.',
      message,
    })
  })

  it.each([
    ['ResultCode as the string "0"', { Result: { ...PAID.Result, ResultCode: '0' } }, 1000],
    [
      'amount as text with cents',
      withParameters([
        { Key: 'TransactionAmount', Value: '1234.50' },
        { Key: 'TransactionReceipt', Value: 'R1' },
      ]),
      123450,
    ],
    [
      'a lone parameter object and the receipt from TransactionID',
      withParameters({ Key: 'TransactionAmount', Value: 25 }),
      2500,
    ],
  ])('reads %s', (_name, body, amountCents) => {
    const parsed = parseB2CResult(body)
    expect(parsed).toMatchObject({ outcome: 'paid', amountCents })
  })

  it('keeps a paid result whose date or funds are unreadable, with those as null', () => {
    const body = withParameters([
      { Key: 'TransactionAmount', Value: 10 },
      { Key: 'TransactionReceipt', Value: 'SG632NMUAB' },
      { Key: 'TransactionCompletedDateTime', Value: '31.02.2024 10:00:00' },
      { Key: 'B2CUtilityAccountAvailableFunds', Value: 'lots' },
    ])
    expect(parseB2CResult(body)).toMatchObject({
      outcome: 'paid',
      completedAt: null,
      utilityFundsCents: null,
      receiverName: null,
    })
  })

  it.each([
    ['null', null],
    ['text', 'Result'],
    ['an array', [PAID]],
    ['no Result', {}],
    ['a Body instead (an STK callback)', { Body: { stkCallback: { ResultCode: 0 } } }],
    ['no ResultCode', { Result: { ...PAID.Result, ResultCode: undefined } }],
    ['a fractional ResultCode', { Result: { ...PAID.Result, ResultCode: 0.5 } }],
    ['an empty ResultCode', { Result: { ...PAID.Result, ResultCode: '' } }],
    ['no OriginatorConversationID', { Result: { ...PAID.Result, OriginatorConversationID: undefined } }],
    ['no ConversationID', { Result: { ...PAID.Result, ConversationID: '' } }],
    ['success without parameters', { Result: { ...PAID.Result, ResultParameters: undefined } }],
    ['success without an amount', withParameters([{ Key: 'TransactionReceipt', Value: 'SG632NMUAB' }])],
    ['success with a negative amount', withParameters([{ Key: 'TransactionAmount', Value: -10 }])],
    ['success with an amount of zero', withParameters([{ Key: 'TransactionAmount', Value: 0 }])],
    ['success with an amount in words', withParameters([{ Key: 'TransactionAmount', Value: 'ten' }])],
    [
      'success without a receipt',
      { Result: { ...withParameters([{ Key: 'TransactionAmount', Value: 10 }]).Result, TransactionID: undefined } },
    ],
  ])('refuses %s', (_name, body) => {
    expect(parseB2CResult(body)).toBeNull()
  })
})

/** A Transaction Status Result as seen in the wild: keys with spaces, times as numbers. */
const STATUS = {
  Result: {
    ResultType: 0,
    ResultCode: 0,
    ResultDesc: 'The service request has been accepted successfully.',
    OriginatorConversationID: '10816-694520-2',
    ConversationID: 'AG_20170727_000059c52529a8e080bd',
    TransactionID: 'LGR0000000',
    ResultParameters: {
      ResultParameter: [
        { Key: 'ReceiptNo', Value: 'LGR919G2AV' },
        { Key: 'Conversation ID', Value: 'AG_20170727_00004492b1b6d0078fbe' },
        { Key: 'FinalisedTime', Value: 20170727101415 },
        { Key: 'Amount', Value: 10 },
        { Key: 'TransactionStatus', Value: 'Completed' },
        { Key: 'ReasonType', Value: 'Salary Payment via API' },
        { Key: 'TransactionReason' },
        { Key: 'DebitPartyCharges', Value: 'Fee For B2C Payment|KES|33.00' },
        { Key: 'DebitAccountType', Value: 'Utility Account' },
        { Key: 'InitiatedTime', Value: 20170727101415 },
        { Key: 'Originator Conversation ID', Value: '19455-773836-1' },
        { Key: 'CreditPartyName', Value: '254708374149 - John Doe' },
        { Key: 'DebitPartyName', Value: '600134 - Safaricom157' },
      ],
    },
    ReferenceData: { ReferenceItem: { Key: 'Occasion', Value: 'aaaa' } },
  },
}

const statusWith = (changes: Record<string, unknown>) => ({
  Result: {
    ...STATUS.Result,
    ResultParameters: {
      ResultParameter: [
        ...STATUS.Result.ResultParameters.ResultParameter.filter((item) => !(item.Key in changes)),
        ...Object.entries(changes).map(([Key, Value]) => ({ Key, Value })),
      ],
    },
  },
})

describe('parseTransactionStatusResult', () => {
  it('reads a completed payment, keys with spaces or without', () => {
    expect(parseTransactionStatusResult(STATUS)).toEqual({
      outcome: 'found',
      queryConversationId: 'AG_20170727_000059c52529a8e080bd',
      queryOriginatorConversationId: '10816-694520-2',
      originatorConversationId: '19455-773836-1',
      status: 'completed',
      statusText: 'Completed',
      receipt: 'LGR919G2AV',
      amountCents: 1000,
      finalisedAt: new Date('2017-07-27T07:14:15Z'),
      reason: null,
    })
  })

  it.each([
    ['Failed', 'failed'],
    ['Pending', 'other'],
  ])('reads TransactionStatus %s as %s', (text, status) => {
    const parsed = parseTransactionStatusResult(
      statusWith({
        TransactionStatus: text,
        ReceiptNo: '',
        TransactionReason: 'The balance is insufficient for the transaction.',
      }),
    )
    expect(parsed).toMatchObject({
      outcome: 'found',
      status,
      receipt: null,
      reason: 'The balance is insufficient for the transaction.',
    })
  })

  it('reads a failed query (which says nothing of the payment)', () => {
    const body = {
      Result: {
        ...STATUS.Result,
        ResultCode: 2001,
        ResultDesc: 'The initiator information is invalid.',
        ResultParameters: undefined,
      },
    }
    expect(parseTransactionStatusResult(body)).toEqual({
      outcome: 'query_failed',
      queryConversationId: 'AG_20170727_000059c52529a8e080bd',
      queryOriginatorConversationId: '10816-694520-2',
      resultCode: '2001',
      resultDesc: 'The initiator information is invalid.',
    })
  })

  it.each([
    ['null', null],
    ['no Result', { result: STATUS.Result }],
    ['no TransactionStatus', statusWith({ TransactionStatus: '' })],
    ['Completed without a receipt', statusWith({ ReceiptNo: '' })],
    ['Completed without an amount', statusWith({ Amount: 'n/a' })],
  ])('refuses %s', (_name, body) => {
    expect(parseTransactionStatusResult(body)).toBeNull()
  })
})

describe('parseB2cDateTime', () => {
  it.each([
    ['06.07.2024 22:48:52', new Date('2024-07-06T19:48:52Z')],
    ['01.01.2025 01:00:00', new Date('2024-12-31T22:00:00Z')],
    ['31.02.2024 10:00:00', null],
    ['2024-07-06 22:48:52', null],
    [20240706224852, null],
  ])('%j → %s', (text, expected) => {
    expect(parseB2cDateTime(text)).toEqual(expected)
  })
})

/** A self-signed 2048-bit certificate (its private key was thrown away): the shape of Safaricom's `.cer` files. */
const TEST_CERTIFICATE = `-----BEGIN CERTIFICATE-----
MIIDMTCCAhmgAwIBAgIUZHlpgjWjBKZ2B+eGs2+q7YWDAHEwDQYJKoZIhvcNAQEL
BQAwJzElMCMGA1UEAwwcU29rbyB0ZXN0IE0tUGVzYSBjZXJ0aWZpY2F0ZTAgFw0y
NjExMjUwMDA1MjJaGA8yMTI2MTEwMTAwMDUyMlowJzElMCMGA1UEAwwcU29rbyB0
ZXN0IE0tUGVzYSBjZXJ0aWZpY2F0ZTCCASIwDQYJKoZIhvcNAQEBBQADggEPADCC
AQoCggEBALvE9jTcoErdcrUPNZCdMlEw2/yJQUvXxxMaJadwp8mkxB06stguL9QS
QHUr45OTlm8y5zHiwvMZ8qyVLoQi/o7U275PYbVM2qqXc5JWAkTNuela/B9gc41s
JrEdZc4GlJUXEKUOMlBnemelMkelzlEyLgVyBi8OmefwHSGXaYJFM07R8M/ZY4R/
TkHmg1ZtItxHxyRaZ2v00t2QKVD1xWCiwujfAI/L4xr5F2h//KqpxLWc8RLZgdUd
gjaNmL9mJsScIUGVEHbHv09j8cUxxnoV7hlHjpXbfWJpKudG4yN6qqNwo7tGDYcZ
opx8o0jETo3GsemrCu1+o3OVBjhhbL0CAwEAAaNTMFEwHQYDVR0OBBYEFH15Ff3E
ojxGdPzAlKHVI4k4z2e2MB8GA1UdIwQYMBaAFH15Ff3EojxGdPzAlKHVI4k4z2e2
MA8GA1UdEwEB/wQFMAMBAf8wDQYJKoZIhvcNAQELBQADggEBABxWKwHqfKSlEZI9
Bh9M9B6bRnrZi82Pop2OQarjWKGlfmKNoIcV3CXZYV5TIWrp1Yd93MLKGTHu3TRa
/CpRQXXYl3jPNmY5q30enAMa602z9S63NddUqwPmXAhDc82geN/ovtV/fFOoa76U
ylIzKQnINtOOowOK6WuUBvj/P9zUZK+A0jpN/8z4Cxol5FrHC6KNLixtyuOuaYmk
3j+/SG4nthV0BRDJei4USqpaHoRxIknQgpIErOtHHz5vNcAElUWnfaQxFTqVpoOh
SoJ0AHyh/7R34UXfN16lA0sEQp7QSK/GXbqMVOR64Z+wFcdPUhoJlV1IR7Zn7MLy
Zzk2sYA=
-----END CERTIFICATE-----`

describe('securityCredential', () => {
  it('is the password encrypted with the public key, PKCS #1 v1.5, base64', () => {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
    const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString()
    const credential = securityCredential('Safaricom#2024', pem)
    expect(credential).toMatch(/^[A-Za-z0-9+/]+={0,2}$/)
    // Node no longer opens PKCS #1 v1.5 by itself: open it raw and check the type-2 padding around the password.
    const block = privateDecrypt(
      { key: privateKey, padding: constants.RSA_NO_PADDING },
      Buffer.from(credential, 'base64'),
    )
    expect([block[0], block[1]]).toEqual([0, 2])
    expect(block.subarray(block.indexOf(0, 2) + 1).toString()).toBe('Safaricom#2024')
    // Random padding: a new text each time.
    expect(securityCredential('Safaricom#2024', pem)).not.toBe(credential)
  })

  it('takes an X.509 certificate, as Safaricom ships it, in PEM or DER', () => {
    for (const certificate of [TEST_CERTIFICATE, new X509Certificate(TEST_CERTIFICATE).raw]) {
      expect(Buffer.from(securityCredential('Safaricom#2024', certificate), 'base64')).toHaveLength(256)
    }
  })

  it('refuses something that is not a certificate or a key, and an empty password', () => {
    expect(() => securityCredential('pw', 'not a certificate')).toThrow(
      /neither an X.509 certificate nor a PEM public key/,
    )
    const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
    expect(() => securityCredential('', publicKey.export({ type: 'spki', format: 'pem' }).toString())).toThrow(/empty/)
  })
})

describe('DarajaB2cClient.sendB2C refusals before any request', () => {
  // An address nothing listens on: a request that reached the network would fail as 'uncertain'.
  const daraja = new DarajaClient({
    baseUrl: 'http://127.0.0.1:9',
    consumerKey: 'k',
    consumerSecret: 's',
    shortCode: '174379',
    passkey: 'p',
    transactionType: 'CustomerPayBillOnline',
    partyB: '174379',
  })
  const client = new DarajaB2cClient(daraja, { shortCode: '600992', initiatorName: 'testapi', securityCredential: 'x' })
  const payout = {
    originatorId: 'payout-1',
    phone: '0712345678',
    amountCents: 100_00,
    remarks: 'Payout',
    resultUrl: 'https://soko.example/r',
    timeoutUrl: 'https://soko.example/t',
  }

  it.each([
    [{ amountCents: 1234_50 }, 'invalid_amount', 'M-Pesa pays whole shillings only: KES 1,234.50 has cents'],
    [{ amountCents: 9_00 }, 'invalid_amount', 'M-Pesa pays from KES 10.00 to KES 250,000.00 at a time'],
    [{ amountCents: 250_001_00 }, 'invalid_amount', 'M-Pesa pays from KES 10.00 to KES 250,000.00 at a time'],
    [{ amountCents: Number.NaN }, 'invalid_amount', 'The amount is not a number'],
    [{ phone: '0201234567' }, 'invalid_phone', 'Not a Kenyan mobile number that can receive M-Pesa'],
    [{ originatorId: 'has space' }, 'invalid_originator', 'The originator id must be 1-100 letters, digits or _.:-'],
    [{ remarks: ' x ' }, 'invalid_remarks', 'Remarks need 2 to 100 characters'],
    [{ resultUrl: 'ftp://x' }, 'invalid_url', 'ResultURL must be an http(s) URL'],
  ])('refuses %j as %s', async (change, errorCode, message) => {
    const error = await client.sendB2C({ ...payout, ...change }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(B2cSendError)
    expect(error).toMatchObject({ failure: 'refused', httpStatus: 0, errorCode, message })
  })

  it('calls an unreachable Daraja uncertain: the payment may exist', async () => {
    await expect(client.sendB2C(payout)).rejects.toMatchObject({ failure: 'uncertain', errorCode: 'network' })
  })
})
