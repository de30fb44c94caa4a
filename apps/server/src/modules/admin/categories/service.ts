import type {
  AdminCategory,
  AdminSubcategory,
  CategoryBody,
  CategoryOrderBody,
  CategoryUpdateBody,
} from '@soko/contract/admin'
import type { Db } from '@soko/db/client'
import type { Ctx } from '../../../plugins/auth.ts'
import { AppError } from '../../../plugins/errors.ts'
import { isUniqueViolation } from '../../accounts/service.ts'
import type { AuditService } from '../../audit/service.ts'
import { categoryImageUrl } from '../../media/media-url.ts'
import { inTransaction, requireAdmin } from '../shared.ts'
import * as repo from './repository.ts'

const NOT_FOUND = 'No category with this id.'
const SLUG_TAKEN = 'Another category already uses this slug'

/** "Sufuria & Cookware" → "sufuria-cookware" (accents dropped, anything else between words a single hyphen). */
export function slugFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '')
}

function toSubcategory(row: repo.AdminCategoryRow): AdminSubcategory {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    parent_id: row.parent_id,
    image: { url: row.image_url ?? categoryImageUrl(row.id, 'medium'), alt_text: row.image_alt || row.name },
    image_url: row.image_url,
    image_alt: row.image_alt,
    is_active: row.is_active,
    position: row.position,
    product_count: row.product_count,
  }
}

const invalid = (field: string, message: string) => new AppError('invalid_data', message, { [field]: [message] })

/** The two-level category tree of the specification's category form: create, edit, reorder, delete. */
export class AdminCategoriesService {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditService,
  ) {}

  async tree(ctx: Ctx): Promise<AdminCategory[]> {
    requireAdmin(ctx)
    return this.loadTree(this.db)
  }

  private async loadTree(db: Db): Promise<AdminCategory[]> {
    const rows = await repo.listCategories(db)
    return rows
      .filter((row) => row.parent_id === null)
      .map((top) => ({
        ...toSubcategory(top),
        children: rows.filter((row) => row.parent_id === top.id).map(toSubcategory),
      }))
  }

  private async one(db: Db, id: number): Promise<AdminCategory> {
    const row = await repo.getCategory(db, id)
    if (!row) throw new AppError('not_found', NOT_FOUND)
    const children = (await repo.listCategories(db)).filter((child) => child.parent_id === id)
    return { ...toSubcategory(row), children: children.map(toSubcategory) }
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

  async create(ctx: Ctx, body: CategoryBody): Promise<AdminCategory> {
    const admin = requireAdmin(ctx)
    return this.write(async (t) => {
      const parentId = body.parent_id ?? null
      await this.checkParent(t, parentId, null)
      const id = await repo.insertCategory(t, {
        parentId,
        slug: await this.freeSlug(t, body.slug, body.name, null),
        name: body.name,
        description: body.description ?? '',
        imageUrl: body.image_url ?? null,
        imageAlt: body.image_alt ?? '',
        isActive: body.is_active ?? true,
        position: body.position ?? (await repo.nextPosition(t, parentId)),
      })
      await this.audit.write(t, admin.id, {
        action: 'category.created',
        subjectType: 'category',
        subjectId: id,
        detail: { name: body.name },
      })
      return this.one(t, id)
    })
  }

  /** Changes the fields given; the slug stays (links keep working) unless a new one is given. */
  async update(ctx: Ctx, id: number, body: CategoryUpdateBody): Promise<AdminCategory> {
    const admin = requireAdmin(ctx)
    return this.write(async (t) => {
      const current = await repo.getCategory(t, id, true)
      if (!current) throw new AppError('not_found', NOT_FOUND)
      const parentId = body.parent_id === undefined ? current.parent_id : body.parent_id
      if (parentId !== current.parent_id) await this.checkParent(t, parentId, current)
      const name = body.name ?? current.name
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
      })
      await this.audit.write(t, admin.id, {
        action: 'category.updated',
        subjectType: 'category',
        subjectId: id,
        detail: { name, changed: Object.keys(body) },
      })
      return this.one(t, id)
    })
  }

  /** Orders one level: `ids` must name every category of it, each once. */
  async reorder(ctx: Ctx, body: CategoryOrderBody): Promise<AdminCategory[]> {
    const admin = requireAdmin(ctx)
    return this.write(async (t) => {
      let parentName = 'the top level'
      if (body.parent_id !== null) {
        const parent = await repo.getCategory(t, body.parent_id)
        if (!parent) throw invalid('parent_id', 'The parent category does not exist')
        parentName = parent.name
      }
      const level = await repo.lockLevel(t, body.parent_id)
      const given = new Set(body.ids)
      if (level.length !== body.ids.length || level.some((id) => !given.has(id))) {
        throw invalid('ids', 'Ids must name every category of that level, each once')
      }
      await repo.setPositions(t, body.ids)
      await this.audit.write(t, admin.id, {
        action: 'category.reordered',
        subjectType: 'category',
        subjectId: body.parent_id,
        detail: { name: parentName, ids: body.ids },
      })
      return this.loadTree(t)
    })
  }

  /** Only an empty category goes: no products (of any state) and no subcategories; 409 says which. */
  async remove(ctx: Ctx, id: number): Promise<void> {
    const admin = requireAdmin(ctx)
    await inTransaction(this.db, async (t) => {
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
      await this.audit.write(t, admin.id, {
        action: 'category.deleted',
        subjectType: 'category',
        subjectId: id,
        detail: { name: current.name, slug: current.slug },
      })
    })
  }

  /** A write in one transaction; a slug taken by a concurrent write is the same 409 as one taken before. */
  private async write<T>(work: (t: Db) => Promise<T>): Promise<T> {
    try {
      return await inTransaction(this.db, work)
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('conflict', SLUG_TAKEN, { slug: [SLUG_TAKEN] })
      throw error
    }
  }
}
