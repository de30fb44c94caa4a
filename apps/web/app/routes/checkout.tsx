import { OrderTracking } from '../features/account/order-tracking.tsx'
import { CheckoutPage } from '../features/checkout/checkout-page.tsx'

// Also served at /products/checkout (the specification's copy). A shopper's checkout is nobody's search result.
export function meta() {
  return [
    { title: 'Checkout | Soko' },
    { name: 'description', content: 'Pay for your Soko order with M-Pesa or card.' },
    { name: 'robots', content: 'noindex' },
  ]
}

export default function Checkout() {
  return <CheckoutPage tracking={(order, token) => <OrderTracking order={order} headingLevel={4} token={token} />} />
}
