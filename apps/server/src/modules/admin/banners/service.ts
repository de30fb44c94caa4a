import type { AdminBanner, BannerBody, BannerUpdateBody } from '@soko/contract/admin'
import type { Db } from '@soko/db/client'
import type { Ctx } from '../../../plugins/auth.ts'
import type { AuditService } from '../../audit/service.ts'
import type { BannerEditor } from '../../catalog/banners.ts'
import { audited, requireAdmin } from '../shared.ts'

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

  create(ctx: Ctx, body: BannerBody): Promise<AdminBanner> {
    return audited(ctx, this.db, this.audit, async (t, record) => {
      const id = await this.banners.create(t, body)
      await record({ action: 'banner.created', subjectType: 'banner', subjectId: id, detail: { name: body.title } })
      return this.banners.require(t, id)
    })
  }

  update(ctx: Ctx, id: number, body: BannerUpdateBody): Promise<AdminBanner> {
    return audited(ctx, this.db, this.audit, async (t, record) => {
      const { title } = await this.banners.update(t, id, body)
      const detail = { name: title, changed: Object.keys(body) }
      await record({ action: 'banner.updated', subjectType: 'banner', subjectId: id, detail })
      return this.banners.require(t, id)
    })
  }

  remove(ctx: Ctx, id: number): Promise<void> {
    return audited(ctx, this.db, this.audit, async (t, record) => {
      const { title } = await this.banners.remove(t, id)
      await record({ action: 'banner.deleted', subjectType: 'banner', subjectId: id, detail: { name: title } })
    })
  }
}
