import { DEMO_ACCOUNTS } from '@soko/db/seed/demo-accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client, newCustomer, RELAXED_LIMITS, signIn } from './support/accounts.ts'
import { engines, startTestServer, type TestServer } from './support/test-server.ts'

interface MessagesPage {
  count: number
  results: { name: string; subject: string; message: string; created_at: string }[]
}

describe.each(engines)('contact messages in the admin area (%s)', (engine) => {
  let server: TestServer

  beforeAll(async () => {
    server = await startTestServer(engine, { env: RELAXED_LIMITS })
  })
  afterAll(() => server.close())

  it('are listed newest first for superusers only, as plain text', async () => {
    const visitor = new Client(server)
    for (const subject of ['Delivery to Kisumu', 'Refund for a sufuria']) {
      const sent = await visitor.post('/api/contact/', {
        name: 'Achieng Otieno',
        email: 'achieng@example.co.ke',
        subject,
        message: '<b>Habari</b>, when will my order arrive?',
      })
      expect(sent.status).toBe(201)
    }

    expect((await visitor.get('/api/admin/contact-messages/')).status).toBe(401)
    const customer = await newCustomer(server)
    expect((await customer.client.get('/api/admin/contact-messages/')).status).toBe(403)

    const admin = await signIn(server, DEMO_ACCOUNTS.admin)
    const answer = await admin.client.get<MessagesPage>('/api/admin/contact-messages/?per_page=1')
    expect(answer.status).toBe(200)
    expect(answer.headers.get('cache-control')).toBe('private, no-store')
    expect(answer.body.count).toBe(2)
    expect(answer.body.results).toHaveLength(1)
    expect(answer.body.results[0]).toMatchObject({
      name: 'Achieng Otieno',
      subject: 'Refund for a sufuria',
      message: '<b>Habari</b>, when will my order arrive?',
    })
    const second = await admin.client.get<MessagesPage>('/api/admin/contact-messages/?per_page=1&page=2')
    expect(second.body.results[0]?.subject).toBe('Delivery to Kisumu')
    expect((await admin.client.get('/api/admin/contact-messages/?page=0')).status).toBe(400)
  })
})
