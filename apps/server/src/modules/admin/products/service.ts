import type { AdminProduct, AdminProductsPage, AdminProductsQuery } from '@soko/contract/admin'
import type { Db } from '@soko/db/client'
import { centsToKes } from '@soko/domain/money'
import type { Ctx } from '../../../plugins/auth.ts'
import { AppError } from '../../../plugins/errors.ts'
import type { AuditService } from '../../audit/service.ts'
import type { Products } from '../../catalog/products.ts'
import { productImageUrl } from '../../media/media-url.ts'
import { audited, listPage, lockedRow } from '../shared.ts'
import * as read from './products-read-model.ts'

const NOT_FOUND = 'No product with this id.'

function toAdminProduct(row: read.AdminProductRow): AdminProduct {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    price: centsToKes(row.price_cents),
    discounted_price: row.discounted_price_cents === null ? null : centsToKes(row.discounted_price_cents),
    stock_qty: row.stock_qty,
    is_active: row.is_active,
    deactivated_reason: row.deactivated_reason,
    thumbnail_url: row.image_id === null ? null : productImageUrl(row.image_id, 'thumbnail'),
    shop: { id: row.shop_id, name: row.shop_name, slug: row.shop_slug, is_active: row.shop_is_active },
    category: { id: row.category_id, name: row.category_name, slug: row.category_slug },
    created_at: row.created_at.toISOString(),
  }
}

/** Products of every shop, and taking one down (with a reason its shop sees) or putting it back. */
export class AdminProductsService {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditService,
    private readonly products: Products,
  ) {}

  list(ctx: Ctx, query: AdminProductsQuery): Promise<AdminProductsPage> {
    return listPage(ctx, query, () => read.listProducts(this.db, query), toAdminProduct)
  }

  private locked(t: Db, id: number): Promise<read.AdminProductRow> {
    return lockedRow(t, id, this.products, read.getProduct, NOT_FOUND)
  }

  /** Hides the product from the storefront and search at once; its shop sees the reason and cannot undo it. */
  deactivate(ctx: Ctx, id: number, reason: string): Promise<AdminProduct> {
    return audited(ctx, this.db, this.audit, async (t, record) => {
      const product = await this.locked(t, id)
      await this.products.setActiveByAdmin(t, id, false, reason)
      const detail = { name: product.name, reason, shop: product.shop_name }
      await record({ action: 'product.deactivated', subjectType: 'product', subjectId: id, detail })
      return toAdminProduct({ ...product, is_active: false, deactivated_reason: reason })
    })
  }

  /**
   * Puts back a product an admin took down. One its shop switched off itself stays off: that is the shop's call
   * (409), and an active product is answered as it is.
   */
  reactivate(ctx: Ctx, id: number): Promise<AdminProduct> {
    return audited(ctx, this.db, this.audit, async (t, record) => {
      const product = await this.locked(t, id)
      if (product.is_active) return toAdminProduct(product)
      if (product.deactivated_reason === null) {
        throw new AppError(
          'conflict',
          'This product was switched off by its shop, not by an admin: only the shop can put it back on sale.',
        )
      }
      await this.products.setActiveByAdmin(t, id, true, null)
      const detail = { name: product.name, shop: product.shop_name }
      await record({ action: 'product.reactivated', subjectType: 'product', subjectId: id, detail })
      return toAdminProduct({ ...product, is_active: true, deactivated_reason: null })
    })
  }
}
