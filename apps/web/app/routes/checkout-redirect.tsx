import { redirect } from 'react-router'
import type { Route } from './+types/checkout-redirect'

// The specification's checkout step addresses (/payment, /order-summary, and their copies under /products/ with
// /products/shipping) open the checkout itself: its steps are reached in order, and it opens at the step the
// shopper had reached. The query goes along, so a return to `?order=` still shows that order. Temporary (302): the
// checkout might give its steps addresses of their own one day.
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url)
  // A client-side navigation's data request carries the router's own parameter: not part of the address.
  url.searchParams.delete('_routes')
  const search = url.searchParams.toString()
  return redirect(search ? `/checkout?${search}` : '/checkout', 302)
}

// A component makes this a page route, so a client-side navigation follows the redirect too.
export default function CheckoutRedirect() {
  return null
}
