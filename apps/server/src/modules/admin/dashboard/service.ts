import type { Dashboard } from '@soko/contract/admin'
import { ORDER_STATUS_LABELS, ORDER_STATUSES, type OrderStatus } from '@soko/contract/checkout'
import type { Db } from '@soko/db/client'
import { centsToKes, formatKes } from '@soko/domain/money'
import type { Ctx } from '../../../plugins/auth.ts'
import { listRecentAudit } from '../audit-read-model.ts'
import { auditSentence } from '../audit-sentence.ts'
import { requireAdmin } from '../shared.ts'
import * as read from './dashboard-read-model.ts'

const RECENT = 12

/** The admin dashboard: the marketplace's figures, its last 30 days, recent activity and what needs doing. */
export class AdminDashboardService {
  constructor(private readonly db: Db) {}

  async get(ctx: Ctx): Promise<Dashboard> {
    requireAdmin(ctx)
    const db = this.db
    const [byStatus, revenue, commission, users, products, shops, sales, quick, audit, orders] = await Promise.all([
      read.ordersByStatus(db),
      read.revenue(db),
      read.commission(db),
      read.users(db),
      read.products(db),
      read.shops(db),
      read.salesSeries(db),
      read.quickActions(db),
      listRecentAudit(db, RECENT),
      read.recentOrders(db, RECENT),
    ])
    const counts = Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0])) as Record<OrderStatus, number>
    for (const row of byStatus) counts[row.status as OrderStatus] = row.count
    const activity = [
      ...audit.map((row) => ({
        kind: 'audit' as const,
        at: row.created_at.toISOString(),
        text: auditSentence(row),
        subject_type: row.subject_type,
        subject_id: row.subject_id,
      })),
      ...orders.map((row) => ({
        kind: 'order' as const,
        at: row.created_at.toISOString(),
        text: `${`${row.first_name} ${row.last_name}`.trim()} placed order ${row.order_number} for ${formatKes(
          row.total_cents,
        )} (${ORDER_STATUS_LABELS[row.status as OrderStatus].toLowerCase()}).`,
        subject_type: 'order',
        subject_id: row.id,
      })),
    ]
      .sort((a, b) => b.at.localeCompare(a.at))
      .slice(0, RECENT)
    return {
      orders: { count: byStatus.reduce((sum, row) => sum + row.count, 0), by_status: counts },
      revenue: {
        today: centsToKes(revenue.today),
        this_month: centsToKes(revenue.month),
        all_time: centsToKes(revenue.all_time),
      },
      commission: {
        this_month: centsToKes(commission.month),
        all_time: centsToKes(commission.all_time),
      },
      users: {
        count: users.customer + users.vendor + users.superuser,
        by_role: { customer: users.customer, vendor: users.vendor, superuser: users.superuser },
        new_this_month: users.new_this_month,
        disabled: users.disabled,
      },
      products,
      shops,
      sales: sales.map((day) => ({
        date: day.date,
        orders: day.orders,
        revenue: centsToKes(day.revenue_cents),
      })),
      recent_activity: activity,
      quick_actions: {
        unverified_shops: shops.unverified,
        unhandled_contact_messages: quick.unhandled_contact_messages,
        refunds_due: quick.refunds_due,
        failed_refunds: quick.failed_refunds,
      },
    }
  }
}
