import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { adminVoucherRoutes } from '../vouchers/routes.ts'
import type { VouchersService } from '../vouchers/service.ts'
import { adminBannerRoutes } from './banners/routes.ts'
import type { AdminBannersService } from './banners/service.ts'
import { adminCategoryRoutes } from './categories/routes.ts'
import type { AdminCategoriesService } from './categories/service.ts'
import { adminContactRoutes } from './contact/routes.ts'
import type { AdminContactService } from './contact/service.ts'
import { adminDashboardRoutes } from './dashboard/routes.ts'
import type { AdminDashboardService } from './dashboard/service.ts'
import { adminDeliveryRoutes } from './delivery/routes.ts'
import type { AdminDeliveryService } from './delivery/service.ts'
import { adminDisputeRoutes, type DisputeDesk } from './disputes/routes.ts'
import { adminFlashSaleRoutes } from './flash-sales/routes.ts'
import type { AdminFlashSalesService } from './flash-sales/service.ts'
import { guardAdmin } from './guard.ts'
import { adminLedgerRoutes } from './ledger/routes.ts'
import type { AdminLedgerService } from './ledger/service.ts'
import { adminOrderRoutes } from './orders/routes.ts'
import type { AdminOrdersService } from './orders/service.ts'
import { adminOutboxRoutes } from './outbox/routes.ts'
import type { AdminOutboxService } from './outbox/service.ts'
import { adminPayoutRoutes } from './payouts/routes.ts'
import type { AdminPayoutsService } from './payouts/service.ts'
import { adminProductRoutes } from './products/routes.ts'
import type { AdminProductsService } from './products/service.ts'
import { adminReconciliationRoutes } from './reconciliation/routes.ts'
import type { AdminReconciliationService } from './reconciliation/service.ts'
import { adminRefundRoutes } from './refunds/routes.ts'
import type { AdminRefundsService } from './refunds/service.ts'
import { adminSearchSynonymRoutes } from './search-synonyms/routes.ts'
import type { AdminSearchSynonymsService } from './search-synonyms/service.ts'
import { adminUserRoutes } from './users/routes.ts'
import type { AdminUsersService } from './users/service.ts'
import { adminVendorRoutes } from './vendors/routes.ts'
import type { AdminVendorsService } from './vendors/service.ts'

export interface AdminServices {
  dashboard: AdminDashboardService
  products: AdminProductsService
  orders: AdminOrdersService
  refunds: AdminRefundsService
  /** Paybill payments that paid no order. */
  reconciliation: AdminReconciliationService
  users: AdminUsersService
  vendors: AdminVendorsService
  /** The ledger's trial balance and a shop's statement (decision 0014). */
  ledger: AdminLedgerService
  /** Every payout, and the scheduled payout run on demand. */
  payouts: AdminPayoutsService
  categories: AdminCategoriesService
  banners: AdminBannersService
  /** Flash sales: scheduled, listed and cancelled (decision 0024). */
  flashSales: AdminFlashSalesService
  contact: AdminContactService
  delivery: AdminDeliveryService
  /** The Kenyan words search understands (decision 0030). */
  searchSynonyms: AdminSearchSynonymsService
  /** Vouchers: the marketplace's, created here, and every shop's (decision 0023). */
  vouchers: VouchersService
  /** The dispute desk: returns a shop refused or left unanswered (the return-items flow). */
  disputes: DisputeDesk
  /** Only in demo mode: mail that stays in the outbox is readable there, a real marketplace's is its shoppers' own. */
  outbox: AdminOutboxService | null
}

/** /api/admin/...: the admin area's API, superusers only (every route below sits behind the guard). */
export function adminRoutes(admin: AdminServices): FastifyPluginAsyncZod {
  return async (app) => {
    guardAdmin(app)
    await app.register(adminDashboardRoutes(admin.dashboard))
    await app.register(adminProductRoutes(admin.products))
    await app.register(adminOrderRoutes(admin.orders))
    await app.register(adminRefundRoutes(admin.refunds))
    await app.register(adminReconciliationRoutes(admin.reconciliation))
    await app.register(adminUserRoutes(admin.users))
    await app.register(adminVendorRoutes(admin.vendors))
    await app.register(adminLedgerRoutes(admin.ledger))
    await app.register(adminPayoutRoutes(admin.payouts))
    await app.register(adminCategoryRoutes(admin.categories))
    await app.register(adminBannerRoutes(admin.banners))
    await app.register(adminFlashSaleRoutes(admin.flashSales))
    await app.register(adminContactRoutes(admin.contact))
    await app.register(adminDeliveryRoutes(admin.delivery))
    await app.register(adminSearchSynonymRoutes(admin.searchSynonyms))
    await app.register(adminVoucherRoutes(admin.vouchers))
    await app.register(adminDisputeRoutes(admin.disputes))
    if (admin.outbox) await app.register(adminOutboxRoutes(admin.outbox))
  }
}
