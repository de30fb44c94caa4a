import { useQueryClient } from '@tanstack/react-query'
import { accountKeys, useOrder } from '../features/account/account-data.ts'
import { OrderDetailView } from '../features/account/order-detail.tsx'
import { PanelError, PanelLoading } from '../features/account/panel-states.tsx'
import { CancelOrder } from '../features/checkout/cancel-order.tsx'
import { OrderPayment } from '../features/checkout/payment-status.tsx'
import { ApiError } from '../lib/api-client.ts'
import type { Route } from './+types/accounts-order'
import '../features/account/account.css'
import '../features/checkout/checkout.css'

export function meta({ params }: Route.MetaArgs) {
  return [{ title: `Order ${params.orderNumber} | Soko` }, { name: 'robots', content: 'noindex' }]
}

// One of the signed-in shopper's orders (inside the signed-in guard). The account shows it; the checkout's parts
// follow its payment ('Pay now') and cancel it.
export default function AccountsOrder({ params }: Route.ComponentProps) {
  const client = useQueryClient()
  const order = useOrder(params.orderNumber)
  if (order.isPending) return <PanelLoading />
  if (order.isError) {
    const isMissing = order.error instanceof ApiError && (order.error.status === 404 || order.error.status === 400)
    return (
      <section className="card account__panel">
        <h1>{isMissing ? 'Order Not Found' : 'My Orders'}</h1>
        <PanelError message={isMissing ? `No order ${params.orderNumber} in your account` : 'Failed to fetch orders'} />
      </section>
    )
  }
  const data = order.data
  return (
    <OrderDetailView
      order={data}
      payment={
        data.status === 'pending_payment' || data.payment ? (
          <OrderPayment order={data} token={null} retryLabel="Pay now" />
        ) : null
      }
      cancel={
        <CancelOrder
          order={data}
          token={null}
          onCancelled={() => void client.invalidateQueries({ queryKey: accountKeys.orders, exact: true })}
        />
      }
    />
  )
}
