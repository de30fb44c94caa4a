import type { OrderDetail, OrderStatus } from '@soko/contract/checkout'
import { Tag, type Tone } from '../../components/ui/tag.tsx'
import { formatDate } from '../../lib/format.ts'

const STATUS_TONES: Record<OrderStatus, Tone> = {
  pending_payment: 'warn',
  paid: 'info',
  processing: 'info',
  shipped: 'info',
  delivered: 'good',
  cancelled: 'bad',
  refunded: 'bad',
}

/** An order's or a vendor part's status as a tag: waiting for payment, on its way, delivered, or stopped. */
export function StatusTag({ status, label }: { status: OrderStatus; label: string }) {
  return <Tag tone={STATUS_TONES[status]}>{label}</Tag>
}

/** What each vendor's part of an order has gone through: placed, shipped (with the courier's note), delivered. */
export function OrderTracking({ order, headingLevel }: { order: OrderDetail; headingLevel: 3 | 4 }) {
  const Heading = headingLevel === 3 ? 'h3' : 'h4'
  return (
    <div className="order-tracking">
      {order.vendors.map((part) => (
        <section key={part.id} className="order-tracking__part" aria-label={`Tracking: ${part.business.name}`}>
          <Heading className="order-tracking__title">
            {part.business.name}: {part.statusLabel}
          </Heading>
          <ol className="order-tracking__steps">
            <li>Placed on {formatDate(order.date)}</li>
            {part.shippedAt && <li>Shipped on {formatDate(part.shippedAt)}</li>}
            {part.trackingNote && <li>Courier and tracking: {part.trackingNote}</li>}
            {part.deliveredAt && <li>Delivered on {formatDate(part.deliveredAt)}</li>}
            {!part.shippedAt && part.status !== 'cancelled' && part.status !== 'refunded' && (
              <li>Not shipped yet: the seller ships once the order is paid.</li>
            )}
          </ol>
        </section>
      ))}
    </div>
  )
}
