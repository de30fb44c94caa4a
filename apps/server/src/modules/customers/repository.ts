import type { Db } from '@soko/db/client'
import { addresses, paymentMethods, wishlistItems } from '@soko/db/schema/customers'
import type { RowOf } from '@soko/db/typed-sql'
import { and, desc, eq, ne, sql } from 'drizzle-orm'

// SQL of what a customer keeps: addresses, payment methods, wishlist (the profile is the accounts module's). Every statement is scoped by user_id: another user's row is never read,
// changed or deleted, whatever id the request names.

// What the lists have in common

/** The customer's lists in which one row is the default: the address book and the saved payment methods. */
export type DefaultList = 'addresses' | 'payment_methods'

const tables = { addresses, payment_methods: paymentMethods, wishlist_items: wishlistItems }

/** How many rows the user has in a list (the wishlist too). */
export async function countOf(db: Db, list: DefaultList | 'wishlist_items', userId: number): Promise<number> {
  const table = tables[list]
  return db.$count(table, eq(table.userId, userId))
}

export async function clearDefault(db: Db, list: DefaultList, userId: number): Promise<void> {
  const table = tables[list]
  await db
    .update(table)
    .set({ isDefault: false })
    .where(and(eq(table.userId, userId), eq(table.isDefault, true)))
}

/** Makes one of the user's rows the default (and no other); false when the user has no such row. */
export async function setDefault(db: Db, list: DefaultList, userId: number, id: number): Promise<boolean> {
  const table = tables[list]
  const [exists] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.userId, userId), eq(table.id, id)))
  if (!exists) return false
  await db
    .update(table)
    .set({ isDefault: false })
    .where(and(eq(table.userId, userId), eq(table.isDefault, true), ne(table.id, id)))
  await db
    .update(table)
    .set({ isDefault: true })
    .where(and(eq(table.userId, userId), eq(table.id, id)))
  return true
}

/** Deletes one of the user's rows; returns whether it was the default, or null when there was none. */
export async function deleteFrom(
  db: Db,
  list: DefaultList,
  userId: number,
  id: number,
): Promise<{ wasDefault: boolean } | null> {
  const table = tables[list]
  const rows = await db
    .delete(table)
    .where(and(eq(table.userId, userId), eq(table.id, id)))
    .returning({ isDefault: table.isDefault })
  return rows[0] ? { wasDefault: rows[0].isDefault } : null
}

/** After the default row goes, the most recently added one takes its place. */
export async function promoteNewest(db: Db, list: DefaultList, userId: number): Promise<void> {
  const table = sql.identifier(list)
  await db.execute(
    sql`update ${table} set is_default = true
        where id = (select id from ${table} where user_id = ${userId} order by created_at desc, id desc limit 1)`,
  )
}

// Addresses

const addressShape = {
  id: addresses.id,
  label: addresses.label,
  first_name: addresses.firstName,
  last_name: addresses.lastName,
  line1: addresses.line1,
  line2: addresses.line2,
  city: addresses.city,
  county: addresses.county,
  postal_code: addresses.postalCode,
  country: addresses.country,
  phone: addresses.phone,
  is_default: addresses.isDefault,
}

export type AddressRow = RowOf<typeof addressShape>

export interface AddressFields {
  label: string
  firstName: string
  lastName: string
  line1: string
  line2: string
  city: string
  county: string
  postalCode: string
  country: string
  phone: string
}

/** The columns an address's fields set (named one by one: callers pass request bodies, which hold more). */
function addressValues(fields: AddressFields) {
  return {
    label: fields.label,
    firstName: fields.firstName,
    lastName: fields.lastName,
    line1: fields.line1,
    line2: fields.line2,
    city: fields.city,
    county: fields.county,
    postalCode: fields.postalCode,
    country: fields.country,
    phone: fields.phone,
  }
}

export function listAddresses(db: Db, userId: number): Promise<AddressRow[]> {
  return db
    .select(addressShape)
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.isDefault), desc(addresses.createdAt), desc(addresses.id))
}

export async function getAddress(db: Db, userId: number, id: number): Promise<AddressRow | null> {
  const rows = await db
    .select(addressShape)
    .from(addresses)
    .where(and(eq(addresses.userId, userId), eq(addresses.id, id)))
  return rows[0] ?? null
}

export async function insertAddress(
  db: Db,
  userId: number,
  fields: AddressFields,
  isDefault: boolean,
): Promise<AddressRow> {
  const [row] = await db
    .insert(addresses)
    .values({ userId, ...addressValues(fields), isDefault })
    .returning(addressShape)
  if (!row) throw new Error('address insert returned no row')
  return row
}

export async function updateAddress(
  db: Db,
  userId: number,
  id: number,
  fields: AddressFields,
): Promise<AddressRow | null> {
  const rows = await db
    .update(addresses)
    .set({ ...addressValues(fields), updatedAt: sql`now()` })
    .where(and(eq(addresses.userId, userId), eq(addresses.id, id)))
    .returning(addressShape)
  return rows[0] ?? null
}

/** Saves the checkout's address to the shopper's address book, unless it is there already (at most 20). */
export async function saveAddressFromCheckout(
  db: Db,
  userId: number,
  address: {
    firstName: string
    lastName: string
    address: string
    city: string
    county: string
    postalCode: string
    phone: string
  },
): Promise<void> {
  await db.execute(sql`
    insert into addresses (user_id, label, first_name, last_name, line1, city, county, postal_code, phone, is_default)
    select ${userId}, 'Home', ${address.firstName}, ${address.lastName}, ${address.address}, ${address.city},
      ${address.county}, ${address.postalCode}, ${address.phone},
      not exists (select 1 from addresses where user_id = ${userId} and is_default)
    where not exists (
        select 1 from addresses where user_id = ${userId} and lower(line1) = lower(${address.address})
          and lower(city) = lower(${address.city}) and county = ${address.county})
      and (select count(*) from addresses where user_id = ${userId}) < 20`)
}

// Payment methods

const paymentShape = {
  id: paymentMethods.id,
  type: paymentMethods.type,
  phone: paymentMethods.phone,
  brand: paymentMethods.brand,
  last4: paymentMethods.last4,
  expiry: paymentMethods.expiry,
  name: paymentMethods.name,
  is_default: paymentMethods.isDefault,
}

export type PaymentMethodRow = RowOf<typeof paymentShape>

export function listPaymentMethods(db: Db, userId: number): Promise<PaymentMethodRow[]> {
  return db
    .select(paymentShape)
    .from(paymentMethods)
    .where(eq(paymentMethods.userId, userId))
    .orderBy(desc(paymentMethods.isDefault), desc(paymentMethods.createdAt), desc(paymentMethods.id))
}

export type NewPaymentMethod =
  | { type: 'mpesa'; phone: string; name: string }
  | { type: 'card'; provider: string; token: string; brand: string; last4: string; expiry: string; name: string }

/** Inserts a payment method; throws the unique violation (23505) when the same number or card is saved already. */
export async function insertPaymentMethod(
  db: Db,
  userId: number,
  method: NewPaymentMethod,
  isDefault: boolean,
): Promise<PaymentMethodRow> {
  const values =
    method.type === 'mpesa'
      ? {
          type: method.type,
          phone: method.phone,
          provider: null,
          providerToken: null,
          brand: '',
          last4: null,
          expiry: null,
        }
      : {
          type: method.type,
          phone: null,
          provider: method.provider,
          providerToken: method.token,
          brand: method.brand,
          last4: method.last4,
          expiry: method.expiry,
        }
  const [row] = await db
    .insert(paymentMethods)
    .values({ userId, ...values, name: method.name, isDefault })
    .returning(paymentShape)
  if (!row) throw new Error('payment method insert returned no row')
  return row
}

export async function getPaymentMethod(db: Db, userId: number, id: number): Promise<PaymentMethodRow | null> {
  const rows = await db
    .select(paymentShape)
    .from(paymentMethods)
    .where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.id, id)))
  return rows[0] ?? null
}

// Wishlist (the catalogue lists its products)

/** The wishlist's product ids, most recently added first. */
export async function listWishlistIds(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .select({ productId: wishlistItems.productId })
    .from(wishlistItems)
    .where(eq(wishlistItems.userId, userId))
    .orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.productId))
  return rows.map((row) => row.productId)
}

/** Adds a product; false when it was there already. */
export async function addToWishlist(db: Db, userId: number, productId: number): Promise<boolean> {
  const rows = await db
    .insert(wishlistItems)
    .values({ userId, productId })
    .onConflictDoNothing()
    .returning({ productId: wishlistItems.productId })
  return rows.length > 0
}

export async function removeFromWishlist(db: Db, userId: number, productId: number): Promise<boolean> {
  const rows = await db
    .delete(wishlistItems)
    .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)))
    .returning({ productId: wishlistItems.productId })
  return rows.length > 0
}
