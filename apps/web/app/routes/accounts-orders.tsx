import { OrdersPanel } from '../features/account/orders-panel.tsx'
import '../features/account/account.css'

export function meta() {
  return [{ title: 'My Orders | Soko' }, { name: 'robots', content: 'noindex' }]
}

export default function AccountsOrders() {
  return <OrdersPanel headingLevel={1} />
}
