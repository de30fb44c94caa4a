import { index, type RouteConfig, route } from '@react-router/dev/routes'

export default [
  index('routes/home.tsx'),
  route('home', 'routes/home.tsx', { id: 'home-alias' }),
  route('product/:slug', 'routes/product.tsx'),
  route('product/:slug/reviews', 'routes/product-reviews.tsx'),
  route('products/:slug', 'routes/product-redirect.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
