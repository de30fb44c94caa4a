import type { ProductListing } from '@soko/contract/catalog'
import type { Address, PaymentMethod } from '@soko/contract/user'
import { users } from '@soko/db/schema/accounts'
import { products } from '@soko/db/schema/catalog'
import { addresses, paymentMethods } from '@soko/db/schema/customers'
import { typedRows } from '@soko/db/typed-sql'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client, GOOD_PASSWORD, newCustomer, outbox, RELAXED_LIMITS, signIn, uniqueEmail } from './support/accounts.ts'
import { engines, startTestServer, type TestServer } from './support/test-server.ts'

const KENYAN_MOBILE = 'Enter a Kenyan mobile number, e.g. 0712 345 678'
const CARD_DATA =
  'Card numbers and security codes must never be sent to Soko: save the card with the payment provider and send its token.'

const address = (overrides: Record<string, unknown> = {}) => ({
  label: 'Home',
  firstName: 'Wanjiku',
  lastName: 'Kamau',
  line1: 'Mvuli Road, Westlands',
  line2: 'Apartment 4B',
  city: 'Nairobi',
  county: 'Nairobi',
  postalCode: '00800',
  phone: '0712 345 678',
  ...overrides,
})

const card = (overrides: Record<string, unknown> = {}) => ({
  type: 'card',
  provider: 'test',
  token: 'tok_visa_9f8e7d6c',
  last4: '4242',
  expiry: '12/39',
  name: 'Wanjiku Kamau',
  brand: 'Visa',
  ...overrides,
})

describe.each(engines)('the customer’s own data under /api/user (%s)', (engine) => {
  let server: TestServer
  let productIds: number[]

  beforeAll(async () => {
    server = await startTestServer(engine, { env: RELAXED_LIMITS })
    const rows = await typedRows(
      server.database.db,
      { id: products.id },
      sql`select p.id from products p join businesses b on b.id = p.business_id
          where p.is_active and b.is_active order by p.id limit 5`,
    )
    productIds = rows.map((r) => r.id)
  })
  afterAll(() => server.close())

  const errorsOf = (body: unknown) => (body as { errors: Record<string, string[]> }).errors

  it('answers 401 to every call without a signed-in user', async () => {
    const anonymous = new Client(server)
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/user/profile'],
      ['PUT', '/api/user/profile', { firstName: 'A', lastName: 'B', email: 'a@b.co' }],
      ['GET', '/api/user/orders'],
      ['GET', '/api/user/addresses'],
      ['POST', '/api/user/addresses', address()],
      ['PUT', '/api/user/addresses/1', address()],
      ['DELETE', '/api/user/addresses/1'],
      ['POST', '/api/user/addresses/1/default'],
      ['GET', '/api/user/payment-methods'],
      ['POST', '/api/user/payment-methods', { type: 'M-PESA', phone: '0712345678' }],
      ['DELETE', '/api/user/payment-methods/1'],
      ['POST', '/api/user/payment-methods/1/default'],
      ['GET', '/api/user/wishlist/'],
      ['POST', '/api/user/wishlist/', { productId: 1 }],
      ['DELETE', '/api/user/wishlist/1/'],
    ]
    for (const [method, path, body] of calls) {
      const answer = await anonymous.request(method, path, body === undefined ? {} : { body })
      expect(answer.status, `${method} ${path}`).toBe(401)
      expect(answer.body).toEqual({ detail: 'Please sign in to continue.', code: 'unauthorized' })
    }
  })

  describe('profile', () => {
    it('reads and replaces the profile, normalising the phone number', async () => {
      const { client, email } = await newCustomer(server, { firstName: 'Njeri', lastName: 'Mwangi' })
      const initial = await client.get('/api/user/profile')
      expect(initial.status).toBe(200)
      expect(initial.headers.get('cache-control')).toBe('private, no-store')
      expect(initial.body).toEqual({ firstName: 'Njeri', lastName: 'Mwangi', email, phone: null })
      const updated = await client.put('/api/user/profile', {
        firstName: ' Njeri Wambui ',
        lastName: 'Mwangi',
        email,
        phone: '0712 345 678',
      })
      expect(updated.status).toBe(200)
      expect(updated.body).toEqual({ firstName: 'Njeri Wambui', lastName: 'Mwangi', email, phone: '+254712345678' })
      expect(JSON.stringify(updated.body)).not.toMatch(/argon2|hash|role/)
      for (const [input, stored] of [
        ['+254 112 345 678', '+254112345678'],
        ['254798765432', '+254798765432'],
        ['', null],
      ] as const) {
        const answer = await client.put('/api/user/profile', { firstName: 'N', lastName: 'M', email, phone: input })
        expect((answer.body as { phone: string | null }).phone).toBe(stored)
      }
      // Leaving the phone out leaves it as it is.
      await client.put('/api/user/profile', { firstName: 'N', lastName: 'M', email, phone: '0722000000' })
      const kept = await client.put('/api/user/profile', { firstName: 'N', lastName: 'M', email })
      expect((kept.body as { phone: string }).phone).toBe('+254722000000')
    })

    it.each([
      [{ lastName: 'M', email: 'x@example.co.ke' }, 'firstName', 'First name is required'],
      [{ firstName: '  ', lastName: 'M', email: 'x@example.co.ke' }, 'firstName', 'First name is required'],
      [{ firstName: 'N', email: 'x@example.co.ke' }, 'lastName', 'Last name is required'],
      [{ firstName: 'N', lastName: 'M', email: '' }, 'email', 'Email is required'],
      [{ firstName: 'N', lastName: 'M', email: 'x@' }, 'email', 'Email is invalid'],
      [{ firstName: 'N', lastName: 'M', email: 'x@example.co.ke', phone: '0201234567' }, 'phone', KENYAN_MOBILE],
      [
        { firstName: 'N', lastName: 'M', email: 'x@example.co.ke', role: 'superuser' },
        'role',
        'is not an accepted field',
      ],
      [{ firstName: 'N', lastName: 'M', email: 'x@example.co.ke', id: 1 }, 'id', 'is not an accepted field'],
      [
        { firstName: 'N', lastName: 'M', email: 'x@example.co.ke', emailVerifiedAt: 'now' },
        'emailVerifiedAt',
        'is not an accepted field',
      ],
    ])('refuses %j', async (body, field, message) => {
      const { client, login } = await newCustomer(server)
      const answer = await client.put('/api/user/profile', body)
      expect(answer.status).toBe(400)
      expect(errorsOf(answer.body)[field]).toEqual([message])
      const [row] = await server.database.db
        .select({ role: users.role, email_verified_at: users.emailVerifiedAt })
        .from(users)
        .where(eq(users.id, login.user.id))
      expect(row).toEqual({ role: 'customer', email_verified_at: null })
    })

    it('changes the email only with the current password, keeps it unique, and tells the old address', async () => {
      const { client, email, login } = await newCustomer(server)
      const other = await newCustomer(server)
      const next = uniqueEmail('moved')
      const base = { firstName: 'N', lastName: 'M', email: next }

      const noPassword = await client.put('/api/user/profile', base)
      expect(noPassword.status).toBe(400)
      expect(noPassword.body).toEqual({
        detail: 'Enter your current password to change your email address',
        code: 'invalid_data',
        errors: { currentPassword: ['Enter your current password to change your email address'] },
      })
      const wrong = await client.put('/api/user/profile', { ...base, currentPassword: 'Not-my-password-1' })
      expect(wrong.status).toBe(400)
      expect(errorsOf(wrong.body).currentPassword).toEqual(['Your current password is incorrect.'])
      const taken = await client.put('/api/user/profile', {
        ...base,
        email: other.email,
        currentPassword: GOOD_PASSWORD,
      })
      expect(taken.status).toBe(409)
      expect(taken.body).toEqual({
        detail: 'An account with this email already exists.',
        code: 'conflict',
        errors: { email: ['An account with this email already exists.'] },
      })
      // The same address in other case is no change at all.
      expect((await client.put('/api/user/profile', { ...base, email: email.toUpperCase() })).status).toBe(200)

      const moved = await client.put('/api/user/profile', { ...base, currentPassword: GOOD_PASSWORD })
      expect(moved.status).toBe(200)
      expect((moved.body as { email: string }).email).toBe(next)
      expect((await client.get<{ emailVerified: boolean }>('/api/auth/me/')).body.emailVerified).toBe(false)
      const notice = (await outbox(server, email)).find((m) => m.subject === 'Your Soko email address was changed')
      expect(notice?.text).toContain(next)
      const again = await signIn(server, { email: next, password: GOOD_PASSWORD })
      expect(again.login.user.id).toBe(login.user.id)
    })
  })

  it('lists no orders until checkout places some', async () => {
    const { client } = await newCustomer(server)
    const answer = await client.get('/api/user/orders')
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual([])
  })

  describe('addresses', () => {
    it('saves addresses, normalising county and phone, with exactly one default', async () => {
      const { client, login } = await newCustomer(server)
      const first = await client.post<Address>('/api/user/addresses', address({ county: 'nairobi city' }))
      expect(first.status).toBe(201)
      // What was sent, with the county's and the phone number's standard forms, Kenya, and the default.
      expect(first.body).toEqual({
        id: expect.any(Number),
        ...address({ county: 'Nairobi', phone: '+254712345678' }),
        country: 'Kenya',
        isDefault: true,
      })
      const second = await client.post<Address>(
        '/api/user/addresses',
        address({
          label: 'Work',
          county: 'Taita/Taveta',
          line2: undefined,
          postalCode: undefined,
          firstName: undefined,
        }),
      )
      expect(second.body).toMatchObject({
        label: 'Work',
        county: 'Taita-Taveta',
        line2: '',
        postalCode: '',
        firstName: '',
        isDefault: false,
      })
      const third = await client.post<Address>(
        '/api/user/addresses',
        address({ label: 'Shamba', county: 'Kisumu', isDefault: true }),
      )
      expect(third.body.isDefault).toBe(true)
      const list = await client.get<Address[]>('/api/user/addresses')
      expect(list.body.map((a) => [a.label, a.isDefault])).toEqual([
        ['Shamba', true],
        ['Work', false],
        ['Home', false],
      ])
      const n = await server.database.db.$count(
        addresses,
        and(eq(addresses.userId, login.user.id), eq(addresses.isDefault, true)),
      )
      expect(n).toBe(1)
    })

    it.each([
      [{ line1: '' }, 'line1', 'Address line 1 is required'],
      [{ line1: undefined }, 'line1', 'Address line 1 is required'],
      [{ city: ' ' }, 'city', 'City is required'],
      [{ county: 'Kampala' }, 'county', "Choose one of Kenya's 47 counties"],
      [{ county: '' }, 'county', 'County is required'],
      [{ phone: '0201234567' }, 'phone', KENYAN_MOBILE],
      [{ phone: '' }, 'phone', 'Phone number is required'],
      [{ postalCode: '123' }, 'postalCode', 'Postal code must be 5 digits'],
      [{ country: 'Uganda' }, 'country', 'We deliver within Kenya only'],
      [{ userId: 1 }, 'userId', 'is not an accepted field'],
    ])('refuses %j', async (overrides, field, message) => {
      const { client } = await newCustomer(server)
      const answer = await client.post('/api/user/addresses', address(overrides))
      expect(answer.status).toBe(400)
      expect(errorsOf(answer.body)[field]).toEqual([message])
      expect((await client.get<Address[]>('/api/user/addresses')).body).toEqual([])
    })

    it('replaces, moves the default, and promotes the newest when the default goes', async () => {
      const { client } = await newCustomer(server)
      const home = (await client.post<Address>('/api/user/addresses', address())).body
      const work = (await client.post<Address>('/api/user/addresses', address({ label: 'Work' }))).body
      const shop = (await client.post<Address>('/api/user/addresses', address({ label: 'Shop' }))).body

      const edited = await client.put<Address>(
        `/api/user/addresses/${work.id}`,
        address({ label: 'Office', county: 'Mombasa', city: 'Mombasa' }),
      )
      expect(edited.status).toBe(200)
      expect(edited.body).toMatchObject({ id: work.id, label: 'Office', county: 'Mombasa', isDefault: false })
      // isDefault false cannot leave the user without a default.
      const stays = await client.put<Address>(`/api/user/addresses/${home.id}`, address({ isDefault: false }))
      expect(stays.body.isDefault).toBe(true)
      const moved = await client.post<Address>(`/api/user/addresses/${work.id}/default`)
      expect(moved.status).toBe(200)
      expect(moved.body).toMatchObject({ id: work.id, isDefault: true })
      const viaPut = await client.put<Address>(`/api/user/addresses/${home.id}`, address({ isDefault: true }))
      expect(viaPut.body.isDefault).toBe(true)
      expect(
        (await client.get<Address[]>('/api/user/addresses')).body.filter((a) => a.isDefault).map((a) => a.id),
      ).toEqual([home.id])

      expect((await client.delete(`/api/user/addresses/${home.id}`)).status).toBe(204)
      const left = (await client.get<Address[]>('/api/user/addresses')).body
      expect(left.map((a) => [a.id, a.isDefault])).toEqual([
        [shop.id, true],
        [work.id, false],
      ])
      expect((await client.delete(`/api/user/addresses/${home.id}`)).status).toBe(404)
      expect((await client.put(`/api/user/addresses/abc`, address())).status).toBe(400)
    })

    it('keeps at most 20 addresses', async () => {
      const { client, login } = await newCustomer(server)
      await server.database.db.execute(
        sql`insert into addresses (user_id, line1, city, county, phone)
            select ${login.user.id}, 'Line ' || n, 'Nakuru', 'Nakuru', '+254712345678' from generate_series(1, 20) n`,
      )
      const answer = await client.post('/api/user/addresses', address())
      expect(answer.status).toBe(409)
      expect((answer.body as { detail: string }).detail).toBe('You can save up to 20 addresses. Remove one first.')
    })
  })

  describe('payment methods', () => {
    it('saves an M-Pesa number shown masked, and a card by provider token only', async () => {
      const { client, login } = await newCustomer(server, { firstName: 'Kiprop', lastName: 'Chebet' })
      const mpesa = await client.post<PaymentMethod>('/api/user/payment-methods', {
        type: 'M-PESA',
        phone: '0712 345 678',
      })
      expect(mpesa.status).toBe(201)
      expect(mpesa.body).toEqual({
        id: expect.any(Number),
        type: 'M-PESA',
        last4: '0712 *** 678',
        expiry: null,
        name: 'Kiprop Chebet',
        brand: '',
        isDefault: true,
      })
      const twice = await client.post('/api/user/payment-methods', { type: 'M-PESA', phone: '+254712345678' })
      expect(twice.status).toBe(409)
      expect((twice.body as { detail: string }).detail).toBe('This M-Pesa number is saved already.')

      const visa = await client.post<PaymentMethod>('/api/user/payment-methods', card())
      expect(visa.status).toBe(201)
      expect(visa.body).toEqual({
        id: expect.any(Number),
        type: 'card',
        last4: '4242',
        expiry: '12/39',
        name: 'Wanjiku Kamau',
        brand: 'Visa',
        isDefault: false,
      })
      const list = await client.get<PaymentMethod[]>('/api/user/payment-methods')
      expect(list.body.map((m) => [m.type, m.isDefault])).toEqual([
        ['M-PESA', true],
        ['card', false],
      ])
      const [stored] = await server.database.db
        .select({ provider_token: paymentMethods.providerToken })
        .from(paymentMethods)
        .where(and(eq(paymentMethods.userId, login.user.id), eq(paymentMethods.type, 'card')))
      expect(stored?.provider_token).toBe('tok_visa_9f8e7d6c')
    })

    it.each([
      [{ cardNumber: '4242424242424242' }, 'cardNumber'],
      [{ number: '4242424242424242' }, 'number'],
      [{ cvv: '123' }, 'cvv'],
      [{ cvc: '123' }, 'cvc'],
      [{ pan: '4242424242424242' }, 'pan'],
      [{ token: '4242 4242 4242 4242' }, 'token'],
      [{ name: '5555555555554444' }, 'name'],
    ])('refuses card data %j without storing anything', async (overrides, field) => {
      const { client, login } = await newCustomer(server)
      const answer = await client.post('/api/user/payment-methods', card(overrides))
      expect(answer.status).toBe(400)
      expect(answer.body).toEqual({ detail: CARD_DATA, code: 'invalid_data', errors: { [field]: [CARD_DATA] } })
      const n = await server.database.db.$count(paymentMethods, eq(paymentMethods.userId, login.user.id))
      expect(n).toBe(0)
    })

    it.each([
      [card({ expiry: '01/20' }), 'expiry', 'This card has expired'],
      [card({ expiry: '13/30' }), 'expiry', 'Expiry must be MM/YY'],
      [card({ last4: '42' }), 'last4', 'Last four digits are required'],
      [card({ token: 'short' }), 'token', 'Token must be the payment provider’s card token'],
      [{ type: 'M-PESA', phone: '0201234567' }, 'phone', 'Enter a Safaricom number, e.g. 0712 345 678'],
      [
        { type: 'M-PESA', phone: '0733 123 456' },
        'phone',
        'M-Pesa needs a Safaricom number. 0733 123 456 is an Airtel line.',
      ],
      [
        { type: 'M-PESA', phone: '0772123456' },
        'phone',
        'M-Pesa needs a Safaricom number. 0772 123 456 is a Telkom line.',
      ],
      [{ type: 'M-PESA', phone: '0712345678', isVerified: true }, 'isVerified', 'is not an accepted field'],
      [{ type: 'paypal', phone: '0712345678' }, 'type', "Type must be 'M-PESA' or 'card'"],
    ])('refuses %j', async (body, field, message) => {
      const { client } = await newCustomer(server)
      const answer = await client.post('/api/user/payment-methods', body)
      expect(answer.status).toBe(400)
      expect(errorsOf(answer.body)[field]).toEqual([message])
    })

    it('moves the default and promotes the newest when the default goes', async () => {
      const { client } = await newCustomer(server)
      const mpesa = (
        await client.post<PaymentMethod>('/api/user/payment-methods', { type: 'M-PESA', phone: '0712345678' })
      ).body
      const visa = (await client.post<PaymentMethod>('/api/user/payment-methods', card())).body
      const other = (
        await client.post<PaymentMethod>('/api/user/payment-methods', {
          type: 'M-PESA',
          phone: '0798765432',
          isDefault: true,
        })
      ).body
      expect(other.isDefault).toBe(true)
      const moved = await client.post<PaymentMethod>(`/api/user/payment-methods/${visa.id}/default`)
      expect(moved.body).toMatchObject({ id: visa.id, isDefault: true })
      expect((await client.delete(`/api/user/payment-methods/${visa.id}`)).status).toBe(204)
      const left = (await client.get<PaymentMethod[]>('/api/user/payment-methods')).body
      expect(left.map((m) => [m.id, m.isDefault])).toEqual([
        [other.id, true],
        [mpesa.id, false],
      ])
    })
  })

  describe('wishlist', () => {
    it('adds, lists in the catalogue’s listing shape, and removes products', async () => {
      const { client } = await newCustomer(server)
      const [first = 0, second = 0] = productIds
      const added = await client.post<ProductListing>('/api/user/wishlist/', { productId: first })
      expect(added.status).toBe(201)
      expect(added.body).toMatchObject({ id: first, slug: expect.any(String), vendor: expect.any(Object) })
      expect((await client.post('/api/user/wishlist/', { productId: first })).status).toBe(200)
      await client.post('/api/user/wishlist/', { productId: second })
      const list = await client.get<ProductListing[]>('/api/user/wishlist/')
      expect(list.body.map((p) => p.id)).toEqual([second, first])
      const home = (await (await fetch(`${server.url}/api/marketplace/home/`)).json()) as {
        trending_products: ProductListing[]
      }
      expect(Object.keys(list.body[0] ?? {}).sort()).toEqual(Object.keys(home.trending_products[0] ?? {}).sort())

      expect((await client.delete(`/api/user/wishlist/${first}/`)).status).toBe(204)
      expect((await client.delete(`/api/user/wishlist/${first}/`)).status).toBe(404)
      expect((await client.get<ProductListing[]>('/api/user/wishlist/')).body.map((p) => p.id)).toEqual([second])
    })

    it('refuses unknown and hidden products, and hides products that go off sale', async () => {
      const { client } = await newCustomer(server)
      const [, , third = 0, fourth = 0] = productIds
      expect((await client.post('/api/user/wishlist/', { productId: 99_999_999 })).status).toBe(404)
      expect((await client.post('/api/user/wishlist/', { productId: '5' })).status).toBe(400)
      await client.post('/api/user/wishlist/', { productId: third })
      await server.database.db.execute(sql`update products set is_active = false where id in (${third}, ${fourth})`)
      try {
        expect((await client.post('/api/user/wishlist/', { productId: fourth })).status).toBe(404)
        expect((await client.get<ProductListing[]>('/api/user/wishlist/')).body).toEqual([])
      } finally {
        await server.database.db.execute(sql`update products set is_active = true where id in (${third}, ${fourth})`)
      }
    })
  })

  it('never lets one customer read or change another’s addresses, payment methods or wishlist', async () => {
    const owner = await newCustomer(server)
    const intruder = await newCustomer(server)
    const ownerAddress = (await owner.client.post<Address>('/api/user/addresses', address())).body
    const ownerMethod = (await owner.client.post<PaymentMethod>('/api/user/payment-methods', card())).body
    const [productId = 0] = productIds
    await owner.client.post('/api/user/wishlist/', { productId })
    const snapshot = async () => ({
      addresses: (await owner.client.get('/api/user/addresses')).body,
      methods: (await owner.client.get('/api/user/payment-methods')).body,
      wishlist: (await owner.client.get('/api/user/wishlist/')).body,
    })
    const before = await snapshot()

    const attempts: [string, string, unknown?][] = [
      ['PUT', `/api/user/addresses/${ownerAddress.id}`, address({ label: 'Mine now' })],
      ['DELETE', `/api/user/addresses/${ownerAddress.id}`],
      ['POST', `/api/user/addresses/${ownerAddress.id}/default`],
      ['DELETE', `/api/user/payment-methods/${ownerMethod.id}`],
      ['POST', `/api/user/payment-methods/${ownerMethod.id}/default`],
      ['DELETE', `/api/user/wishlist/${productId}/`],
    ]
    for (const [method, path, body] of attempts) {
      const answer = await intruder.client.request(method, path, body === undefined ? {} : { body })
      expect(answer.status, `${method} ${path}`).toBe(404)
      expect(JSON.stringify(answer.body)).not.toMatch(/Mvuli|tok_visa|Wanjiku/)
    }
    expect((await intruder.client.get('/api/user/addresses')).body).toEqual([])
    expect((await intruder.client.get('/api/user/payment-methods')).body).toEqual([])
    expect((await intruder.client.get('/api/user/wishlist/')).body).toEqual([])
    expect(await snapshot()).toEqual(before)
  })
})
