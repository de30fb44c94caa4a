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
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
