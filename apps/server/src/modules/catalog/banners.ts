import type { AdminBanner, BannerBody, BannerUpdateBody } from '@soko/contract/admin'
import type { Db } from '@soko/db/client'
import { AppError } from '../../plugins/errors.ts'
import * as repo from './banner-repository.ts'
import { toBanner } from './mappers.ts'

const NOT_FOUND = 'No banner with this id.'

const isoOrNull = (value: Date | null): string | null => value?.toISOString() ?? null

/** The banner as the home page shows it (its image without the alt text), with its URL, place and schedule. */
function toAdminBanner(row: repo.AdminBannerRow): AdminBanner {
  const { image, ...banner } = toBanner(row)
  return {
    ...banner,
    image: { url: image.url, thumbnail: image.thumbnail, medium: image.medium, original: image.original },
    image_url: row.image_url,
    position: row.position,
    is_active: row.is_active,
    starts_at: isoOrNull(row.starts_at),
    ends_at: isoOrNull(row.ends_at),
    state: row.state,
  }
}

const invalid = (field: string, message: string) => new AppError('invalid_data', message, { [field]: [message] })

/**
 * The home page's hero banners as the admin area edits them: create, edit, schedule (starts_at / ends_at), delete,
 * each in the caller's transaction. The image is a URL, or the generated picture served at /media/banners/{id}/
 * when there is none.
 */
export class BannerEditor {
  constructor(private readonly db: Db) {}

  async list(): Promise<AdminBanner[]> {
    return (await repo.listBanners(this.db)).map(toAdminBanner)
  }

  async require(db: Db, id: number): Promise<AdminBanner> {
    const row = await repo.getBanner(db, id)
    if (!row) throw new AppError('not_found', NOT_FOUND)
    return toAdminBanner(row)
  }

  /** Creates a banner; its id. */
  async create(t: Db, body: BannerBody): Promise<number> {
    if (body.category_id != null && !(await repo.categoryExists(t, body.category_id))) {
      throw invalid('category_id', 'The category does not exist')
    }
    return repo.insertBanner(t, {
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
  }

  /** Changes the fields given; the schedule's end must stay after its start. The banner's title after. */
  async update(t: Db, id: number, body: BannerUpdateBody): Promise<{ title: string }> {
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
    return { title }
  }

  /** Deletes a banner; its title. */
  async remove(t: Db, id: number): Promise<{ title: string }> {
    const current = await repo.getBanner(t, id)
    if (!current || !(await repo.deleteBanner(t, id))) throw new AppError('not_found', NOT_FOUND)
    return { title: current.title }
  }
}
