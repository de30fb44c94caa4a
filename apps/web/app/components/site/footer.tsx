import { Form, Link, useLocation } from 'react-router'
import { site } from '../../lib/site.ts'
import { LogoutButton } from './logout-button.tsx'

export interface FooterProps {
  isSignedIn: boolean
  /** The current year, from the server, so the server's HTML and the browser's render agree. */
  year: number
  /** Whether the page was rendered in data saver mode (the switch shows the other choice). */
  dataSaver: boolean
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

/**
 * Data saver on or off: a form post that keeps the choice in a cookie and comes back to this page. With it on,
 * product pictures wait for a tap and the home carousel stays still.
 */
function DataSaverSwitch({ isOn }: { isOn: boolean }) {
  const location = useLocation()
  return (
    <Form method="post" action="/data-saver" className="footer__data-saver" reloadDocument>
      <input type="hidden" name="on" value={isOn ? '0' : '1'} />
      <input type="hidden" name="next" value={`${location.pathname}${location.search}`} />
      <p className="footer__hours">
        {isOn ? 'Data saver is on: pictures load when you tap them.' : 'Data saver is off.'}
      </p>
      <button type="submit" className="button button--ghost">
        {isOn ? 'Turn data saver off' : 'Turn data saver on'}
      </button>
    </Form>
  )
}

/** The site footer (specification section 2): contact block, Explore and Support links, account action, hours. */
export function Footer({ isSignedIn, year, dataSaver }: FooterProps) {
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
          <DataSaverSwitch isOn={dataSaver} />
        </section>
      </div>
      <p className="footer__copyright">
        © {year} {site.name}. All rights reserved.
      </p>
    </footer>
  )
}
