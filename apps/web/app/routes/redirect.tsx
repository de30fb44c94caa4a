import { redirect } from 'react-router'
import type { Route } from './+types/redirect'

/**
 * Paths the specification links to that have no screen of their own (yet), and where each goes instead. The
 * reasons are in app/routes.ts, beside the routes.
 */
const targets: Record<string, { to: string; status: 301 | 302 }> = {
  '/marketplace': { to: '/products', status: 301 },
  '/demo': { to: '/', status: 302 },
  '/checkout': { to: '/cart', status: 302 },
  '/payment': { to: '/cart', status: 302 },
  '/order-summary': { to: '/cart', status: 302 },
  '/products/checkout': { to: '/cart', status: 302 },
  '/products/payment': { to: '/cart', status: 302 },
  '/products/shipping': { to: '/cart', status: 302 },
  '/products/order-summary': { to: '/cart', status: 302 },
}

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const target = targets[url.pathname.replace(/\/+$/, '')] ?? { to: '/', status: 302 }
  return redirect(target.to, target.status)
}

// A component makes this a page route, so client-side navigation (a Link to /checkout) follows the redirect too.
export default function Redirect() {
  return null
}
