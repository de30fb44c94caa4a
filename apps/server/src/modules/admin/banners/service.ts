import type { AdminBanner, BannerBody, BannerUpdateBody } from '@soko/contract/admin'
import type { Db } from '@soko/db/client'
import type { Ctx } from '../../../plugins/auth.ts'
import { AppError } from '../../../plugins/errors.ts'
import type { AuditService } from '../../audit/service.ts'
import { bannerImageUrl } from '../../media/media-url.ts'
import { inTransaction, isoOrNull, requireAdmin } from '../shared.ts'
import * as repo from './repository.ts'

const NOT_FOUND = 'No banner with this id.'

function toAdminBanner(row: repo.AdminBannerRow): AdminBanner {
  const url = (size: 'thumbnail' | 'medium' | 'original') => row.image_url ?? bannerImageUrl(row.id, size)
  return {
    id: row.id,
    title: row.title,
    subtitle: row.subtitle,
    image: { url: url('original'), thumbnail: url('thumbnail'), medium: url('medium'), original: url('original') },
    image_url: row.image_url,
    category:
      row.category_id !== null && row.category_name !== null && row.category_slug !== null
        ? { id: row.category_id, name: row.category_name, slug: row.category_slug }
        : null,
    link_url: row.link_url,
    link_text: row.link_text,
    stat1: row.stat1,
    stat1_label: row.stat1_label,
    stat2: row.stat2,
    stat2_label: row.stat2_label,
    position: row.position,
    is_active: row.is_active,
    starts_at: isoOrNull(row.starts_at),
    ends_at: isoOrNull(row.ends_at),
    state: row.state,
  }
}

const invalid = (field: string, message: string) => new AppError('invalid_data', message, { [field]: [message] })

/**
 * The home page's hero banners: create, edit, schedule (starts_at / ends_at), delete. The image is a URL, or the
 * generated picture served at /media/banners/{id}/ when there is none.
 */
export class AdminBannersService {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditService,
  ) {}

  async list(ctx: Ctx): Promise<AdminBanner[]> {
    requireAdmin(ctx)
    return (await repo.listBanners(this.db)).map(toAdminBanner)
  }

  async create(ctx: Ctx, body: BannerBody): Promise<AdminBanner> {
    const admin = requireAdmin(ctx)
    return inTransaction(this.db, async (t) => {
      if (body.category_id != null && !(await repo.categoryExists(t, body.category_id))) {
        throw invalid('category_id', 'The category does not exist')
      }
      const id = await repo.insertBanner(t, {
        title: body.title,
        subtitle: body.subtitle ?? '',
        imageUrl: body.image_url ?? null,
        categoryId: body.category_id ?? null,
        linkUrl: body.link_url ?? '/products',
        linkText: body.link_text || 'Shop now',
        stat1: body.stat1 ?? '',
        stat1Label: body.stat1_label ?? '',
        stat2: body.stat2 ?? '',
        stat2Label: body.stat2_label ?? '',
        position: body.position ?? (await repo.nextPosition(t)),
        isActive: body.is_active ?? true,
        startsAt: body.starts_at ?? null,
        endsAt: body.ends_at ?? null,
      })
      await this.audit.write(t, admin.id, {
        action: 'banner.created',
        subjectType: 'banner',
        subjectId: id,
        detail: { name: body.title },
      })
      return this.require(t, id)
    })
  }

  /** Changes the fields given; the schedule's end must stay after its start. */
  async update(ctx: Ctx, id: number, body: BannerUpdateBody): Promise<AdminBanner> {
    const admin = requireAdmin(ctx)
    return inTransaction(this.db, async (t) => {
      const current = await repo.getBanner(t, id)
      if (!current) throw new AppError('not_found', NOT_FOUND)
      if (body.category_id != null && !(await repo.categoryExists(t, body.category_id))) {
        throw invalid('category_id', 'The category does not exist')
      }
      const startsAt = body.starts_at === undefined ? isoOrNull(current.starts_at) : body.starts_at
      const endsAt = body.ends_at === undefined ? isoOrNull(current.ends_at) : body.ends_at
      if (startsAt && endsAt && Date.parse(endsAt) <= Date.parse(startsAt)) {
        throw invalid('ends_at', 'End must be after start')
      }
      const title = body.title ?? current.title
      await repo.updateBanner(t, id, {
        title,
        subtitle: body.subtitle ?? current.subtitle,
        imageUrl: body.image_url === undefined ? current.image_url : body.image_url,
        categoryId: body.category_id === undefined ? current.category_id : body.category_id,
        linkUrl: body.link_url ?? current.link_url,
        linkText: body.link_text || current.link_text,
        stat1: body.stat1 ?? current.stat1,
        stat1Label: body.stat1_label ?? current.stat1_label,
        stat2: body.stat2 ?? current.stat2,
        stat2Label: body.stat2_label ?? current.stat2_label,
        position: body.position ?? current.position,
        isActive: body.is_active ?? current.is_active,
        startsAt,
        endsAt,
      })
      await this.audit.write(t, admin.id, {
        action: 'banner.updated',
        subjectType: 'banner',
        subjectId: id,
        detail: { name: title, changed: Object.keys(body) },
      })
      return this.require(t, id)
    })
  }

  async remove(ctx: Ctx, id: number): Promise<void> {
    const admin = requireAdmin(ctx)
    await inTransaction(this.db, async (t) => {
      const current = await repo.getBanner(t, id)
      if (!current || !(await repo.deleteBanner(t, id))) throw new AppError('not_found', NOT_FOUND)
      await this.audit.write(t, admin.id, {
        action: 'banner.deleted',
        subjectType: 'banner',
        subjectId: id,
        detail: { name: current.title },
      })
    })
  }

  private async require(db: Db, id: number): Promise<AdminBanner> {
    const row = await repo.getBanner(db, id)
    if (!row) throw new AppError('not_found', NOT_FOUND)
    return toAdminBanner(row)
  }
}
