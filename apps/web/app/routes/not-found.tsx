import { data, Link } from 'react-router'
import type { Route } from './+types/not-found'

// Every path no other route claims lands here, answered with a real 404 status for browsers and crawlers.
export function loader(_args: Route.LoaderArgs) {
  return data(null, { status: 404 })
}

export function meta() {
  return [{ title: 'Page Not Found | Soko' }, { name: 'robots', content: 'noindex' }]
}

export default function NotFound() {
  return (
    <section className="page page--centered" aria-labelledby="not-found-title">
      <p className="page__eyebrow">404</p>
      <h1 id="not-found-title">Page Not Found</h1>
      <p>Sorry, the page you're looking for doesn't exist or has been moved.</p>
      <div className="page__actions">
        <Link to="/" className="button">
          Go to the home page
        </Link>
        <Link to="/products" className="button button--ghost">
          Browse all products
        </Link>
      </div>
    </section>
  )
}
