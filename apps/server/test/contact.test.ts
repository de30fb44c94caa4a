import { contactMessages } from '@soko/db/schema/contact'
import { asc, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { engines, startTestServer, type TestServer } from './support/test-server.ts'

const valid = {
  name: 'Wanjiku Kamau',
  email: 'wanjiku@example.co.ke',
  subject: 'Delivery to Nyeri',
  message: 'Hello, how long does delivery to Nyeri take for a fridge?',
}

describe.each(engines)('contact API (%s)', (engine) => {
  let server: TestServer

  beforeAll(async () => {
    server = await startTestServer(engine)
  })
  afterAll(() => server.close())
  // Every test sends from 127.0.0.1: start each with no messages, so the rate limit starts afresh.
  beforeEach(async () => {
    await server.database.db.execute(sql`truncate contact_messages restart identity`)
  })

  const post = (body: unknown, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
    fetch(`${server.url}/api/contact/`, {
      method: 'POST',
      headers,
      body: typeof body === 'string' ? body : JSON.stringify(body),
    })

  const stored = () =>
    server.database.db
      .select({
        name: contactMessages.name,
        email: contactMessages.email,
        subject: contactMessages.subject,
        message: contactMessages.message,
        ip: contactMessages.ip,
        handled_at: contactMessages.handledAt,
        created_at: contactMessages.createdAt,
      })
      .from(contactMessages)
      .orderBy(asc(contactMessages.id))

  it('stores a valid message and answers 201 with a detail', async () => {
    const response = await post(valid)
    expect(response.status).toBe(201)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(await response.json()).toEqual({ detail: 'Your message has been sent; we reply within one working day.' })
    const [row, ...rest] = await stored()
    expect(rest).toEqual([])
    expect(row).toMatchObject({ ...valid, ip: '127.0.0.1', handled_at: null })
    expect(Date.now() - new Date(row?.created_at ?? 0).getTime()).toBeLessThan(60_000)
  })

  it('trims the fields, accepts them at their limits, and ignores fields the contract does not name', async () => {
    const body = {
      name: `  ${'N'.repeat(100)} `,
      email: ' shopper@example.com ',
      subject: 'S'.repeat(150),
      message: 'M'.repeat(5000),
      handled_at: '2020-01-01T00:00:00Z',
      ip: '10.0.0.1',
    }
    const response = await post(body)
    expect(response.status).toBe(201)
    const [row] = await stored()
    expect(row).toMatchObject({
      name: 'N'.repeat(100),
      email: 'shopper@example.com',
      subject: 'S'.repeat(150),
      message: 'M'.repeat(5000),
      handled_at: null,
      ip: '127.0.0.1',
    })
  })

  it.each([
    ['name', { name: undefined }, 'Name is required'],
    ['name', { name: '   ' }, 'Name is required'],
    ['name', { name: 42 }, 'Name is required'],
    ['name', { name: 'N'.repeat(101) }, 'Name must be at most 100 characters'],
    ['email', { email: undefined }, 'Email is required'],
    ['email', { email: '' }, 'Email is required'],
    ['email', { email: 'wanjiku.example.co.ke' }, 'Email is invalid'],
    ['email', { email: 'wanjiku@' }, 'Email is invalid'],
    [
      'email',
      { email: `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(60)}.ke` },
      'Email must be at most 254 characters',
    ],
    ['subject', { subject: undefined }, 'Subject is required'],
    ['subject', { subject: '' }, 'Subject is required'],
    ['subject', { subject: 'S'.repeat(151) }, 'Subject must be at most 150 characters'],
    ['message', { message: undefined }, 'Message is required'],
    ['message', { message: ' \n ' }, 'Message is required'],
    ['message', { message: 'Too short' }, 'Message must be at least 10 characters'],
    ['message', { message: `  ${'x'.repeat(9)}  ` }, 'Message must be at least 10 characters'],
    ['message', { message: 'M'.repeat(5001) }, 'Message must be at most 5000 characters'],
  ])('refuses an invalid %s (%j) with 400 and a message naming the field', async (field, change, message) => {
    const response = await post({ ...valid, ...change })
    expect(response.status).toBe(400)
    const body = (await response.json()) as { detail: string; code: string; errors: Record<string, string[]> }
    expect(body.code).toBe('invalid_data')
    expect(body.errors[field]).toContain(message)
    expect(Object.keys(body.errors)).toEqual([field])
    expect(await stored()).toEqual([])
  })

  it('names every missing field at once', async () => {
    const response = await post({})
    expect(response.status).toBe(400)
    const body = (await response.json()) as { errors: Record<string, string[]> }
    expect(body.errors).toEqual({
      name: ['Name is required'],
      email: ['Email is required'],
      subject: ['Subject is required'],
      message: ['Message is required'],
    })
  })

  it('refuses an oversized body with 413 before storing anything', async () => {
    const response = await post({ ...valid, message: 'M'.repeat(100_000) })
    expect(response.status).toBe(413)
    expect(await response.json()).toEqual({ detail: 'The request body is too large.', code: 'payload_too_large' })
    expect(await stored()).toEqual([])
  })

  it('refuses malformed JSON and bodies that are not JSON', async () => {
    expect((await post('{"name": ')).status).toBe(400)
    const form = await post('name=Wanjiku', { 'content-type': 'application/x-www-form-urlencoded' })
    expect(form.status).toBe(415)
    expect(await stored()).toEqual([])
  })

  it('stores HTML and script in a message verbatim, as plain text, and returns it nowhere', async () => {
    const hostile = {
      name: '<b>Mallory</b>',
      email: 'mallory@example.com',
      subject: '"><svg onload=alert(1)>',
      message: '<script>alert("pwned")</script><img src=x onerror="alert(document.cookie)"> & &amp; done',
    }
    const response = await post(hostile)
    expect(response.status).toBe(201)
    const text = await response.text()
    expect(text).not.toMatch(/<script|<img|<svg|<b>|Mallory|pwned/)
    expect(JSON.parse(text)).toEqual({ detail: 'Your message has been sent; we reply within one working day.' })
    const [row] = await stored()
    expect(row).toMatchObject(hostile)
    // There is no public way to read messages back: the admin area lists them to superusers only
    // (contact-admin.test.ts).
    expect((await fetch(`${server.url}/api/contact/`)).status).toBe(404)
    expect((await fetch(`${server.url}/api/admin/contact-messages/`)).status).toBe(401)
  })

  it('allows 5 messages per address in 10 minutes, then answers 429 with a clear message', async () => {
    for (let i = 0; i < 5; i++) expect((await post({ ...valid, subject: `Question ${i}` })).status).toBe(201)
    const refused = await post(valid)
    expect(refused.status).toBe(429)
    expect(await refused.json()).toEqual({
      detail: 'You have sent several messages in the last 10 minutes. Please wait a few minutes and try again.',
      code: 'rate_limited',
    })
    expect(await stored()).toHaveLength(5)

    // Messages older than the window no longer count.
    await server.database.db.execute(
      sql`update contact_messages set created_at = now() - interval '11 minutes' where subject = 'Question 0'`,
    )
    expect((await post(valid)).status).toBe(201)
    expect((await post(valid)).status).toBe(429)
  })

  it('counts each address on its own', async () => {
    await server.database.db.execute(
      sql`insert into contact_messages (name, email, subject, message, ip)
          select 'Other', 'other@example.com', 'Hi', 'Another network entirely', '10.1.2.3' from generate_series(1, 5)`,
    )
    expect((await post(valid)).status).toBe(201)
  })

  it('keeps to the limit when messages arrive at the same moment', async () => {
    const statuses = await Promise.all(Array.from({ length: 8 }, () => post(valid).then((r) => r.status)))
    expect(statuses.filter((status) => status === 201)).toHaveLength(5)
    expect(statuses.filter((status) => status === 429)).toHaveLength(3)
    expect(await stored()).toHaveLength(5)
  })

  it('is described in the OpenAPI document', async () => {
    const document = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as {
      paths: Record<string, { post?: { requestBody?: unknown; responses?: Record<string, unknown> } }>
    }
    const operation = document.paths['/api/contact/']?.post
    expect(operation?.requestBody).toBeDefined()
    expect(Object.keys(operation?.responses ?? {})).toEqual(expect.arrayContaining(['201', '400', '413', '429']))
  })
})
