import type { AdminCategory, CategoryBody, CategoryOrderBody, CategoryUpdateBody } from '@soko/contract/admin'
import type { Db } from '@soko/db/client'
import type { Ctx } from '../../../plugins/auth.ts'
import type { AuditService } from '../../audit/service.ts'
import type { CategoryEditor } from '../../catalog/categories.ts'
import { inTransaction, requireAdmin } from '../shared.ts'

/** The category tree in the admin area: every change goes through the catalogue, audited in the same transaction. */
export class AdminCategoriesService {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditService,
    private readonly categories: CategoryEditor,
  ) {}

  async tree(ctx: Ctx): Promise<AdminCategory[]> {
    requireAdmin(ctx)
    return this.categories.tree()
  }

  async create(ctx: Ctx, body: CategoryBody): Promise<AdminCategory> {
    const admin = requireAdmin(ctx)
    return this.categories.write(async (t) => {
      const id = await this.categories.create(t, body)
      await this.audit.write(t, admin.id, {
        action: 'category.created',
        subjectType: 'category',
        subjectId: id,
        detail: { name: body.name },
      })
      return this.categories.one(t, id)
    })
  }

  async update(ctx: Ctx, id: number, body: CategoryUpdateBody): Promise<AdminCategory> {
    const admin = requireAdmin(ctx)
    return this.categories.write(async (t) => {
      const { name } = await this.categories.update(t, id, body)
      await this.audit.write(t, admin.id, {
        action: 'category.updated',
        subjectType: 'category',
        subjectId: id,
        detail: { name, changed: Object.keys(body) },
      })
      return this.categories.one(t, id)
    })
  }

  async reorder(ctx: Ctx, body: CategoryOrderBody): Promise<AdminCategory[]> {
    const admin = requireAdmin(ctx)
    return this.categories.write(async (t) => {
      const { levelName } = await this.categories.reorder(t, body)
      await this.audit.write(t, admin.id, {
        action: 'category.reordered',
        subjectType: 'category',
        subjectId: body.parent_id,
        detail: { name: levelName, ids: body.ids },
      })
      return this.categories.tree(t)
    })
  }

  async remove(ctx: Ctx, id: number): Promise<void> {
    const admin = requireAdmin(ctx)
    await inTransaction(this.db, async (t) => {
      const removed = await this.categories.remove(t, id)
      await this.audit.write(t, admin.id, {
        action: 'category.deleted',
        subjectType: 'category',
        subjectId: id,
        detail: { name: removed.name, slug: removed.slug },
      })
    })
  }
}
