import { index, layout, type RouteConfig, route } from '@react-router/dev/routes'

// A page that shows one person's data must sit under a path in apps/server/src/plugins/personal-paths.ts (shared
// caches never keep those); pages inside the guarded groups below are checked to be there.
export default [
  index('routes/home.tsx'),
  route('home', 'routes/home.tsx', { id: 'home-alias' }),
  route('product/:slug', 'routes/product.tsx'),
  route('product/:slug/reviews', 'routes/product-reviews.tsx'),
  route('search', 'routes/search.tsx'),
  route('products/search', 'routes/search.tsx', { id: 'products-search' }),
  route('products', 'routes/products.tsx'),
  route('products/:slug', 'routes/product-redirect.tsx'),
  route('category/:slug', 'routes/category.tsx'),
  // The category index (specification route table): every category with its picture and product count.
  route('product-category', 'routes/product-category.tsx'),
  route('vendor/:slug', 'routes/vendor.tsx'),

  // The cart, and the specification's copy of it under /products/.
  route('cart', 'routes/cart.tsx'),
  route('products/cart', 'routes/cart.tsx', { id: 'cart-copy' }),

  // Checkout (four steps on one page: Shipping, Payment, Review, Confirmation) and its copy under /products/. The
  // specification's step addresses /payment and /order-summary (and their copies, with /products/shipping) are not
  // screens of their own: a step can only be reached through the ones before it, so they redirect to /checkout,
  // which opens at the step the shopper had reached (kept in the tab) and keeps the query (`?order=` returns).
  // /shipping itself is the shipping information page (route table and footer), not a checkout step.
  route('checkout', 'routes/checkout.tsx'),
  route('products/checkout', 'routes/checkout.tsx', { id: 'checkout-copy' }),
  route('payment', 'routes/checkout-redirect.tsx', { id: 'payment' }),
  route('order-summary', 'routes/checkout-redirect.tsx', { id: 'order-summary' }),
  route('products/payment', 'routes/checkout-redirect.tsx', { id: 'payment-copy' }),
  route('products/shipping', 'routes/checkout-redirect.tsx', { id: 'shipping-copy' }),
  route('products/order-summary', 'routes/checkout-redirect.tsx', { id: 'order-summary-copy' }),
  // The confirmation's 'orders' button for guests (section 2's /orders): signed-in shoppers go to their orders.
  route('orders', 'routes/orders.tsx'),
  // One order for its buyer without an account: the emailed link, a look-up at /orders, or 'View My Orders'.
  route('orders/:orderNumber', 'routes/guest-order.tsx'),

  route('contact', 'routes/contact.tsx'),

  // Accounts: sign-in, sign-up, password reset, and signing out (a POST).
  route('login', 'routes/login.tsx'),
  route('signup', 'routes/signup.tsx'),
  route('forgot-password', 'routes/forgot-password.tsx'),
  route('reset-password/:uid/:token', 'routes/reset-password.tsx'),
  route('logout', 'routes/logout.tsx'),
  // The footer's data saver switch (a POST that sets a cookie).
  route('data-saver', 'routes/data-saver.tsx'),

  // The signed-in guard group: a visitor goes to /login?next=<the page> (section 2).
  layout('routes/signed-in.tsx', [
    route('account-settings', 'routes/account-settings.tsx'),
    route('accounts/dashboard', 'routes/accounts-dashboard.tsx'),
    route('accounts/orders', 'routes/accounts-orders.tsx'),
    route('accounts/orders/:orderNumber', 'routes/accounts-order.tsx'),
    route('accounts/wishlist', 'routes/accounts-wishlist.tsx'),
    route('accounts/profile', 'routes/accounts-profile.tsx'),
    route('accounts/changepassword', 'routes/change-password.tsx'),
    // Opening a shop; a vendor goes straight to the portal.
    route('sell', 'routes/sell.tsx'),
  ]),

  // The vendor portal: vendors only (a signed-in customer is sent to /sell to open a shop, a visitor to /login).
  // /vendor/:slug above is a shop's public page.
  route('vendor-portal', 'routes/vendor-portal.tsx', { id: 'vendor-portal' }, [
    index('routes/vendor-portal-dashboard.tsx'),
    route('products', 'routes/vendor-portal-products.tsx'),
    route('products/import', 'routes/vendor-portal-import.tsx'),
    // 'new' too: a product just added keeps its form (and its uploading photos) at its own address.
    route('products/:id', 'routes/vendor-portal-product.tsx'),
    route('orders', 'routes/vendor-portal-orders.tsx'),
    route('payouts', 'routes/vendor-portal-payouts.tsx'),
    route('statement', 'routes/vendor-portal-statement.tsx'),
    route('vouchers', 'routes/vendor-portal-vouchers.tsx'),
    route('shop', 'routes/vendor-portal-shop.tsx'),
  ]),

  // The admin-only guard group: superusers only (section 2, DESIGN S6). routes/admin.tsx is the admin area's frame
  // ('{name} Admin', 'Welcome, Admin', the sidebar); /admin itself opens the dashboard.
  layout('routes/admin-only.tsx', [
    route('admin', 'routes/admin-index.tsx'),
    layout('routes/admin.tsx', [
      route('admin/dashboard', 'routes/admin-dashboard.tsx'),
      route('admin/products', 'routes/admin-products.tsx'),
      route('admin/orders', 'routes/admin-orders.tsx'),
      route('admin/orders/:id', 'routes/admin-order.tsx'),
      route('admin/refunds', 'routes/admin-refunds.tsx'),
      route('admin/reconciliation', 'routes/admin-reconciliation.tsx'),
      route('admin/users', 'routes/admin-users.tsx'),
      route('admin/vendors', 'routes/admin-vendors.tsx'),
      route('admin/payouts', 'routes/admin-payouts.tsx'),
      route('admin/categories', 'routes/admin-categories.tsx'),
      route('admin/banners', 'routes/admin-banners.tsx'),
      route('admin/flash-sales', 'routes/admin-flash-sales.tsx'),
      route('admin/vouchers', 'routes/admin-vouchers.tsx'),
      route('admin/delivery', 'routes/admin-delivery.tsx'),
      route('admin/search-synonyms', 'routes/admin-search-synonyms.tsx'),
      route('admin/disputes', 'routes/admin-disputes.tsx'),
      route('admin/ledger', 'routes/admin-ledger.tsx'),
      route('admin/messages', 'routes/admin-messages.tsx'),
      // The mail outbox: demo mode only (DESIGN D6, D8).
      route('admin/outbox', 'routes/admin-outbox.tsx'),
      route('admin/outbox/:id', 'routes/admin-outbox-message.tsx'),
    ]),
  ]),

  // Information pages.
  route('about', 'routes/about.tsx'),
  route('coming-soon', 'routes/coming-soon.tsx'),
  route('shipping', 'routes/shipping.tsx'),
  route('returns', 'routes/returns.tsx'),
  route('faq', 'routes/faq.tsx'),
  route('privacy', 'routes/privacy.tsx'),
  route('terms', 'routes/terms.tsx'),

  // Links the specification shows without a screen: /pricing becomes the page for vendors (selling on Soko and its
  // commission); /marketplace is the whole catalogue, so it redirects permanently to /products; /demo has no
  // meaning for a live marketplace, so it goes to the home page (temporarily, in case a guided demo comes).
  route('pricing', 'routes/pricing.tsx'),
  route('marketplace', 'routes/marketplace-redirect.tsx'),
  route('demo', 'routes/demo-redirect.tsx'),

  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
