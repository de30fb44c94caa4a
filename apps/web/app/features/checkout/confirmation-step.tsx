import type { OrderDetail, PaymentState } from '@soko/contract/checkout'
import { OrderNumberParamsSchema } from '@soko/contract/checkout'
import { useQuery } from '@tanstack/react-query'
import { type ReactNode, useEffect, useRef } from 'react'
import { Link } from 'react-router'
import { Spinner } from '../../components/ui/spinner.tsx'
import { ApiError } from '../../lib/api-client.ts'
import { formatKes } from '../../lib/format.ts'
import { fetchOrder, getOrderToken, guestOrderPath, orderKeys } from '../../lib/orders.ts'
import { useViewer } from '../../lib/viewer.ts'
import { CancelOrder } from './cancel-order.tsx'
import { CheckoutProgress } from './checkout-progress.tsx'
import { takeCardRedirect } from './checkout-storage.ts'
import { DeliverySummary } from './delivery-choice.tsx'
import { PaymentStatus, usePayment } from './payment-status.tsx'

const PAID_ORDER = ['paid', 'processing', 'shipped', 'delivered'] as const

/** Each vendor part's timeline with 'Confirm receipt', composed by the route (the account feature's). */
export type OrderTrackingSlot = (order: OrderDetail, token: string | null) => ReactNode

/** The confirmation step's heading: what the shopper should know first. */
export function confirmationHeading(order: OrderDetail, payment: PaymentState | undefined): string {
  if (payment?.status === 'paid' || (PAID_ORDER as readonly string[]).includes(order.status)) return 'Order Confirmed!'
  if (order.status === 'cancelled') return 'Order Cancelled'
  if (order.status === 'refunded') return 'Order Refunded'
  if (payment?.status === 'pending') {
    if (payment.method === 'mpesa-paybill') return 'Pay by M-Pesa Paybill'
    return payment.method === 'mpesa' ? 'Check your phone' : 'Complete your card payment'
  }
  return 'Payment not completed'
}

/**
 * Confirmation (specification section 2), for the order in `?order=`: placed in this tab (its token is kept in
 * sessionStorage), owned by the signed-in shopper, or back from the card provider's page. It follows the payment
 * live until it settles, and turns into 'Order Confirmed!' once paid.
 */
export function ConfirmationStep({ orderNumber, tracking }: { orderNumber: string; tracking?: OrderTrackingSlot }) {
  const parsed = OrderNumberParamsSchema.safeParse({ orderNumber })
  const number = parsed.success ? parsed.data.orderNumber : orderNumber
  const token = getOrderToken(number)
  const order = useQuery({
    queryKey: orderKeys.order(number),
    queryFn: () => fetchOrder(number, token),
    enabled: parsed.success,
    staleTime: 0,
    retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
  })

  return (
    <>
      <CheckoutProgress step="confirmation" />
      <div className="checkout-confirmation">
        {!parsed.success || order.isError ? (
          <OrderUnavailable
            orderNumber={number}
            isMissing={
              !parsed.success || (order.error instanceof ApiError && order.error.status < 500 && order.error.status > 0)
            }
            onRetry={() => void order.refetch()}
          />
        ) : order.data ? (
          <OrderFollow order={order.data} token={token} tracking={tracking} />
        ) : (
          <Spinner label="Loading your order..." />
        )}
      </div>
    </>
  )
}

function OrderUnavailable({
  orderNumber,
  isMissing,
  onRetry,
}: {
  orderNumber: string
  isMissing: boolean
  onRetry: () => void
}) {
  return (
    <section className="card checkout-step" aria-labelledby="checkout-step-title">
      <h2 id="checkout-step-title" className="checkout-step__title">
        {isMissing ? 'We cannot show this order here' : 'Failed to load your order'}
      </h2>
      {isMissing ? (
        <p>
          Order {orderNumber} was not placed in this browser tab. Open it from the confirmation email we sent you, or
          sign in to the account that placed it and find it under your orders.
        </p>
      ) : (
        <p role="alert">We could not reach Soko. Check your connection and try again.</p>
      )}
      <div className="checkout-actions">
        {!isMissing && (
          <button type="button" className="button" onClick={onRetry}>
            Try Again
          </button>
        )}
        <Link to="/orders" className="button button--ghost">
          My Orders
        </Link>
        <Link to="/" className="button button--ghost">
          Continue Shopping
        </Link>
      </div>
    </section>
  )
}

/** 'View My Orders': the account's orders when signed in; a guest's own order page (with its token) otherwise. */
export function myOrders(isSignedIn: boolean, orderNumber: string, token: string | null): string {
  if (isSignedIn) return '/accounts/orders'
  return token ? guestOrderPath(orderNumber, token) : '/orders'
}

function OrderFollow({
  order,
  token,
  tracking,
}: {
  order: OrderDetail
  token: string | null
  tracking: OrderTrackingSlot | undefined
}) {
  const viewer = useViewer()
  const headingRef = useRef<HTMLHeadingElement>(null)
  const payment = usePayment(order, token)
  const heading = confirmationHeading(order, payment.data)
  const isConfirmed = heading === 'Order Confirmed!'
  const onDelivery = order.paymentMethod === 'pay-on-delivery'

  useEffect(() => {
    // The step arrives: say so to screen readers and show it from the top.
    window.scrollTo({ top: 0 })
    headingRef.current?.focus({ preventScroll: true })
  }, [])

  useEffect(() => {
    // Just placed with a card: off to the provider's page (this entry stays in history for the way back).
    const url = payment.data?.redirectUrl
    if (payment.data?.status === 'pending' && url && takeCardRedirect(order.orderNumber)) window.location.assign(url)
  }, [order.orderNumber, payment.data])

  return (
    <section className="card checkout-step" aria-labelledby="checkout-step-title">
      <h2 id="checkout-step-title" className="checkout-step__title" ref={headingRef} tabIndex={-1}>
        {heading}
      </h2>
      {isConfirmed ? (
        <div className="checkout-confirmed">
          <p className="checkout-confirmed__thanks">
            {onDelivery
              ? 'Thank you for your order! It is confirmed: you pay when it arrives, in cash or by M-Pesa to the rider.'
              : 'Thank you for your order! Your payment has been received.'}
          </p>
          <p className="checkout-confirmed__number">
            Order number: <strong>{order.orderNumber}</strong>
          </p>
          <p>
            A confirmation email has been sent to <strong>{order.contact.email}</strong>.
          </p>
          <p>
            {onDelivery && payment.data?.status !== 'paid' ? 'To pay on delivery' : 'Total paid'}:{' '}
            <strong>{formatKes(order.total)}</strong>
          </p>
          <DeliverySummary delivery={order.delivery} />
          {order.collectionCode && (
            <p>
              Your collection code: <strong>{order.collectionCode}</strong>. Keep it private: the station asks for it.
            </p>
          )}
        </div>
      ) : (
        <p className="checkout-confirmed__number">
          Order number: <strong>{order.orderNumber}</strong> · Total: <strong>{formatKes(order.total)}</strong>
        </p>
      )}
      {payment.data && !isConfirmed && (
        <PaymentStatus order={order} payment={payment.data} token={token} retryLabel="Try again" />
      )}
      {/* Mounted from the start, so the change to 'Order Confirmed!' (or a failure) is announced. */}
      <p className="visually-hidden" role="status">
        {heading}
      </p>
      {!isConfirmed && order.status === 'pending_payment' && <CancelOrder order={order} token={token} />}
      {isConfirmed && tracking && order.vendors.length > 0 && (
        <section className="checkout-tracking" aria-labelledby="checkout-tracking-title">
          <h3 id="checkout-tracking-title">Track Order</h3>
          {tracking(order, token)}
        </section>
      )}
      <div className="checkout-actions">
        <Link to="/" className="button">
          Continue Shopping
        </Link>
        <Link to={myOrders(viewer !== null, order.orderNumber, token)} className="button button--ghost">
          View My Orders
        </Link>
      </div>
    </section>
  )
}
