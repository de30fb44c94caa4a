import type { OrderDetail } from '@soko/contract/checkout'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { FormMessage } from '../../components/ui/form-field.tsx'
import { serverReason } from '../../lib/form-errors.ts'
import { formatDateTime } from '../../lib/format.ts'
import { cancelOrder, orderKeys } from '../../lib/orders.ts'

export interface CancelOrderProps {
  order: OrderDetail
  token: string | null
  /** Told with the cancelled order (the account's lists refresh). */
  onCancelled?: (order: OrderDetail) => void
}

/**
 * 'Cancel order', asked twice: the first click asks to confirm (the items go back on sale), the second cancels.
 * While unpaid it also says until when the items are kept for the shopper.
 */
export function CancelOrder({ order, token, onCancelled }: CancelOrderProps) {
  const client = useQueryClient()
  const [isConfirming, setConfirming] = useState(false)
  const confirmRef = useRef<HTMLButtonElement>(null)
  const cancel = useMutation({
    mutationFn: () => cancelOrder(order.orderNumber, token),
    onSuccess: (next) => {
      client.setQueryData(orderKeys.order(next.orderNumber), next)
      void client.invalidateQueries({ queryKey: orderKeys.payment(next.orderNumber) })
      setConfirming(false)
      onCancelled?.(next)
    },
  })
  if (!order.canCancel) return null

  const failure = cancel.isError
    ? (serverReason(cancel.error) ?? 'We could not cancel the order. Please try again.')
    : ''

  return (
    <div className="cancel-order">
      {order.status === 'pending_payment' && order.reservedUntil && (
        <p className="checkout-note">
          We keep your items until {formatDateTime(order.reservedUntil)}. If the order is not paid by then, it is
          cancelled and the items go back on sale.
        </p>
      )}
      <FormMessage kind="error">{failure}</FormMessage>
      {isConfirming ? (
        <div className="cancel-order__confirm">
          <p className="cancel-order__question">Cancel this order? The items go back on sale.</p>
          <div className="checkout-actions">
            <button
              ref={confirmRef}
              type="button"
              className="button button--danger"
              disabled={cancel.isPending}
              aria-busy={cancel.isPending}
              onClick={() => cancel.mutate()}
            >
              {cancel.isPending ? 'Cancelling...' : 'Yes, cancel order'}
            </button>
            <button type="button" className="button button--ghost" onClick={() => setConfirming(false)}>
              Keep order
            </button>
          </div>
        </div>
      ) : (
        <button
          type="button"
          className="button button--ghost"
          onClick={() => {
            setConfirming(true)
            requestAnimationFrame(() => confirmRef.current?.focus())
          }}
        >
          Cancel order
        </button>
      )}
    </div>
  )
}
