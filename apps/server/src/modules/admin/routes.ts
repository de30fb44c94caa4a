import type { Db } from '@soko/db/client'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { SessionStore } from '../accounts/sessions.ts'
import type { Users } from '../accounts/users.ts'
import type { AuditService } from '../audit/service.ts'
import type { BannerEditor } from '../catalog/banners.ts'
import type { CategoryEditor } from '../catalog/categories.ts'
import type { Products } from '../catalog/products.ts'
import type { Stock } from '../catalog/stock.ts'
import type { ContactService } from '../contact/service.ts'
import type { Mailer } from '../mail/mailer.ts'
import { adminBannerRoutes } from './banners/routes.ts'
import { AdminBannersService } from './banners/service.ts'
import { adminCategoryRoutes } from './categories/routes.ts'
import { AdminCategoriesService } from './categories/service.ts'
import { adminContactRoutes } from './contact/routes.ts'
import { AdminContactService } from './contact/service.ts'
import { adminDashboardRoutes } from './dashboard/routes.ts'
import { AdminDashboardService } from './dashboard/service.ts'
import { guardAdmin } from './guard.ts'
import { adminOrderRoutes } from './orders/routes.ts'
import { AdminOrdersService } from './orders/service.ts'
import { adminOutboxRoutes } from './outbox/routes.ts'
import { AdminOutboxService } from './outbox/service.ts'
import { adminProductRoutes } from './products/routes.ts'
import { AdminProductsService } from './products/service.ts'
import { adminUserRoutes } from './users/routes.ts'
import { AdminUsersService } from './users/service.ts'
import { adminVendorRoutes } from './vendors/routes.ts'
import { AdminVendorsService } from './vendors/service.ts'

export interface AdminDeps {
  db: Db
  mailer: Mailer
  sessions: SessionStore
  audit: AuditService
  contact: ContactService
  stock: Stock
  categories: CategoryEditor
  banners: BannerEditor
  products: Products
  users: Users
}

/** /api/admin/...: the admin area's API, superusers only (every route below sits behind the guard). */
export function adminRoutes({
  db,
  mailer,
  sessions,
  audit,
  contact,
  stock,
  categories,
  banners,
  products,
  users,
}: AdminDeps): FastifyPluginAsyncZod {
  return async (app) => {
    guardAdmin(app)
    await app.register(adminDashboardRoutes(new AdminDashboardService(db)))
    await app.register(adminProductRoutes(new AdminProductsService(db, audit, products)))
    await app.register(adminOrderRoutes(new AdminOrdersService(db, audit, stock, mailer)))
    await app.register(adminUserRoutes(new AdminUsersService(db, audit, users, sessions)))
    await app.register(adminVendorRoutes(new AdminVendorsService(db, audit)))
    await app.register(adminCategoryRoutes(new AdminCategoriesService(db, audit, categories)))
    await app.register(adminBannerRoutes(new AdminBannersService(db, audit, banners)))
    await app.register(adminContactRoutes(new AdminContactService(db, audit, contact)))
    // Mail that stays in the outbox is readable only in a demo: a real marketplace's mail is its shoppers' own.
    if (app.soko.config.demo) await app.register(adminOutboxRoutes(new AdminOutboxService(db, audit, mailer)))
  }
}
