import { type AdminOrderDetail, RefundBodySchema } from '@soko/contract/admin'
import type { CheckoutPaymentMethod } from '@soko/contract/checkout-options'
import { formatPhone } from '@soko/domain/phone'
import { useState } from 'react'
import { Link } from 'react-router'
import { useAnnouncedWrite } from '../../components/ui/announcer.tsx'
import { ConfirmDialog, useCheckedWrite, writeState } from '../../components/ui/dialog.tsx'
import { Facts } from '../../components/ui/facts.tsx'
import { TextAreaField, TextField } from '../../components/ui/form-field.tsx'
import { ListEmpty, TableHead, TableScroll } from '../../components/ui/list.tsx'
import { Tag } from '../../components/ui/tag.tsx'
import { call } from '../../lib/api-client.ts'
import { amountRows } from '../../lib/cart-quote.ts'
import { formatDateTime, formatKes, oneLineAddress } from '../../lib/format.ts'
import { METHOD_LABELS, paymentLabel, statusTone } from './orders-screen.tsx'
import { PayOnDeliveryPart } from './pay-on-delivery-part.tsx'
import { PickupPart } from './pickup-part.tsx'

const CONFIRMED_BY = {
  shopper: 'by the shopper',
  admin: 'by an admin',
  auto: 'automatically',
  station: 'at the pickup station, with the collection code',
} as const

/** 'Confirm receipt' on the shopper's word (a call, a message): asked twice, then audited. */
function ConfirmDelivery({ order, partId, shopName }: { order: AdminOrderDetail; partId: number; shopName: string }) {
  const [isAsking, setAsking] = useState(false)
  const confirm = useAnnouncedWrite(
    () => call('POST /api/admin/orders/:id/parts/:partId/confirm/', { params: { id: order.id, partId } }),
    (next) => `Receipt of ${shopName}'s part of order ${next.order_number} confirmed.`,
  )
  return (
    <>
      <p className="admin__actions">
        <button type="button" className="button button--ghost" onClick={() => setAsking(true)}>
          Confirm receipt<span className="visually-hidden"> of {shopName}'s part</span>
        </button>
      </p>
      {isAsking && (
        <ConfirmDialog
          title={`Confirm receipt of ${shopName}'s part`}
          description="Only when the shopper has told you it arrived. The part counts as received from now on; the shopper and the shop are emailed."
          confirmLabel="Confirm receipt"
          busyLabel="Saving..."
          {...writeState(confirm, 'Could not confirm receipt. Please try again.')}
          onClose={() => setAsking(false)}
          onConfirm={() => confirm.mutate(undefined, { onSuccess: () => setAsking(false) })}
        />
      )}
    </>
  )
}

const ITEM_COLUMNS = [
  'Item',
  { label: 'Price', isNumeric: true },
  { label: 'Quantity', isNumeric: true },
  { label: 'Total', isNumeric: true },
] as const

/**
 * The refund: the reason is required and a reference of the admin's own (a ticket, say) is optional; it asks to
 * confirm, since the order, its vendor parts and payments all become refunded and the money is sent back.
 */
function RefundDialog({ order, onClose }: { order: AdminOrderDetail; onClose: () => void }) {
  const [reason, setReason] = useState('')
  const [reference, setReference] = useState('')
  const refund = useAnnouncedWrite(
    (body: { reason: string; reference?: string }) =>
      call('POST /api/admin/orders/:id/refund/', { params: { id: order.id }, body }),
    (next) => `Order ${next.order_number} refunded.`,
  )
  const checked = useCheckedWrite(RefundBodySchema, refund, onClose)
  const shown = checked.errors
  return (
    <ConfirmDialog
      title={`Refund order ${order.order_number}`}
      description={`${formatKes(order.total)} goes back to ${order.customer.name}. Items not yet shipped go back on sale and the shopper is emailed.`}
      confirmLabel="Confirm refund"
      busyLabel="Refunding..."
      danger
      {...writeState(refund, 'Could not refund the order. Please try again.')}
      onClose={onClose}
      onConfirm={() => checked.submit({ reason, ...(reference.trim() ? { reference } : {}) })}
    >
      <TextAreaField
        label="Reason"
        name="reason"
        value={reason}
        onValueChange={setReason}
        error={shown.reason}
        required
        maxLength={500}
      />
      <TextField
        label="Reference (optional)"
        name="reference"
        value={reference}
        onValueChange={setReference}
        error={shown.reference}
        hint="Your own note for the records (a ticket number, say); the money is sent back by itself"
        maxLength={100}
      />
    </ConfirmDialog>
  )
}

/** One order for the admin: its customer, vendor parts, payments with their events, and the refund. */
export function OrderDetailScreen({ order }: { order: AdminOrderDetail }) {
  const [isRefunding, setRefunding] = useState(false)
  const address = order.shipping_address
  return (
    <article className="admin-detail" aria-labelledby="order-title">
      <p>
        <Link to="/admin/orders">← All orders</Link>
      </p>
      <h2 id="order-title">Order {order.order_number}</h2>
      <p className="admin__actions">
        <Tag tone={statusTone(order.status)}>{order.status_label}</Tag>
        <span>Placed {formatDateTime(order.created_at)}</span>
        {order.paid_at && <span>Paid {formatDateTime(order.paid_at)}</span>}
      </p>

      <section className="card admin-card" aria-labelledby="order-customer">
        <h3 id="order-customer">Customer and delivery</h3>
        <Facts
          className="admin-facts"
          facts={[
            ['Name', order.customer.name],
            [
              'Email',
              <a key="email" href={`mailto:${order.customer.email}`}>
                {order.customer.email}
              </a>,
            ],
            ['Phone', formatPhone(order.customer.phone)],
            ['Deliver to', oneLineAddress(address)],
            order.notes ? ['Notes', order.notes] : null,
            order.cancel_reason ? ['Cancelled because', order.cancel_reason] : null,
          ]}
        />
      </section>

      <section className="card admin-card" aria-labelledby="order-totals">
        <h3 id="order-totals">Totals</h3>
        <Facts
          className="admin-facts"
          facts={[...amountRows(order), ['Total', <strong key="total">{formatKes(order.total)}</strong>]]}
        />
      </section>

      {order.vendor_parts.map((part) => (
        <section key={part.id} className="card admin-card" aria-labelledby={`part-${part.id}`}>
          <h3 id={`part-${part.id}`}>Sold by {part.shop.name}</h3>
          <p className="admin__actions">
            <Tag tone={statusTone(part.status)}>{part.status.replace(/_/g, ' ')}</Tag>
            <span>
              Subtotal {formatKes(part.subtotal)}, commission {formatKes(part.commission)}
            </span>
            {part.shipped_at && <span>Shipped {formatDateTime(part.shipped_at)}</span>}
            {part.delivered_at && <span>Delivered {formatDateTime(part.delivered_at)}</span>}
          </p>
          {(part.carrier_label || part.tracking_note) && (
            <p>
              Tracking:{' '}
              {[[part.carrier_label, part.tracking_reference].filter(Boolean).join(' '), part.tracking_note]
                .filter(Boolean)
                .join(' · ')}
            </p>
          )}
          {part.pickup && <PickupPart order={order} part={part} pickup={part.pickup} />}
          {part.pay_on_delivery && <PayOnDeliveryPart order={order} part={part} due={part.pay_on_delivery} />}
          {part.delivery_confirmed_at && (
            <p>
              Receipt confirmed {formatDateTime(part.delivery_confirmed_at)} (
              {CONFIRMED_BY[part.delivery_confirmed_by ?? 'shopper']})
            </p>
          )}
          {part.can_confirm_delivery && <ConfirmDelivery order={order} partId={part.id} shopName={part.shop.name} />}
          <TableScroll label={`Items sold by ${part.shop.name}`}>
            <table className="data-table">
              <TableHead columns={ITEM_COLUMNS} />
              <tbody>
                {part.items.map((item) => (
                  <tr key={`${item.product_id ?? 'gone'}-${item.name}-${item.price}`}>
                    <th scope="row">{item.name}</th>
                    <td className="data-table__num">{formatKes(item.price)}</td>
                    <td className="data-table__num">{item.quantity}</td>
                    <td className="data-table__num">{formatKes(item.total)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </section>
      ))}

      <section className="card admin-card" aria-labelledby="order-payments">
        <h3 id="order-payments">Payments</h3>
        {order.payments.length === 0 ? (
          <ListEmpty>No payment was started.</ListEmpty>
        ) : (
          <ul className="admin-activity">
            {order.payments.map((payment) => (
              <li key={payment.id}>
                <p className="admin__actions">
                  <strong>{METHOD_LABELS[payment.method as CheckoutPaymentMethod] ?? payment.method}</strong>
                  <span>{formatKes(payment.amount)}</span>
                  <Tag tone={payment.status === 'paid' ? 'good' : 'neutral'}>{paymentLabel(payment.status)}</Tag>
                  {payment.phone && <span>{formatPhone(payment.phone)}</span>}
                  {payment.receipt && <span>Receipt {payment.receipt}</span>}
                  <span>Reference {payment.reference}</span>
                </p>
                {payment.result_desc && <p className="admin__muted">{payment.result_desc}</p>}
                {payment.events.length > 0 && (
                  <ul className="admin__muted">
                    {payment.events.map((event) => (
                      <li key={event.id}>
                        {formatDateTime(event.at)}: {event.source}, {event.outcome}
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="card admin-card" aria-labelledby="order-refund">
        <h3 id="order-refund">Refund</h3>
        {order.refund ? (
          <p>
            Refunded {formatDateTime(order.refund.at)} by {order.refund.by}: {order.refund.reason}
            {order.refund.reference && ` (reference ${order.refund.reference})`}
          </p>
        ) : order.can_refund ? (
          <>
            <p>
              The money goes back by itself: by M-Pesa to the number that paid, or to the card. Follow it under{' '}
              <Link to="/admin/refunds">Refunds</Link>.
            </p>
            <button type="button" className="button button--danger" onClick={() => setRefunding(true)}>
              Refund order
            </button>
          </>
        ) : (
          <p className="admin__muted">Nothing to refund: no payment has been received for this order.</p>
        )}
      </section>
      {isRefunding && <RefundDialog order={order} onClose={() => setRefunding(false)} />}
    </article>
  )
}
