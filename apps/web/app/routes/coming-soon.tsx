import { Link } from 'react-router'
import { pageMeta } from '../features/pages/static-page.tsx'
import '../features/pages/pages.css'

export function meta() {
  return [
    ...pageMeta('Coming Soon', 'New Soko features are on their way. Meanwhile, shop from verified Kenyan vendors.'),
    { name: 'robots', content: 'noindex' },
  ]
}

export default function ComingSoon() {
  return (
    <section className="card coming-soon" aria-labelledby="coming-soon-title">
      <h1 id="coming-soon-title">Coming Soon</h1>
      <p>We're putting the finishing touches on this part of Soko. On the way:</p>
      <ul>
        <li>refunds sent straight back to your M-Pesa or card</li>
      </ul>
      <div className="page__actions">
        <Link to="/" className="button">
          Continue Shopping
        </Link>
        <Link to="/contact" className="button button--ghost">
          Contact Us
        </Link>
      </div>
    </section>
  )
}
