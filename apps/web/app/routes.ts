import { index, type RouteConfig, route } from '@react-router/dev/routes'

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
  route('vendor/:slug', 'routes/vendor.tsx'),

  // The cart, and the specification's copy of it under /products/.
  route('cart', 'routes/cart.tsx'),
  route('products/cart', 'routes/cart.tsx', { id: 'cart-copy' }),

  // Checkout arrives later and replaces these redirects: /checkout, /payment and /order-summary (and their copies
  // under /products/, with /products/shipping, the checkout's shipping step) go back to the cart meanwhile. /shipping
  // itself is the shipping information page (route table and footer), not a checkout step.
  route('checkout', 'routes/checkout-redirect.tsx'),
  route('payment', 'routes/checkout-redirect.tsx', { id: 'payment' }),
  route('order-summary', 'routes/checkout-redirect.tsx', { id: 'order-summary' }),
  route('products/checkout', 'routes/checkout-redirect.tsx', { id: 'checkout-copy' }),
  route('products/payment', 'routes/checkout-redirect.tsx', { id: 'payment-copy' }),
  route('products/shipping', 'routes/checkout-redirect.tsx', { id: 'shipping-copy' }),
  route('products/order-summary', 'routes/checkout-redirect.tsx', { id: 'order-summary-copy' }),

  route('contact', 'routes/contact.tsx'),

  // Information pages.
  route('about', 'routes/about.tsx'),
  route('coming-soon', 'routes/coming-soon.tsx'),
  route('shipping', 'routes/shipping.tsx'),
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
