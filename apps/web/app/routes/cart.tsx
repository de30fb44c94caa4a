import { CartPage } from '../features/cart/cart-page.tsx'

// Also served at /products/cart (the specification's copy of the cart). A shopper's cart is nobody's search result.
export function meta() {
  return [
    { title: 'Shopping Cart | Soko' },
    { name: 'description', content: 'Review the items in your Soko cart, change quantities and proceed to checkout.' },
    { name: 'robots', content: 'noindex' },
  ]
}

export default function Cart() {
  return <CartPage />
}
