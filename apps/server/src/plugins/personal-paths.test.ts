import type { RouteConfigEntry } from '@react-router/dev/routes'
import { describe, expect, it } from 'vitest'
import routes from '../../../web/app/routes.ts'
import { isPersonalPath, routedPath } from './personal-paths.ts'

/** Every page address the web app routes, with the layout files above it (`:params` filled in). */
function pagePaths(entries: readonly RouteConfigEntry[], parent = '', layouts: string[] = []) {
  const found: { path: string; file: string; layouts: string[] }[] = []
  for (const entry of entries) {
    const path = entry.path ? `${parent}/${entry.path.replace(/:[a-z]+/gi, 'x')}` : parent
    if (entry.children) found.push(...pagePaths(entry.children, path, [...layouts, entry.file]))
    else found.push({ path: path || '/', file: entry.file, layouts })
  }
  return found
}

// The guarded groups of routes.ts: whatever is added inside them shows one person's data.
const GUARDS = ['routes/signed-in.tsx', 'routes/admin-only.tsx', 'routes/vendor-portal.tsx']
// Pages outside the guards that still hold one person's data or a sign-in form.
const PERSONAL_FILES = [
  'routes/cart.tsx',
  'routes/checkout.tsx',
  'routes/checkout-redirect.tsx',
  'routes/orders.tsx',
  'routes/login.tsx',
  'routes/signup.tsx',
  'routes/forgot-password.tsx',
  'routes/reset-password.tsx',
  'routes/logout.tsx',
]

describe('personal paths', () => {
  it.each([
    ['/accounts/orders?page=2', '/accounts/orders'],
    ['/Accounts/Dashboard/', '/accounts/dashboard'],
    ['//admin//users', '/admin/users'],
    ['/%61ccounts/profile', '/accounts/profile'],
    ['/cart.data', '/cart'],
    ['/accounts/orders/SK-7KQ2M9.data?_routes=routes%2Faccounts-order', '/accounts/orders/sk-7kq2m9'],
    ['/_root.data', '/'],
    ['/', '/'],
    ['/%E0%A4%A', '/%e0%a4%a'],
  ])('routes %s as %s', (url, path) => {
    expect(routedPath(url)).toBe(path)
  })

  it.each([
    '/accounts/dashboard',
    '/accounts/orders/SK-7KQ2M9',
    '/account-settings',
    '/vendor-portal',
    '/vendor-portal/products/new',
    '/admin',
    '/ADMIN/users',
    '/checkout?order=SK-1',
    '/cart',
    '/cart.data',
    '/products/cart',
    '/products/checkout',
    '/payment',
    '/order-summary',
    '/orders',
    '/login?next=/accounts/orders',
    '/signup',
    '/forgot-password',
    '/reset-password/MQ/abc-123',
    '/sell',
    '/api/user/profile',
    '/api/user/orders/SK-1',
    '/api/vendor/shop/',
    '/api/admin/orders/',
    '/api/cart/',
    '/api/auth/me/',
    '/api/checkout/orders/SK-1/payment/',
    '/api/payments/lnm/cb/',
  ])('%s is personal', (url) => {
    expect(isPersonalPath(url)).toBe(true)
  })

  it.each([
    '/',
    '/home',
    '/product/kikoi-beach-wrap',
    '/products',
    '/products/search?q=chai',
    '/products/kikoi-beach-wrap',
    '/product-category',
    '/category/kitchen',
    '/vendor/nyota-baskets',
    '/search?q=cart',
    '/shipping',
    '/about',
    '/administrators-guide',
    '/carts-and-wagons',
    '/_root.data',
    '/assets/entry.client-abc123.js',
    '/api/marketplace/home/',
    '/api/marketplace/categories/',
    '/api/marketplace/search/?q=cart',
    '/api/users',
    '/media/products/1/medium.webp',
  ])('%s is not personal', (url) => {
    expect(isPersonalPath(url)).toBe(false)
  })

  it('covers every page in a guarded group of routes.ts, and every cart, checkout and sign-in page', () => {
    const pages = pagePaths(routes)
    const personal = pages.filter(
      (page) => page.layouts.some((file) => GUARDS.includes(file)) || PERSONAL_FILES.includes(page.file),
    )
    expect(personal.length).toBeGreaterThan(30)
    expect(personal.filter((page) => !isPersonalPath(page.path)).map((page) => page.path)).toEqual([])
  })
})
