import { useState } from 'react'
import { Link, NavLink } from 'react-router'
import { useCartCount } from '../../lib/cart-store.ts'
import { site } from '../../lib/site.ts'
import { useViewer } from '../../lib/viewer.ts'

export interface NavBarProps {
  isSignedIn: boolean
}

/** The site's navigation bar (specification section 2): Account when signed in, Login and Signup when not. */
export function NavBar({ isSignedIn }: NavBarProps) {
  const [isMenuOpen, setMenuOpen] = useState(false)
  const cartCount = useCartCount()
  const role = useViewer()?.role
  // Any link click closes the mobile menu.
  const close = () => setMenuOpen(false)

  return (
    <header className="nav">
      <nav className="nav__inner" aria-label="Main">
        <Link to="/" className="nav__brand" onClick={close}>
          {site.name}
        </Link>
        <button
          type="button"
          className="nav__toggle"
          aria-expanded={isMenuOpen}
          aria-controls="main-menu"
          aria-label={isMenuOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="nav__toggle-bar" aria-hidden="true" />
          <span className="nav__toggle-bar" aria-hidden="true" />
          <span className="nav__toggle-bar" aria-hidden="true" />
        </button>
        <ul id="main-menu" className={isMenuOpen ? 'nav__menu nav__menu--open' : 'nav__menu'}>
          <li>
            <NavLink to="/" end onClick={close}>
              Home
            </NavLink>
          </li>
          <li>
            <NavLink to="/cart" onClick={close} aria-label={cartCount > 0 ? `Cart, ${cartCount} items` : undefined}>
              Cart
              {cartCount > 0 && (
                <span className="nav__badge" aria-hidden="true">
                  {cartCount}
                </span>
              )}
            </NavLink>
          </li>
          <li>
            <NavLink to="/about" onClick={close}>
              About
            </NavLink>
          </li>
          <li>
            <NavLink to="/contact" onClick={close}>
              Contact
            </NavLink>
          </li>
          {role === 'vendor' && (
            <li>
              <NavLink to="/vendor-portal" onClick={close}>
                Vendor Portal
              </NavLink>
            </li>
          )}
          {isSignedIn && role === 'customer' && (
            <li>
              <NavLink to="/sell" onClick={close}>
                Sell on Soko
              </NavLink>
            </li>
          )}
          {isSignedIn ? (
            <li>
              <NavLink to="/account-settings" onClick={close}>
                Account
              </NavLink>
            </li>
          ) : (
            <>
              <li>
                <NavLink to="/login" onClick={close}>
                  Login
                </NavLink>
              </li>
              <li>
                <NavLink to="/signup" onClick={close} className="nav__cta">
                  Signup
                </NavLink>
              </li>
            </>
          )}
        </ul>
      </nav>
    </header>
  )
}
