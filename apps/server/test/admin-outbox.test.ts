import { auditLog } from '@soko/db/schema/audit'
import { DEMO_ACCOUNTS } from '@soko/db/seed/demo-accounts'
import { desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client, newCustomer, RELAXED_LIMITS, registerUser, signIn, uniqueEmail } from './support/accounts.ts'
import { startSmtpServer } from './support/smtp-server.ts'
import { engines, startTestServer, type TestServer, withTestServer } from './support/test-server.ts'

interface OutboxItem {
  id: number
  to: string
  subject: string
  created_at: string
  state: 'sent' | 'failed' | 'waiting' | 'kept'
  sent_at: string | null
  error: string | null
}
interface OutboxPage {
  count: number
  page: number
  per_page: number
  total_pages: number
  results: OutboxItem[]
}
interface OutboxMessage extends OutboxItem {
  text: string
  html: string | null
  attempts: number
}

const RESET_SUBJECT = 'Reset your Soko password'

const requestReset = (server: TestServer, email: string) =>
  new Client(server).post('/api/auth/request-password-reset/', { email })

describe.each(engines)('the outbox in the admin area, in demo mode (%s)', (engine) => {
  let server: TestServer
  let admin: Client

  beforeAll(async () => {
    server = await startTestServer(engine, { env: RELAXED_LIMITS })
    admin = (await signIn(server, DEMO_ACCOUNTS.admin)).client
  })
  afterAll(() => server.close())

  it('is for superusers only', async () => {
    expect(server.app.soko.config.demo).toBe(true)
    const visitor = new Client(server)
    expect((await visitor.get('/api/admin/outbox/')).status).toBe(401)
    expect((await visitor.get('/api/admin/outbox/1/')).status).toBe(401)
    const customer = await newCustomer(server)
    expect((await customer.client.get('/api/admin/outbox/')).status).toBe(403)
    expect((await customer.client.get('/api/admin/outbox/1/')).status).toBe(403)
  })

  it('lists the mail newest first, a page at a time, filtered by part of the recipient address', async () => {
    const { email } = await registerUser(server, { email: uniqueEmail('outbox') })
    const other = await registerUser(server)
    await requestReset(server, email)
    await requestReset(server, other.email)
    await requestReset(server, email)

    const all = await admin.get<OutboxPage>('/api/admin/outbox/')
    expect(all.status).toBe(200)
    expect(all.headers.get('cache-control')).toBe('private, no-store')
    expect(all.body.count).toBeGreaterThanOrEqual(3)
    expect(all.body.results.map((item) => item.to).slice(0, 3)).toEqual([email, other.email, email])

    // Part of the address, any case.
    const part = email.split('@')[0]?.toUpperCase() ?? ''
    const first = await admin.get<OutboxPage>(`/api/admin/outbox/?q=${encodeURIComponent(part)}&per_page=1`)
    expect(first.body).toMatchObject({ count: 2, page: 1, per_page: 1, total_pages: 2 })
    const [newest] = first.body.results
    expect(newest).toMatchObject({ to: email, subject: RESET_SUBJECT, state: 'kept', sent_at: null, error: null })
    expect(Date.parse(newest?.created_at ?? '')).not.toBeNaN()
    const second = await admin.get<OutboxPage>(`/api/admin/outbox/?q=${encodeURIComponent(part)}&per_page=1&page=2`)
    expect(second.body.results[0]?.id).toBeLessThan(newest?.id ?? 0)

    // The filter's own % and _ are letters, not wildcards.
    expect((await admin.get<OutboxPage>('/api/admin/outbox/?q=%25')).body.count).toBe(0)
    expect((await admin.get('/api/admin/outbox/?page=0')).status).toBe(400)
    expect((await admin.get(`/api/admin/outbox/?q=${'x'.repeat(255)}`)).status).toBe(400)
  })

  it('shows one message in full, writes the opening to the audit log, and 404s an unknown one', async () => {
    const { email } = await registerUser(server)
    await requestReset(server, email)
    const listed = await admin.get<OutboxPage>(`/api/admin/outbox/?q=${encodeURIComponent(email)}`)
    const id = listed.body.results[0]?.id ?? 0

    const answer = await admin.get<OutboxMessage>(`/api/admin/outbox/${id}/`)
    expect(answer.status).toBe(200)
    expect(answer.headers.get('cache-control')).toBe('private, no-store')
    expect(answer.body).toMatchObject({ id, to: email, subject: RESET_SUBJECT, state: 'kept', html: null, attempts: 0 })
    expect(answer.body.text).toMatch(/^Demo store: no real payments\./)
    expect(answer.body.text).toMatch(new RegExp(`${server.url}/reset-password/[A-Za-z0-9_-]+/[A-Za-z0-9_-]{43}`))

    const [audit] = await server.database.db
      .select({ action: auditLog.action, subject_id: auditLog.subjectId, detail: auditLog.detail })
      .from(auditLog)
      .where(eq(auditLog.subjectType, 'outbox_email'))
      .orderBy(desc(auditLog.id))
      .limit(1)
    expect(audit).toEqual({
      action: 'outbox_email.read',
      subject_id: id,
      detail: { name: `"${RESET_SUBJECT}" to ${email}` },
    })

    expect((await admin.get('/api/admin/outbox/999999/')).status).toBe(404)
    expect((await admin.get('/api/admin/outbox/abc/')).status).toBe(400)
  })

  it('answers the HTML version exactly as it was written, for the screen to sandbox', async () => {
    const html = '<p>Habari <b>Otieno</b></p><script>alert(1)</script><img src=x onerror="alert(2)">'
    const db = server.database.db
    const id = await server.app.soko.mailer.enqueue(db, {
      to: 'html@example.co.ke',
      subject: 'With HTML',
      text: 'Habari',
      html,
    })
    const answer = await admin.get<OutboxMessage>(`/api/admin/outbox/${id}/`)
    expect(answer.body.html).toContain(html)
    expect(answer.body.html).toMatch(/^<p style=[^>]+><strong>Demo store: no real payments\.<\/strong>/)
  })
})

describe('the outbox with a mail server, in demo mode', () => {
  it('tells sent mail from mail that failed', async () => {
    const smtp = await startSmtpServer()
    const server = await startTestServer('pglite', { env: { ...RELAXED_LIMITS, SMTP_URL: smtp.url } })
    try {
      const admin = (await signIn(server, DEMO_ACCOUNTS.admin)).client
      const { email } = await registerUser(server)
      await requestReset(server, email)
      await server.app.soko.mailer.flush()
      const sent = await admin.get<OutboxPage>(`/api/admin/outbox/?q=${encodeURIComponent(email)}`)
      expect(sent.body.results[0]).toMatchObject({ state: 'sent', error: null })
      expect(sent.body.results[0]?.sent_at).not.toBeNull()

      await smtp.close()
      const late = await registerUser(server)
      await requestReset(server, late.email)
      await server.app.soko.mailer.flush()
      const failed = await admin.get<OutboxMessage>(
        `/api/admin/outbox/${(await admin.get<OutboxPage>(`/api/admin/outbox/?q=${encodeURIComponent(late.email)}`)).body.results[0]?.id}/`,
      )
      expect(failed.body).toMatchObject({ state: 'failed', sent_at: null, attempts: 1 })
      expect(failed.body.error).toMatch(/ECONNREFUSED|connect/i)
    } finally {
      await server.close()
      await smtp.close().catch(() => {})
    }
  })
})

describe('the outbox outside demo mode', () => {
  it('does not exist in the admin area (real shoppers’ mail is private)', async () => {
    await withTestServer('pglite', { env: { ...RELAXED_LIMITS, SOKO_DEMO: 'false' } }, async (server) => {
      const { email } = await registerUser(server)
      await requestReset(server, email)
      const admin = (await signIn(server, DEMO_ACCOUNTS.admin)).client
      expect((await admin.get('/api/admin/outbox/')).status).toBe(404)
      expect((await admin.get('/api/admin/outbox/1/')).status).toBe(404)
      expect((await new Client(server).get('/api/admin/outbox/')).status).toBe(404)
      // The developers' outbox stays for tests outside production.
      const dev = await fetch(`${server.url}/api/dev/outbox/?to=${encodeURIComponent(email)}`)
      expect(dev.status).toBe(200)
      expect(((await dev.json()) as { subject: string }[])[0]?.subject).toBe(RESET_SUBJECT)
    })
  })
})
