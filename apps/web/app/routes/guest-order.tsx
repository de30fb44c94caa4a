import { ORDER_TOKEN_HEADER } from '@soko/contract/checkout-options'
import { data, Link, useRevalidator } from 'react-router'
import { OrderDetailView } from '../features/account/order-detail.tsx'
import { CancelOrder } from '../features/checkout/cancel-order.tsx'
import { OrderPayment } from '../features/checkout/payment-status.tsx'
import { StaticPage } from '../features/pages/static-page.tsx'
import { ApiError, call } from '../lib/api-client.ts'
import { loginUrl } from '../lib/safe-next.ts'
import type { Route } from './+types/guest-order'
import '../features/account/account.css'
import '../features/checkout/checkout.css'

// One order for its buyer without an account (docs/decisions/0011-guest-orders.md): opened by the link in every
// email about the order, by a look-up at /orders, or by 'View My Orders' after checking out as a guest. The token in
// the address opens it while the order is open and for the return window after its last delivery; the order's
// signed-in owner needs none. Rendered on the server, so the link works before (or without) the page's scripts.
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? ''
  try {
    const order = await call(
      'GET /api/checkout/orders/:orderNumber/',
      { params: { orderNumber: params.orderNumber } },
      { context, headers: token ? { [ORDER_TOKEN_HEADER]: token.slice(0, 200) } : {} },
    )
    return { order, token: token || null }
  } catch (error) {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
      return data({ order: null, token: null }, { status: 404 })
    }
    throw error
  }
}

export function meta({ params }: Route.MetaArgs) {
  return [{ title: `Order ${params.orderNumber} | Soko` }, { name: 'robots', content: 'noindex' }]
}

export default function GuestOrder({ loaderData, params }: Route.ComponentProps) {
  const revalidator = useRevalidator()
  const { order, token } = loaderData
  if (!order) {
    return (
      <StaticPage
        title="We cannot open this order"
        lead={`This link to order ${params.orderNumber} is not valid, or it has expired: an order's link works until its return window ends.`}
      >
        <section className="card static-page__section">
          <p>
            <Link to="/orders">Find your order</Link> with its order number and the phone number or email you checked
            out with, or <Link to={loginUrl('/accounts/orders')}>sign in</Link> to see the orders in your account.
          </p>
        </section>
      </StaticPage>
    )
  }
  return (
    <div className="guest-order">
      <OrderDetailView
        order={order}
        back={{ to: '/orders', label: '← Find another order' }}
        token={token}
        payment={
          order.status === 'pending_payment' || order.payment ? (
            <OrderPayment order={order} token={token} retryLabel="Pay now" />
          ) : null
        }
        cancel={<CancelOrder order={order} token={token} onCancelled={() => void revalidator.revalidate()} />}
      />
    </div>
  )
}
