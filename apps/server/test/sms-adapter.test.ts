import { createServer, type Server } from 'node:http'
import { type SmsSimulator, startSmsSimulator } from '@soko/payment-simulators'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AfricasTalkingSms, SmsGatewayError } from '../src/modules/sms/gateway.ts'
import { waitFor } from './support/checkout.ts'

// The Africa's Talking adapter against the stand-in, over real HTTP: the form it posts, the answers it reads for one
// number and for many, the numbers that fail, and the delivery reports the stand-in posts back form-encoded.

describe("the Africa's Talking SMS adapter", () => {
  let simulator: SmsSimulator
  let receiver: Server
  let receiverUrl = ''
  const reports: URLSearchParams[] = []

  beforeAll(async () => {
    receiver = createServer((request, response) => {
      let body = ''
      request.on('data', (chunk: Buffer) => {
        body += chunk.toString('utf8')
      })
      request.on('end', () => {
        expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded')
        reports.push(new URLSearchParams(body))
        response.writeHead(200, { 'content-type': 'application/json' })
        response.end('{"received":true}')
      })
    })
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
    const address = receiver.address()
    if (address === null || typeof address === 'string') throw new Error('no address')
    receiverUrl = `http://127.0.0.1:${address.port}/reports`
    simulator = await startSmsSimulator({
      username: 'sandbox',
      apiKey: 'atsk_test_key_123456',
      deliveryReportUrl: () => receiverUrl,
      deliveryDelayMs: 50,
      callbackRetryDelayMs: 50,
    })
  })
  afterAll(async () => {
    await simulator?.close()
    await new Promise((resolve) => receiver?.close(resolve))
  })

  const adapter = (overrides: Partial<{ apiKey: string; senderId: string | undefined }> = {}) =>
    new AfricasTalkingSms({
      baseUrl: simulator.url,
      username: 'sandbox',
      apiKey: 'atsk_test_key_123456',
      senderId: 'SOKO',
      ...overrides,
    })

  it('sends one text and reads its message id; the delivery report comes back by callback', async () => {
    const [result] = await adapter().send({ to: ['+254712000111'], text: 'Soko: hello' })
    expect(result).toMatchObject({ number: '+254712000111', statusCode: 101, status: 'Success', cost: 'KES 0.8000' })
    expect(result?.messageId).toMatch(/^ATXid_/)
    const sent = simulator.messages().find((sms) => sms.messageId === result?.messageId)
    expect(sent).toMatchObject({ to: '+254712000111', from: 'SOKO', message: 'Soko: hello', parts: 1 })
    const report = await waitFor(async () => reports.find((form) => form.get('id') === result?.messageId))
    expect(report.get('status')).toBe('Success')
    expect(report.get('phoneNumber')).toBe('+254712000111')
    expect(report.get('retryCount')).toBe('0')
  })

  it('sends in bulk: one answer per number, each with its own outcome', async () => {
    const results = await adapter().send({
      to: ['+254712000222', '+254712000403', '+254712000405', '+254712000999'],
      text: 'Soko: bulk',
    })
    expect(results.map((result) => [result.statusCode, result.status, result.messageId !== null])).toEqual([
      [101, 'Success', true],
      [403, 'InvalidPhoneNumber', false],
      [405, 'InsufficientBalance', false],
      [101, 'Success', true],
    ])
    const failed = results[3]?.messageId
    const report = await waitFor(async () => reports.find((form) => form.get('id') === failed))
    expect(report.get('status')).toBe('Failed')
    expect(report.get('failureReason')).toBe('AbsentSubscriber')
  })

  it('counts a long text in parts and refuses a bad sender id per recipient', async () => {
    const [long] = await adapter().send({ to: ['+254712000333'], text: 'x'.repeat(200) })
    expect(long?.cost).toBe('KES 1.6000')
    const [badSender] = await adapter({ senderId: 'A sender id far too long' }).send({
      to: ['+254712000334'],
      text: 'Soko',
    })
    expect(badSender).toMatchObject({ statusCode: 402, status: 'InvalidSenderId', messageId: null })
  })

  it('fails as a whole, certainly unsent, on a wrong key or a gateway error, and on no connection', async () => {
    const wrongKey = adapter({ apiKey: 'atsk_wrong_key_000000' }).send({ to: ['+254712000444'], text: 'Soko' })
    await expect(wrongKey).rejects.toMatchObject({ name: 'SmsGatewayError', notSent: true })
    // A number ending 0500 makes the stand-in answer 500 once, then accept.
    await expect(adapter().send({ to: ['+254712000500'], text: 'Soko' })).rejects.toBeInstanceOf(SmsGatewayError)
    const [again] = await adapter().send({ to: ['+254712000500'], text: 'Soko' })
    expect(again?.statusCode).toBe(101)
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as { port: number }).port
    await new Promise((resolve) => closed.close(resolve))
    const nobody = new AfricasTalkingSms({
      baseUrl: `http://127.0.0.1:${port}`,
      username: 'u',
      apiKey: 'k',
      senderId: undefined,
    })
    await expect(nobody.send({ to: ['+254712000445'], text: 'Soko' })).rejects.toMatchObject({ notSent: true })
  })

  it('shows what was sent as JSON and as an inbox page', async () => {
    const list = (await (await fetch(`${simulator.url}/__simulator/sms.json`)).json()) as { to: string }[]
    expect(list.some((sms) => sms.to === '+254712000111')).toBe(true)
    const page = await fetch(`${simulator.url}/__simulator/sms`)
    expect(page.headers.get('content-type')).toContain('text/html')
    expect(await page.text()).toContain('Soko: hello')
  })
})
