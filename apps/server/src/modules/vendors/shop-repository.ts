import { type Db, queryRows } from '@soko/db/client'
import { sql } from 'drizzle-orm'

// SQL of shops (businesses) as their owners see them.

export interface ShopRow {
  id: number
  owner_id: number | null
  slug: string
  name: string
  type: string
  description: string
  county: string
  town: string
  phone: string
  payout_phone: string | null
  email: string
  is_verified: boolean
  verified_at: Date | string | null
  is_active: boolean
  suspended_reason: string | null
  created_at: Date | string
}

const shopColumns = sql`id, owner_id, slug, name, type, description, county, town, phone, payout_phone, email,
  is_verified, verified_at, is_active, suspended_reason, created_at`

/** The user's shop (the oldest, should an owner have several from before one shop per owner was the rule). */
export async function shopOfOwner(db: Db, ownerId: number, lock = false): Promise<ShopRow | null> {
  const [row] = await queryRows<ShopRow>(
    db,
    sql`select ${shopColumns} from businesses where owner_id = ${ownerId} order by id limit 1
        ${lock ? sql`for update` : sql``}`,
  )
  return row ?? null
}

/** The first free slug of `base`, `base-2`, `base-3` ... among shops. */
export async function freeShopSlug(db: Db, base: string): Promise<string> {
  const rows = await queryRows<{ slug: string }>(
    db,
    sql`select slug from businesses where slug = ${base} or slug like ${`${base}-%`}`,
  )
  const taken = new Set(rows.map((row) => row.slug))
  if (!taken.has(base)) return base
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`
}

/** What the owner writes of a shop's profile, when opening it and when editing it. */
export interface ShopProfile {
  name: string
  type: string
  description: string
  county: string
  town: string
  phone: string
  payoutPhone: string
}

export interface NewShop extends ShopProfile {
  ownerId: number
  slug: string
  email: string
}

export async function insertShop(db: Db, shop: NewShop): Promise<ShopRow> {
  const [row] = await queryRows<ShopRow>(
    db,
    sql`insert into businesses (owner_id, slug, name, type, description, county, town, phone, payout_phone, email,
          is_verified, is_active)
        values (${shop.ownerId}, ${shop.slug}, ${shop.name}, ${shop.type}, ${shop.description}, ${shop.county},
          ${shop.town}, ${shop.phone}, ${shop.payoutPhone}, ${shop.email}, false, true)
        returning ${shopColumns}`,
  )
  if (!row) throw new Error('insert into businesses returned no row')
  return row
}

export async function updateShop(
  db: Db,
  shopId: number,
  fields: ShopProfile & { email: string | undefined },
): Promise<ShopRow> {
  const [row] = await queryRows<ShopRow>(
    db,
    sql`update businesses set name = ${fields.name}, type = ${fields.type}, description = ${fields.description},
          county = ${fields.county}, town = ${fields.town}, phone = ${fields.phone},
          payout_phone = ${fields.payoutPhone},
          ${fields.email === undefined ? sql`` : sql`email = ${fields.email},`}
          updated_at = now()
        where id = ${shopId} returning ${shopColumns}`,
  )
  if (!row) throw new Error('update of businesses returned no row')
  return row
}

/** The names and slugs of shops, for the orders that bought from them. */
export function namesOf(db: Db, ids: number[]): Promise<{ id: number; name: string; slug: string }[]> {
  if (ids.length === 0) return Promise.resolve([])
  return queryRows<{ id: number; name: string; slug: string }>(
    db,
    sql`select id, name, slug from businesses where id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  )
}

/** Shops' names, contact addresses and owners, for the emails about their orders. */
export function contactsOf(
  db: Db,
  ids: number[],
): Promise<{ id: number; name: string; email: string; owner_id: number | null }[]> {
  if (ids.length === 0) return Promise.resolve([])
  return queryRows<{ id: number; name: string; email: string; owner_id: number | null }>(
    db,
    sql`select id, name, email, owner_id from businesses where id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  )
}

/** Open shops' slugs and last changes, in id order (the sitemap). */
export function activeShopSlugs(db: Db): Promise<{ slug: string; updated_at: Date | string }[]> {
  return queryRows<{ slug: string; updated_at: Date | string }>(
    db,
    sql`select slug, updated_at from businesses where is_active order by id`,
  )
}

// What admins change on a shop

/** Locks a shop's row until the transaction ends (payouts are serialised per shop on it); false for no such shop. */
export async function lockShop(db: Db, id: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(db, sql`select id from businesses where id = ${id} for update`)
  return rows.length > 0
}

export async function setVerified(db: Db, id: number, verified: boolean): Promise<void> {
  await db.execute(
    sql`update businesses set is_verified = ${verified},
          verified_at = ${verified ? sql`coalesce(verified_at, now())` : sql`null`}, updated_at = now()
        where id = ${id}`,
  )
}

/** Suspends (with the reason its owner sees) or reinstates a shop; the triggers take its products off search. */
export async function setSuspended(db: Db, id: number, reason: string | null): Promise<void> {
  await db.execute(
    sql`update businesses set is_active = ${reason === null}, suspended_reason = ${reason}, updated_at = now()
        where id = ${id}`,
  )
}

// Payouts: what the marketplace sent each shop

/** The total paid out to the shop. */
export async function paidOut(db: Db, businessId: number): Promise<number> {
  const [row] = await queryRows<{ paid_out: number }>(
    db,
    sql`select coalesce((select sum(amount_cents) from payouts where business_id = ${businessId}), 0)::bigint::float8
          as paid_out`,
  )
  return Number(row?.paid_out ?? 0)
}

export function listPayouts(
  db: Db,
  businessId: number,
): Promise<{ id: number; amount_cents: number; reference: string; note: string; created_at: Date | string }[]> {
  return queryRows(
    db,
    sql`select id, amount_cents, reference, note, created_at from payouts where business_id = ${businessId}
        order by created_at desc, id desc limit 200`,
  )
}

export async function insertPayout(
  db: Db,
  payout: { businessId: number; amountCents: number; reference: string; note: string; createdBy: number },
): Promise<void> {
  await db.execute(
    sql`insert into payouts (business_id, amount_cents, reference, note, created_by)
        values (${payout.businessId}, ${payout.amountCents}, ${payout.reference}, ${payout.note}, ${payout.createdBy})`,
  )
}
