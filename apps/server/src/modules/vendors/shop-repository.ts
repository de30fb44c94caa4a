import type { Db } from '@soko/db/client'
import { payouts } from '@soko/db/schema/payouts'
import { businesses } from '@soko/db/schema/vendors'
import { type RowOf, typedRows, value } from '@soko/db/typed-sql'
import { and, desc, eq, inArray, isNotNull, like, or, sql } from 'drizzle-orm'

// SQL of shops (businesses) as their owners see them.

const shopColumns = {
  id: businesses.id,
  owner_id: businesses.ownerId,
  slug: businesses.slug,
  name: businesses.name,
  type: businesses.type,
  description: businesses.description,
  county: businesses.county,
  town: businesses.town,
  phone: businesses.phone,
  payout_phone: businesses.payoutPhone,
  email: businesses.email,
  is_verified: businesses.isVerified,
  verified_at: businesses.verifiedAt,
  is_active: businesses.isActive,
  suspended_reason: businesses.suspendedReason,
  created_at: businesses.createdAt,
}

export type ShopRow = RowOf<typeof shopColumns>

/** The user's shop (the oldest, should an owner have several from before one shop per owner was the rule). */
export async function shopOfOwner(db: Db, ownerId: number, lock = false): Promise<ShopRow | null> {
  const query = db
    .select(shopColumns)
    .from(businesses)
    .where(eq(businesses.ownerId, ownerId))
    .orderBy(businesses.id)
    .limit(1)
  const [row] = lock ? await query.for('update') : await query
  return row ?? null
}

/** The first free slug of `base`, `base-2`, `base-3` ... among shops. */
export async function freeShopSlug(db: Db, base: string): Promise<string> {
  const rows = await db
    .select({ slug: businesses.slug })
    .from(businesses)
    .where(or(eq(businesses.slug, base), like(businesses.slug, `${base}-%`)))
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
  const [row] = await db
    .insert(businesses)
    .values({ ...shop, isVerified: false, isActive: true })
    .returning(shopColumns)
  if (!row) throw new Error('insert into businesses returned no row')
  return row
}

export async function updateShop(
  db: Db,
  shopId: number,
  fields: ShopProfile & { email: string | undefined },
): Promise<ShopRow> {
  const [row] = await db
    .update(businesses)
    .set({
      name: fields.name,
      type: fields.type,
      description: fields.description,
      county: fields.county,
      town: fields.town,
      phone: fields.phone,
      payoutPhone: fields.payoutPhone,
      ...(fields.email === undefined ? {} : { email: fields.email }),
      updatedAt: sql`now()`,
    })
    .where(eq(businesses.id, shopId))
    .returning(shopColumns)
  if (!row) throw new Error('update of businesses returned no row')
  return row
}

/** The names and slugs of shops, for the orders that bought from them. */
export async function namesOf(db: Db, ids: number[]) {
  if (ids.length === 0) return []
  return db
    .select({ id: businesses.id, name: businesses.name, slug: businesses.slug })
    .from(businesses)
    .where(inArray(businesses.id, ids))
}

/** Shops' names, contact addresses and owners, for the emails about their orders. */
export async function contactsOf(db: Db, ids: number[]) {
  if (ids.length === 0) return []
  return db
    .select({
      id: businesses.id,
      name: businesses.name,
      email: businesses.email,
      phone: businesses.phone,
      owner_id: businesses.ownerId,
    })
    .from(businesses)
    .where(inArray(businesses.id, ids))
}

/** Open shops' slugs and last changes, in id order (the sitemap). */
export function activeShopSlugs(db: Db) {
  return db
    .select({ slug: businesses.slug, updated_at: businesses.updatedAt })
    .from(businesses)
    .where(eq(businesses.isActive, true))
    .orderBy(businesses.id)
}

// What admins change on a shop

/** Locks a shop's row until the transaction ends (payouts are serialised per shop on it); false for no such shop. */
export async function lockShop(db: Db, id: number): Promise<boolean> {
  const rows = await db.select({ id: businesses.id }).from(businesses).where(eq(businesses.id, id)).for('update')
  return rows.length > 0
}

export async function setVerified(db: Db, id: number, verified: boolean): Promise<void> {
  await db
    .update(businesses)
    .set({
      isVerified: verified,
      verifiedAt: verified ? sql`coalesce(${businesses.verifiedAt}, now())` : null,
      updatedAt: sql`now()`,
    })
    .where(eq(businesses.id, id))
}

/** Suspends (with the reason its owner sees) or reinstates a shop; the triggers take its products off search. */
export async function setSuspended(db: Db, id: number, reason: string | null): Promise<void> {
  await db
    .update(businesses)
    .set({ isActive: reason === null, suspendedReason: reason, updatedAt: sql`now()` })
    .where(eq(businesses.id, id))
}

// Payouts: what the marketplace sent each shop (the payouts module's table, read here for the balance until the
// balance comes from the ledger)

/** The total paid out to the shop: every payout that has not failed (one in flight has left available already). */
export async function paidOut(db: Db, businessId: number): Promise<number> {
  const [row] = await typedRows(
    db,
    { paid_out: value.decimal },
    sql`select coalesce((select sum(amount_cents) from payouts where business_id = ${businessId} and state <> 'failed'),
          0)::bigint::float8 as paid_out`,
  )
  return row?.paid_out ?? 0
}

export function listPayouts(db: Db, businessId: number) {
  return db
    .select({
      id: payouts.id,
      amount_cents: payouts.amountCents,
      method: payouts.method,
      state: payouts.state,
      reference: payouts.reference,
      mpesa_receipt: payouts.mpesaReceipt,
      failure_reason: payouts.failureReason,
      note: payouts.note,
      created_at: payouts.createdAt,
    })
    .from(payouts)
    .where(eq(payouts.businessId, businessId))
    .orderBy(desc(payouts.createdAt), desc(payouts.id))
    .limit(200)
}

const payoutTargetColumns = {
  id: businesses.id,
  name: businesses.name,
  payout_phone: businesses.payoutPhone,
  is_verified: businesses.isVerified,
  is_active: businesses.isActive,
  owner_id: businesses.ownerId,
  email: businesses.email,
}

export type PayoutTargetRow = RowOf<typeof payoutTargetColumns>

/** A shop as a payout sees it (who, where the money goes, whether it may be paid). */
export async function payoutTarget(db: Db, id: number): Promise<PayoutTargetRow | null> {
  const [row] = await db.select(payoutTargetColumns).from(businesses).where(eq(businesses.id, id))
  return row ?? null
}

/** Shops that may be paid out: verified, not suspended, with a payout number. */
export async function payableShopIds(db: Db): Promise<number[]> {
  const rows = await db
    .select({ id: businesses.id })
    .from(businesses)
    .where(and(eq(businesses.isVerified, true), eq(businesses.isActive, true), isNotNull(businesses.payoutPhone)))
    .orderBy(businesses.id)
  return rows.map((row) => row.id)
}
