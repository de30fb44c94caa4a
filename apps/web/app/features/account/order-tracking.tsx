import type { OrderDetail, OrderStatus } from '@soko/contract/checkout'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useRevalidator } from 'react-router'
import { FormMessage } from '../../components/ui/form-field.tsx'
import { Tag, type Tone } from '../../components/ui/tag.tsx'
import { serverReason } from '../../lib/form-errors.ts'
import { formatDate } from '../../lib/format.ts'
import { confirmReceipt, orderKeys } from '../../lib/orders.ts'

const STATUS_TONES: Record<OrderStatus, Tone> = {
  pending_payment: 'warn',
  paid: 'info',
  processing: 'info',
  shipped: 'info',
  delivered: 'good',
  cancelled: 'bad',
  refunded: 'bad',
}

type Part = OrderDetail['vendors'][number]

/** An order's or a vendor part's status as a tag: waiting for payment, on its way, delivered, or stopped. */
export function StatusTag({ status, label }: { status: OrderStatus; label: string }) {
  return <Tag tone={STATUS_TONES[status]}>{label}</Tag>
}

/** How a part travels, for one line: "G4S GX123 · Collect at the office", or null before it ships. */
export function shippingText(part: Part): string | null {
  const carrier = [part.carrierLabel, part.trackingReference].filter(Boolean).join(' ')
  return [carrier, part.trackingNote].filter(Boolean).join(' · ') || null
}

/** 'Confirm receipt' of one part: the shopper (signed in, or a guest with the order's token) says it arrived. */
function ConfirmReceipt({ order, part, token }: { order: OrderDetail; part: Part; token: string | null }) {
  const client = useQueryClient()
  const revalidator = useRevalidator()
  const confirm = useMutation({
    mutationFn: () => confirmReceipt(order.orderNumber, part.id, token),
    onSuccess: async (next) => {
      client.setQueryData(orderKeys.order(next.orderNumber), next)
      await revalidator.revalidate()
    },
  })
  return (
    <div className="order-tracking__confirm">
      {part.autoConfirmAt && (
        <p className="account__muted">
          {part.business.name} says it was delivered. Please confirm you received it; if you tell us nothing, we take it
          as received on {formatDate(part.autoConfirmAt)}.
        </p>
      )}
      <FormMessage kind="error">
        {confirm.isError ? (serverReason(confirm.error) ?? 'We could not confirm receipt. Please try again.') : ''}
      </FormMessage>
      <button
        type="button"
        className="button"
        disabled={confirm.isPending}
        aria-busy={confirm.isPending}
        onClick={() => confirm.mutate()}
      >
        {confirm.isPending ? 'Saving...' : 'Confirm receipt'}
        <span className="visually-hidden"> from {part.business.name}</span>
      </button>
    </div>
  )
}

/**
 * One timeline per vendor part: placed, paid, processing, shipped (carrier and tracking), delivered, and receipt
 * confirmed, each done step with its date; 'Confirm receipt' once the part is on its way.
 */
export function OrderTracking({
  order,
  headingLevel,
  token = null,
}: {
  order: OrderDetail
  headingLevel: 3 | 4
  /** A guest's order token (a signed-in owner needs none). */
  token?: string | null
}) {
  const Heading = headingLevel === 3 ? 'h3' : 'h4'
  return (
    <div className="order-tracking">
      {order.vendors.map((part) => (
        <section key={part.id} className="order-tracking__part" aria-label={`Tracking: ${part.business.name}`}>
          <Heading className="order-tracking__title">
            {part.business.name}: {part.statusLabel}
          </Heading>
          <ol className="order-tracking__steps">
            <li className="order-tracking__step is-done">Placed on {formatDate(order.date)}</li>
            {part.timeline.map((step) => (
              <li key={step.step} className={`order-tracking__step ${step.done ? 'is-done' : 'is-to-come'}`}>
                <span className="visually-hidden">{step.done ? 'Done: ' : 'To come: '}</span>
                {step.label}
                {step.at && ` on ${formatDate(step.at)}`}
                {step.detail && (
                  <span className="order-tracking__detail">
                    {step.step === 'shipped' ? `Courier and tracking: ${step.detail}` : step.detail}
                  </span>
                )}
              </li>
            ))}
            {!part.shippedAt && part.status !== 'cancelled' && part.status !== 'refunded' && (
              <li className="order-tracking__note">
                {order.paymentMethod === 'pay-on-delivery'
                  ? 'Not shipped yet: the seller is preparing it. You pay when it arrives.'
                  : 'Not shipped yet: the seller ships once the order is paid.'}
              </li>
            )}
          </ol>
          {part.canConfirm && <ConfirmReceipt order={order} part={part} token={token} />}
        </section>
      ))}
    </div>
  )
}
