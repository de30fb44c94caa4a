import { Link } from 'react-router'
import { site } from '../../lib/site.ts'
import { LogoutButton } from './logout-button.tsx'

export interface FooterProps {
  isSignedIn: boolean
  /** The current year, from the server, so the server's HTML and the browser's render agree. */
  year: number
}

type FooterLink = readonly [to: string, label: string]

const EXPLORE: readonly FooterLink[] = [
  ['/products', 'All Products'],
  ['/product-category', 'All Categories'],
  ['/search', 'Search'],
  ['/about', 'About Us'],
  ['/shipping', 'Shipping'],
]

const SUPPORT: readonly FooterLink[] = [
  ['/contact', 'Contact Us'],
  ['/faq', 'FAQ'],
  ['/returns', 'Returns & Refunds'],
  ['/privacy', 'Privacy Policy'],
  ['/terms', 'Terms of Service'],
]

/** A column of links under its heading. */
function FooterLinks({ id, title, links }: { id: string; title: string; links: readonly FooterLink[] }) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="footer__heading">
        {title}
      </h2>
      <ul>
        {links.map(([to, label]) => (
          <li key={to}>
            <Link to={to}>{label}</Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}

/** The site footer (specification section 2): contact block, Explore and Support links, account action, hours. */
export function Footer({ isSignedIn, year }: FooterProps) {
  return (
    <footer className="footer">
      <div className="footer__inner">
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="footer__heading">
            Contact Us
          </h2>
          <address className="footer__contact">
            <span>{site.address}</span>
            <a href={site.phoneHref}>{site.phone}</a>
            <a href={`mailto:${site.email}`}>{site.email}</a>
          </address>
          <p className="footer__hours">Hours: {site.hours}</p>
        </section>
        <FooterLinks id="footer-explore" title="Explore" links={EXPLORE} />
        <FooterLinks id="footer-support" title="Support" links={SUPPORT} />
        <section aria-label="Your account">
          {isSignedIn ? (
            <LogoutButton />
          ) : (
            <Link to="/signup" className="button">
              Create Account
            </Link>
          )}
        </section>
      </div>
      <p className="footer__copyright">
        © {year} {site.name}. All rights reserved.
      </p>
    </footer>
  )
}
