import { type Db, queryRows } from '@soko/db/client'
import { sql } from 'drizzle-orm'

// SQL of what a customer keeps: addresses, payment methods, wishlist (the profile is the accounts module's). Every statement is scoped by user_id: another user's row is never read,
// changed or deleted, whatever id the request names.

// What the lists have in common

/** The customer's lists in which one row is the default: the address book and the saved payment methods. */
export type DefaultList = 'addresses' | 'payment_methods'

/** How many rows the user has in a list (the wishlist too). */
export async function countOf(db: Db, list: DefaultList | 'wishlist_items', userId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${sql.identifier(list)} where user_id = ${userId}`,
  )
  return row?.n ?? 0
}

export async function clearDefault(db: Db, list: DefaultList, userId: number): Promise<void> {
  await db.execute(sql`update ${sql.identifier(list)} set is_default = false where user_id = ${userId} and is_default`)
}

/** Makes one of the user's rows the default (and no other); false when the user has no such row. */
export async function setDefault(db: Db, list: DefaultList, userId: number, id: number): Promise<boolean> {
  const table = sql.identifier(list)
  const [exists] = await queryRows<{ id: number }>(
    db,
    sql`select id from ${table} where user_id = ${userId} and id = ${id}`,
  )
  if (!exists) return false
  await db.execute(sql`update ${table} set is_default = false where user_id = ${userId} and is_default and id <> ${id}`)
  await db.execute(sql`update ${table} set is_default = true where user_id = ${userId} and id = ${id}`)
  return true
}

/** Deletes one of the user's rows; returns whether it was the default, or null when there was none. */
export async function deleteFrom(
  db: Db,
  list: DefaultList,
  userId: number,
  id: number,
): Promise<{ wasDefault: boolean } | null> {
  const rows = await queryRows<{ is_default: boolean }>(
    db,
    sql`delete from ${sql.identifier(list)} where user_id = ${userId} and id = ${id} returning is_default`,
  )
  return rows[0] ? { wasDefault: rows[0].is_default } : null
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

export interface AddressRow {
  id: number
  label: string
  first_name: string
  last_name: string
  line1: string
  line2: string
  city: string
  county: string
  postal_code: string
  country: string
  phone: string
  is_default: boolean
}

const addressColumns = sql`id, label, first_name, last_name, line1, line2, city, county, postal_code, country, phone,
  is_default`

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

export function listAddresses(db: Db, userId: number): Promise<AddressRow[]> {
  return queryRows<AddressRow>(
    db,
    sql`select ${addressColumns} from addresses where user_id = ${userId}
        order by is_default desc, created_at desc, id desc`,
  )
}

export async function getAddress(db: Db, userId: number, id: number): Promise<AddressRow | null> {
  const rows = await queryRows<AddressRow>(
    db,
    sql`select ${addressColumns} from addresses where user_id = ${userId} and id = ${id}`,
  )
  return rows[0] ?? null
}

export async function insertAddress(
  db: Db,
  userId: number,
  fields: AddressFields,
  isDefault: boolean,
): Promise<AddressRow> {
  const [row] = await queryRows<AddressRow>(
    db,
    sql`insert into addresses (user_id, label, first_name, last_name, line1, line2, city, county, postal_code, country,
          phone, is_default)
        values (${userId}, ${fields.label}, ${fields.firstName}, ${fields.lastName}, ${fields.line1}, ${fields.line2},
          ${fields.city}, ${fields.county}, ${fields.postalCode}, ${fields.country}, ${fields.phone}, ${isDefault})
        returning ${addressColumns}`,
  )
  if (!row) throw new Error('address insert returned no row')
  return row
}

export async function updateAddress(
  db: Db,
  userId: number,
  id: number,
  fields: AddressFields,
): Promise<AddressRow | null> {
  const rows = await queryRows<AddressRow>(
    db,
    sql`update addresses set label = ${fields.label}, first_name = ${fields.firstName}, last_name = ${fields.lastName},
          line1 = ${fields.line1}, line2 = ${fields.line2}, city = ${fields.city}, county = ${fields.county},
          postal_code = ${fields.postalCode}, country = ${fields.country}, phone = ${fields.phone}, updated_at = now()
        where user_id = ${userId} and id = ${id}
        returning ${addressColumns}`,
  )
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

export interface PaymentMethodRow {
  id: number
  type: 'mpesa' | 'card'
  phone: string | null
  brand: string
  last4: string | null
  expiry: string | null
  name: string
  is_default: boolean
}

const paymentColumns = sql`id, type, phone, brand, last4, expiry, name, is_default`

export function listPaymentMethods(db: Db, userId: number): Promise<PaymentMethodRow[]> {
  return queryRows<PaymentMethodRow>(
    db,
    sql`select ${paymentColumns} from payment_methods where user_id = ${userId}
        order by is_default desc, created_at desc, id desc`,
  )
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
      ? sql`${userId}, 'mpesa', ${method.phone}, null, null, '', null, null, ${method.name}, ${isDefault}`
      : sql`${userId}, 'card', null, ${method.provider}, ${method.token}, ${method.brand}, ${method.last4},
          ${method.expiry}, ${method.name}, ${isDefault}`
  const [row] = await queryRows<PaymentMethodRow>(
    db,
    sql`insert into payment_methods (user_id, type, phone, provider, provider_token, brand, last4, expiry, name,
          is_default)
        values (${values}) returning ${paymentColumns}`,
  )
  if (!row) throw new Error('payment method insert returned no row')
  return row
}

export async function getPaymentMethod(db: Db, userId: number, id: number): Promise<PaymentMethodRow | null> {
  const rows = await queryRows<PaymentMethodRow>(
    db,
    sql`select ${paymentColumns} from payment_methods where user_id = ${userId} and id = ${id}`,
  )
  return rows[0] ?? null
}

// Wishlist (the catalogue lists its products)

/** The wishlist's product ids, most recently added first. */
export async function listWishlistIds(db: Db, userId: number): Promise<number[]> {
  const rows = await queryRows<{ product_id: number }>(
    db,
    sql`select product_id from wishlist_items where user_id = ${userId}
        order by created_at desc, product_id desc`,
  )
  return rows.map((row) => row.product_id)
}

/** Adds a product; false when it was there already. */
export async function addToWishlist(db: Db, userId: number, productId: number): Promise<boolean> {
  const rows = await queryRows<{ product_id: number }>(
    db,
    sql`insert into wishlist_items (user_id, product_id) values (${userId}, ${productId})
        on conflict do nothing returning product_id`,
  )
  return rows.length > 0
}

export async function removeFromWishlist(db: Db, userId: number, productId: number): Promise<boolean> {
  const rows = await queryRows<{ product_id: number }>(
    db,
    sql`delete from wishlist_items where user_id = ${userId} and product_id = ${productId} returning product_id`,
  )
  return rows.length > 0
}
