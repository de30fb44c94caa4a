import type { VendorOrderSummary } from '@soko/contract/checkout'
import type { Ctx } from '../../plugins/auth.ts'
import { AppError } from '../../plugins/errors.ts'
import type { VendorParts } from '../orders/vendor-parts.ts'
import type { ShopService } from './shop.ts'

/** The vendor acting on its shop's orders: 401 signed out, 403 for anyone but a vendor. Their user id. */
export function requireFulfillingVendor(ctx: Ctx): number {
  if (!ctx.user) throw new AppError('unauthorized', 'Sign in to manage your orders.')
  if (ctx.user.role !== 'vendor') throw new AppError('forbidden', 'Only vendors can manage shop orders.')
  return ctx.user.id
}

/**
 * A vendor's orders to fulfil: its own shop's paid parts (the orders module keeps them). Shipping and delivering a
 * part is the fulfil-vendor-order flow (src/flows/fulfil-vendor-order.ts), which also emails the shopper.
 */
export class FulfilmentService {
  constructor(
    private readonly shops: ShopService,
    private readonly parts: VendorParts,
  ) {}

  /** The shop's paid parts of orders, newest first (unpaid ones are not the vendor's to act on). */
  async list(ctx: Ctx): Promise<VendorOrderSummary[]> {
    const shop = await this.shops.shopOf(requireFulfillingVendor(ctx))
    return shop ? this.parts.listForShop(shop.id) : []
  }
}
