// The simulator's refusals, straight over HTTP: each must come in Daraja's own envelope and wording.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { nairobiTimestamp } from './nairobi-time.ts'
import { type DarajaSimulator, startDarajaSimulator } from './simulator.ts'

const SHORT_CODE = '174379'
const PASSKEY = 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919'
const BASIC = `Basic ${Buffer.from('key:secret').toString('base64')}`

let simulator: DarajaSimulator
let token: string

beforeAll(async () => {
  simulator = await startDarajaSimulator({
    consumerKey: 'key',
    consumerSecret: 'secret',
    shortCode: SHORT_CODE,
    passkey: PASSKEY,
    resolveDelayMs: 60_000,
  })
  const answer = await fetch(`${simulator.url}/oauth/v1/generate?grant_type=client_credentials`, {
    headers: { authorization: BASIC },
  })
  const body = (await answer.json()) as { access_token: string; expires_in: unknown }
  expect(body.expires_in).toBe('3599')
  token = body.access_token
})

afterAll(() => simulator.close())

function pushBody(overrides: Record<string, unknown> = {}) {
  const timestamp = nairobiTimestamp()
  return {
    BusinessShortCode: 174379,
    Password: Buffer.from(`${SHORT_CODE}${PASSKEY}${timestamp}`).toString('base64'),
    Timestamp: timestamp,
    TransactionType: 'CustomerPayBillOnline',
    Amount: '1',
    PartyA: '254722000000',
    PartyB: '174379',
    PhoneNumber: '254722000000',
    CallBackURL: 'https://shop.example/payments/lnm/cb/x',
    AccountReference: 'accountref',
    TransactionDesc: 'txndesc',
    ...overrides,
  }
}

async function call(path: string, init: RequestInit = {}) {
  const answer = await fetch(`${simulator.url}${path}`, init)
  return { status: answer.status, body: (await answer.json()) as Record<string, unknown> }
}

const pushRaw = (body: string, bearer = token) =>
  call('/mpesa/stkpush/v1/processrequest', {
    method: 'POST',
    headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
    body,
  })

describe('Daraja simulator', () => {
  it('refuses a wrong grant type and a wrong Basic credential', async () => {
    expect(await call('/oauth/v1/generate?grant_type=password', { headers: { authorization: BASIC } })).toMatchObject({
      status: 400,
      body: { errorCode: '400.008.02', errorMessage: 'Invalid grant type passed' },
    })
    expect(await call('/oauth/v1/generate?grant_type=client_credentials')).toMatchObject({
      status: 400,
      body: { errorCode: '400.008.01' },
    })
  })

  it('refuses an unknown token with 404.001.03', async () => {
    const answer = await pushRaw(JSON.stringify(pushBody()), 'not-a-token')
    expect(answer.status).toBe(404)
    expect(answer.body).toMatchObject({ errorCode: '404.001.03', errorMessage: 'Invalid Access Token' })
    expect(answer.body.requestId).toEqual(expect.any(String))
  })

  it.each([
    [{ Password: 'd3Jvbmc=' }, 500, '500.001.1001', 'Wrong credentials'],
    [{ Timestamp: '20210628092408' }, 400, '400.002.02', 'Bad Request - Invalid Timestamp'],
    [{ Amount: 0 }, 400, '400.002.02', 'Bad Request - Invalid Amount'],
    [{ Amount: '10.50' }, 400, '400.002.02', 'Bad Request - Invalid Amount'],
    [{ Amount: 250_001 }, 400, '400.002.02', 'Bad Request - Invalid Amount'],
    [{ PhoneNumber: '0722000000' }, 400, '400.002.02', 'Bad Request - Invalid PhoneNumber'],
    [{ PartyA: '254201234567' }, 400, '400.002.02', 'Bad Request - Invalid PhoneNumber'],
    [{ TransactionType: 'Other' }, 400, '400.002.02', 'Bad Request - Invalid TransactionType'],
    [{ CallBackURL: 'ftp://x' }, 400, '400.002.02', 'Bad Request - Invalid CallBackURL'],
    [{ AccountReference: 'thirteen-char' }, 400, '400.002.02', 'Bad Request - Invalid AccountReference'],
    [{ TransactionDesc: 'fourteen-chars' }, 400, '400.002.02', 'Bad Request - Invalid TransactionDesc'],
    [{ BusinessShortCode: '600000' }, 400, '400.002.02', 'Bad Request - Invalid BusinessShortCode'],
  ])('refuses %j', async (overrides, status, errorCode, errorMessage) => {
    expect(await pushRaw(JSON.stringify(pushBody(overrides)))).toMatchObject({
      status,
      body: { errorCode, errorMessage },
    })
  })

  it('refuses bad JSON and bodies over 64 KB in the same envelope', async () => {
    expect(await pushRaw('{not json')).toMatchObject({ status: 400, body: { errorCode: '400.002.02' } })
    const huge = JSON.stringify(pushBody({ Padding: 'x'.repeat(70 * 1024) }))
    expect(await pushRaw(huge)).toMatchObject({ status: 400, body: { errorCode: '400.002.02' } })
  })

  it('answers 404 for unknown paths and 405 for wrong methods', async () => {
    expect(await call('/mpesa/reversal/v1/request', { method: 'POST' })).toMatchObject({
      status: 404,
      body: { errorCode: '404.001.01', errorMessage: 'Resource not found' },
    })
    expect(await call('/mpesa/stkpush/v1/processrequest')).toMatchObject({ status: 405 })
  })

  it('accepts a push, lists its session, and locks the phone while it is open', async () => {
    const accepted = await pushRaw(JSON.stringify(pushBody({ PhoneNumber: '254711000111', PartyA: '254711000111' })))
    expect(accepted).toMatchObject({
      status: 200,
      body: { ResponseCode: '0', ResponseDescription: 'Success. Request accepted for processing' },
    })
    expect(accepted.body.CheckoutRequestID).toMatch(/^ws_CO_\d+$/)
    const sessions = await call('/__simulator/sessions')
    expect(sessions.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ checkoutRequestId: accepted.body.CheckoutRequestID, state: 'pending', amount: 1 }),
      ]),
    )
    const again = await pushRaw(JSON.stringify(pushBody({ PhoneNumber: '254711000111', PartyA: '254711000111' })))
    expect(again).toMatchObject({ status: 500, body: { errorCode: '500.001.1001' } })
    expect(again.body.errorMessage).toMatch(/^Unable to lock subscriber/)
  })
})
