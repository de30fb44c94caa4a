// The B2C and Transaction Status endpoints' refusals and acknowledgements, straight over HTTP: Daraja's envelope and
// wording for each bad body, the duplicate OriginatorConversationID, and the simulator's own page of payments.
import { constants, publicEncrypt } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DarajaSimulator, startDarajaSimulator } from './simulator.ts'

const BASIC = `Basic ${Buffer.from('key:secret').toString('base64')}`
let simulator: DarajaSimulator
let token: string
let credential: string
let sequence = 0

beforeAll(async () => {
  simulator = await startDarajaSimulator({
    consumerKey: 'key',
    consumerSecret: 'secret',
    shortCode: '174379',
    passkey: 'passkey',
    b2cShortCode: '600992',
    initiatorName: 'testapi',
    initiatorPassword: 'Safaricom#2024',
    // Long enough that no Result is posted while these tests run.
    resolveDelayMs: 60_000,
  })
  const answer = await fetch(`${simulator.url}/oauth/v1/generate?grant_type=client_credentials`, {
    headers: { authorization: BASIC },
  })
  token = ((await answer.json()) as { access_token: string }).access_token
  credential = publicEncrypt(
    { key: simulator.securityCertificate, padding: constants.RSA_PKCS1_PADDING },
    Buffer.from('Safaricom#2024'),
  ).toString('base64')
})

afterAll(() => simulator.close())

const nextId = () => `soko-test-${++sequence}`

function paymentBody(overrides: Record<string, unknown> = {}) {
  return {
    OriginatorConversationID: nextId(),
    InitiatorName: 'testapi',
    SecurityCredential: credential,
    CommandID: 'BusinessPayment',
    Amount: '10',
    PartyA: '600992',
    PartyB: '254705912645',
    Remarks: 'remarked',
    QueueTimeOutURL: 'https://shop.example/b2c/timeout',
    ResultURL: 'https://shop.example/b2c/result',
    Occassion: 'ChristmasPay',
    ...overrides,
  }
}

function statusBody(overrides: Record<string, unknown> = {}) {
  return {
    Initiator: 'testapi',
    SecurityCredential: credential,
    CommandID: 'TransactionStatusQuery',
    OriginalConversationID: 'unknown',
    PartyA: '600992',
    IdentifierType: '4',
    ResultURL: 'https://shop.example/b2c/status',
    QueueTimeOutURL: 'https://shop.example/b2c/timeout',
    Remarks: 'status',
    Occasion: 'payout',
    ...overrides,
  }
}

async function post(path: string, body: unknown, bearer = token) {
  const answer = await fetch(`${simulator.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
  return { status: answer.status, body: (await answer.json()) as Record<string, unknown> }
}

const V3 = '/mpesa/b2c/v3/paymentrequest'
const STATUS = '/mpesa/transactionstatus/v1/query'

describe('B2C payment request', () => {
  it('acknowledges a valid request with both conversation ids, as the reference shows', async () => {
    const body = paymentBody({ Amount: 10 })
    const answer = await post(V3, body)
    expect(answer).toEqual({
      status: 200,
      body: {
        ConversationID: expect.stringMatching(/^AG_\d{8}_[0-9a-f]{20}$/),
        OriginatorConversationID: body.OriginatorConversationID,
        ResponseCode: '0',
        ResponseDescription: 'Accept the service request successfully.',
      },
    })
    expect(simulator.b2cPayments()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          originatorConversationId: body.OriginatorConversationID,
          state: 'pending',
          amount: 10,
        }),
      ]),
    )
  })

  it('refuses a second request with the same OriginatorConversationID', async () => {
    const body = paymentBody()
    expect((await post(V3, body)).status).toBe(200)
    const again = await post(V3, { ...body, Amount: '20' })
    expect(again).toMatchObject({
      status: 500,
      body: { errorCode: '500.002.1001', errorMessage: 'Duplicate OriginatorConversationID.' },
    })
    expect(again.body.requestId).toEqual(expect.any(String))
  })

  it('takes the older v1 path, where Daraja made the OriginatorConversationID', async () => {
    const { OriginatorConversationID: _omitted, ...body } = paymentBody()
    const answer = await post('/mpesa/b2c/v1/paymentrequest', body)
    expect(answer.status).toBe(200)
    expect(answer.body.OriginatorConversationID).toEqual(expect.any(String))
  })

  it('refuses an unknown token with 404.001.03', async () => {
    expect(await post(V3, paymentBody(), 'nope')).toMatchObject({
      status: 404,
      body: { errorCode: '404.001.03', errorMessage: 'Invalid Access Token' },
    })
  })

  it.each([
    [{ OriginatorConversationID: undefined }, 'OriginatorConversationID'],
    [{ OriginatorConversationID: 'has spaces in it' }, 'OriginatorConversationID'],
    [{ InitiatorName: undefined }, 'InitiatorName'],
    [{ SecurityCredential: '' }, 'SecurityCredential'],
    [{ CommandID: 'CustomerPayBillOnline' }, 'CommandID'],
    [{ Amount: 9 }, 'Amount'],
    [{ Amount: '10.50' }, 'Amount'],
    [{ Amount: 250_001 }, 'Amount'],
    [{ Amount: 'ten' }, 'Amount'],
    [{ PartyA: '174379' }, 'PartyA'],
    [{ PartyB: '0705912645' }, 'PartyB'],
    [{ PartyB: '+254705912645' }, 'PartyB'],
    [{ PartyB: '254201234567' }, 'PartyB'],
    [{ Remarks: 'x' }, 'Remarks'],
    [{ Remarks: 'r'.repeat(101) }, 'Remarks'],
    [{ QueueTimeOutURL: 'ftp://shop.example' }, 'QueueTimeOutURL'],
    [{ ResultURL: undefined }, 'ResultURL'],
    [{ ResultURL: 'not a url' }, 'ResultURL'],
    [{ Occassion: 'o'.repeat(101) }, 'Occassion'],
  ])('refuses %j as Bad Request - Invalid %s', async (overrides, field) => {
    expect(await post(V3, paymentBody(overrides))).toMatchObject({
      status: 400,
      body: { errorCode: '400.002.02', errorMessage: `Bad Request - Invalid ${field}` },
    })
  })

  it('refuses bad JSON and a body that is not an object in the same envelope', async () => {
    expect(await post(V3, '{not json')).toMatchObject({ status: 400, body: { errorCode: '400.002.02' } })
    expect(await post(V3, '[1,2]')).toMatchObject({ status: 400, body: { errorCode: '400.002.02' } })
  })

  it('answers 405 for GET', async () => {
    const answer = await fetch(`${simulator.url}${V3}`)
    expect(answer.status).toBe(405)
  })
})

describe('Transaction Status query', () => {
  it('acknowledges a query for a payment it holds, by OriginatorConversationID or ConversationID', async () => {
    const body = paymentBody()
    const paid = await post(V3, body)
    for (const id of [body.OriginatorConversationID, paid.body.ConversationID]) {
      const answer = await post(STATUS, statusBody({ OriginalConversationID: id }))
      expect(answer).toEqual({
        status: 200,
        body: {
          OriginatorConversationID: expect.any(String),
          ConversationID: expect.stringMatching(/^AG_/),
          ResponseCode: '0',
          ResponseDescription: 'Accept the service request successfully.',
        },
      })
    }
  })

  it.each([
    [{ CommandID: 'TransactionStatus' }, 'CommandID'],
    [{ Initiator: undefined, InitiatorName: 'testapi' }, 'Initiator'],
    [{ OriginalConversationID: undefined }, 'TransactionID'],
    [{ OriginalConversationID: 'never-sent' }, 'OriginalConversationID'],
    [{ OriginalConversationID: undefined, TransactionID: 'SG632NMUAB' }, 'TransactionID'],
    [{ IdentifierType: '1' }, 'IdentifierType'],
    [{ PartyA: '600000' }, 'PartyA'],
    [{ ResultURL: 'mailto:x@example.com' }, 'ResultURL'],
    [{ Remarks: '' }, 'Remarks'],
  ])('refuses %j as Bad Request - Invalid %s', async (overrides, field) => {
    expect(await post(STATUS, statusBody(overrides))).toMatchObject({
      status: 400,
      body: { errorCode: '400.002.02', errorMessage: `Bad Request - Invalid ${field}` },
    })
  })
})

describe('simulator extras', () => {
  it('serves its certificate and a page of the payments asked for', async () => {
    const certificate = await fetch(`${simulator.url}/__simulator/security-certificate`)
    expect(await certificate.text()).toBe(simulator.securityCertificate)
    expect(simulator.securityCertificate).toMatch(/^-----BEGIN PUBLIC KEY-----/)
    await post(V3, paymentBody({ PartyB: '254711223344', Remarks: '<script>payout</script>' }))
    const page = await fetch(`${simulator.url}/__simulator/b2c`)
    expect(page.headers.get('content-type')).toMatch(/^text\/html/)
    const html = await page.text()
    expect(html).toContain('254711223344')
    expect(html).toContain('&#60;script&#62;payout')
    expect(html).not.toContain('<script>')
  })
})
