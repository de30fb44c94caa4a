import type {
  AdminCategory,
  AdminSubcategory,
  CategoryBody,
  CategoryOrderBody,
  CategoryUpdateBody,
} from '@soko/contract/admin'
import type { Db } from '@soko/db/client'
import { bpToPercent, effectiveRate, percentToBp, type RatedCategory } from '@soko/domain/commission'
import { slugFromName } from '@soko/domain/slug'
import { AppError } from '../../plugins/errors.ts'
import { isUniqueViolation } from '../accounts/service.ts'
import * as repo from './category-repository.ts'
import type { CommissionRates } from './commission-rates.ts'
import { toCategory } from './mappers.ts'

const NOT_FOUND = 'No category with this id.'
const SLUG_TAKEN = 'Another category already uses this slug'

/**
 * The category as the storefront shows it, with what the admin area edits of its image and whether it is on, and
 * its commission: its own rate, and the one its sales are charged (`all`: every category, to find what it inherits).
 */
function toSubcategory(row: repo.AdminCategoryRow, all: RatedTree, defaultBp: number): AdminSubcategory {
  const effective = effectiveRate(row.id, all, defaultBp)
  const from = effective.fromId === null || effective.fromId === row.id ? null : all.get(effective.fromId)
  return {
    ...toCategory(row),
    image_url: row.image_url,
    image_alt: row.image_alt,
    is_active: row.is_active,
    commission_percent: row.commission_bp === null ? null : bpToPercent(row.commission_bp),
    effective_commission_percent: bpToPercent(effective.rateBp),
    commission_inherited_from: from ? { id: from.id, name: from.name } : null,
  }
}

/** Every category by id, with what the rate rules need. */
type RatedTree = ReadonlyMap<number, repo.AdminCategoryRow & RatedCategory>

const ratedTree = (rows: readonly repo.AdminCategoryRow[]): RatedTree =>
  new Map(rows.map((row) => [row.id, { ...row, parentId: row.parent_id, commissionBp: row.commission_bp }]))

/** A rate as the API takes it (a percentage, null to inherit) in basis points; the contract checked it already. */
function rateBp(percent: number | null): number | null {
  if (percent === null) return null
  const bp = percentToBp(percent)
  if (bp === null) throw invalid('commission_percent', 'Commission may have at most two decimals')
  return bp
}

const invalid = (field: string, message: string) => new AppError('invalid_data', message, { [field]: [message] })

/**
 * The two-level category tree of the specification's category form, as the admin area edits it: create, edit,
 * reorder, delete. Writes run in the caller's transaction (`write`), which the admin area also audits in.
 */
export class CategoryEditor {
  constructor(
    private readonly db: Db,
    /** The commission rates orders are charged: dropped here the moment a change commits, for this process. */
    private readonly rates: CommissionRates,
  ) {}

  /**
   * Runs `work` in one transaction; a slug taken by a concurrent write is the same 409 as one taken before. The
   * cached commission rates go once it commits (other processes drop theirs on the database's announcement).
   */
  async write<T>(work: (t: Db) => Promise<T>): Promise<T> {
    try {
      const result = await this.db.transaction((tx) => work(tx))
      this.rates.clear()
      return result
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('conflict', SLUG_TAKEN, { slug: [SLUG_TAKEN] })
      throw error
    }
  }

  async tree(db: Db = this.db): Promise<AdminCategory[]> {
    const rows = await repo.listCategories(db)
    const all = ratedTree(rows)
    const shown = (row: repo.AdminCategoryRow) => toSubcategory(row, all, this.rates.defaultBp)
    return rows
      .filter((row) => row.parent_id === null)
      .map((top) => ({ ...shown(top), children: rows.filter((row) => row.parent_id === top.id).map(shown) }))
  }

  async one(db: Db, id: number): Promise<AdminCategory> {
    const rows = await repo.listCategories(db)
    const row = rows.find((each) => each.id === id)
    if (!row) throw new AppError('not_found', NOT_FOUND)
    const all = ratedTree(rows)
    const shown = (each: repo.AdminCategoryRow) => toSubcategory(each, all, this.rates.defaultBp)
    return { ...shown(row), children: rows.filter((child) => child.parent_id === id).map(shown) }
  }

  /** A parent must be a top-level category (the tree has two levels), and never the category itself. */
  private async checkParent(t: Db, parentId: number | null, self: repo.AdminCategoryRow | null): Promise<void> {
    if (parentId === null) return
    if (self && parentId === self.id) throw invalid('parent_id', 'A category cannot be its own parent')
    const parent = await repo.getCategory(t, parentId)
    if (!parent) throw invalid('parent_id', 'The parent category does not exist')
    if (parent.parent_id !== null) {
      throw invalid('parent_id', 'Choose a top-level category as the parent (categories have two levels)')
    }
    if (self && self.child_count > 0) {
      throw invalid('parent_id', 'A category with subcategories must stay at the top level')
    }
  }

  private async freeSlug(t: Db, wanted: string | undefined, name: string, selfId: number | null): Promise<string> {
    if (wanted !== undefined) {
      if (await repo.isSlugTaken(t, wanted, selfId)) throw new AppError('conflict', SLUG_TAKEN, { slug: [SLUG_TAKEN] })
      return wanted
    }
    const base = slugFromName(name)
    if (!base) throw invalid('name', 'Name must contain letters or digits')
    for (let n = 1; ; n++) {
      const slug = n === 1 ? base : `${base}-${n}`
      if (!(await repo.isSlugTaken(t, slug, selfId))) return slug
    }
  }

  /** Creates a category; its id. */
  async create(t: Db, body: CategoryBody): Promise<number> {
    const parentId = body.parent_id ?? null
    await this.checkParent(t, parentId, null)
    return repo.insertCategory(t, {
      parentId,
      slug: await this.freeSlug(t, body.slug, body.name, null),
      name: body.name,
      description: body.description ?? '',
      imageUrl: body.image_url ?? null,
      imageAlt: body.image_alt ?? '',
      isActive: body.is_active ?? true,
      position: body.position ?? (await repo.nextPosition(t, parentId)),
      commissionBp: rateBp(body.commission_percent ?? null),
    })
  }

  /**
   * Changes the fields given; the slug stays (links keep working) unless a new one is given. Its name after, and
   * its own commission rate before and after (percent; null: inherited) when that changed.
   */
  async update(
    t: Db,
    id: number,
    body: CategoryUpdateBody,
  ): Promise<{ name: string; commission?: { from: number | null; to: number | null } }> {
    const current = await repo.getCategory(t, id, true)
    if (!current) throw new AppError('not_found', NOT_FOUND)
    const parentId = body.parent_id === undefined ? current.parent_id : body.parent_id
    if (parentId !== current.parent_id) await this.checkParent(t, parentId, current)
    const name = body.name ?? current.name
    const commissionBp = body.commission_percent === undefined ? current.commission_bp : rateBp(body.commission_percent)
    await repo.updateCategory(t, id, {
      parentId,
      slug: body.slug === undefined ? current.slug : await this.freeSlug(t, body.slug, name, id),
      name,
      description: body.description ?? current.description,
      imageUrl: body.image_url === undefined ? current.image_url : body.image_url,
      imageAlt: body.image_alt ?? current.image_alt,
      isActive: body.is_active ?? current.is_active,
      position:
        body.position ?? (parentId === current.parent_id ? current.position : await repo.nextPosition(t, parentId)),
      commissionBp,
    })
    if (commissionBp === current.commission_bp) return { name }
    const percent = (bp: number | null) => (bp === null ? null : bpToPercent(bp))
    return { name, commission: { from: percent(current.commission_bp), to: percent(commissionBp) } }
  }

  /** Orders one level: `ids` must name every category of it, each once. The level's name ("the top level" or the parent's). */
  async reorder(t: Db, body: CategoryOrderBody): Promise<{ levelName: string }> {
    let levelName = 'the top level'
    if (body.parent_id !== null) {
      const parent = await repo.getCategory(t, body.parent_id)
      if (!parent) throw invalid('parent_id', 'The parent category does not exist')
      levelName = parent.name
    }
    const level = await repo.lockLevel(t, body.parent_id)
    const given = new Set(body.ids)
    if (level.length !== body.ids.length || level.some((id) => !given.has(id))) {
      throw invalid('ids', 'Ids must name every category of that level, each once')
    }
    await repo.setPositions(t, body.ids)
    return { levelName }
  }

  /** Only an empty category goes: no products (of any state) and no subcategories; 409 says which. */
  async remove(t: Db, id: number): Promise<{ name: string; slug: string }> {
    const current = await repo.getCategory(t, id, true)
    if (!current) throw new AppError('not_found', NOT_FOUND)
    if (current.child_count > 0) {
      throw new AppError(
        'conflict',
        `This category has ${current.child_count} subcategor${current.child_count === 1 ? 'y' : 'ies'}: move or delete them first.`,
      )
    }
    if (current.product_count > 0) {
      throw new AppError(
        'conflict',
        `This category has ${current.product_count} product${current.product_count === 1 ? '' : 's'}: move them to another category first.`,
      )
    }
    await repo.deleteCategory(t, id)
    return { name: current.name, slug: current.slug }
  }
}
