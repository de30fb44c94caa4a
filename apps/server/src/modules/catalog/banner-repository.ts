import { type Db, queryRows } from '@soko/db/client'
import { sql } from 'drizzle-orm'
import type { BannerRow } from './repository.ts'

// SQL of the home page's banners as the admin area edits them, every one (scheduled, ended and switched off too).
// Writes make the database announce a catalogue change, so every process drops its cached home page at once.

/** A banner's row as the home page reads it, with its place and schedule. */
export interface AdminBannerRow extends BannerRow {
  position: number
  is_active: boolean
  starts_at: Date | string | null
  ends_at: Date | string | null
  state: 'live' | 'scheduled' | 'ended' | 'off'
}

const columns = sql`bn.id, bn.title, bn.subtitle, bn.image_url, bn.category_id, c.name as category_name,
  c.slug as category_slug, bn.link_url, bn.link_text, bn.stat1, bn.stat1_label, bn.stat2, bn.stat2_label,
  bn.position, bn.is_active, bn.starts_at, bn.ends_at,
  case when not bn.is_active then 'off' when bn.starts_at > now() then 'scheduled'
    when bn.ends_at <= now() then 'ended' else 'live' end as state`

export function listBanners(db: Db): Promise<AdminBannerRow[]> {
  return queryRows<AdminBannerRow>(
    db,
    sql`select ${columns} from banners bn left join categories c on c.id = bn.category_id
        order by bn.position, bn.id`,
  )
}

export async function getBanner(db: Db, id: number): Promise<AdminBannerRow | null> {
  const rows = await queryRows<AdminBannerRow>(
    db,
    sql`select ${columns} from banners bn left join categories c on c.id = bn.category_id where bn.id = ${id}`,
  )
  return rows[0] ?? null
}

export async function categoryExists(db: Db, id: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(db, sql`select id from categories where id = ${id}`)
  return rows.length > 0
}

export async function nextPosition(db: Db): Promise<number> {
  const [row] = await queryRows<{ next: number }>(
    db,
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

export async function insertBanner(db: Db, f: BannerFields): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into banners (title, subtitle, image_url, category_id, link_url, link_text, stat1, stat1_label, stat2,
          stat2_label, position, is_active, starts_at, ends_at)
        values (${f.title}, ${f.subtitle}, ${f.imageUrl}, ${f.categoryId}, ${f.linkUrl}, ${f.linkText}, ${f.stat1},
          ${f.stat1Label}, ${f.stat2}, ${f.stat2Label}, ${f.position}, ${f.isActive}, ${f.startsAt}::timestamptz,
          ${f.endsAt}::timestamptz)
        returning id`,
  )
  if (!row) throw new Error('banner insert returned no row')
  return row.id
}

export async function updateBanner(db: Db, id: number, f: BannerFields): Promise<void> {
  await db.execute(
    sql`update banners set title = ${f.title}, subtitle = ${f.subtitle}, image_url = ${f.imageUrl},
          category_id = ${f.categoryId}, link_url = ${f.linkUrl}, link_text = ${f.linkText}, stat1 = ${f.stat1},
          stat1_label = ${f.stat1Label}, stat2 = ${f.stat2}, stat2_label = ${f.stat2Label}, position = ${f.position},
          is_active = ${f.isActive}, starts_at = ${f.startsAt}::timestamptz, ends_at = ${f.endsAt}::timestamptz,
          updated_at = now()
        where id = ${id}`,
  )
}

export async function deleteBanner(db: Db, id: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(db, sql`delete from banners where id = ${id} returning id`)
  return rows.length > 0
}
