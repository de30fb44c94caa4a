import { randomBytes } from 'node:crypto'
import { products } from '@soko/db/schema/catalog'
import { payments } from '@soko/db/schema/payments'
import { appSecrets } from '@soko/db/schema/secrets'
import { type RowOf, typedRows, value } from '@soko/db/typed-sql'
import { eq, sql } from 'drizzle-orm'
import { type Answer, Client } from './accounts.ts'
import type { TestServer } from './test-server.ts'

/** Fast payments for tests: the simulated customer answers at once, and status queries start after a second. */
export const FAST_PAYMENTS = {
  MPESA_SIMULATOR_DELAY: '150ms',
  MPESA_QUERY_AFTER: '1s',
  MPESA_QUERY_ATTEMPTS: '3',
}

export interface PaymentState {
  id: number
  method: string
  status: string
  amount: number
  phone: string | null
  message: string
  receipt: string | null
  redirectUrl: string | null
  canRetry: boolean
}

export interface OrderDetail {
  id: number
  orderNumber: string
  status: string
  statusLabel: string
  total: number
  subtotal: number
  shipping: number
  vat: number
  items: { id: number; productId: number | null; name: string; price: number; quantity: number; canReview: boolean }[]
  vendors: { id: number; business: { id: number; name: string }; status: string; trackingNote: string | null }[]
  payment: PaymentState | null
  canCancel: boolean
  reservedUntil: string | null
}

export interface Placed {
  order: OrderDetail
  orderToken: string
}

export const newKey = (): string => randomBytes(16).toString('hex')

/** A Safaricom number that the simulator pays from (its last four digits choose what the customer does). */
export function phoneEnding(lastFour: string): string {
  // 070x, 071x, 072x and 079x are all Safaricom's: M-Pesa refuses other operators' lines.
  const range = ['0', '1', '2', '9'][Math.floor(Math.random() * 4)] ?? '0'
  return `07${range}${Math.floor(Math.random() * 10)}00${lastFour}`
}

export function orderBody(items: { productId: number; quantity: number; price?: number }[], overrides = {}) {
  return {
    items,
    firstName: 'Achieng',
    lastName: 'Otieno',
    email: `buyer.${randomBytes(3).toString('hex')}@example.co.ke`,
    phone: '0712 345 678',
    address: 'Moi Avenue 12',
    city: 'Nairobi',
    county: 'Nairobi',
    postalCode: '00100',
    paymentMethod: 'mpesa',
    mpesaNumber: phoneEnding('5678'),
    acceptTerms: true,
    ...overrides,
  }
}

export function placeOrder(client: Client, body: unknown, key = newKey()): Promise<Answer<Placed>> {
  return client.post<Placed>('/api/checkout/orders/', body, { 'idempotency-key': key })
}

/** Polls until `check` returns a value (or fails after `timeoutMs`). */
export async function waitFor<T>(check: () => Promise<T | null | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value !== null && value !== undefined) return value
    if (Date.now() > deadline) throw new Error('timed out waiting')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** The payment as the confirmation step sees it, once it is no longer pending. */
export function settledPayment(client: Client, placed: Placed): Promise<PaymentState> {
  return waitFor(async () => {
    const answer = await client.get<PaymentState>(`/api/checkout/orders/${placed.order.orderNumber}/payment/`, {
      'x-order-token': placed.orderToken,
    })
    return answer.body.status === 'pending' ? null : answer.body
  })
}

const stockedProductShape = {
  id: products.id,
  slug: products.slug,
  price: value.decimal,
  business_id: products.businessId,
}
export type StockedProduct = RowOf<typeof stockedProductShape>

/** Active products of active shops with stock, from different shops when asked. */
export async function sellableProducts(server: TestServer, count: number, distinctShops = false) {
  return typedRows(
    server.database.db,
    stockedProductShape,
    sql`select ${distinctShops ? sql`distinct on (p.business_id)` : sql``} p.id, p.slug,
          p.effective_price_cents / 100.0 as price, p.business_id
        from products p join businesses b on b.id = p.business_id
        where p.is_active and b.is_active and p.stock_qty >= 20
        order by ${distinctShops ? sql`p.business_id,` : sql``} p.id limit ${count}`,
  )
}

export async function stockOf(server: TestServer, productId: number): Promise<number> {
  const [row] = await server.database.db
    .select({ stock_qty: products.stockQty })
    .from(products)
    .where(eq(products.id, productId))
  return row?.stock_qty ?? -1
}

export async function callbackSecret(server: TestServer): Promise<string> {
  const [row] = await server.database.db
    .select({ value: appSecrets.value })
    .from(appSecrets)
    .where(eq(appSecrets.name, 'mpesa_callback_secret'))
  if (!row) throw new Error('no callback secret yet')
  return row.value
}

/** The secret last segment of the payout result paths (made at start when M-Pesa payouts are on). */
export async function payoutCallbackSecret(server: TestServer): Promise<string> {
  const [row] = await server.database.db
    .select({ value: appSecrets.value })
    .from(appSecrets)
    .where(eq(appSecrets.name, 'mpesa_b2c_callback_secret'))
  if (!row) throw new Error('no payout callback secret')
  return row.value
}

export async function paymentRow(server: TestServer, orderNumber: string) {
  const [row] = await typedRows(
    server.database.db,
    {
      id: payments.id,
      checkout_request_id: payments.checkoutRequestId,
      status: payments.status,
      phone: payments.phone,
    },
    sql`select p.id, p.checkout_request_id, p.status, p.phone from payments p join orders o on o.id = p.order_id
        where o.order_number = ${orderNumber} order by p.id desc limit 1`,
  )
  if (!row) throw new Error('no payment')
  return row
}

/** An STK callback as Daraja sends it. */
export function stkCallback(checkoutRequestId: string, resultCode: number, amount?: number, phone?: string) {
  return {
    Body: {
      stkCallback: {
        MerchantRequestID: 'test-merchant',
        CheckoutRequestID: checkoutRequestId,
        ResultCode: resultCode,
        ResultDesc: resultCode === 0 ? 'The service request is processed successfully.' : 'Request cancelled by user',
        ...(resultCode === 0
          ? {
              CallbackMetadata: {
                Item: [
                  { Name: 'Amount', Value: amount },
                  { Name: 'MpesaReceiptNumber', Value: 'TST1234567' },
                  { Name: 'Balance' },
                  { Name: 'TransactionDate', Value: 20261122101010 },
                  { Name: 'PhoneNumber', Value: Number(phone) },
                ],
              },
            }
          : {}),
      },
    },
  }
}

/** A Paybill (C2B) confirmation as Daraja posts it, of `amount` KES to `shortCode` for the account `account`. */
export function c2bConfirmation(
  shortCode: string,
  account: string,
  amount: number,
  transId = `SKT${randomBytes(4).toString('hex').toUpperCase()}`,
) {
  return {
    TransactionType: 'Pay Bill',
    TransID: transId,
    TransTime: '20261125101010',
    TransAmount: `${amount}.00`,
    BusinessShortCode: shortCode,
    BillRefNumber: account,
    InvoiceNumber: '',
    OrgAccountBalance: '',
    ThirdPartyTransID: '',
    MSISDN: '25470****149',
    FirstName: 'ACHIENG',
    MiddleName: '',
    LastName: '',
  }
}

/** Runs the server's due jobs until its job with `dedupeKey` is done (a job that waits for its time is not run). */
export function runJobUntilDone(server: TestServer, dedupeKey: string): Promise<true> {
  return waitFor(async () => {
    await server.app.soko.jobs.runDue()
    const [left] = await typedRows(
      server.database.db,
      { n: value.int },
      sql`select count(*)::int as n from jobs where dedupe_key = ${dedupeKey} and done_at is null`,
    )
    return Number(left?.n) === 0 ? true : null
  })
}

/**
 * One unit of `productId` bought by a new guest (paid by M-Pesa in the simulator), shipped and delivered by the shop
 * signed in as `vendor`, confirmed longer ago than the return window of `windowDays` (the clock moved by SQL, as if
 * the shopper had confirmed then) and released by the ledger's job: the shop's part of it is available. Answers the
 * placed order and the shop's part.
 */
export async function soldAndReleased(
  server: TestServer,
  vendor: Client,
  productId: number,
  windowDays: number,
): Promise<{ placed: Placed; partId: number }> {
  const buyer = new Client(server)
  const placed = await placeOrder(buyer, orderBody([{ productId, quantity: 1 }]))
  if ((await settledPayment(buyer, placed.body)).status !== 'paid') throw new Error('the order was not paid')
  const part = (await vendor.get<{ id: number }[]>('/api/vendor/orders/')).body[0]
  if (!part) throw new Error('no vendor part')
  await vendor.post(`/api/vendor/orders/${part.id}/ship/`, { carrier: 'g4s', trackingReference: 'G1' })
  const delivered = await vendor.post(`/api/vendor/orders/${part.id}/deliver/`)
  if (delivered.status !== 204) throw new Error(`delivery refused: ${delivered.status}`)
  await server.database.db.execute(
    sql`update vendor_orders set delivered_at = now() - make_interval(days => ${windowDays + 2}),
          delivery_confirmed_at = now() - make_interval(days => ${windowDays + 1}), delivery_confirmed_by = 'shopper'
        where id = ${part.id}`,
  )
  // The release job a confirmation queues, as of the day it stood in for.
  await server.database.db.transaction((t) =>
    server.app.soko.postings.enqueueRelease(t, part.id, new Date(Date.now() - (windowDays + 1) * 86_400_000)),
  )
  await runJobUntilDone(server, `vendor_part.release:${part.id}`)
  return { placed: placed.body, partId: part.id }
}
