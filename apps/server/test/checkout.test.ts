import type { Quote } from '@soko/contract/checkout'
import { users } from '@soko/db/schema/accounts'
import { products } from '@soko/db/schema/catalog'
import { orders } from '@soko/db/schema/orders'
import { paymentEvents } from '@soko/db/schema/payments'
import { typedRows, value } from '@soko/db/typed-sql'
import { eq, like, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client, newCustomer, outbox, RELAXED_LIMITS } from './support/accounts.ts'
import {
  callbackSecret,
  FAST_PAYMENTS,
  newKey,
  type OrderDetail,
  orderBody,
  type PaymentState,
  paymentRow,
  phoneEnding,
  placeOrder,
  sellableProducts,
  settledPayment,
  stkCallback,
  stockOf,
  waitFor,
} from './support/checkout.ts'
import { engines, startTestServer, type TestServer, withTestServer } from './support/test-server.ts'

describe.each(engines)('checkout on %s', (engine) => {
  let server: TestServer
  let guest: Client

  beforeAll(async () => {
    server = await startTestServer(engine, { env: { ...RELAXED_LIMITS, ...FAST_PAYMENTS } })
    guest = new Client(server)
  })
  afterAll(() => server?.close())

  it('quotes from database prices: 500 KES delivery, 16 % VAT, whole shillings', async () => {
    const [a, b] = await sellableProducts(server, 2)
    if (!a || !b) throw new Error('fixture')
    const answer = await guest.post<Quote>('/api/checkout/quote/', {
      items: [
        { productId: a.id, quantity: 2, price: a.price },
        { productId: b.id, quantity: 1, price: 1 },
      ],
    })
    expect(answer.status).toBe(200)
    const quote = answer.body
    expect(quote.subtotal).toBeCloseTo(a.price * 2 + b.price, 2)
    expect(quote.shipping).toBe(500)
    expect(Math.abs(quote.vat - quote.subtotal * 0.16)).toBeLessThanOrEqual(0.5)
    expect(Number.isInteger(quote.total)).toBe(true)
    expect(quote.total).toBeCloseTo(quote.subtotal + quote.shipping + quote.vat, 2)
    // The shopper was shown KSh 1 for b: the real price is reported, never silently charged.
    expect(quote.hasProblems).toBe(true)
    expect(quote.lines[1]?.problem).toBe('price_changed')
    expect(quote.lines[1]?.message).toMatch(/changed from KSh 1 to/)
  })

  it('lowers a quantity to the stock left and removes what is no longer sold', async () => {
    const [a, b] = await sellableProducts(server, 2)
    if (!a || !b) throw new Error('fixture')
    await server.database.db.execute(sql`update products set stock_qty = 3 where id = ${a.id}`)
    await server.database.db.execute(sql`update products set is_active = false where id = ${b.id}`)
    const { body } = await guest.post<Quote>('/api/checkout/quote/', {
      items: [
        { productId: a.id, quantity: 5 },
        { productId: b.id, quantity: 1 },
        { productId: 999_999, quantity: 1 },
      ],
    })
    expect(body.lines).toHaveLength(1)
    expect(body.lines[0]).toMatchObject({ productId: a.id, quantity: 3, problem: 'insufficient_stock' })
    expect(body.lines[0]?.message).toContain('Only 3 left')
    expect(body.removed.map((line) => line.problem)).toEqual(['unavailable', 'unavailable'])
    await server.database.db.execute(sql`update products set stock_qty = 50 where id = ${a.id}`)
    await server.database.db.execute(sql`update products set is_active = true where id = ${b.id}`)
  })

  it('refuses bad orders with a reason per field and never accepts card numbers', async () => {
    const [a] = await sellableProducts(server, 1)
    if (!a) throw new Error('fixture')
    const missing = await placeOrder(
      guest,
      orderBody([{ productId: a.id, quantity: 1 }], { firstName: '', mpesaNumber: '' }),
    )
    expect(missing.status).toBe(400)
    const errors = (missing.body as unknown as { errors: Record<string, string[]> }).errors
    expect(errors.firstName).toEqual(['First name is required'])
    expect(errors.mpesaNumber).toEqual(['M-Pesa number is required'])

    const noTerms = await placeOrder(guest, orderBody([{ productId: a.id, quantity: 1 }], { acceptTerms: false }))
    expect(noTerms.status).toBe(400)
    expect(JSON.stringify(noTerms.body)).toContain('accept the terms')

    const card = await placeOrder(
      guest,
      orderBody([{ productId: a.id, quantity: 1 }], { paymentMethod: 'credit-card', cardNumber: '4084084084084081' }),
    )
    expect(card.status).toBe(400)
    expect(JSON.stringify(card.body)).toContain('must never be sent to Soko')

    const absurd = await guest.post('/api/checkout/quote/', { items: [{ productId: a.id, quantity: 1, price: 1e308 }] })
    expect(absurd.status).toBe(400)

    const noKey = await guest.post('/api/checkout/orders/', orderBody([{ productId: a.id, quantity: 1 }]))
    expect(noKey.status).toBe(400)
    expect(JSON.stringify(noKey.body)).toContain('Idempotency-Key')
  })

  it('refuses an Airtel or Telkom M-Pesa number at its field before any order is made', async () => {
    const [a] = await sellableProducts(server, 1)
    if (!a) throw new Error('fixture')
    const countOrders = () => server.database.db.$count(orders)
    const ordersBefore = await countOrders()
    const stockBefore = await stockOf(server, a.id)
    const key = newKey()
    for (const [mpesaNumber, message] of [
      ['0733 123 456', 'M-Pesa needs a Safaricom number. 0733 123 456 is an Airtel line.'],
      ['+254 100 123 456', 'M-Pesa needs a Safaricom number. 0100 123 456 is an Airtel line.'],
      ['0772123456', 'M-Pesa needs a Safaricom number. 0772 123 456 is a Telkom line.'],
    ] as const) {
      const refused = await placeOrder(guest, orderBody([{ productId: a.id, quantity: 1 }], { mpesaNumber }), key)
      expect(refused.status).toBe(400)
      expect(refused.body).toMatchObject({ code: 'invalid_data', errors: { mpesaNumber: [message] } })
    }
    expect(await countOrders()).toBe(ordersBefore)
    expect(await stockOf(server, a.id)).toBe(stockBefore)

    // Nothing was kept under the key either: the same attempt with a Safaricom number goes through.
    const placed = await placeOrder(
      guest,
      orderBody([{ productId: a.id, quantity: 1 }], { mpesaNumber: phoneEnding('0404') }),
      key,
    )
    expect(placed.status).toBe(201)
    // A new attempt at paying is held to the same rule.
    const retry = await guest.post(
      `/api/checkout/orders/${placed.body.order.orderNumber}/payment/`,
      { mpesaNumber: '0750 123 456' },
      { 'x-order-token': placed.body.orderToken },
    )
    expect(retry.status).toBe(400)
    expect(retry.body).toMatchObject({
      errors: { mpesaNumber: ['M-Pesa needs a Safaricom number. 0750 123 456 is an Airtel line.'] },
    })
  })

  it('places a two-vendor order, splits it per vendor, takes the stock and is paid by M-Pesa', async () => {
    const [a, b] = await sellableProducts(server, 2, true)
    if (!a || !b) throw new Error('fixture')
    const stockBefore = await stockOf(server, a.id)
    const body = orderBody([
      { productId: a.id, quantity: 2, price: a.price },
      { productId: b.id, quantity: 1, price: b.price },
    ])
    const placed = await placeOrder(guest, body)
    expect(placed.status).toBe(201)
    const { order, orderToken } = placed.body
    expect(order.orderNumber).toMatch(/^SK-[0-9A-Z]{6}$/)
    expect(order.status).toBe('pending_payment')
    expect(order.vendors).toHaveLength(2)
    expect(order.total).toBe(order.subtotal + order.shipping + order.vat)
    expect(await stockOf(server, a.id)).toBe(stockBefore - 2)
    expect(order.payment?.message).toMatch(/Enter your M-Pesa PIN/)

    const payment = await settledPayment(guest, placed.body)
    expect(payment.status).toBe('paid')
    expect(payment.receipt).toMatch(/^[A-Z0-9]{10}$/)
    const detail = await guest.get<OrderDetail>(`/api/checkout/orders/${order.orderNumber}/`, {
      'x-order-token': orderToken,
    })
    expect(detail.body.status).toBe('paid')
    expect(detail.body.vendors.every((part) => part.status === 'paid')).toBe(true)
    const mail = await outbox(server, body.email)
    expect(mail.map((message) => message.subject)).toContain(`Order ${order.orderNumber} confirmed`)
    // Each shop's owner hears of its own part.
    const owners = await typedRows(
      server.database.db,
      { email: users.email },
      sql`select u.email from businesses b join users u on u.id = b.owner_id where b.id in (${a.business_id}, ${b.business_id})`,
    )
    expect(owners).toHaveLength(2)
    for (const owner of owners) {
      const theirs = await outbox(server, owner.email)
      expect(theirs.some((message) => message.text.includes(order.orderNumber))).toBe(true)
    }

    // Nobody else can read it: no token, a wrong token, another signed-in shopper.
    expect((await guest.get(`/api/checkout/orders/${order.orderNumber}/`)).status).toBe(404)
    expect(
      (await guest.get(`/api/checkout/orders/${order.orderNumber}/`, { 'x-order-token': `${orderToken}x` })).status,
    ).toBe(404)
  })

  it('answers the same order for the same Idempotency-Key, and refuses the key for another order', async () => {
    const [a] = await sellableProducts(server, 1)
    if (!a) throw new Error('fixture')
    const key = newKey()
    const body = orderBody([{ productId: a.id, quantity: 1 }])
    const stockBefore = await stockOf(server, a.id)
    const answers = await Promise.all([placeOrder(guest, body, key), placeOrder(guest, body, key)])
    const numbers = new Set(answers.map((answer) => answer.body.order.orderNumber))
    expect(numbers.size).toBe(1)
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 201])
    const again = await placeOrder(guest, body, key)
    expect(again.status).toBe(200)
    expect(again.body.order.orderNumber).toBe([...numbers][0])
    expect(await stockOf(server, a.id)).toBe(stockBefore - 1)
    const other = await placeOrder(guest, { ...body, notes: 'different' }, key)
    expect(other.status).toBe(409)
  })

  it('credits one payment once when the same callback arrives 100 times, and ignores forged ones', async () => {
    // A product no other test buys: their payments may still land while this one counts sales.
    const a = (await sellableProducts(server, 12))[11]
    if (!a) throw new Error('fixture')
    const salesBefore = await salesOf(a.id)
    // A number whose simulated customer pays but sends no callback (a status query may also find it).
    const placed = await placeOrder(
      guest,
      orderBody([{ productId: a.id, quantity: 1 }], { mpesaNumber: phoneEnding('0404') }),
    )
    expect(placed.status).toBe(201)
    const { order } = placed.body
    const payment = await waitFor(async () => {
      const row = await paymentRow(server, order.orderNumber)
      return row.checkout_request_id ? row : null
    })
    const secret = await callbackSecret(server)
    const path = `/api/payments/lnm/cb/${secret}`
    const phone = (payment.phone ?? '').replace('+', '')
    const checkoutId = payment.checkout_request_id ?? ''

    // Forged: unknown id, wrong amount, wrong phone, wrong secret. None changes anything.
    const forged = [
      guest.post(path, stkCallback('ws_CO_forged', 0, order.total, phone)),
      guest.post(path, stkCallback(checkoutId, 0, order.total - 1, phone)),
      guest.post(path, stkCallback(checkoutId, 0, order.total, '254700000001')),
      guest.post(`/api/payments/lnm/cb/${'x'.repeat(secret.length)}`, stkCallback(checkoutId, 0, order.total, phone)),
    ]
    const forgedStatuses = (await Promise.all(forged)).map((answer) => answer.status)
    expect(forgedStatuses).toEqual([200, 200, 200, 404])
    const [unknown] = await server.database.db
      .select({ outcome: paymentEvents.outcome })
      .from(paymentEvents)
      .where(like(paymentEvents.rawBody, '%ws_CO_forged%'))
    expect(unknown?.outcome).toBe('rejected: unknown CheckoutRequestID')

    const genuine = stkCallback(checkoutId, 0, order.total, phone)
    const answers = await Promise.all(Array.from({ length: 100 }, () => guest.post(path, genuine)))
    expect(answers.every((answer) => answer.status === 200)).toBe(true)
    const events = await typedRows(
      server.database.db,
      { outcome: paymentEvents.outcome, n: value.int },
      sql`select outcome, count(*)::int as n from payment_events where payment_id = ${payment.id} group by outcome`,
    )
    // Applied once (by a callback, or by the status query if it came first), the rest counted as duplicates; the
    // two forged ones for this payment rejected.
    const counts = Object.fromEntries(events.map((row) => [row.outcome, row.n]))
    expect(counts.applied).toBe(1)
    expect(counts['rejected: amount or phone does not match the payment']).toBe(2)
    expect((counts.duplicate ?? 0) + 1).toBeGreaterThanOrEqual(100)
    expect((await paymentRow(server, order.orderNumber)).status).toBe('paid')
    expect(await salesOf(a.id)).toBe(salesBefore + 1)
    const mail = await outbox(server, (placed.body.order as unknown as { contact: { email: string } }).contact.email)
    expect(mail.filter((message) => message.subject.includes('confirmed'))).toHaveLength(1)
  })

  async function salesOf(productId: number): Promise<number> {
    const [row] = await server.database.db
      .select({ sales_count: products.salesCount })
      .from(products)
      .where(eq(products.id, productId))
    return row?.sales_count ?? -1
  }

  it('matches a paid callback to a push whose answer was never stored (a process died in between)', async () => {
    // Status queries held off, so only the callback can settle it.
    const options = {
      env: { ...RELAXED_LIMITS, ...FAST_PAYMENTS, MPESA_QUERY_AFTER: '10m' },
    }
    await withTestServer(engine, options, async (quiet) => {
      const client = new Client(quiet)
      const [a] = await sellableProducts(quiet, 1)
      if (!a) throw new Error('fixture')
      const placed = await placeOrder(
        client,
        orderBody([{ productId: a.id, quantity: 1 }], { mpesaNumber: phoneEnding('0404') }),
      )
      const { order } = placed.body
      const payment = await waitFor(async () => {
        const row = await paymentRow(quiet, order.orderNumber)
        return row.checkout_request_id ? row : null
      })
      // As if the process had died between Daraja's answer and storing it.
      await quiet.database.db.execute(sql`update payments set checkout_request_id = null where id = ${payment.id}`)
      const path = `/api/payments/lnm/cb/${await callbackSecret(quiet)}`
      const callback = stkCallback(
        payment.checkout_request_id ?? '',
        0,
        order.total,
        (payment.phone ?? '').replace('+', ''),
      )
      expect((await client.post(path, callback)).status).toBe(200)
      const settled = await paymentRow(quiet, order.orderNumber)
      expect(settled).toMatchObject({ status: 'paid', checkout_request_id: payment.checkout_request_id })
    })
  })

  it('settles a payment whose callback never comes by asking Daraja (STK query)', async () => {
    const [a] = await sellableProducts(server, 1)
    if (!a) throw new Error('fixture')
    const placed = await placeOrder(
      guest,
      orderBody([{ productId: a.id, quantity: 1 }], { mpesaNumber: phoneEnding('0404') }),
    )
    const payment = await settledPayment(guest, placed.body)
    expect(payment.status).toBe('paid')
  })

  it('reports a cancelled push, refuses a second push while one is open, and pays on retry', async () => {
    const [a] = await sellableProducts(server, 1)
    if (!a) throw new Error('fixture')
    const placed = await placeOrder(
      guest,
      orderBody([{ productId: a.id, quantity: 1 }], { mpesaNumber: phoneEnding('1032') }),
    )
    const headers = { 'x-order-token': placed.body.orderToken }
    const number = placed.body.order.orderNumber
    const failed = await settledPayment(guest, placed.body)
    expect(failed).toMatchObject({ status: 'cancelled', canRetry: true })
    expect(failed.message).toBe('You cancelled the M-Pesa request on your phone.')

    const retry = await guest.post<PaymentState>(
      `/api/checkout/orders/${number}/payment/`,
      { mpesaNumber: phoneEnding('0404') },
      headers,
    )
    expect(retry.status).toBe(201)
    await waitFor(async () => ((await paymentRow(server, number)).checkout_request_id ? true : null))
    const second = await guest.post(`/api/checkout/orders/${number}/payment/`, {}, headers)
    expect(second.status).toBe(409)
    expect(JSON.stringify(second.body)).toContain('Check your phone')
    expect((await settledPayment(guest, placed.body)).status).toBe('paid')
  })

  it('tells the shopper about a wrong PIN and low balance', async () => {
    const [a] = await sellableProducts(server, 1)
    if (!a) throw new Error('fixture')
    for (const [ending, message] of [
      ['2001', 'The M-Pesa PIN was wrong.'],
      ['0001', 'Your M-Pesa balance was not enough for this payment.'],
    ] as const) {
      const placed = await placeOrder(
        guest,
        orderBody([{ productId: a.id, quantity: 1 }], { mpesaNumber: phoneEnding(ending) }),
      )
      const payment = await settledPayment(guest, placed.body)
      expect(payment).toMatchObject({ status: 'failed', message, canRetry: true })
    }
  })

  it('pays by card on the provider page, through the signed webhook', async () => {
    const [a] = await sellableProducts(server, 1)
    if (!a) throw new Error('fixture')
    const placed = await placeOrder(
      guest,
      orderBody([{ productId: a.id, quantity: 1 }], { paymentMethod: 'credit-card' }),
    )
    expect(placed.status).toBe(201)
    const redirectUrl = placed.body.order.payment?.redirectUrl ?? ''
    expect(redirectUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/pay\//)
    const page = await fetch(redirectUrl)
    expect(await page.text()).toContain('Pay')
    const paid = await fetch(redirectUrl, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        card_number: '4084 0840 8408 4081',
        expiry: '12/30',
        cvc: '408',
        name: 'Achieng Otieno',
        action: 'pay',
      }).toString(),
    })
    expect(paid.status).toBe(303)
    expect(paid.headers.get('location')).toContain(`/checkout?order=${placed.body.order.orderNumber}`)
    expect((await settledPayment(guest, placed.body)).status).toBe('paid')

    // A webhook with a bad signature is refused and changes nothing.
    const forged = await fetch(`${server.url}/api/payments/card/webhook/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-paystack-signature': 'f'.repeat(128) },
      body: JSON.stringify({ event: 'charge.success', data: { reference: 'x' } }),
    })
    expect(forged.status).toBe(401)
  })

  it('lets a shopper cancel an unpaid order (stock back) but not a shipped one', async () => {
    const [a] = await sellableProducts(server, 1)
    if (!a) throw new Error('fixture')
    const stockBefore = await stockOf(server, a.id)
    const placed = await placeOrder(
      guest,
      orderBody([{ productId: a.id, quantity: 2 }], { mpesaNumber: phoneEnding('1032') }),
    )
    await settledPayment(guest, placed.body)
    const headers = { 'x-order-token': placed.body.orderToken }
    const cancelled = await guest.post<OrderDetail>(
      `/api/checkout/orders/${placed.body.order.orderNumber}/cancel/`,
      {},
      headers,
    )
    expect(cancelled.status).toBe(200)
    expect(cancelled.body.status).toBe('cancelled')
    expect(await stockOf(server, a.id)).toBe(stockBefore)
    const retry = await guest.post(`/api/checkout/orders/${placed.body.order.orderNumber}/payment/`, {}, headers)
    expect(retry.status).toBe(409)
  })

  it('keeps signed-in orders in the account, and lets a delivered line be reviewed once', async () => {
    const shopper = await newCustomer(server)
    const [a] = await sellableProducts(server, 1)
    if (!a) throw new Error('fixture')
    const placed = await placeOrder(
      shopper.client,
      orderBody([{ productId: a.id, quantity: 1 }], { email: shopper.email, saveAddress: true }),
    )
    expect(placed.status).toBe(201)
    expect((await settledPayment(shopper.client, placed.body)).status).toBe('paid')
    const mine = await shopper.client.get<OrderDetail[]>('/api/user/orders')
    expect(mine.body.map((order) => order.orderNumber)).toEqual([placed.body.order.orderNumber])
    const addresses = await shopper.client.get<{ line1: string }[]>('/api/user/addresses')
    expect(addresses.body.map((address) => address.line1)).toContain('Moi Avenue 12')

    // Reviews wait for delivery.
    const early = await shopper.client.post(`/api/marketplace/api/products/${a.slug}/reviews/`, {
      rating: 5,
      comment: 'Safi',
    })
    expect(early.status).toBe(403)

    // The shop's owner ships and delivers its part.
    const owner = await vendorOwner(a.business_id)
    const part = placed.body.order.vendors[0]
    if (!part) throw new Error('no vendor part')
    const stranger = await newCustomer(server)
    expect(
      (await stranger.client.post(`/api/vendor/orders/${part.id}/ship/`, { carrier: 'g4s', trackingReference: 'x' }))
        .status,
    ).toBe(403)
    const shipping = { carrier: 'g4s', trackingReference: 'GX12345', trackingNote: 'Collect at Moi Avenue' }
    expect((await owner.post(`/api/vendor/orders/${part.id}/ship/`, shipping)).status).toBe(204)
    expect((await owner.post(`/api/vendor/orders/${part.id}/deliver/`)).status).toBe(204)
    const delivered = await shopper.client.get<OrderDetail>(`/api/user/orders/${placed.body.order.orderNumber}`)
    expect(delivered.body.status).toBe('delivered')
    expect(delivered.body.vendors[0]).toMatchObject({
      trackingNote: 'Collect at Moi Avenue',
      carrier: 'g4s',
      carrierLabel: 'G4S',
      trackingReference: 'GX12345',
      canConfirm: true,
      deliveryConfirmedAt: null,
    })
    expect(delivered.body.items[0]?.canReview).toBe(true)
    expect(delivered.body.canCancel).toBe(false)

    const review = await shopper.client.post(`/api/marketplace/api/products/${a.slug}/reviews/`, {
      rating: 4,
      comment: 'Good value',
    })
    expect(review.status).toBe(201)
    const twice = await shopper.client.post(`/api/marketplace/api/products/${a.slug}/reviews/`, { rating: 1 })
    expect(twice.status).toBe(409)
    const after = await shopper.client.get<OrderDetail>(`/api/user/orders/${placed.body.order.orderNumber}`)
    expect(after.body.items[0]?.canReview).toBe(false)
    const subjects = (await outbox(server, shopper.email)).map((message) => message.subject)
    expect(subjects.some((subject) => subject.includes('shipped'))).toBe(true)
    expect(subjects.some((subject) => subject.includes('delivered'))).toBe(true)
  })

  async function vendorOwner(businessId: number): Promise<Client> {
    const owner = await newCustomer(server)
    await server.database.db.execute(sql`update users set role = 'vendor' where lower(email) = ${owner.email}`)
    await server.database.db.execute(
      sql`update businesses set owner_id = (select id from users where lower(email) = ${owner.email}) where id = ${businessId}`,
    )
    return owner.client
  }

  it('merges the browser cart with the saved cart at sign-in', async () => {
    const shopper = await newCustomer(server)
    const [a, b] = await sellableProducts(server, 2)
    if (!a || !b) throw new Error('fixture')
    await shopper.client.put('/api/cart/', { items: [{ productId: a.id, quantity: 3 }] })
    const merged = await shopper.client.post<{ items: { id: number; quantity: number }[] }>('/api/cart/merge/', {
      items: [
        { productId: a.id, quantity: 1 },
        { productId: b.id, quantity: 2 },
      ],
    })
    expect(merged.body.items.map((item) => [item.id, item.quantity])).toEqual([
      [a.id, 3],
      [b.id, 2],
    ])
    expect((await guest.get('/api/cart/')).status).toBe(401)
  })

  it('limits new orders per address and M-Pesa prompts per phone', async () => {
    const options = {
      env: { ...FAST_PAYMENTS, CHECKOUT_LIMIT_PER_IP: '4/10m', MPESA_PUSH_LIMIT_PER_PHONE: '2/10m' },
    }
    await withTestServer(engine, options, async (strict) => {
      const client = new Client(strict)
      const [a] = await sellableProducts(strict, 1)
      if (!a) throw new Error('fixture')
      const phone = phoneEnding('1032')
      const statuses: number[] = []
      for (let i = 0; i < 3; i += 1) {
        statuses.push(
          (await placeOrder(client, orderBody([{ productId: a.id, quantity: 1 }], { mpesaNumber: phone }))).status,
        )
      }
      expect(statuses).toEqual([201, 201, 429])
      const other = orderBody([{ productId: a.id, quantity: 1 }], { mpesaNumber: phoneEnding('5678') })
      expect((await placeOrder(client, other)).status).toBe(201)
      const refused = await placeOrder(
        client,
        orderBody([{ productId: a.id, quantity: 1 }], { mpesaNumber: phoneEnding('5679') }),
      )
      expect(refused.status).toBe(429)
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/)
      expect(JSON.stringify(refused.body)).toContain('Too many attempts')
    })
  })

  it('releases the stock of an order left unpaid when its reservation ends', async () => {
    const options = {
      env: { ...RELAXED_LIMITS, ...FAST_PAYMENTS, ORDER_RESERVATION: '1s' },
    }
    await withTestServer(engine, options, async (quick) => {
      const client = new Client(quick)
      const [a] = await sellableProducts(quick, 1)
      if (!a) throw new Error('fixture')
      const stockBefore = await stockOf(quick, a.id)
      const placed = await placeOrder(
        client,
        orderBody([{ productId: a.id, quantity: 4 }], { mpesaNumber: phoneEnding('2001') }),
      )
      expect(await stockOf(quick, a.id)).toBe(stockBefore - 4)
      const order = await waitFor(async () => {
        const answer = await client.get<OrderDetail>(`/api/checkout/orders/${placed.body.order.orderNumber}/`, {
          'x-order-token': placed.body.orderToken,
        })
        return answer.body.status === 'cancelled' ? answer.body : null
      })
      expect(order.canCancel).toBe(false)
      expect(await stockOf(quick, a.id)).toBe(stockBefore)
    })
  })
})
