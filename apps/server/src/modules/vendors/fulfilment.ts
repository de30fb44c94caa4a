import { ORDER_STATUS_LABELS, type OrderStatus, type VendorOrderSummary } from '@soko/contract/checkout'
import { type Db, queryRows } from '@soko/db/client'
import { centsToKes } from '@soko/domain/money'
import { sql } from 'drizzle-orm'
import type { Ctx } from '../../plugins/auth.ts'
import { AppError } from '../../plugins/errors.ts'
import { vendorPartEmail } from '../checkout/mail-templates.ts'
import * as orders from '../checkout/repository.ts'
import type { Mailer } from '../mail/mailer.ts'

/** What an order is, from the states of its vendor parts (D7): delivered when all are, shipped when all have left. */
export function orderStatusFromParts(parts: readonly string[]): OrderStatus {
  const live = parts.filter((status) => status !== 'cancelled')
  if (live.length === 0) return 'cancelled'
  if (live.every((status) => status === 'delivered')) return 'delivered'
  if (live.every((status) => status === 'shipped' || status === 'delivered')) return 'shipped'
  if (live.some((status) => status !== 'paid')) return 'processing'
  return 'paid'
}

interface PartRow {
  id: number
  order_id: number
  order_number: string
  status: string
  subtotal_cents: number
  tracking_note: string | null
  created_at: Date
  first_name: string
  last_name: string
  phone: string
  shipping_address: { city: string; county: string }
  owner_id: number | null
  business_name: string
}

const partColumns = sql`v.id, v.order_id, o.order_number, v.status, v.subtotal_cents, v.tracking_note, v.created_at,
  o.first_name, o.last_name, o.phone, o.shipping_address, b.owner_id, b.name as business_name`

/**
 * A vendor fulfils its own parts of orders: ship (with a tracking note), then deliver; the shopper is emailed at
 * each step. Only the shop's owner may see or change its parts; anyone else's id answers 404.
 */
export class FulfilmentService {
  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly publicUrl: () => string,
  ) {}

  private owner(ctx: Ctx): number {
    if (!ctx.user) throw new AppError('unauthorized', 'Sign in to manage your orders.')
    if (ctx.user.role !== 'vendor') throw new AppError('forbidden', 'Only vendors can manage shop orders.')
    return ctx.user.id
  }

  /** The shop's paid parts of orders, newest first (unpaid ones are not the vendor's to act on). */
  async list(ctx: Ctx): Promise<VendorOrderSummary[]> {
    const ownerId = this.owner(ctx)
    const parts = await queryRows<PartRow>(
      this.db,
      sql`select ${partColumns} from vendor_orders v join orders o on o.id = v.order_id
          join businesses b on b.id = v.business_id
          where b.owner_id = ${ownerId} and v.status <> 'pending_payment'
          order by v.created_at desc, v.id desc limit 200`,
    )
    const items = await queryRows<{
      vendor_order_id: number
      product_name: string
      quantity: number
      unit_price_cents: number
    }>(
      this.db,
      parts.length === 0
        ? sql`select 0 as vendor_order_id, '' as product_name, 0 as quantity, 0 as unit_price_cents where false`
        : sql`select vendor_order_id, product_name, quantity, unit_price_cents from order_items
              where vendor_order_id in (${sql.join(
                parts.map((part) => sql`${part.id}`),
                sql`, `,
              )}) order by id`,
    )
    return parts.map((part) => ({
      id: part.id,
      orderNumber: part.order_number,
      date: new Date(part.created_at).toISOString(),
      status: part.status as OrderStatus,
      statusLabel: ORDER_STATUS_LABELS[part.status as OrderStatus],
      subtotal: centsToKes(part.subtotal_cents),
      trackingNote: part.tracking_note,
      customer: {
        name: `${part.first_name} ${part.last_name}`,
        phone: part.phone,
        city: part.shipping_address.city,
        county: part.shipping_address.county,
      },
      items: items
        .filter((item) => item.vendor_order_id === part.id)
        .map((item) => ({
          name: item.product_name,
          quantity: item.quantity,
          price: centsToKes(item.unit_price_cents),
        })),
    }))
  }

  async ship(ctx: Ctx, vendorOrderId: number, trackingNote: string): Promise<void> {
    await this.advance(ctx, vendorOrderId, 'shipped', trackingNote)
  }

  async deliver(ctx: Ctx, vendorOrderId: number): Promise<void> {
    await this.advance(ctx, vendorOrderId, 'delivered', null)
  }

  private async advance(
    ctx: Ctx,
    vendorOrderId: number,
    step: 'shipped' | 'delivered',
    trackingNote: string | null,
  ): Promise<void> {
    const ownerId = this.owner(ctx)
    const mail: number[] = []
    await this.db.transaction(async (tx) => {
      const t = tx as unknown as Db
      const [part] = await queryRows<PartRow>(
        t,
        sql`select ${partColumns} from vendor_orders v join orders o on o.id = v.order_id
            join businesses b on b.id = v.business_id where v.id = ${vendorOrderId} for update of v, o`,
      )
      if (!part || part.owner_id !== ownerId) throw new AppError('not_found', 'No such order.')
      const allowed = step === 'shipped' ? ['paid', 'processing'] : ['shipped']
      if (!allowed.includes(part.status)) {
        const label = ORDER_STATUS_LABELS[part.status as OrderStatus].toLowerCase()
        throw new AppError(
          'conflict',
          step === 'shipped'
            ? `This order is ${label}: only paid orders can be shipped.`
            : `This order is ${label}: only shipped orders can be marked delivered.`,
        )
      }
      await t.execute(sql`
        update vendor_orders set status = ${step}, updated_at = now(),
          ${step === 'shipped' ? sql`shipped_at = now(), tracking_note = ${trackingNote || null}` : sql`delivered_at = now()`}
        where id = ${vendorOrderId}`)
      const statuses = await queryRows<{ status: string }>(
        t,
        sql`select status from vendor_orders where order_id = ${part.order_id}`,
      )
      await orders.setOrderStatus(t, part.order_id, orderStatusFromParts(statuses.map((row) => row.status)))
      const order = await orders.orderById(t, part.order_id)
      if (order) {
        const link = `${this.publicUrl()}/accounts/orders/${order.order_number}`
        const note = step === 'shipped' ? trackingNote : part.tracking_note
        mail.push(await this.mailer.enqueue(t, vendorPartEmail(order, part.business_name, step, note, link)))
      }
    })
    this.mailer.deliver(mail)
  }
}
