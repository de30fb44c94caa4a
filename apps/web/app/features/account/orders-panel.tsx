import type { OrderDetail, OrderStatus } from '@soko/contract/checkout'
import { useId, useState } from 'react'
import { Link } from 'react-router'
import { formatDate, formatKes } from '../../lib/format.ts'
import { useOrders } from './account-data.ts'
import { OrderTracking, StatusTag, shippingText } from './order-tracking.tsx'
import { PanelEmpty, PanelError, PanelLoading } from './panel-states.tsx'

/** The filter buttons (specification section 2), and the order statuses each one shows (DESIGN S5: they filter). */
export const ORDER_FILTERS = [
  { label: 'All Orders', statuses: null },
  { label: 'Pending', statuses: ['pending_payment', 'paid', 'processing'] },
  { label: 'Shipped', statuses: ['shipped'] },
  { label: 'Delivered', statuses: ['delivered'] },
] as const satisfies readonly { label: string; statuses: readonly OrderStatus[] | null }[]
export type OrderFilter = (typeof ORDER_FILTERS)[number]['label']

/** The orders a filter button shows. */
export function filterOrders(orders: readonly OrderDetail[], filter: OrderFilter): OrderDetail[] {
  const statuses: readonly OrderStatus[] | null = ORDER_FILTERS.find((item) => item.label === filter)?.statuses ?? null
  return orders.filter((order) => statuses === null || statuses.includes(order.status))
}

/** Orders (specification section 2): each order with its vendors' parts, filters that filter, details and tracking. */
export function OrdersPanel({ headingLevel = 2 }: { headingLevel?: 1 | 2 }) {
  const orders = useOrders()
  const [filter, setFilter] = useState<OrderFilter>('All Orders')
  const Heading = headingLevel === 1 ? 'h1' : 'h2'
  const shown = filterOrders(orders.data ?? [], filter)
  return (
    <section className="card account__panel" aria-labelledby="orders-title">
      <Heading id="orders-title">My Orders</Heading>
      <fieldset className="account__filters">
        <legend className="visually-hidden">Filter orders by status</legend>
        {ORDER_FILTERS.map((item) => (
          <button
            key={item.label}
            type="button"
            className={filter === item.label ? 'chip chip--on' : 'chip'}
            aria-pressed={filter === item.label}
            onClick={() => setFilter(item.label)}
          >
            {item.label}
          </button>
        ))}
      </fieldset>
      {orders.isPending ? (
        <PanelLoading />
      ) : orders.isError ? (
        <PanelError message="Failed to fetch orders" />
      ) : shown.length === 0 ? (
        <PanelEmpty>No orders found</PanelEmpty>
      ) : (
        <ul className="account__cards" aria-label="Orders">
          {shown.map((order) => (
            <OrderCard key={order.id} order={order} />
          ))}
        </ul>
      )}
    </section>
  )
}

function OrderCard({ order }: { order: OrderDetail }) {
  const id = useId()
  const [isTracking, setTracking] = useState(false)
  return (
    <li className="card account__card order-card" aria-labelledby={`${id}-title`}>
      <div className="account__card-header">
        <h3 id={`${id}-title`}>Order {order.orderNumber}</h3>
        <StatusTag status={order.status} label={order.statusLabel} />
      </div>
      <p className="account__muted">Placed on {formatDate(order.date)}</p>
      <ul className="order-card__vendors" aria-label={`Sellers of order ${order.orderNumber}`}>
        {order.vendors.map((part) => (
          <li key={part.id} className="order-card__vendor">
            <p className="order-card__vendor-name">
              {part.business.name}: <StatusTag status={part.status} label={part.statusLabel} />
            </p>
            <ul className="account__items">
              {part.items.map((item) => (
                <li key={item.id}>
                  {item.name}: {formatKes(item.price)} × {item.quantity}
                </li>
              ))}
            </ul>
            {shippingText(part) && <p className="account__muted">Tracking: {shippingText(part)}</p>}
          </li>
        ))}
      </ul>
      <p className="order-card__total">
        Total: <strong>{formatKes(order.total)}</strong>
      </p>
      {isTracking && (
        <div id={`${id}-tracking`}>
          <OrderTracking order={order} headingLevel={4} />
        </div>
      )}
      <div className="account__actions">
        <button
          type="button"
          className="button button--ghost"
          aria-expanded={isTracking}
          aria-controls={`${id}-tracking`}
          onClick={() => setTracking((current) => !current)}
        >
          Track Order
        </button>
        <Link className="button" to={`/accounts/orders/${encodeURIComponent(order.orderNumber)}`}>
          View Details<span className="visually-hidden"> of order {order.orderNumber}</span>
        </Link>
      </div>
    </li>
  )
}
