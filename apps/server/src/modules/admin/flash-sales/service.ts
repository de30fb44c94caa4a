import type { AdminFlashSale, FlashSaleBody } from '@soko/contract/flash-sales'
import type { Db } from '@soko/db/client'
import { formatKes, kesToCents } from '@soko/domain/money'
import type { Ctx } from '../../../plugins/auth.ts'
import type { AuditService } from '../../audit/service.ts'
import type { FlashSaleCatalog } from '../../catalog/flash-sales.ts'
import { audited, requireAdmin } from '../shared.ts'

/** Flash sales in the admin area (decision 0024): scheduled and cancelled through the catalogue, audited. */
export class AdminFlashSalesService {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditService,
    private readonly sales: FlashSaleCatalog,
  ) {}

  async list(ctx: Ctx): Promise<AdminFlashSale[]> {
    requireAdmin(ctx)
    return this.sales.list()
  }

  schedule(ctx: Ctx, body: FlashSaleBody): Promise<AdminFlashSale> {
    const admin = requireAdmin(ctx)
    return audited(ctx, this.db, this.audit, async (t, record) => {
      const { id, name } = await this.sales.schedule(t, admin.id, body)
      await record({
        action: 'flash_sale.scheduled',
        subjectType: 'flash_sale',
        subjectId: id,
        detail: {
          name,
          product_id: body.product_id,
          sale_price: formatKes(kesToCents(body.sale_price)),
          quantity: body.quantity,
          per_order_limit: body.per_order_limit,
          starts_at: body.starts_at,
          ends_at: body.ends_at,
        },
      })
      return this.sales.require(t, id)
    })
  }

  cancel(ctx: Ctx, id: number): Promise<AdminFlashSale> {
    return audited(ctx, this.db, this.audit, async (t, record) => {
      const { name } = await this.sales.cancel(t, id)
      await record({ action: 'flash_sale.cancelled', subjectType: 'flash_sale', subjectId: id, detail: { name } })
      return this.sales.require(t, id)
    })
  }
}
