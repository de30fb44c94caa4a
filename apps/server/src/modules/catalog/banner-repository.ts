import type { Db } from '@soko/db/client'
import { banners, categories } from '@soko/db/schema/catalog'
import { type RowOf, typedRows, type ValueKind, value } from '@soko/db/typed-sql'
import { eq, sql } from 'drizzle-orm'
import { bannerShape } from './repository.ts'

// SQL of the home page's banners as the admin area edits them, every one (scheduled, ended and switched off too).
// Writes make the database announce a catalogue change, so every process drops its cached home page at once.

const BANNER_STATES = ['live', 'scheduled', 'ended', 'off'] as const

/** The schedule's state the columns compute (text in SQL): one of BANNER_STATES, else the query is wrong. */
const bannerState: ValueKind<(typeof BANNER_STATES)[number]> = {
  kind: 'banner state',
  oids: value.text.oids,
  decode(raw) {
    const state = BANNER_STATES.find((known) => known === raw)
    if (state === undefined) throw new Error(`A banner's state is ${String(raw)}, none of ${BANNER_STATES.join(', ')}`)
    return state
  },
}

/** A banner's row as the home page reads it, with its place and schedule. */
const adminBannerShape = {
  ...bannerShape,
  position: banners.position,
  is_active: banners.isActive,
  starts_at: banners.startsAt,
  ends_at: banners.endsAt,
  state: bannerState,
}

export type AdminBannerRow = RowOf<typeof adminBannerShape>

const columns = sql`bn.id, bn.title, bn.subtitle, bn.image_url, bn.category_id, c.name as category_name,
  c.slug as category_slug, bn.link_url, bn.link_text, bn.stat1, bn.stat1_label, bn.stat2, bn.stat2_label,
  bn.position, bn.is_active, bn.starts_at, bn.ends_at,
  case when not bn.is_active then 'off' when bn.starts_at > now() then 'scheduled'
    when bn.ends_at <= now() then 'ended' else 'live' end as state`

export function listBanners(db: Db): Promise<AdminBannerRow[]> {
  return typedRows(
    db,
    adminBannerShape,
    sql`select ${columns} from banners bn left join categories c on c.id = bn.category_id
        order by bn.position, bn.id`,
  )
}

export async function getBanner(db: Db, id: number): Promise<AdminBannerRow | null> {
  const rows = await typedRows(
    db,
    adminBannerShape,
    sql`select ${columns} from banners bn left join categories c on c.id = bn.category_id where bn.id = ${id}`,
  )
  return rows[0] ?? null
}

export async function categoryExists(db: Db, id: number): Promise<boolean> {
  const rows = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, id))
  return rows.length > 0
}

export async function nextPosition(db: Db): Promise<number> {
  const [row] = await typedRows(
    db,
    { next: value.int },
    sql`select coalesce(max(position) + 1, 0)::int as next from banners`,
  )
  return row?.next ?? 0
}

export interface BannerFields {
  title: string
  subtitle: string
  imageUrl: string | null
  categoryId: number | null
  linkUrl: string
  linkText: string
  stat1: string
  stat1Label: string
  stat2: string
  stat2Label: string
  position: number
  isActive: boolean
  startsAt: string | null
  endsAt: string | null
}

/** The fields' columns; the schedule's times are read by PostgreSQL, as the admin area sent them. */
function bannerColumns(f: BannerFields) {
  return {
    title: f.title,
    subtitle: f.subtitle,
    imageUrl: f.imageUrl,
    categoryId: f.categoryId,
    linkUrl: f.linkUrl,
    linkText: f.linkText,
    stat1: f.stat1,
    stat1Label: f.stat1Label,
    stat2: f.stat2,
    stat2Label: f.stat2Label,
    position: f.position,
    isActive: f.isActive,
    startsAt: sql`${f.startsAt}::timestamptz`,
    endsAt: sql`${f.endsAt}::timestamptz`,
  }
}

export async function insertBanner(db: Db, f: BannerFields): Promise<number> {
  const [row] = await db.insert(banners).values(bannerColumns(f)).returning({ id: banners.id })
  if (!row) throw new Error('banner insert returned no row')
  return row.id
}

export async function updateBanner(db: Db, id: number, f: BannerFields): Promise<void> {
  await db
    .update(banners)
    .set({ ...bannerColumns(f), updatedAt: sql`now()` })
    .where(eq(banners.id, id))
}

export async function deleteBanner(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(banners).where(eq(banners.id, id)).returning({ id: banners.id })
  return rows.length > 0
}
