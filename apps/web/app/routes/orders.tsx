import { Link, redirect } from 'react-router'
import { PageSection, StaticPage } from '../features/pages/static-page.tsx'
import { getLastOrderNumber } from '../lib/orders.ts'
import { loginUrl } from '../lib/safe-next.ts'
import { getSessionUser } from '../lib/session.server.ts'
import { useHydrated } from '../lib/use-hydrated.ts'
import type { Route } from './+types/orders'

// The specification's /orders (the confirmation's second button): a signed-in shopper's orders are in the account;
// a guest's order is found through its confirmation email, or from this tab right after placing it.
export async function loader({ context }: Route.LoaderArgs) {
  const user = await getSessionUser(context).catch(() => null)
  if (user) throw redirect('/accounts/orders')
  return null
}

export function meta() {
  return [{ title: 'My Orders | Soko' }, { name: 'robots', content: 'noindex' }]
}

export default function Orders() {
  const isHydrated = useHydrated()
  const lastOrder = isHydrated ? getLastOrderNumber() : null
  return (
    <StaticPage
      title="My Orders"
      lead="Orders placed without an account are followed through the email we send when you place them."
    >
      {lastOrder && (
        <PageSection title="Your latest order" id="orders-latest">
          <p>
            <Link to={`/checkout?order=${encodeURIComponent(lastOrder)}`}>Follow order {lastOrder}</Link>
          </p>
        </PageSection>
      )}
      <PageSection title="Ordered as a guest?" id="orders-guest">
        <p>
          Every order gets a confirmation email with its order number (it starts with SK-) and what you bought. Keep it:
          quote the order number when you <Link to="/contact">contact us</Link> about delivery, returns or refunds.
        </p>
      </PageSection>
      <PageSection title="Have an account?" id="orders-account">
        <p>
          <Link to={loginUrl('/accounts/orders')}>Sign in</Link> to see every order you placed while signed in, follow
          each vendor's delivery and cancel an order that is not paid yet. No account yet?{' '}
          <Link to="/signup">Create one</Link> for your next order.
        </p>
      </PageSection>
    </StaticPage>
  )
}
