import { Link } from 'react-router'
import { site } from '../../lib/site.ts'
import { LogoutButton } from './logout-button.tsx'

export interface FooterProps {
  isSignedIn: boolean
  /** The current year, from the server, so the server's HTML and the browser's render agree. */
  year: number
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
        <nav aria-labelledby="footer-explore">
          <h2 id="footer-explore" className="footer__heading">
            Explore
          </h2>
          <ul>
            <li>
              <Link to="/products">All Products</Link>
            </li>
            <li>
              <Link to="/product-category">All Categories</Link>
            </li>
            <li>
              <Link to="/search">Search</Link>
            </li>
            <li>
              <Link to="/about">About Us</Link>
            </li>
            <li>
              <Link to="/shipping">Shipping</Link>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-support">
          <h2 id="footer-support" className="footer__heading">
            Support
          </h2>
          <ul>
            <li>
              <Link to="/contact">Contact Us</Link>
            </li>
            <li>
              <Link to="/faq">FAQ</Link>
            </li>
            <li>
              <Link to="/privacy">Privacy Policy</Link>
            </li>
            <li>
              <Link to="/terms">Terms of Service</Link>
            </li>
          </ul>
        </nav>
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
