import type { Db } from '@soko/db/client'
import { categories } from '@soko/db/schema/catalog'
import { type RowOf, typedRows, value } from '@soko/db/typed-sql'
import { and, eq, isNull, ne, Param, type SQL, sql } from 'drizzle-orm'
import { categoryShape } from './listing-read-model.ts'

// SQL of categories as the admin area edits them: every one, active or not. Each write makes the database announce
// a catalogue change (migration 0002's triggers), so every process drops its cached category pages at once.

/** A category's row in the storefront's shape (here product_count counts every product filed in it), and more. */
const adminCategoryShape = {
  ...categoryShape,
  is_active: categories.isActive,
  commission_bp: categories.commissionBp,
  child_count: value.int,
}

export type AdminCategoryRow = RowOf<typeof adminCategoryShape>

const columns = sql`c.id, c.parent_id, c.slug, c.name, c.description, c.image_url, c.image_alt, c.is_active, c.position,
  c.commission_bp, (select count(*)::int from products p where p.category_id = c.id) as product_count,
  (select count(*)::int from categories ch where ch.parent_id = c.id) as child_count`

export function listCategories(db: Db): Promise<AdminCategoryRow[]> {
  return typedRows(
    db,
    adminCategoryShape,
    sql`select ${columns} from categories c order by c.parent_id nulls first, c.position, c.name, c.id`,
  )
}

export async function getCategory(db: Db, id: number, lock = false): Promise<AdminCategoryRow | null> {
  if (lock) await db.select({ id: categories.id }).from(categories).where(eq(categories.id, id)).for('update')
  const rows = await typedRows(db, adminCategoryShape, sql`select ${columns} from categories c where c.id = ${id}`)
  return rows[0] ?? null
}

export async function isSlugTaken(db: Db, slug: string, exceptId: number | null): Promise<boolean> {
  const rows = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.slug, slug), exceptId === null ? undefined : ne(categories.id, exceptId)))
  return rows.length > 0
}

export async function nextPosition(db: Db, parentId: number | null): Promise<number> {
  const [row] = await typedRows(
    db,
    { next: value.int },
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
  /** Its own commission rate in basis points; null: it inherits. */
  commissionBp: number | null
}

export async function insertCategory(db: Db, fields: CategoryFields): Promise<number> {
  const [row] = await db.insert(categories).values(fields).returning({ id: categories.id })
  if (!row) throw new Error('category insert returned no row')
  return row.id
}

export async function updateCategory(db: Db, id: number, fields: CategoryFields): Promise<void> {
  await db
    .update(categories)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(eq(categories.id, id))
}

/** The categories of one level: a parent's children, or the top level. */
const ofParent = (parentId: number | null): SQL =>
  parentId === null ? isNull(categories.parentId) : eq(categories.parentId, parentId)

/** The ids of one level (a parent's children, or the top level), locked until the transaction ends. */
export async function lockLevel(db: Db, parentId: number | null): Promise<number[]> {
  const rows = await db
    .select({ id: categories.id })
    .from(categories)
    .where(ofParent(parentId))
    .orderBy(categories.id)
    .for('update')
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
  await db.delete(categories).where(eq(categories.id, id))
}

const ratedCategoryShape = {
  id: categories.id,
  parent_id: categories.parentId,
  name: categories.name,
  slug: categories.slug,
  is_active: categories.isActive,
  commission_bp: categories.commissionBp,
}

export type RatedCategoryRow = RowOf<typeof ratedCategoryShape>

/** Every category (active or not: a product may be sold while its category is hidden) with its own rate, if any. */
export function ratedCategories(db: Db): Promise<RatedCategoryRow[]> {
  return typedRows(
    db,
    ratedCategoryShape,
    sql`select c.id, c.parent_id, c.name, c.slug, c.is_active, c.commission_bp from categories c
        order by c.parent_id nulls first, c.position, c.name, c.id`,
  )
}
