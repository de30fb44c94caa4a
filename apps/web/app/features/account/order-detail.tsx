import type { OrderDetail } from '@soko/contract/checkout'
import { PAYMENT_METHOD_LABELS } from '@soko/contract/checkout-options'
import { formatPhone } from '@soko/domain/phone'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Facts } from '../../components/ui/facts.tsx'
import { amountRows } from '../../lib/cart-quote.ts'
import { formatDate, formatKes, oneLineAddress } from '../../lib/format.ts'
import { OrderTracking, StatusTag, shippingText } from './order-tracking.tsx'
import { refundText } from './refund-text.ts'
import { ReturnItems } from './return-items.tsx'
import { ReviewForm } from './review-form.tsx'

export interface OrderDetailViewProps {
  order: OrderDetail
  /** Composed by the route: the payment, followed live with 'Pay now', and 'Cancel order' (the checkout's parts). */
  payment: ReactNode
  cancel: ReactNode
  /** Where 'back' goes: the account's orders, unless the page says otherwise (a guest's order page). */
  back?: { to: string; label: string }
  /** A guest's order token, for 'Confirm receipt' (a signed-in owner needs none). */
  token?: string | null
}

/** One order as its shopper sees it: status, payment, each vendor's part with tracking, addresses and totals. */
export function OrderDetailView({
  order,
  payment,
  cancel,
  back = { to: '/accounts/orders', label: '← Back to My Orders' },
  token = null,
}: OrderDetailViewProps) {
  const address = order.shippingAddress
  const billing = order.billingAddress
  return (
    <article className="account__stack order-detail" aria-labelledby="order-title">
      <p>
        <Link to={back.to} className="account__link">
          {back.label}
        </Link>
      </p>
      <section className="card account__panel">
        <div className="account__panel-header">
          <h1 id="order-title">Order {order.orderNumber}</h1>
          <StatusTag status={order.status} label={order.statusLabel} />
        </div>
        <p className="account__muted">Placed on {formatDate(order.date)}</p>
        {cancel}
      </section>

      <section className="card account__panel" aria-labelledby="order-payment-title">
        <h2 id="order-payment-title">Payment</h2>
        <p className="account__muted">
          {PAYMENT_METHOD_LABELS[order.paymentMethod]} · {formatKes(order.total)}
        </p>
        {payment}
        {order.refunds.length > 0 && (
          <ul className="order-detail__refunds" aria-label="Refunds">
            {order.refunds.map((refund) => (
              <li key={refund.id}>{refundText(refund)}</li>
            ))}
          </ul>
        )}
      </section>

      <section className="card account__panel" aria-labelledby="order-items-title">
        <h2 id="order-items-title">Items</h2>
        {order.vendors.map((part) => (
          <section key={part.id} className="order-detail__vendor" aria-label={`Sold by ${part.business.name}`}>
            <div className="account__card-header">
              <h3>
                Sold by <Link to={`/vendor/${encodeURIComponent(part.business.slug)}`}>{part.business.name}</Link>
              </h3>
              <StatusTag status={part.status} label={part.statusLabel} />
            </div>
            {shippingText(part) && <p className="account__muted">Tracking: {shippingText(part)}</p>}
            <ul className="order-detail__items">
              {part.items.map((item) => (
                <li key={item.id} className="order-detail__item">
                  <div className="order-detail__line">
                    <span>
                      {item.productId !== null ? (
                        <Link to={`/product/${encodeURIComponent(item.slug)}`}>{item.name}</Link>
                      ) : (
                        item.name
                      )}
                      <span className="account__muted">
                        {' '}
                        {formatKes(item.price)} × {item.quantity}
                      </span>
                    </span>
                    <strong>{formatKes(item.lineTotal)}</strong>
                  </div>
                  {item.canReview && <ReviewForm productName={item.name} slug={item.slug} />}
                </li>
              ))}
            </ul>
          </section>
        ))}
        <Facts className="order-detail__totals" facts={[...amountRows(order), ['Total', formatKes(order.total)]]} />
      </section>

      <section className="card account__panel" aria-labelledby="order-tracking-title">
        <h2 id="order-tracking-title">Track Order</h2>
        <OrderTracking order={order} headingLevel={3} token={token} />
      </section>

      <ReturnItems orderNumber={order.orderNumber} token={token} />

      <section className="card account__panel" aria-labelledby="order-delivery-title">
        <h2 id="order-delivery-title">Delivery</h2>
        <Facts
          className="account__details"
          facts={[
            [
              'Deliver to',
              <address key="address" className="account__address">
                <span>{`${order.contact.firstName} ${order.contact.lastName}`.trim()}</span>
                <span>{address.address}</span>
                <span>
                  {address.city}, {address.county}
                  {address.postalCode && ` ${address.postalCode}`}
                </span>
                <span>{address.country}</span>
              </address>,
            ],
            order.delivery?.method === 'pickup' && order.delivery.station
              ? [
                  'Collect at',
                  `${order.delivery.station.name}, ${order.delivery.station.address}, ${order.delivery.station.town} (open ${order.delivery.station.openingHours})`,
                ]
              : null,
            order.collectionCode ? ['Collection code', <strong key="code">{order.collectionCode}</strong>] : null,
            order.delivery
              ? [
                  'Estimated delivery',
                  `${formatDate(`${order.delivery.earliest}T09:00:00Z`)} – ${formatDate(`${order.delivery.latest}T09:00:00Z`)}`,
                ]
              : null,
            ['Contact', `${order.contact.email} · ${formatPhone(order.contact.phone)}`],
            ['Billing address', oneLineAddress(billing)],
            order.notes ? ['Notes', order.notes] : null,
          ]}
        />
      </section>
    </article>
  )
}
