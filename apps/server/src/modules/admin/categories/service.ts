import type { AdminCategory, CategoryBody, CategoryOrderBody, CategoryUpdateBody } from '@soko/contract/admin'
import type { Db } from '@soko/db/client'
import type { Ctx } from '../../../plugins/auth.ts'
import type { AuditService } from '../../audit/service.ts'
import type { CategoryEditor } from '../../catalog/categories.ts'
import { type AuditedChange, audited, requireAdmin } from '../shared.ts'

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

  /** A change in the catalogue's own transaction (a slug taken meanwhile is its 409). */
  private change<T>(ctx: Ctx, change: AuditedChange<T>): Promise<T> {
    return audited(ctx, this.db, this.audit, change, (work) => this.categories.write(work))
  }

  create(ctx: Ctx, body: CategoryBody): Promise<AdminCategory> {
    return this.change(ctx, async (t, record) => {
      const id = await this.categories.create(t, body)
      const commission = body.commission_percent ?? null
      const detail = { name: body.name, ...(commission === null ? {} : { commission: { from: null, to: commission } }) }
      await record({ action: 'category.created', subjectType: 'category', subjectId: id, detail })
      return this.categories.one(t, id)
    })
  }

  update(ctx: Ctx, id: number, body: CategoryUpdateBody): Promise<AdminCategory> {
    return this.change(ctx, async (t, record) => {
      const { name, commission } = await this.categories.update(t, id, body)
      const detail = { name, changed: Object.keys(body), ...(commission ? { commission } : {}) }
      await record({ action: 'category.updated', subjectType: 'category', subjectId: id, detail })
      return this.categories.one(t, id)
    })
  }

  reorder(ctx: Ctx, body: CategoryOrderBody): Promise<AdminCategory[]> {
    return this.change(ctx, async (t, record) => {
      const { levelName } = await this.categories.reorder(t, body)
      const detail = { name: levelName, ids: body.ids }
      await record({ action: 'category.reordered', subjectType: 'category', subjectId: body.parent_id, detail })
      return this.categories.tree(t)
    })
  }

  remove(ctx: Ctx, id: number): Promise<void> {
    return audited(ctx, this.db, this.audit, async (t, record) => {
      const { name, slug } = await this.categories.remove(t, id)
      await record({ action: 'category.deleted', subjectType: 'category', subjectId: id, detail: { name, slug } })
    })
  }
}
