import { sql } from 'drizzle-orm'
import { expect } from 'vitest'
import { Client, newCustomer, registerUser, signIn } from './accounts.ts'
import { orderBody, type Placed, placeOrder, settledPayment } from './checkout.ts'
import type { TestServer } from './test-server.ts'
import { categories, newVendor, productBody, type VendorProduct } from './vendor.ts'

/**
 * Everyone who may try a step on an order: its buyer (signed in), a guest holding its token (sent per request), its
 * vendor, another vendor, an admin, another shopper, and nobody.
 */
export type Caller = 'buyer' | 'token' | 'vendor' | 'other-vendor' | 'admin' | 'stranger' | 'anonymous'
export const CALLERS: Caller[] = ['buyer', 'token', 'vendor', 'other-vendor', 'admin', 'stranger', 'anonymous']

export interface PaidOrderWorld {
  clients: Record<Caller, Client>
  placed: Placed
  shopName: string
}

/**
 * One shop's product bought (`quantity` of it) and paid by a signed-in shopper, and a client for every caller:
 * the world the tests of every step on an order or its vendor part start from.
 */
export async function paidOrderWithCallers(
  server: TestServer,
  shop: { name: string; otherName: string; product: string; price?: number; quantity: number },
  /** How the order is delivered (home delivery to its address when absent). */
  delivery?: unknown,
): Promise<PaidOrderWorld> {
  const { leaf } = await categories(server)
  const vendor = await newVendor(server, { name: shop.name })
  const other = await newVendor(server, { name: shop.otherName })
  const { body: product } = await vendor.client.post<VendorProduct>(
    '/api/vendor/products/',
    productBody(leaf, { name: shop.product, stockQty: 50, ...(shop.price ? { price: shop.price } : {}) }),
  )
  const buyer = await newCustomer(server)
  const answer = await placeOrder(
    buyer.client,
    orderBody([{ productId: product.id, quantity: shop.quantity }], delivery ? { delivery } : {}),
  )
  expect(answer.status).toBe(201)
  expect((await settledPayment(buyer.client, answer.body)).status).toBe('paid')
  const adminUser = await registerUser(server)
  await server.database.db.execute(sql`update users set role = 'superuser' where lower(email) = ${adminUser.email}`)
  const admin = await signIn(server, adminUser)
  return {
    placed: answer.body,
    shopName: vendor.shop.name,
    clients: {
      buyer: buyer.client,
      token: new Client(server),
      vendor: vendor.client,
      'other-vendor': other.client,
      admin: admin.client,
      stranger: (await newCustomer(server)).client,
      anonymous: new Client(server),
    },
  }
}
