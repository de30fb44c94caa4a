// C2B in the simulator, straight over HTTP: Register URL's refusals, and the phone paying a Paybill: validation
// first (a refusal stops it), then the confirmation, with Daraja's payload fields; the phone page renders and pays.
import { createServer, type IncomingMessage } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { closeServer, listen, readBody } from '../http.ts'
import type { SimulatedC2bPayment } from './c2b.ts'
import { type DarajaSimulator, startDarajaSimulator } from './simulator.ts'

const BASIC = `Basic ${Buffer.from('key:secret').toString('base64')}`
let simulator: DarajaSimulator
let token: string
/** The business's side: what it received, and the validation answer it gives. */
const received: { path: string; body: Record<string, unknown> }[] = []
let validationAnswer: Record<string, unknown> = { ResultCode: '0', ResultDesc: 'Accepted' }
const business = createServer(async (request: IncomingMessage, response) => {
  received.push({ path: request.url ?? '', body: JSON.parse(await readBody(request)) as Record<string, unknown> })
  const answer = request.url === '/check' ? validationAnswer : { ResultCode: 0, ResultDesc: 'Accepted' }
  response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer))
})
let businessUrl: string

beforeAll(async () => {
  simulator = await startDarajaSimulator({
    consumerKey: 'key',
    consumerSecret: 'secret',
    shortCode: '174379',
    passkey: 'passkey',
    c2bShortCode: '600111',
  })
  businessUrl = await listen(business, 0, '127.0.0.1')
  const answer = await fetch(`${simulator.url}/oauth/v1/generate?grant_type=client_credentials`, {
    headers: { authorization: BASIC },
  })
  token = ((await answer.json()) as { access_token: string }).access_token
})

afterAll(async () => {
  await simulator.close()
  await closeServer(business)
})

async function register(body: Record<string, unknown>, auth = `Bearer ${token}`) {
  const answer = await fetch(`${simulator.url}/mpesa/c2b/v2/registerurl`, {
    method: 'POST',
    headers: { authorization: auth, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return { status: answer.status, body: (await answer.json()) as Record<string, unknown> }
}

async function pay(body: Record<string, unknown>): Promise<SimulatedC2bPayment> {
  const answer = await fetch(`${simulator.url}/__simulator/c2b/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  expect(answer.status).toBe(200)
  return (await answer.json()) as SimulatedC2bPayment
}

const urls = () => ({ ValidationURL: `${businessUrl}/check`, ConfirmationURL: `${businessUrl}/done` })

describe('Register URL', () => {
  it.each([
    ['no token', {}, 'Bearer nope', '404.001.03'],
    ['a bad ShortCode', { ShortCode: '12', ResponseType: 'Completed' }, null, 'Bad Request - Invalid ShortCode'],
    ['a bad ResponseType', { ShortCode: '600111', ResponseType: 'Done' }, null, 'Bad Request - Invalid ResponseType'],
    [
      'a URL with a refused word',
      { ShortCode: '600111', ResponseType: 'Completed', ConfirmationURL: 'https://shop.example/mpesa/done' },
      null,
      'Bad Request - Invalid ConfirmationURL',
    ],
  ])('refuses %s', async (_name, fields, auth, expected) => {
    const answer = await register({ ...urls(), ...fields }, auth ?? `Bearer ${token}`)
    expect(answer.status).toBeGreaterThanOrEqual(400)
    expect([answer.body.errorCode, answer.body.errorMessage]).toContain(expected)
  })

  it('acknowledges with its misspelled OriginatorCoversationID', async () => {
    const answer = await register({ ShortCode: '600111', ResponseType: 'Completed', ...urls() })
    expect(answer).toMatchObject({ status: 200, body: { ResponseCode: '0', ResponseDescription: 'Success' } })
    expect(answer.body.OriginatorCoversationID).toEqual(expect.any(String))
  })
})

describe('the phone paying a Paybill', () => {
  it('validates, then confirms with Daraja’s fields and a masked MSISDN', async () => {
    received.length = 0
    validationAnswer = { ResultCode: '0', ResultDesc: 'Accepted' }
    const paid = await pay({ BillRefNumber: 'SK-7KQ2M9', Amount: 1500, MSISDN: '254708374149' })
    expect(paid).toMatchObject({ state: 'completed', confirmationAccepted: true, msisdn: '25470****149' })
    expect(received.map((entry) => entry.path)).toEqual(['/check', '/done'])
    expect(received[1]?.body).toMatchObject({
      TransactionType: 'Pay Bill',
      TransID: paid.transId,
      TransAmount: '1500.00',
      BusinessShortCode: '600111',
      BillRefNumber: 'SK-7KQ2M9',
      MSISDN: '25470****149',
    })
    expect(String(received[1]?.body.TransTime)).toMatch(/^\d{14}$/)
  })

  it('stops at a refusal: nothing is confirmed', async () => {
    received.length = 0
    validationAnswer = { ResultCode: 'C2B00012', ResultDesc: 'Rejected' }
    const refused = await pay({ BillRefNumber: 'nope', Amount: 10 })
    expect(refused).toMatchObject({ state: 'rejected', validation: { resultCode: 'C2B00012' } })
    expect(received.map((entry) => entry.path)).toEqual(['/check'])
  })

  it('fails for a business number nobody registered, and refuses a bad amount', async () => {
    expect((await pay({ ShortCode: '600999', BillRefNumber: 'x', Amount: 10 })).state).toBe('failed')
    const bad = await fetch(`${simulator.url}/__simulator/c2b/pay`, {
      method: 'POST',
      body: JSON.stringify({ BillRefNumber: 'x', Amount: '12.5' }),
    })
    expect(bad.status).toBe(400)
  })

  it('has a page that plays the phone, prefilled from the query, which pays', async () => {
    const page = await fetch(`${simulator.url}/__simulator/c2b?account=SK-ABC123&amount=250`)
    const html = await page.text()
    expect(html).toContain('value="600111"')
    expect(html).toContain('value="SK-ABC123"')
    validationAnswer = { ResultCode: '0', ResultDesc: 'Accepted' }
    const sent = await fetch(`${simulator.url}/__simulator/c2b`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ business: '600111', account: 'SK-ABC123', amount: '250', phone: '0708374149' }),
    })
    expect(sent.status).toBe(200)
    expect(await sent.text()).toMatch(/data-state="completed"[^>]*>SKL[A-Z0-9]{7} Confirmed\. Ksh250\.00 sent/)
  })
})
