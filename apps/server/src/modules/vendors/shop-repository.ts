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

export interface NewShop {
  ownerId: number
  slug: string
  name: string
  type: string
  description: string
  county: string
  town: string
  phone: string
  payoutPhone: string
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
  fields: Omit<NewShop, 'ownerId' | 'slug' | 'email'> & { email: string | undefined },
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
