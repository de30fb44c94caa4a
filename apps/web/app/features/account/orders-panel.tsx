import { useState } from 'react'
import { formatDate, formatKes } from '../../lib/format.ts'
import { useOrders } from './account-data.ts'
import { PanelEmpty, PanelError, PanelLoading } from './panel-states.tsx'

const FILTERS = [
  { label: 'All Orders', status: null },
  { label: 'Pending', status: 'pending' },
  { label: 'Shipped', status: 'shipped' },
  { label: 'Delivered', status: 'delivered' },
] as const

/** Orders (specification section 2) with filter buttons that really filter (DESIGN S5). */
export function OrdersPanel({ headingLevel = 2 }: { headingLevel?: 1 | 2 }) {
  const orders = useOrders()
  const [filter, setFilter] = useState<(typeof FILTERS)[number]['status']>(null)
  const Heading = headingLevel === 1 ? 'h1' : 'h2'

  const shown = (orders.data ?? []).filter((order) => filter === null || order.status.toLowerCase() === filter)
  return (
    <section className="account__panel" aria-labelledby="orders-title">
      <Heading id="orders-title">My Orders</Heading>
      <fieldset className="account__filters">
        <legend className="visually-hidden">Filter orders by status</legend>
        {FILTERS.map((item) => (
          <button
            key={item.label}
            type="button"
            className={filter === item.status ? 'chip chip--on' : 'chip'}
            aria-pressed={filter === item.status}
            onClick={() => setFilter(item.status)}
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
        <ul className="account__cards">
          {shown.map((order) => (
            <li key={order.id} className="account__card">
              <div className="account__card-header">
                <h3>Order {order.orderNumber}</h3>
                <span className="tag">{order.status}</span>
              </div>
              <p className="account__muted">Placed on {formatDate(order.date)}</p>
              <ul className="account__items">
                {order.items.map((item) => (
                  <li key={item.id}>
                    {item.name}: {formatKes(item.price)} × {item.quantity}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
