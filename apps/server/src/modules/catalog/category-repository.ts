import { type Db, queryRows } from '@soko/db/client'
import { Param, sql } from 'drizzle-orm'
import type { CategoryRow } from './listing-read-model.ts'

// SQL of categories as the admin area edits them: every one, active or not. Each write makes the database announce
// a catalogue change (migration 0002's triggers), so every process drops its cached category pages at once.

/** A category's row in the storefront's shape (here product_count counts every product filed in it), and more. */
export interface AdminCategoryRow extends CategoryRow {
  is_active: boolean
  child_count: number
}

const columns = sql`c.id, c.parent_id, c.slug, c.name, c.description, c.image_url, c.image_alt, c.is_active, c.position,
  (select count(*)::int from products p where p.category_id = c.id) as product_count,
  (select count(*)::int from categories ch where ch.parent_id = c.id) as child_count`

export function listCategories(db: Db): Promise<AdminCategoryRow[]> {
  return queryRows<AdminCategoryRow>(
    db,
    sql`select ${columns} from categories c order by c.parent_id nulls first, c.position, c.name, c.id`,
  )
}

export async function getCategory(db: Db, id: number, lock = false): Promise<AdminCategoryRow | null> {
  if (lock) await db.execute(sql`select id from categories where id = ${id} for update`)
  const rows = await queryRows<AdminCategoryRow>(db, sql`select ${columns} from categories c where c.id = ${id}`)
  return rows[0] ?? null
}

export async function isSlugTaken(db: Db, slug: string, exceptId: number | null): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from categories where slug = ${slug} ${exceptId === null ? sql`` : sql`and id <> ${exceptId}`}`,
  )
  return rows.length > 0
}

export async function nextPosition(db: Db, parentId: number | null): Promise<number> {
  const [row] = await queryRows<{ next: number }>(
    db,
    sql`select coalesce(max(position) + 1, 0)::int as next from categories
        where parent_id ${parentId === null ? sql`is null` : sql`= ${parentId}`}`,
  )
  return row?.next ?? 0
}

export interface CategoryFields {
  parentId: number | null
  slug: string
  name: string
  description: string
  imageUrl: string | null
  imageAlt: string
  isActive: boolean
  position: number
}

export async function insertCategory(db: Db, fields: CategoryFields): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into categories (parent_id, slug, name, description, image_url, image_alt, is_active, position)
        values (${fields.parentId}, ${fields.slug}, ${fields.name}, ${fields.description}, ${fields.imageUrl},
          ${fields.imageAlt}, ${fields.isActive}, ${fields.position})
        returning id`,
  )
  if (!row) throw new Error('category insert returned no row')
  return row.id
}

export async function updateCategory(db: Db, id: number, fields: CategoryFields): Promise<void> {
  await db.execute(
    sql`update categories set parent_id = ${fields.parentId}, slug = ${fields.slug}, name = ${fields.name},
          description = ${fields.description}, image_url = ${fields.imageUrl}, image_alt = ${fields.imageAlt},
          is_active = ${fields.isActive}, position = ${fields.position}, updated_at = now()
        where id = ${id}`,
  )
}

/** The ids of one level (a parent's children, or the top level), locked until the transaction ends. */
export async function lockLevel(db: Db, parentId: number | null): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from categories where parent_id ${parentId === null ? sql`is null` : sql`= ${parentId}`}
        order by id for update`,
  )
  return rows.map((row) => row.id)
}

/** Positions 0, 1, 2 ... in the order given, in one statement (one catalogue announcement). */
export async function setPositions(db: Db, ids: number[]): Promise<void> {
  await db.execute(
    sql`update categories c set position = (o.n - 1)::int, updated_at = now()
        from unnest(${new Param(ids)}::int[]) with ordinality as o(id, n)
        where c.id = o.id and c.position <> (o.n - 1)::int`,
  )
}

export async function deleteCategory(db: Db, id: number): Promise<void> {
  await db.execute(sql`delete from categories where id = ${id}`)
}
