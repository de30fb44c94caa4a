import type { AdminBanner, BannerBody, BannerUpdateBody } from '@soko/contract/admin'
import type { Db } from '@soko/db/client'
import type { Ctx } from '../../../plugins/auth.ts'
import type { AuditService } from '../../audit/service.ts'
import type { BannerEditor } from '../../catalog/banners.ts'
import { inTransaction, requireAdmin } from '../shared.ts'

/** The home page's banners in the admin area: every change goes through the catalogue, audited in its transaction. */
export class AdminBannersService {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditService,
    private readonly banners: BannerEditor,
  ) {}

  async list(ctx: Ctx): Promise<AdminBanner[]> {
    requireAdmin(ctx)
    return this.banners.list()
  }

  async create(ctx: Ctx, body: BannerBody): Promise<AdminBanner> {
    const admin = requireAdmin(ctx)
    return inTransaction(this.db, async (t) => {
      const id = await this.banners.create(t, body)
      await this.audit.write(t, admin.id, {
        action: 'banner.created',
        subjectType: 'banner',
        subjectId: id,
        detail: { name: body.title },
      })
      return this.banners.require(t, id)
    })
  }

  async update(ctx: Ctx, id: number, body: BannerUpdateBody): Promise<AdminBanner> {
    const admin = requireAdmin(ctx)
    return inTransaction(this.db, async (t) => {
      const { title } = await this.banners.update(t, id, body)
      await this.audit.write(t, admin.id, {
        action: 'banner.updated',
        subjectType: 'banner',
        subjectId: id,
        detail: { name: title, changed: Object.keys(body) },
      })
      return this.banners.require(t, id)
    })
  }

  async remove(ctx: Ctx, id: number): Promise<void> {
    const admin = requireAdmin(ctx)
    await inTransaction(this.db, async (t) => {
      const { title } = await this.banners.remove(t, id)
      await this.audit.write(t, admin.id, {
        action: 'banner.deleted',
        subjectType: 'banner',
        subjectId: id,
        detail: { name: title },
      })
    })
  }
}
