import type { AdminOrdersPage } from '@soko/contract/admin'
import {
  type CheckoutPaymentMethod,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  type OrderStatus,
} from '@soko/contract/checkout-options'
import { formatPhone } from '@soko/domain/phone'
import { Link } from 'react-router'
import { ListScreen } from '../../components/ui/list.tsx'
import { Tag, type Tone } from '../../components/ui/tag.tsx'
import { formatDateTime, formatKes } from '../../lib/format.ts'

const STATUS_OPTIONS = [
  ['', 'All statuses'],
  ...ORDER_STATUSES.map((s) => [s, ORDER_STATUS_LABELS[s]] as const),
] as const

const PAYMENT_OPTIONS = [
  ['', 'Any payment'],
  ['pending', 'Pending'],
  ['paid', 'Paid'],
  ['failed', 'Failed'],
  ['refund_due', 'Refund due'],
  ['refunded', 'Refunded'],
] as const

/** How an order's status is coloured. */
export function statusTone(status: OrderStatus): Tone {
  if (status === 'delivered' || status === 'paid' || status === 'processing' || status === 'shipped') return 'good'
  if (status === 'cancelled' || status === 'refunded') return 'bad'
  return 'warn'
}

/** A payment's state as the admin reads it ('refund_due' → 'Refund due'). */
export function paymentLabel(status: string | null): string {
  if (!status) return 'No payment'
  const text = status.replace(/_/g, ' ')
  return text.charAt(0).toUpperCase() + text.slice(1)
}

/** Each way to pay in the admin's short words. */
export const METHOD_LABELS: Record<CheckoutPaymentMethod, string> = {
  mpesa: 'M-Pesa',
  'credit-card': 'Card',
  'mpesa-paybill': 'M-Pesa Paybill',
  'pay-on-delivery': 'Pay on delivery',
}

/** Every order, newest first: status filter and search by order number, email, name or phone. */
export function OrdersScreen({ page, search }: { page: AdminOrdersPage; search: URLSearchParams }) {
  return (
    <ListScreen
      id="orders"
      title="Orders"
      search={search}
      filters={{
        searchLabel: 'Search orders',
        placeholder: 'Order number, email, name or phone',
        selects: [
          { name: 'status', label: 'Status', options: STATUS_OPTIONS },
          { name: 'payment_status', label: 'Payment', options: PAYMENT_OPTIONS },
        ],
      }}
      page={page}
      noun={['order', 'orders']}
      empty="No orders match."
      columns={['Order', 'Customer', { label: 'Total', isNumeric: true }, 'Status', 'Payment']}
      row={(order) => (
        <tr key={order.id}>
          <th scope="row">
            <Link to={`/admin/orders/${order.id}`}>{order.order_number}</Link>
            <span className="data-table__sub">{formatDateTime(order.created_at)}</span>
          </th>
          <td>
            {order.customer.name}
            <span className="data-table__sub">{order.customer.email}</span>
            <span className="data-table__sub">{formatPhone(order.customer.phone)}</span>
          </td>
          <td className="data-table__num">
            {formatKes(order.total)}
            <span className="data-table__sub">
              {order.vendor_count} {order.vendor_count === 1 ? 'shop' : 'shops'}
            </span>
          </td>
          <td>
            <Tag tone={statusTone(order.status)}>{order.status_label}</Tag>
            {order.past_collect_by && (
              <span className="data-table__sub">
                <Tag tone="bad">Past collect-by</Tag>
              </span>
            )}
          </td>
          <td>
            {METHOD_LABELS[order.payment_method]}
            <span className="data-table__sub">{paymentLabel(order.payment_status)}</span>
          </td>
        </tr>
      )}
    />
  )
}
