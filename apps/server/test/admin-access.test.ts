import { auditLog } from '@soko/db/schema/audit'
import { contactMessages } from '@soko/db/schema/contact'
import { orders } from '@soko/db/schema/orders'
import { typedRows, value } from '@soko/db/typed-sql'
import { and, asc, eq, max, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client, newCustomer, RELAXED_LIMITS, registerUser, signIn } from './support/accounts.ts'
import { sellableProducts } from './support/checkout.ts'
import { engines, startTestServer, type TestServer } from './support/test-server.ts'

/** A new account given the role in the database (as an operator would make the first admin), then signed in. */
async function newUserWithRole(server: TestServer, role: 'superuser' | 'vendor') {
  const credentials = await registerUser(server)
  await server.database.db.execute(sql`update users set role = ${role} where lower(email) = ${credentials.email}`)
  return { ...credentials, ...(await signIn(server, credentials)) }
}

/** Everything an admin call could change, as one value: equal before and after means nothing changed. */
async function fingerprint(server: TestServer): Promise<string> {
  const [row] = await typedRows(
    server.database.db,
    { fp: value.text },
    sql`select md5(concat_ws('|',
          (select string_agg(concat_ws(',', id, role, disabled_at, disabled_reason), ';' order by id) from users),
          (select string_agg(concat_ws(',', id, is_verified, verified_at, is_active, suspended_reason), ';' order by id)
             from businesses),
          (select string_agg(concat_ws(',', id, is_active, deactivated_reason, stock_qty), ';' order by id) from products),
          (select string_agg(concat_ws(',', id, parent_id, slug, name, position, is_active, image_url), ';' order by id)
             from categories),
          (select string_agg(concat_ws(',', id, title, starts_at, ends_at, is_active, position), ';' order by id)
             from banners),
          (select string_agg(concat_ws(',', id, status), ';' order by id) from orders),
          (select string_agg(concat_ws(',', id, status), ';' order by id) from payments),
          (select string_agg(concat_ws(',', id, handled_at), ';' order by id) from contact_messages),
          (select count(*) from payouts), (select count(*) from audit_log), (select count(*) from sessions))) as fp`,
  )
  return row?.fp ?? ''
}

describe.each(engines)('admin API access (%s)', (engine) => {
  let server: TestServer
  let admin: Client
  let adminId: number

  beforeAll(async () => {
    server = await startTestServer(engine, { env: RELAXED_LIMITS })
    const signedIn = await newUserWithRole(server, 'superuser')
    admin = signedIn.client
    adminId = signedIn.login.user.id
  })
  afterAll(() => server?.close())

  it('refuses every admin call to visitors (401), customers and vendors (403), and changes nothing', async () => {
    // Real targets, so that a call let through would show in the fingerprint.
    const [product] = await sellableProducts(server, 1)
    if (!product) throw new Error('fixture')
    const victim = await newCustomer(server)
    const category = await admin.post<{ id: number }>('/api/admin/categories/', { name: 'Access Test Category' })
    const banner = await admin.post<{ id: number }>('/api/admin/banners/', { title: 'Access test banner' })
    expect(category.status).toBe(201)
    expect(banner.status).toBe(201)
    const anonymous = new Client(server)
    await anonymous.post('/api/contact/', {
      name: 'Achieng',
      email: 'achieng@example.co.ke',
      subject: 'Hello',
      message: 'A message for the support team.',
    })
    const [message] = await server.database.db.select({ id: max(contactMessages.id) }).from(contactMessages)
    const [order] = await server.database.db.select({ id: max(orders.id) }).from(orders)
    const p = product.id
    const u = victim.login.user.id
    const b = product.business_id
    const c = category.body.id
    const n = banner.body.id
    const o = order?.id ?? 1
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/dashboard/'],
      ['GET', '/api/admin/products/'],
      ['POST', `/api/admin/products/${p}/deactivate/`, { reason: 'Counterfeit' }],
      ['POST', `/api/admin/products/${p}/reactivate/`],
      ['GET', '/api/admin/orders/'],
      ['GET', `/api/admin/orders/${o}/`],
      ['POST', `/api/admin/orders/${o}/refund/`, { reason: 'Shopper asked' }],
      ['GET', '/api/admin/users/'],
      ['PUT', `/api/admin/users/${u}/role/`, { role: 'superuser' }],
      ['POST', `/api/admin/users/${u}/disable/`, { reason: 'Fraud' }],
      ['POST', `/api/admin/users/${u}/enable/`],
      ['GET', '/api/admin/vendors/'],
      ['POST', `/api/admin/vendors/${b}/verify/`],
      ['POST', `/api/admin/vendors/${b}/unverify/`],
      ['POST', `/api/admin/vendors/${b}/suspend/`, { reason: 'Fraud' }],
      ['POST', `/api/admin/vendors/${b}/unsuspend/`],
      ['GET', `/api/admin/vendors/${b}/payouts/`],
      ['POST', `/api/admin/vendors/${b}/payouts/`, { amount: 1, reference: 'QX1' }],
      ['GET', '/api/admin/categories/'],
      ['POST', '/api/admin/categories/', { name: 'Sneaky' }],
      ['PUT', '/api/admin/categories/order/', { parent_id: null, ids: [c] }],
      ['PUT', `/api/admin/categories/${c}/`, { name: 'Renamed' }],
      ['DELETE', `/api/admin/categories/${c}/`],
      ['GET', '/api/admin/banners/'],
      ['POST', '/api/admin/banners/', { title: 'Sneaky' }],
      ['PUT', `/api/admin/banners/${n}/`, { title: 'Renamed' }],
      ['DELETE', `/api/admin/banners/${n}/`],
      ['GET', '/api/admin/contact-messages/'],
      ['POST', `/api/admin/contact-messages/${message?.id ?? 1}/handled/`],
    ]
    const customer = (await newCustomer(server)).client
    const vendor = (await newUserWithRole(server, 'vendor')).client
    const before = await fingerprint(server)
    for (const [method, path, body] of calls) {
      for (const [who, client, status] of [
        ['visitor', anonymous, 401],
        ['customer', customer, 403],
        ['vendor', vendor, 403],
      ] as const) {
        const answer = await client.request(method, path, body === undefined ? {} : { body })
        expect(`${who} ${method} ${path} ${answer.status}`).toBe(`${who} ${method} ${path} ${status}`)
      }
      if (method === 'GET') continue
      // Even a body the call would refuse is answered by the guard first.
      const wrong = await customer.request(method, path, { body: { unexpected: true } })
      expect(`${method} ${path} ${wrong.status}`).toBe(`${method} ${path} 403`)
    }
    expect(await fingerprint(server)).toBe(before)
    // The superuser gets every GET, never cached.
    // (The demo data has no orders: one's detail is tested with the orders.)
    for (const [method, path] of calls.filter(([method, path]) => method === 'GET' && !path.includes('/orders/'))) {
      const answer = await admin.request(method, path)
      expect(`${path} ${answer.status}`).toBe(`${path} 200`)
      expect(answer.headers.get('cache-control')).toBe('private, no-store')
    }
    expect((await admin.get('/api/admin/orders/999999/')).status).toBe(404)
  })

  it('disabling a user ends their sessions at once and blocks sign-in; enabling lets them back', async () => {
    const shopper = await newCustomer(server)
    const bearer = shopper.login.access_token
    expect((await shopper.client.get('/api/auth/me/')).status).toBe(200)

    const missing = await admin.post(`/api/admin/users/${shopper.login.user.id}/disable/`, {})
    expect(missing.status).toBe(400)
    expect(missing.body).toMatchObject({ code: 'invalid_data', errors: { reason: ['Reason is required'] } })
    const extra = await admin.post(`/api/admin/users/${shopper.login.user.id}/disable/`, { reason: 'x', role: 'a' })
    expect(extra.status).toBe(400)
    expect(extra.body).toMatchObject({ errors: { role: ['is not an accepted field'] } })

    const disabled = await admin.post<{ is_disabled: boolean; disabled_reason: string }>(
      `/api/admin/users/${shopper.login.user.id}/disable/`,
      { reason: 'Chargebacks on several orders' },
    )
    expect(disabled.status).toBe(200)
    expect(disabled.headers.get('cache-control')).toBe('private, no-store')
    expect(disabled.body).toMatchObject({ is_disabled: true, disabled_reason: 'Chargebacks on several orders' })

    // The live cookie session and bearer token stop working at once; the refresh token too.
    expect((await shopper.client.get('/api/auth/me/')).status).toBe(401)
    const viaBearer = await fetch(`${server.url}/api/auth/me/`, { headers: { authorization: `Bearer ${bearer}` } })
    expect(viaBearer.status).toBe(401)
    const refreshed = await shopper.client.post('/api/auth/refresh/', { refresh_token: shopper.login.refresh_token })
    expect(refreshed.status).toBe(401)

    // Sign-in: the right password is told the account is disabled; a wrong one learns nothing.
    const login = await signInAnswer(server, shopper.email, shopper.password)
    expect(login.status).toBe(403)
    expect(login.body).toMatchObject({ success: false, message: 'This account has been disabled. Contact support.' })
    const guess = await signInAnswer(server, shopper.email, 'not-the-password-1')
    expect(guess.status).toBe(401)

    // Even a session made behind the admin's back (straight in the database) is refused.
    const enabled = await admin.post<{ is_disabled: boolean }>(`/api/admin/users/${shopper.login.user.id}/enable/`)
    expect(enabled.body.is_disabled).toBe(false)
    const again = await signIn(server, { email: shopper.email, password: shopper.password })
    expect((await again.client.get('/api/auth/me/')).status).toBe(200)
    await server.database.db.execute(sql`update users set disabled_at = now() where id = ${shopper.login.user.id}`)
    expect((await again.client.get('/api/auth/me/')).status).toBe(401)

    const audit = await server.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, 'user'), eq(auditLog.subjectId, shopper.login.user.id)))
      .orderBy(asc(auditLog.id))
    expect(audit.map((row) => row.action)).toEqual(['user.disabled', 'user.enabled'])
  })

  it('lists and searches users; changes roles; an admin cannot demote or disable themselves', async () => {
    const shopper = await newCustomer(server, { firstName: 'Nyokabi', lastName: 'Wambui' })
    const found = await admin.get<{ count: number; results: { id: number; email: string; role: string }[] }>(
      `/api/admin/users/?q=${encodeURIComponent('Nyokabi Wam')}`,
    )
    expect(found.status).toBe(200)
    expect(found.body.results.map((user) => user.id)).toContain(shopper.login.user.id)
    const byEmail = await admin.get<{ results: { id: number }[] }>(`/api/admin/users/?q=${shopper.email}`)
    expect(byEmail.body.results.map((user) => user.id)).toEqual([shopper.login.user.id])
    const admins = await admin.get<{ results: { role: string }[] }>('/api/admin/users/?role=superuser&per_page=100')
    expect(admins.body.results.every((user) => user.role === 'superuser')).toBe(true)
    expect((await admin.get('/api/admin/users/?role=admin')).status).toBe(400)
    expect((await admin.get('/api/admin/users/?per_page=500')).status).toBe(400)

    const promoted = await admin.put<{ role: string }>(`/api/admin/users/${shopper.login.user.id}/role/`, {
      role: 'vendor',
    })
    expect(promoted.status).toBe(200)
    expect(promoted.body.role).toBe('vendor')
    // The role holds from the user's next request on.
    expect((await shopper.client.get<{ role: string }>('/api/auth/me/')).body.role).toBe('vendor')
    const badRole = await admin.put(`/api/admin/users/${shopper.login.user.id}/role/`, { role: 'admin' })
    expect(badRole.status).toBe(400)
    expect(badRole.body).toMatchObject({ errors: { role: ['Role must be customer, vendor or superuser'] } })

    const demoteSelf = await admin.put(`/api/admin/users/${adminId}/role/`, { role: 'customer' })
    expect(demoteSelf.status).toBe(409)
    const disableSelf = await admin.post(`/api/admin/users/${adminId}/disable/`, { reason: 'Testing' })
    expect(disableSelf.status).toBe(409)
    expect((await admin.get('/api/admin/dashboard/')).status).toBe(200)
    expect((await admin.put('/api/admin/users/99999999/role/', { role: 'vendor' })).status).toBe(404)
  })
})

function signInAnswer(server: TestServer, email: string, password: string) {
  return fetch(`${server.url}/api/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ email, password }),
  }).then(async (response) => ({ status: response.status, body: (await response.json()) as unknown }))
}
